"""Blue powers move library cards, in steps; after the last step a line they made completes."""
from __future__ import annotations

from engine.librarians import RIGHT, Choose, EndTurn, Play

from .positions import build, hand_card
from .power_setup import choose, holding, refused, row_text, use, use_refused


def test_thriller_moves_two_cards_to_empty_places_touching_the_library() -> None:
    g = build([(RIGHT, {1: "Ar", 2: "Bg", 3: "Cb"}), (RIGHT, {})], [["Dg", "Eg"], ["Dy"]])
    holding(g, 0, "thriller")
    use(g, "thriller")
    step = g.pending
    assert step is not None and (step.kind, step.step, step.steps) == ("pick_book", 1, 4)
    assert step.options == ("place:1:1", "place:1:2", "place:1:3")
    g.apply(Choose("place:1:3"))
    step = g.pending
    assert step is not None and step.kind == "pick_place"
    # Touching the library once C is lifted: beside A/B or the shelves, never C's own place or a far one.
    assert step.options == ("place:1:-1", "place:2:-1", "place:2:1", "place:2:2")
    refused(g, Choose("place:1:3"), "not_an_option")
    refused(g, Choose("place:1:5"), "not_an_option")
    g.apply(Choose("place:2:2"))
    assert row_text(g, 0) == {1: "Ar", 2: "Bg"} and row_text(g, 1) == {2: "Cb"}
    assert g.pending is not None and g.pending.step == 3 and "done" in g.pending.options
    choose(g, "place:1:1", "place:1:-1")
    assert row_text(g, 0) == {-1: "Ar", 2: "Bg"} and g.pending is None and g.played == []


def test_thriller_may_stop_after_one_move_and_moves_only_the_top_of_a_stack() -> None:
    g = build([(RIGHT, {1: ["Ar", "Ab"]}), (RIGHT, {})], [["Dg", "Eg"], ["Dy"]])
    holding(g, 0, "thriller")
    use(g, "thriller")
    choose(g, "place:1:1", "place:1:2", "done")
    assert row_text(g, 0) == {1: "Ar", 2: "Ab"} and g.pending is None


def test_thriller_needs_a_book_in_the_library() -> None:
    g = build([(RIGHT, {})] * 2, [["Dg", "Eg"], ["Dy"]])
    holding(g, 0, "thriller")
    use_refused(g, "thriller", "too_few_books")


def test_action_swaps_the_top_cards_of_two_places() -> None:
    g = build([(RIGHT, {1: ["Ar", "Ab"], 2: "Bg"}), (RIGHT, {1: "Cy"})], [["Dg", "Eg"], ["Dy"]])
    holding(g, 0, "action")
    use(g, "action")
    g.apply(Choose("place:1:1"))
    assert g.pending is not None and g.pending.options == ("place:1:2", "place:2:1")
    g.apply(Choose("place:2:1"))
    assert row_text(g, 0) == {1: "Cy", 2: "Bg"} and row_text(g, 1) == {1: "Ab"}
    assert len(g.library.stack((0, 1))) == 2 and g.pending is None


def test_action_needs_two_books() -> None:
    g = build([(RIGHT, {1: "Ar"}), (RIGHT, {})], [["Dg", "Eg"], ["Dy"]])
    holding(g, 0, "action")
    use_refused(g, "action", "too_few_books")


def test_travel_removes_cards_and_may_lay_a_hand_card_in_their_place_which_counts_as_played() -> None:
    g = build([(RIGHT, {1: "Ar", 2: "Zg", 3: "Cb"}), (RIGHT, {})], [["Bg", "Mg"], ["Dy"]])
    holding(g, 0, "travel")
    z = g.library.top((0, 2))
    use(g, "travel")
    g.apply(Choose("place:1:2"))
    step = g.pending
    assert z in g.discard and step is not None and step.kind == "pick_hand"
    assert set(step.options) == {f"card:{c}" for c in g.hands[0]} | {"done"}
    g.apply(Choose(f"card:{hand_card(g, 0, 'Bg')}"))
    assert row_text(g, 0) == {1: "Ar", 2: "Bg", 3: "Cb"} and g.played == [(0, 2)] and g.turn_need() == 1
    choose(g, "place:1:3", "done")
    assert row_text(g, 0) == {1: "Ar", 2: "Bg"} and g.pending is None and len(g.hands[0]) == 1


def test_mythology_takes_library_cards_into_the_hand_past_the_limit_and_the_table_knows_them() -> None:
    g = build([(RIGHT, {1: "Ar", 2: "Bg", 3: "Cb"}), (RIGHT, {1: "Dy"})],
              [["Eg", "Fg", "Gg", "Hg"], ["Dy"]])
    holding(g, 0, "mythology")
    a, c = g.library.top((0, 1)), g.library.top((0, 3))
    use(g, "mythology")
    choose(g, "place:1:3", "place:1:1")
    assert len(g.hands[0]) == 6 and {a, c} <= set(g.hands[0]) and row_text(g, 0) == {2: "Bg"}
    assert {card.id for card in g.view(1).known_hands[0]} == {a, c}
    assert g.view(1).hand_sizes[0] == 6
    g.apply(Play(hand_card(g, 0, "Eg"), (1, 2)))
    g.apply(Play(hand_card(g, 0, "Fg"), (1, 3)))
    deck = len(g.deck)
    report = g.apply(EndTurn())
    assert len(g.hands[0]) == 4 and report.drawn == 0 and len(g.deck) == deck


def test_a_swap_that_makes_four_in_a_row_completes_the_genre_after_the_last_step() -> None:
    g = build([(RIGHT, {1: "Ag", 2: "Bg", 3: "Cg", 4: "Db"}), (RIGHT, {4: "Eg"})], [["Fy", "Gy"], ["Hy"]])
    holding(g, 0, "action")
    use(g, "action")
    g.apply(Choose("place:1:4"))
    assert g.pending is not None and g.pending.kind == "pick_book"
    g.apply(Choose("place:2:4"))
    assert row_text(g, 0) == {} and row_text(g, 1) == {4: "Db"}
    assert g.pending is not None and g.pending.kind == "give"
