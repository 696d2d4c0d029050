"""Black powers bend the library itself."""
from __future__ import annotations

from engine.librarians import GIVE, LEFT, RIGHT, Choose, EndTurn, Play, colour_of

from .positions import build, hand_card
from .power_setup import holding, refused, row_text, use, use_refused


def test_mystery_completes_a_line_with_one_wrong_genre_at_once_and_gives_one_of_the_three() -> None:
    g = build([(RIGHT, {1: "Ag", 2: "Bg", 3: "Cb", 4: "Dg"}), (RIGHT, {1: "Ey"})], [["Fg", "Gg"], ["Hy"]])
    holding(g, 0, "mystery")
    line = [g.library.top((0, x)) for x in (1, 2, 3, 4)]
    use(g, "mystery")
    assert row_text(g, 0) == {} and set(line) <= set(g.discard)
    step = g.pending
    assert step is not None and step.kind == GIVE and colour_of(int(step.data[0])) == 1
    g.apply(Choose("seat:2"))
    assert g.held[1] == [step.data[0]]


def test_without_mystery_a_line_with_one_wrong_genre_stays() -> None:
    g = build([(RIGHT, {1: "Ag", 2: "Bg", 3: "Cb"}), (RIGHT, {1: "Ey"})], [["Dg", "Gg"], ["Hy"]])
    g.apply(Play(hand_card(g, 0, "Dg"), (0, 4)))
    assert g.pending is None and len(row_text(g, 0)) == 4


def test_crime_flips_the_arrow_of_the_chosen_shelf() -> None:
    g = build([(RIGHT, {1: "Mr"}), (LEFT, {})], [["Ag", "Bg"], ["Hy"]])
    holding(g, 0, "crime")
    a = hand_card(g, 0, "Ag")
    refused(g, Play(a, (0, 2)), "out_of_order")
    use(g, "crime")
    assert g.pending is not None and g.pending.options == ("row:1", "row:2")
    refused(g, Choose("row:3"), "not_an_option")
    g.apply(Choose("row:1"))
    assert [row.arrow for row in g.library.rows] == [LEFT, LEFT]
    g.apply(Play(a, (0, 2)))


def test_drama_inserts_a_hand_card_between_two_and_shifts_the_touching_run_outward() -> None:
    g = build([(RIGHT, {1: "Ar", 2: "Bg", 3: "Cb", 5: "Zy", -1: "Qk"}), (RIGHT, {})], [["Mg", "Ng"], ["Hy"]])
    holding(g, 0, "drama")
    m = hand_card(g, 0, "Mg")
    use(g, "drama")
    step = g.pending
    assert step is not None and (step.kind, step.steps) == ("pick_hand", 2)
    g.apply(Choose(f"card:{m}"))
    step = g.pending
    assert step is not None and step.kind == "pick_place"
    assert step.options == ("place:1:-1", "place:1:1", "place:1:2", "place:1:3")
    refused(g, Choose("place:1:5"), "not_an_option")
    g.apply(Choose("place:1:2"))
    assert row_text(g, 0) == {-1: "Qk", 1: "Ar", 2: "Mg", 3: "Bg", 4: "Cb", 5: "Zy"}
    assert m not in g.hands[0] and g.played == [(0, 2)] and g.turn_need() == 1


def test_drama_on_the_left_shifts_leftward() -> None:
    g = build([(RIGHT, {-1: "Qk", -2: "Pk"}), (RIGHT, {})], [["Mg", "Ng"], ["Hy"]])
    holding(g, 0, "drama")
    m = hand_card(g, 0, "Mg")
    use(g, "drama")
    g.apply(Choose(f"card:{m}"))
    g.apply(Choose("place:1:-1"))
    assert row_text(g, 0) == {-3: "Pk", -2: "Qk", -1: "Mg"}


def test_picture_book_shifts_a_column_up_and_the_top_wraps_to_the_bottom() -> None:
    g = build([(RIGHT, {1: "Ar", 2: "Bg"}), (RIGHT, {}), (RIGHT, {1: ["Cb", "Cy"]})], [["Mg", "Ng"], ["Hy"]])
    holding(g, 0, "picture_book")
    use(g, "picture_book")
    step = g.pending
    assert step is not None and step.options == ("column:1", "column:2")
    refused(g, Choose("column:0"), "not_an_option")
    g.apply(Choose("column:1"))
    assert g.pending is not None and g.pending.options == ("up", "down")
    g.apply(Choose("up"))
    assert row_text(g, 0) == {2: "Bg"} and row_text(g, 1) == {1: "Cy"} and row_text(g, 2) == {1: "Ar"}
    assert len(g.library.stack((1, 1))) == 2


def test_picture_book_down_moves_the_bottom_to_the_top() -> None:
    g = build([(RIGHT, {1: "Ar"}), (RIGHT, {1: "Bg"}), (RIGHT, {1: "Cb"})], [["Mg", "Ng"], ["Hy"]])
    holding(g, 0, "picture_book")
    use(g, "picture_book")
    g.apply(Choose("column:1"))
    g.apply(Choose("down"))
    assert [row_text(g, r) for r in range(3)] == [{1: "Cb"}, {1: "Ar"}, {1: "Bg"}]
    g.apply(Play(hand_card(g, 0, "Mg"), (0, 2)))
    g.apply(Play(hand_card(g, 0, "Ng"), (0, 3)))
    g.apply(EndTurn())


def test_picture_book_is_refused_with_one_shelf() -> None:
    g = build([(RIGHT, {1: "Ar"})], [["Mg", "Ng"], ["Hy"]])
    holding(g, 0, "picture_book")
    use_refused(g, "picture_book", "one_shelf")
