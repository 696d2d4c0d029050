"""A turn: playing cards, undo, ending (2 cards, one connected library, draw back up), completing a genre and
giving its card, and the refusals (each with its code, nothing changed)."""
from __future__ import annotations

import pytest

from engine.librarians import (
    GIVE,
    POWERS,
    RIGHT,
    Choose,
    EndTurn,
    IllegalAction,
    InvalidNotation,
    Play,
    Undo,
    UsePower,
    parse_action,
)

from .positions import build, hand_card


def _refused(g, action, code: str, seat: int | None = None) -> None:
    before = g.to_dict()
    with pytest.raises(IllegalAction) as refused:
        g.apply(action, seat)
    assert refused.value.code == code and g.to_dict() == before


def test_playing_two_touching_cards_and_ending_draws_back_to_four_and_passes_the_turn() -> None:
    g = build([(RIGHT, {})] * 4, [["Ar", "Bg", "Cb", "Dp"], ["Ey", "Fk", "Gr", "Hg"]])
    a, b = hand_card(g, 0, "Ar"), hand_card(g, 0, "Bg")
    deck = len(g.deck)
    g.apply(Play(a, (0, 1)), 0)
    _refused(g, EndTurn(), "play_more")
    report = g.apply(Play(b, (0, 2)), 0)
    assert report.place == (0, 2) and report.next_seat == 0 and g.turn == 0
    report = g.apply(EndTurn(), 0)
    assert report.turn_over and report.drawn == 2 and len(g.hands[0]) == 4 and len(g.deck) == deck - 2
    assert g.turn == 1 and g.to_act == {1} and g.played == []


def test_the_library_must_be_connected_when_the_turn_ends_but_islands_are_fine_during_it() -> None:
    g = build([(RIGHT, {1: "Ar"}), (RIGHT, {})], [["Cr", "Bg", "Zb"], ["Ey"]])
    c, b = hand_card(g, 0, "Cr"), hand_card(g, 0, "Bg")
    g.apply(Play(c, (1, 2)), 0)
    g.apply(Play(hand_card(g, 0, "Zb"), (1, 3)), 0)
    _refused(g, EndTurn(), "not_connected")
    g.apply(Play(b, (1, 1)), 0)
    g.apply(EndTurn(), 0)
    assert g.to_act == {1}


def test_undo_takes_back_the_last_placement_into_its_place_in_the_hand() -> None:
    g = build([(RIGHT, {})] * 2, [["Ar", "Bg", "Cb"], ["Ey"]])
    hand = list(g.hands[0])
    start = g.to_dict()
    g.apply(Play(hand[0], (0, 1)), 0)
    g.apply(Play(hand[1], (0, 2)), 0)
    g.apply(Undo(), 0)
    assert g.library.top((0, 2)) is None and g.hands[0] == hand[1:] and g.played == [(0, 1)]
    g.apply(Undo(), 0)
    assert g.to_dict() == start | {"taken_back": [[[[0, 1]], [0, 2], 1], [[], [0, 1], 0]]}, \
        "back where the turn began, remembering what was taken back (B from after A at r1 x2, then A at r1 x1)"
    _refused(g, Undo(), "nothing_to_undo")


def test_four_in_a_row_of_one_colour_completes_the_genre_and_the_player_chooses_who_receives_it() -> None:
    g = build([(RIGHT, {1: "Ag", 2: "Bg", 3: "Cg"}), (RIGHT, {1: "Ar"})],
              [["Dg", "Eb", "Fy"], ["Ey"], ["Gk"]])
    d = hand_card(g, 0, "Dg")
    report = g.apply(Play(d, (0, 4)), 0)
    [done] = report.completions
    assert done.genre == "romance" and done.places == ((0, 1), (0, 2), (0, 3), (0, 4))
    assert g.library.occupied() == [(1, 1)] and len(g.discard) == 4
    assert g.phase == "choose" and g.pending is not None and g.pending.kind == GIVE
    assert g.pending.options == ("seat:1", "seat:2", "seat:3") and g.legal_actions() == [
        Choose("seat:1"), Choose("seat:2"), Choose("seat:3")]
    _refused(g, Undo(), "choose_first")
    _refused(g, Choose("seat:4"), "not_an_option")
    report = g.apply(parse_action("choose seat:3"), 0)
    assert report.given is not None and report.given[0] == 2 and g.held[2] == [report.given[1]]
    assert g.phase == "play" and not g.undoable, "nothing before a completion can be undone"
    assert g.turn_need() == 1


@pytest.mark.parametrize("cells, place", [
    ({(0, 1): "Ab", (1, 1): "Bb", (2, 1): "Cb"}, (3, 1)),
    ({(0, 1): "Ab", (1, 2): "Bb", (2, 3): "Cb"}, (3, 4)),
    ({(0, -1): "Ab", (1, -2): "Bb", (2, -3): "Cb"}, (3, -4)),
])
def test_vertical_and_diagonal_lines_complete_too(cells: dict, place: tuple[int, int]) -> None:
    rows = [(RIGHT, {x: code for (r, x), code in cells.items() if r == row}) for row in range(4)]
    g = build(rows, [["Db", "Ey"], ["Fk"]])
    report = g.apply(Play(hand_card(g, 0, "Db"), place), 0)
    assert [c.genre for c in report.completions] == ["thriller"]


def test_the_shelf_card_breaks_a_row_and_mixed_colours_do_not_complete() -> None:
    g = build([(RIGHT, {-2: "Ab", -1: "Bb", 1: "Cb", 3: "Er"})], [["Db", "Fb"], ["Fk"]])
    assert g.apply(Play(hand_card(g, 0, "Db"), (0, 2)), 0).completions == ()
    assert g.apply(Play(hand_card(g, 0, "Fb"), (0, 4)), 0).completions == ()


def test_a_held_power_without_an_effect_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    g = build([(RIGHT, {1: "Ar"})], [["Br", "Cg"], ["Dy"]])
    g.held[0].append(g.discard.pop() if g.discard else g.deck.pop())
    card = g.held[0][0]
    monkeypatch.delitem(POWERS, g.genre_of(card))
    _refused(g, UsePower(card), "power_unavailable")
    _refused(g, UsePower(65 if card != 65 else 64), "not_held")


def test_refusals_name_their_reason_and_change_nothing() -> None:
    g = build([(RIGHT, {1: "Dr", 2: ["Mg"]}), (RIGHT, {})], [["Hr", "Ab", "Kk"], ["Zy"]])
    h, k = hand_card(g, 0, "Hr"), hand_card(g, 0, "Kk")
    _refused(g, Play(h, (0, 1)), "not_your_turn", seat=1)
    _refused(g, Play(hand_card(g, 1, "Zy"), (0, 3)), "not_in_hand")
    _refused(g, Play(h, (0, -1)), "out_of_order")
    _refused(g, Play(h, (0, 2)), "stack_letter")
    _refused(g, Play(k, (0, 0)), "shelf_card")
    _refused(g, Play(k, (0, 9)), "out_of_reach")
    _refused(g, Play(k, (4, 1)), "no_such_row")
    _refused(g, Choose("seat:1"), "nothing_to_choose")


@pytest.mark.parametrize("text, action", [
    ("play 17 r2 x-3", Play(17, (1, -3))), ("PLAY 3  r1 x4", Play(3, (0, 4))), ("undo", Undo()), ("end", EndTurn()),
    ("use 23", UsePower(23)), ("choose seat:2", Choose("seat:2")), ("choose place:2:-3", Choose("place:2:-3")),
])
def test_action_text_reads_back(text: str, action) -> None:
    assert parse_action(text) == action and parse_action(str(action)) == action


@pytest.mark.parametrize("text, code", [("", "empty"), ("dance", "unknown_verb"), ("play 3 r0 x1", "bad_row"),
                                        ("play 3 here", "unknown_verb")])
def test_text_that_is_not_an_action_is_invalid_notation(text: str, code: str) -> None:
    with pytest.raises(InvalidNotation) as refused:
        parse_action(text)
    assert refused.value.code == code
