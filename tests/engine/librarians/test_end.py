"""The end of the game: the table loses when the seat to play cannot finish a turn (unless a power helps), once
the deck is empty a seat plays what it holds, the table wins when every card is played; the hand limit, a
red genre's power at once, and a resign."""
from __future__ import annotations

import pytest

from engine.librarians import (
    POWERS,
    RIGHT,
    EndTurn,
    IllegalAction,
    LibrariansGame,
    Play,
    UsePower,
)
from engine.librarians.effects import NO_MINIMUM
from engine.librarians.ai import choose

from .positions import build, hand_card

STUCK_ROW = (RIGHT, {-1: "Ar", 1: "Zr"})
"""Only A and Z fit anywhere in this one-shelf library (A at -2 or on A, Z at 2 or on Z)."""


def test_a_seat_that_cannot_play_two_cards_loses_the_game_for_the_table() -> None:
    g = build([STUCK_ROW], [["Mr", "Ng", "Ab"], ["Ey"]])
    assert g.is_over and g.result == "lost" and g.end_reason == "stuck" and g.to_act == frozenset()
    outcome = g.outcome()
    assert outcome is not None and outcome.shared is False and outcome.winners == frozenset()
    assert outcome.result == g.cards_not_played() == len(g.deck) + 4


def test_one_playable_card_is_not_enough_but_two_are() -> None:
    assert build([STUCK_ROW], [["Mr", "Ab"], ["Ey"]]).result == "lost"
    g = build([STUCK_ROW], [["Zg", "Ab"], ["Ey"]])
    assert not g.is_over and g.finishing_plan() is not None


def test_a_held_power_keeps_a_stuck_seat_in_the_game_and_can_save_the_turn() -> None:
    g = build([STUCK_ROW], [["Mr", "Ng"], ["Ey"]])
    assert g.is_over, "without a power the table has lost"
    g = build([STUCK_ROW], [["Mr", "Ng"], ["Zy", "Ay"]], held=[["Dp"], []])
    [purple] = g.held[0]
    assert not g.is_over and g.usable_powers() == [purple] and choose(g, "normal", seed=0) == UsePower(purple)
    g.apply(UsePower(purple), 0)
    assert not g.is_over and g.can_end_turn() and purple in g.discard
    g.apply(EndTurn(), 0)
    assert g.to_act == {1} and NO_MINIMUM not in g.turn_rules


def test_once_the_deck_is_empty_a_seat_plays_what_it_holds_and_the_table_wins_when_all_is_played() -> None:
    g = build([(RIGHT, {1: "Ar"}), (RIGHT, {})], [["Br"], ["Cg", "Dg"]], deck=0)
    assert g.turn_need() == 1
    g.apply(Play(hand_card(g, 0, "Br"), (0, 2)), 0)
    g.apply(EndTurn(), 0)
    assert g.to_act == {1} and g.turn_need() == 2
    g.apply(Play(hand_card(g, 1, "Cg"), (0, 3)), 1)
    g.apply(Play(hand_card(g, 1, "Dg"), (0, 4)), 1)
    report = g.apply(EndTurn(), 1)
    assert report.game_over and g.result == "won" and g.end_reason == "all_played"
    outcome = g.outcome()
    assert outcome is not None and outcome.shared and outcome.result == 0 and outcome.winners == {0, 1}


def test_a_seat_with_nothing_left_to_play_is_skipped_once_the_deck_is_empty() -> None:
    g = build([(RIGHT, {1: "Ar"}), (RIGHT, {})], [["Br", "Cr"], [], ["Dg", "Eg"]], deck=0)
    g.apply(Play(hand_card(g, 0, "Br"), (0, 2)), 0)
    g.apply(Play(hand_card(g, 0, "Cr"), (0, 3)), 0)
    g.apply(EndTurn(), 0)
    assert g.to_act == {2}


@pytest.mark.parametrize("limit, drawn", [(4, 2), (5, 3), (2, 0)])
def test_the_end_of_a_turn_draws_back_up_to_the_hand_limit(limit: int, drawn: int) -> None:
    g = build([(RIGHT, {})] * 2, [["Ar", "Bg", "Cb", "Dp"], ["Ey"]])
    g.hand_limit = limit
    g.apply(Play(hand_card(g, 0, "Ar"), (0, 1)), 0)
    g.apply(Play(hand_card(g, 0, "Bg"), (0, 2)), 0)
    assert g.apply(EndTurn(), 0).drawn == drawn and len(g.hands[0]) == 2 + drawn


def test_a_red_genre_happens_at_once_and_nobody_receives_its_card() -> None:
    g = build([(RIGHT, {1: "Ar", 2: "Br", 3: "Cr"})], [["Dr", "Eg"], ["Fy"]])
    report = g.apply(Play(hand_card(g, 0, "Dr"), (0, 4)), 0)
    assert [c.genre for c in report.completions] == ["horror"] and report.game_over
    assert g.result == "lost" and g.end_reason == "horror" and not any(g.held) and len(g.discard) == 4


def test_a_completed_red_genre_without_an_effect_only_leaves_the_library(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(POWERS, "horror")
    g = build([(RIGHT, {1: "Ar", 2: "Br", 3: "Cr"}), (RIGHT, {})], [["Dr", "Eg", "Fg"], ["Fy"]])
    report = g.apply(Play(hand_card(g, 0, "Dr"), (0, 4)), 0)
    assert report.completions and g.pending is None and g.library.card_count() == 0 and not g.is_over


def test_a_resign_ends_the_game_as_a_loss_for_the_table() -> None:
    g = LibrariansGame.new(3, seed=2)
    report = g.resign(1)
    assert report.game_over and g.result == "lost" and g.end_reason == "resigned" and g.resigned == {1}
    outcome = g.outcome()
    assert outcome is not None and not outcome.shared and outcome.result == 66
    with pytest.raises(IllegalAction):
        g.resign(0)
