"""A game's computer player that never ends its turn must not spin the table forever: after
COMPUTER_STEPS_PER_TURN actions in one turn the service resigns its seat, the move log says so, and the game
replays from its log as usual — for a computer seat's own turn and for the stand-in playing a person's expired
turn."""
from __future__ import annotations

import logging

import pytest

from bot.service import GameOptions, PlayResult, TableService, TurnTimedOut
from bot.service.turns import COMPUTER_STEPS_PER_TURN
from tests.service.conftest import ANN, BOB, Clock, lobby, started

HOUR = 3600


@pytest.fixture
def dither(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import registry
    from tests.service.dither_game import RULES

    monkeypatch.setitem(registry.GAMES, RULES.key, RULES)


async def test_a_computer_that_never_ends_its_turn_resigns_after_the_bound(dither: None, svc: TableService) -> None:
    table = await lobby(svc, ANN, computers=1, options=GameOptions(players=2), kind="dither")
    result: PlayResult = await svc.start(table.game_id, ANN)
    if result.table.status == "active":  # the person was seated first: their move hands the turn to the computer
        result = await svc.play(table.game_id, ANN, "add", turn=result.table.turn)
        assert result.turns[0].kind != "auto" and result.turns[0].move == "add"
    computer = [(turn.kind, turn.move) for turn in result.turns if turn.seat.user_id is None]
    assert computer == [("auto", "wait")] * COMPUTER_STEPS_PER_TURN + [("resign", None)]
    assert result.table.status == "finished", "leaving ends this game for the table"
    audit = await svc.audit(table.game_id)
    assert audit.ok, audit


async def test_a_stand_in_that_never_ends_an_expired_turn_resigns_the_seat_after_the_bound(
        dither: None, svc: TableService, clock: Clock, caplog: pytest.LogCaptureFixture) -> None:
    table = await started(svc, ANN, BOB, options=GameOptions(players=2, turn_timeout=HOUR), kind="dither")
    absent = table.current_seat
    assert absent is not None and absent.is_human
    with caplog.at_level(logging.ERROR, logger="bot.service.turns"):
        events = await svc.fire_due(clock.advance(HOUR))
    [timed_out] = [event for event in events if isinstance(event, TurnTimedOut)]
    steps = [(turn.kind, turn.move, turn.seat.index) for turn in timed_out.result.turns]
    assert steps == [("timeout", "wait", absent.index)] * COMPUTER_STEPS_PER_TURN + [("resign", None, absent.index)]
    assert f"took {COMPUTER_STEPS_PER_TURN} actions without ending its turn" in caplog.text
    after = await svc.table(table.game_id)
    assert after.status == "finished" and after == timed_out.result.table, "leaving ends this game for the table"
    assert await svc.fire_due(clock.advance(HOUR)) == [], "no deadline is left to fire"
    audit = await svc.audit(table.game_id)
    assert audit.ok, audit
