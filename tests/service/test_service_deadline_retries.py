"""A deadline whose firing the database fails is kept and tried again later, not lost: the absent player's turn
still runs out, the lobby still closes; one that keeps failing is given up after a bounded number of tries."""
from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.service import GameOptions, LobbyExpired, TableService, TurnReminder, TurnTimedOut
from bot.service.schedule import FIRING_ATTEMPTS, FIRING_RETRY_DELAYS
from tests.raw_database import break_writes, mend_writes
from tests.service.conftest import ANN, BOB, CHANNEL, START, Clock, lobby, started

HOUR = 3600
DAY = 24 * HOUR


MOVE_LOG = "BEFORE INSERT ON moves"
GAME_ROW = "BEFORE UPDATE ON games"


async def test_a_turn_expiry_whose_first_firing_fails_fires_later_and_the_computer_plays(
        svc: TableService, clock: Clock, db_path: Path) -> None:
    table = await started(svc, ANN, BOB, options=GameOptions(players=4, turn_timeout=HOUR))
    absent = table.current_seat
    assert absent is not None
    await svc.fire_due(clock.advance(HOUR - 1))  # the two reminders
    await break_writes(db_path, MOVE_LOG)
    assert await svc.fire_due(clock.advance(1)) == []
    assert (await svc.table(table.game_id)).turn == 0
    assert await svc.next_deadline() == clock.now + FIRING_RETRY_DELAYS[0], "tried again later, not at once"
    assert await svc.fire_due(clock.now) == []
    await mend_writes(db_path, MOVE_LOG)
    assert await svc.fire_due(clock.advance(FIRING_RETRY_DELAYS[0] - 1)) == []
    [timed_out] = await svc.fire_due(clock.advance(1))
    assert isinstance(timed_out, TurnTimedOut)
    [turn] = timed_out.result.turns
    assert turn.kind == "timeout" and turn.seat == absent and turn.move is not None
    after = await svc.table(table.game_id)
    assert after.turn == 1 and after.seats[absent.index].expired_turns == 1
    assert await svc.fire_due(clock.now) == [], "it fires once"
    assert await svc.next_deadline() == clock.now + HOUR / 2, "the next turn's deadlines start afresh"
    assert (await svc.audit(table.game_id)).ok


async def test_a_deadline_that_keeps_failing_is_retried_with_growing_delays_then_dropped_with_a_log_line(
        svc: TableService, clock: Clock, db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    table = await started(svc, ANN, BOB, options=GameOptions(players=4, turn_timeout=HOUR))
    await svc.fire_due(clock.advance(HOUR - 1))
    await break_writes(db_path, MOVE_LOG)
    clock.advance(1)
    delays = []
    with caplog.at_level(logging.ERROR, logger="bot.service.deadlines"):
        for _ in range(FIRING_ATTEMPTS - 1):
            assert await svc.fire_due(clock.now) == []
            due = await svc.next_deadline()
            assert due is not None and due > clock.now
            delays.append(due - clock.now)
            clock.advance(due - clock.now)
        assert await svc.fire_due(clock.now) == []
    assert delays == sorted(delays) and delays[0] == FIRING_RETRY_DELAYS[0] and delays[-1] == FIRING_RETRY_DELAYS[-1]
    assert await svc.next_deadline() is None, "given up"
    assert (await svc.table(table.game_id)).turn == 0
    dropped = [r for r in caplog.records if "dropping it" in r.getMessage()]
    assert len(dropped) == 1 and f"game {table.game_id}:" in dropped[0].getMessage()
    assert f"failed {FIRING_ATTEMPTS} times" in dropped[0].getMessage()


async def test_a_lobby_expiry_whose_firing_fails_closes_the_lobby_on_the_retry(
        svc: TableService, clock: Clock, db_path: Path) -> None:
    table = await lobby(svc, ANN, BOB)
    await break_writes(db_path, GAME_ROW)
    assert await svc.fire_due(clock.advance(DAY)) == []
    assert (await svc.table_in_channel(CHANNEL)) is not None
    assert await svc.next_deadline() == START + DAY + FIRING_RETRY_DELAYS[0]
    await mend_writes(db_path, GAME_ROW)
    [expired] = await svc.fire_due(clock.advance(FIRING_RETRY_DELAYS[0]))
    assert isinstance(expired, LobbyExpired) and expired.table.game_id == table.game_id
    assert await svc.table_in_channel(CHANNEL) is None


async def test_a_retried_expiry_of_a_turn_played_meanwhile_is_dropped_unfired(
        svc: TableService, clock: Clock, db_path: Path) -> None:
    table = await started(svc, ANN, BOB, options=GameOptions(players=4, turn_timeout=HOUR))
    await svc.fire_due(clock.advance(HOUR - 1))
    await break_writes(db_path, MOVE_LOG)
    assert await svc.fire_due(clock.advance(1)) == []
    await mend_writes(db_path, MOVE_LOG)
    table = await svc.table(table.game_id)
    seat = table.current_seat
    assert seat is not None and seat.user_id is not None and table.game is not None
    played = await svc.play(table.game_id, seat.user_id, table.game.legal_actions()[0], turn=table.turn)
    assert played.table.turn == 1
    assert await svc.fire_due(clock.advance(FIRING_RETRY_DELAYS[0])) == []
    after = await svc.table(table.game_id)
    assert after.turn == 1 and after.seats[seat.index].expired_turns == 0


async def test_a_reminder_whose_firing_fails_is_sent_on_the_retry(
        svc: TableService, clock: Clock, db_path: Path) -> None:
    table = await started(svc, ANN, BOB, options=GameOptions(players=4, turn_timeout=HOUR))
    await break_writes(db_path, "BEFORE DELETE ON deadlines")
    assert await svc.fire_due(clock.advance(HOUR / 2)) == []
    await mend_writes(db_path, "BEFORE DELETE ON deadlines")
    [reminder] = await svc.fire_due(clock.advance(FIRING_RETRY_DELAYS[0]))
    assert isinstance(reminder, TurnReminder) and not reminder.final
    assert reminder.seat == table.current_seat and reminder.expires_at == START + HOUR
    assert await svc.fire_due(clock.now) == [], "it fires once"
