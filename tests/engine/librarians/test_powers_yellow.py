"""Yellow powers give the table information: exactly what the rules say, to exactly whom."""
from __future__ import annotations

import json

from engine.librarians import RIGHT, Choose, EndTurn, LibrariansGame, Play

from .positions import build, hand_card
from .power_setup import choose, holding, refused, use, use_refused


def _seen_by(g: LibrariansGame, seat: int, cards: list[int]) -> list[int]:
    """The cards of `cards` whose letters `seat`'s view shows."""
    view = g.view(seat)
    return [c for c in cards if view.card(c) is not None]


def test_biography_shows_the_hand_to_every_seat_while_those_cards_stay_in_it() -> None:
    g = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg", "Dg"], ["Ey", "Fy"], ["Gb", "Hb"]])
    holding(g, 0, "biography")
    shown = list(g.hands[0])
    assert g.view(1).known_hands[0] == () and _seen_by(g, 1, shown) == []
    use(g, "biography")
    for seat in (1, 2):
        view = g.view(seat)
        assert [card.id for card in view.known_hands[0]] == shown and _seen_by(g, seat, shown) == shown
        assert view.known_hands[3 - seat] == () and _seen_by(g, seat, g.hands[3 - seat]) == []
    g.apply(Play(hand_card(g, 0, "Bg"), (0, 2)))
    g.apply(Play(hand_card(g, 0, "Cg"), (0, 3)))
    g.apply(EndTurn())
    drawn = [c for c in g.hands[0] if c not in shown]
    assert len(drawn) == 3 and [card.id for card in g.view(1).known_hands[0]] == shown[2:]
    assert _seen_by(g, 1, drawn) == [] and _seen_by(g, 2, drawn) == []


def test_biography_with_an_empty_hand_is_refused() -> None:
    g = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg"], ["Ey"]], deck=0)
    holding(g, 0, "biography")
    g.apply(Play(hand_card(g, 0, "Bg"), (0, 2)))
    g.apply(Play(hand_card(g, 0, "Cg"), (0, 3)))
    use_refused(g, "biography", "hand_empty")


def test_science_taps_two_books_for_everyone_until_the_tapper_plays_again() -> None:
    g = build([(RIGHT, {1: "Ar", 2: "Bg", 3: "Cb"})] * 2, [["Dg", "Eg"], ["Fy", "Gy"]])
    holding(g, 0, "science")
    a, c = g.library.top((0, 1)), g.library.top((0, 3))
    use(g, "science")
    g.apply(Choose("place:1:3"))
    step = g.pending
    assert step is not None and "place:1:3" not in step.options and "done" in step.options
    refused(g, Choose("place:1:3"), "not_an_option")
    g.apply(Choose("place:1:1"))
    assert g.pending is None and g.view(1).tapped == {a: 0, c: 0} == g.view(0).tapped
    g.apply(Play(hand_card(g, 0, "Dg"), (0, 4)))
    g.apply(Play(hand_card(g, 0, "Eg"), (0, 5)))
    g.apply(EndTurn())
    assert g.view(1).tapped == {a: 0, c: 0}
    g.apply(Play(hand_card(g, 1, "Fy"), (0, 6)))
    g.apply(Play(hand_card(g, 1, "Gy"), (0, 7)))
    g.apply(EndTurn())
    assert g.view(1).tapped == {}


def test_a_tapped_book_a_completion_takes_loses_its_tap_and_the_game_still_saves() -> None:
    g = build([(RIGHT, {1: "Ag", 2: "Bg", 3: "Cg", 5: "Fb"})] * 2, [["Dg", "Eg"], ["Fy"]])
    holding(g, 0, "science")
    a, b = g.library.top((0, 1)), g.library.top((0, 5))
    use(g, "science")
    choose(g, "place:1:1", "place:1:5")
    g.apply(Play(hand_card(g, 0, "Dg"), (0, 4)))
    assert a in g.discard and g.view(1).tapped == {b: 0}
    assert LibrariansGame.from_dict(json.loads(json.dumps(g.to_dict()))) == g


def test_science_may_stop_after_one_tap() -> None:
    g = build([(RIGHT, {1: "Ar", 2: "Bg"})] * 2, [["Dg", "Eg"], ["Fy"]])
    holding(g, 0, "science")
    b = g.library.top((0, 2))
    use(g, "science")
    choose(g, "place:1:2", "done")
    assert g.tapped == {b: 0} and g.pending is None


def test_business_passes_every_hand_to_the_next_seat_and_each_sees_only_its_new_hand() -> None:
    g = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg", "Dg"], ["Ey", "Fy"], ["Gb", "Hb", "Ib", "Jb"]])
    holding(g, 0, "business")
    before = [list(hand) for hand in g.hands]
    use(g, "business")
    assert g.hands == [before[2], before[0], before[1]]
    for seat in range(3):
        view = g.view(seat)
        assert [card.id for card in view.hand] == g.hands[seat] and view.hand_sizes == (4, 3, 2)
        assert view.known_hands == ((), (), ())
        others = [c for s in range(3) if s != seat for c in g.hands[s]]
        assert _seen_by(g, seat, others) == []
    g.apply(Play(hand_card(g, 0, "Gb"), (0, 2)))


def test_cooking_shows_the_next_six_cards_to_everyone_in_the_order_the_seat_picks() -> None:
    g = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg"], ["Ey", "Fy"], ["Gb"]])
    holding(g, 0, "cooking")
    six, seventh = g.deck[:6], g.deck[6]
    assert g.view(1).deck_top == ()
    use(g, "cooking")
    for seat in range(3):
        assert [card.id for card in g.view(seat).deck_top] == six and g.view(seat).card(seventh) is None
    step = g.pending
    assert step is not None and (step.kind, step.step, step.steps) == ("pick_deck", 1, 5)
    assert step.options == tuple(f"card:{c}" for c in six)
    refused(g, Choose(f"card:{seventh}"), "not_an_option")
    order = [six[5], six[0], six[3], six[1], six[4], six[2]]
    choose(g, *(f"card:{c}" for c in order[:5]))
    assert g.pending is None and g.deck[:6] == order and g.deck[6] == seventh
    assert [card.id for card in g.view(2).deck_top] == order
    g.apply(Play(hand_card(g, 0, "Bg"), (0, 2)))
    g.apply(Play(hand_card(g, 0, "Cg"), (0, 3)))
    g.apply(EndTurn())
    assert [card.id for card in g.view(2).known_hands[0]] == order[:4]
    assert [card.id for card in g.view(1).deck_top] == order[4:]


def test_cooking_on_a_short_deck_orders_what_there_is_and_is_refused_on_an_empty_one() -> None:
    g = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg"], ["Ey"]], deck=3)
    holding(g, 0, "cooking")
    three = list(g.deck)
    use(g, "cooking")
    assert g.pending is not None and g.pending.steps == 2
    choose(g, f"card:{three[2]}", f"card:{three[1]}")
    assert g.deck == [three[2], three[1], three[0]] and g.pending is None

    empty = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg"], ["Ey"]], deck=0)
    holding(empty, 0, "cooking")
    use_refused(empty, "cooking", "deck_empty")
