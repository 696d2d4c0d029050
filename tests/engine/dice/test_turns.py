"""A turn as dice.md plays it: roll, up to two re-rolls, circle (must if able) or cross out, locks, the end."""
from __future__ import annotations

import pytest

from engine.dice import Circle, Cross, DiceGame, IllegalAction, Reroll, Roll

from .positions import OPEN_SHEET, position, sheet


def _refused(g: DiceGame, action: object, code: str, seat: int | None = None) -> None:
    before = g.to_dict()
    with pytest.raises(IllegalAction) as err:
        g.apply(action, seat)  # type: ignore[arg-type]
    assert err.value.code == code
    assert g.to_dict() == before


def test_a_turn_rolls_all_dice_then_allows_two_rerolls_keeping_dice() -> None:
    g = DiceGame.new(2, seed=3, dice=6)
    assert g.to_act == frozenset({0}) and g.phase == "roll"
    _refused(g, Reroll((0,)), "roll_first")
    first = g.apply(Roll())
    assert len(first.dice) == 6 and g.rerolls_left == 2
    _refused(g, Roll(), "already_rolled")
    kept = g.dice[0], g.dice[3]
    report = g.apply(Reroll((0, 3)))
    assert (report.dice[0], report.dice[3]) == kept and report.kept == (0, 3)
    g.apply(Reroll(()))
    assert g.rerolls_left == 0
    _refused(g, Reroll(()), "no_rerolls")
    assert all(isinstance(a, (Circle, Cross)) for a in g.legal_actions())


def test_keeping_every_die_or_a_missing_die_is_refused() -> None:
    g = position([OPEN_SHEET] * 2, "ppggt")
    _refused(g, Reroll((0, 1, 2, 3, 4)), "keep_all")
    _refused(g, Reroll((5,)), "no_such_die")
    _refused(g, Roll(), "already_rolled", seat=None)
    _refused(g, Circle(((0, 0),)), "not_your_turn", seat=1)


def test_a_player_may_stop_early_and_circle_up_to_three_items() -> None:
    g = position([OPEN_SHEET] * 2, "ppgct")
    report = g.apply(Circle(((0, 1), (1, 0), (4, 0))))
    assert report.turn_over and report.next_seat == 1 and report.used == ((0, 1), (2,), (3,))
    assert g.sheet(0)[0:2] == ".o" and g.sheet(0)[5] == "o" and g.sheet(0)[20] == "o"
    assert g.phase == "roll" and g.current_seat == 1


def test_must_circle_when_able_and_cross_out_only_when_unable() -> None:
    g = position([OPEN_SHEET] * 2, "ppwwg")
    _refused(g, Cross(2), "must_circle")
    assert not any(isinstance(a, Cross) for a in g.legal_actions())
    blocked = sheet("x....", "xxxxx", ".....", ".....", ".....")
    g = position([blocked, OPEN_SHEET], "pgggg", rolls=3)
    assert g.legal_item_sets() == []
    assert [a for a in g.legal_actions() if isinstance(a, Cross)] == [Cross(0), Cross(2), Cross(3), Cross(4)]
    _refused(g, Cross(1), "row_closed")
    report = g.apply(Cross(0))
    assert report.crossed_row == 0 and g.sheet(0)[:5] == "xxxxx"


def test_illegal_circles_are_refused_and_change_nothing() -> None:
    marks = sheet("o....", ".....", ".....", ".....", ".....")
    g = position([marks, OPEN_SHEET], "wwppt")
    _refused(g, Circle(((0, 0),)), "already_circled")
    _refused(g, Circle(((0, 3),)), "dice_cannot")
    _refused(g, Circle(((0, 1), (0, 2), (3, 1), (4, 0))), "too_many")
    _refused(g, Circle(((0, 1), (0, 1))), "item_twice")
    _refused(g, Circle(((9, 1),)), "malformed")
    _refused(g, Cross(7), "malformed")


def test_all_wilds_circle_any_one_open_item_even_a_five() -> None:
    g = position([OPEN_SHEET] * 2, "wwwww")
    report = g.apply(Circle(((4, 4),)))
    assert report.used == ((0, 1, 2, 3, 4),) and g.sheet(0)[24] == "o"
    g = position([OPEN_SHEET] * 2, "wwwww")
    _refused(g, Circle(((4, 4), (0, 0))), "dice_cannot")


def test_completing_a_column_crosses_it_out_for_every_other_player() -> None:
    mine = sheet("o....", "o....", "o....", "o....", ".....")
    other = sheet("o....", ".....", ".....", ".....", ".....")
    g = position([mine, other, OPEN_SHEET], "cgggb")
    report = g.apply(Circle(((4, 0),)))
    assert [(lock.kind, lock.index, lock.seat) for lock in report.locks] == [("column", 0, 0)]
    assert [g.sheet(1)[r * 5] for r in range(5)] == ["o", "x", "x", "x", "x"]
    assert all(g.sheet(2)[r * 5] == "x" for r in range(5))
    assert (1, (1, 0)) in report.locked_out and (1, (0, 0)) not in report.locked_out
    assert g.locks == [report.locks[0]]


def test_a_completed_row_locks_only_with_row_lock() -> None:
    mine = sheet("oooo.", ".....", ".....", ".....", ".....")
    for row_lock, expected in ((False, "....."), (True, "xxxxx")):
        g = position([mine, OPEN_SHEET], "pppppw", row_lock=row_lock)
        report = g.apply(Circle(((0, 4),)))
        assert g.sheet(1)[:5] == expected
        assert bool(report.locks) == row_lock


def test_the_round_finishes_after_two_closed_rows_so_everyone_plays_as_often() -> None:
    nearly = sheet("xxxxx", "oooo.", ".....", ".....", ".....")
    g = position([OPEN_SHEET, nearly, OPEN_SHEET], "ggggg", seat=1)
    report = g.apply(Circle(((1, 4),)))
    assert report.end_triggered and not report.game_over and report.next_seat == 2
    g.apply(Roll())
    action = g.legal_actions()[-1]
    final = g.apply(action)
    assert final.game_over and g.is_over and g.to_act == frozenset()
    assert g.legal_actions() == []
    _refused(g, Roll(), "game_over")


def test_a_lock_can_end_the_game_for_the_player_it_closes() -> None:
    mine = sheet("o....", "o....", "o....", "o....", ".....")
    other = sheet("xxxxx", ".oooo", ".....", ".....", ".....")
    g = position([mine, other], "ccccc")
    report = g.apply(Circle(((4, 0),)))
    assert report.end_triggered and report.next_seat == 1


def test_a_seat_with_nothing_open_is_skipped() -> None:
    done = "x" * 25
    g = position([OPEN_SHEET, done, OPEN_SHEET], "ppppp")
    g.end_triggered = True
    report = g.apply(Circle(((0, 4),)))
    assert report.skipped == (1,) and report.next_seat == 2


def test_shared_victory_on_ties() -> None:
    three = sheet("ooo..", ".....", ".....", ".....", ".....")
    g = position([three, three, "x" * 25], "ppppp", seat=2)
    g.sheets[2] = sheet("xxxxx", "xxxxx", "oo...", ".....", ".....")
    g.end_triggered = True
    g.apply(Cross(3))
    outcome = g.outcome()
    assert outcome is not None
    assert outcome.scores == (6, 6, 0)
    assert outcome.winners == frozenset({0, 1}) and outcome.places == (1, 1, 3)


def test_resigning_passes_the_turn_and_the_last_seat_standing_wins() -> None:
    g = DiceGame.new(3, seed=1)
    g.apply(Roll())
    report = g.resign(0)
    assert report.next_seat == 1 and g.phase == "roll"
    g.resign(2)
    outcome = g.outcome()
    assert g.is_over and outcome is not None and outcome.winners == frozenset({1})
    assert outcome.ranking[0] == 1 and outcome.places[1] == 1
    with pytest.raises(IllegalAction):
        g.resign(1)
