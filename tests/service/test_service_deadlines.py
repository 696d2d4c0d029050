"""Turn deadlines driven by a clock the test moves: reminders, expiry, replacement, restarts."""
from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.service import (
    DeadlineDispatcher,
    DeadlineEvent,
    GameOptions,
    NotInGame,
    Table,
    TableService,
    TurnReminder,
    TurnTimedOut,
)
from tests.patience import PATIENCE
from tests.service.conftest import ANN, BOB, CAT, Clock, play_first_legal, started

HOUR = 3600
OPTIONS = GameOptions(players=4, turn_timeout=HOUR)


async def test_reminders_at_half_time_and_shortly_before_the_end(svc: TableService, clock: Clock) -> None:
    table = await started(svc, ANN, BOB, options=OPTIONS)
    start = clock.now
    assert await svc.next_deadline() == start + HOUR / 2
    assert await svc.fire_due(clock.advance(HOUR / 2 - 1)) == []
    [half] = await svc.fire_due(clock.advance(1))
    assert isinstance(half, TurnReminder) and not half.final
    assert half.seat == table.current_seat and half.expires_at == start + HOUR
    assert await svc.fire_due(clock.now) == []
    [final] = await svc.fire_due(clock.advance(HOUR / 2 - 360))
    assert isinstance(final, TurnReminder) and final.final and final.expires_at == start + HOUR
    assert await svc.next_deadline() == start + HOUR
    assert (await svc.table(table.game_id)).turn == 0


async def test_expiry_lets_the_computer_play_for_the_absent_player(svc: TableService, clock: Clock) -> None:
    table = await started(svc, ANN, BOB, options=OPTIONS)
    absent = table.current_seat
    assert absent is not None
    events = await svc.fire_due(clock.advance(HOUR))
    timed_out = events[-1]
    assert isinstance(timed_out, TurnTimedOut) and timed_out.result.taken_over == ()
    assert timed_out.result.turns[0].seat == absent
    [turn] = timed_out.result.turns
    assert turn.kind == "timeout" and turn.seat == absent and turn.move is not None
    after = timed_out.result.table
    assert after.turn == 1 and after.seats[absent.index].expired_turns == 1
    assert after.current_seat is not None and after.current_seat.index != absent.index
    assert await svc.next_deadline() == clock.now + HOUR / 2
    assert (await svc.audit(table.game_id)).ok


async def test_a_move_in_time_clears_the_deadlines_and_the_expiry_count(svc: TableService, clock: Clock) -> None:
    table = await started(svc, ANN, BOB, options=OPTIONS)
    first = table.current_seat
    assert first is not None
    await svc.fire_due(clock.advance(HOUR))
    table = await svc.table(table.game_id)
    table = (await play_first_legal(svc, table)).table
    clock.advance(60)
    table = (await play_first_legal(svc, table)).table
    assert table.seats[first.index].expired_turns == 0
    assert await svc.next_deadline() == clock.now + HOUR / 2


async def test_three_expiries_in_a_row_replace_the_player(svc: TableService, clock: Clock) -> None:
    table = await started(svc, ANN, BOB, options=OPTIONS)
    absent = table.current_seat
    assert absent is not None and absent.user_id is not None
    for expect_replaced in (False, False, True):
        events = await svc.fire_due(clock.advance(HOUR))
        [timed_out] = [e for e in events if isinstance(e, TurnTimedOut)]
        assert timed_out.result.turns[0].seat.user_id == absent.user_id
        assert [s.user_id for s in timed_out.result.taken_over] == ([absent.user_id] if expect_replaced else [])
        table = timed_out.result.table
        if not expect_replaced:
            table = (await play_first_legal(svc, table)).table  # the other player answers in time
    seat = table.seats[absent.index]
    assert seat.is_computer and seat.user_id == absent.user_id and seat.level == "normal"
    result = await play_first_legal(svc, table)
    assert [t.kind for t in result.turns] == ["move", "auto"]
    with pytest.raises(NotInGame):
        await svc.play(table.game_id, absent.user_id, "E5 1")


async def test_with_no_person_left_the_game_is_abandoned_and_the_absentee_scored_a_loss(
        svc: TableService, clock: Clock) -> None:
    table = await started(svc, ANN, computers=1, options=OPTIONS)
    timeouts = []
    for _ in range(3):
        timeouts += [e for e in await svc.fire_due(clock.advance(HOUR)) if isinstance(e, TurnTimedOut)]
    assert len(timeouts) == 3
    final = timeouts[-1].result.table
    assert timeouts[-1].result.taken_over and (final.status, final.end_reason) == ("cancelled", "abandoned")
    assert await svc.next_deadline() is None
    computer, ann = timeouts[-1].result.standings
    assert (computer.seat.user_id, computer.rank, computer.won) == (None, 1, True)
    assert (ann.seat.user_id, ann.rank, ann.won, ann.replaced) == (ANN, 2, False, True)
    stats = await svc.stats(table.guild_id, ANN, "shelfie")
    assert stats is not None and (stats.games, stats.wins) == (1, 0)
    assert (await svc.audit(table.game_id)).ok


async def test_deadlines_survive_a_restart_and_fire_once(db_path: Path, clock: Clock) -> None:
    svc = await TableService.open(db_path, clock=clock)
    table = await started(svc, ANN, BOB, options=OPTIONS)
    await svc.close()

    svc = await TableService.open(db_path, clock=clock)
    [reminder] = await svc.fire_due(clock.advance(HOUR / 2))
    assert isinstance(reminder, TurnReminder) and reminder.table.game_id == table.game_id
    await svc.close()

    svc = await TableService.open(db_path, clock=clock)
    assert await svc.fire_due(clock.now) == []
    events = await svc.fire_due(clock.advance(HOUR))
    assert [type(e) for e in events] == [TurnReminder, TurnTimedOut]
    await svc.close()

    svc = await TableService.open(db_path, clock=clock)
    assert await svc.fire_due(clock.now) == []
    assert (await svc.table(table.game_id)).turn == 1
    await svc.close()


async def test_cancelled_and_finished_games_have_no_deadlines(svc: TableService, clock: Clock) -> None:
    table = await started(svc, ANN, BOB, options=OPTIONS)
    await svc.cancel(table.game_id, ANN)
    assert await svc.next_deadline() is None
    assert await svc.fire_due(clock.advance(10 * HOUR)) == []


def collecting_dispatcher(svc: TableService) -> tuple[DeadlineDispatcher, asyncio.Queue[DeadlineEvent]]:
    """A dispatcher whose events land in a queue the test reads, one by one."""
    received: asyncio.Queue[DeadlineEvent] = asyncio.Queue()

    async def on_events(events: list[DeadlineEvent]) -> None:
        for event in events:
            received.put_nowait(event)

    return DeadlineDispatcher(svc, on_events), received


async def test_dispatcher_fires_late_deadlines_at_start_and_new_ones_when_due(svc: TableService,
                                                                              clock: Clock) -> None:
    late = await started(svc, ANN, BOB, options=OPTIONS)
    clock.advance(HOUR / 2)
    dispatcher, received = collecting_dispatcher(svc)
    dispatcher.start()
    try:
        first = await asyncio.wait_for(received.get(), timeout=PATIENCE)
        assert isinstance(first, TurnReminder) and first.table.game_id == late.game_id
        fresh: Table = await started(svc, ANN, BOB, options=OPTIONS, channel=77)
        clock.advance(HOUR / 2 - 360)
        dispatcher.wake()
        final = await asyncio.wait_for(received.get(), timeout=PATIENCE)
        assert isinstance(final, TurnReminder) and final.final and final.table.game_id == late.game_id
        clock.advance(360)
        dispatcher.wake()
        got = [await asyncio.wait_for(received.get(), timeout=PATIENCE) for _ in range(2)]
        assert {(type(e), e.result.table.game_id if isinstance(e, TurnTimedOut) else e.table.game_id)
                for e in got} == {(TurnTimedOut, late.game_id), (TurnReminder, fresh.game_id)}
        assert received.empty()
    finally:
        await dispatcher.stop()


async def test_dispatcher_survives_a_failing_database_read(svc: TableService, clock: Clock,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    late = await started(svc, ANN, BOB, options=OPTIONS)
    clock.advance(HOUR / 2)
    real_next_deadline = svc.next_deadline
    failures: list[int] = []

    async def next_deadline_failing_once() -> float | None:
        if not failures:
            failures.append(1)
            raise sqlite3.OperationalError("disk I/O error")
        return await real_next_deadline()

    monkeypatch.setattr(svc, "next_deadline", next_deadline_failing_once)
    dispatcher, received = collecting_dispatcher(svc)
    dispatcher.start()
    try:
        event = await asyncio.wait_for(received.get(), timeout=PATIENCE)
        assert failures and isinstance(event, TurnReminder) and event.table.game_id == late.game_id
    finally:
        await dispatcher.stop()


async def test_a_dice_turn_times_out_a_whole_turn_after_it_began_however_late_its_steps(
        svc: TableService, clock: Clock) -> None:
    table = await started(svc, ANN, BOB, options=GameOptions(players=2, turn_timeout=HOUR), kind="dice")
    slow = table.current_seat
    assert slow is not None and slow.user_id is not None
    began = clock.now
    reminders = await svc.fire_due(clock.advance(HOUR * 0.9))
    assert [isinstance(r, TurnReminder) and r.final for r in reminders] == [False, True]
    rolled = await svc.play(table.game_id, slow.user_id, "roll", turn=table.turn)
    assert rolled.table.current_seat == slow
    assert await svc.next_deadline() == began + HOUR, "the roll does not start the turn's time again"
    events = await svc.fire_due(clock.advance(HOUR * 0.1))
    [timed_out] = [e for e in events if isinstance(e, TurnTimedOut)]
    assert timed_out.result.turns[0].seat.index == slow.index
    after = timed_out.result.table
    assert after.current_seat is not None and after.current_seat.index != slow.index
    assert await svc.next_deadline() == clock.now + HOUR / 2, "the next seat's turn has a whole turn's time"


async def test_the_next_dice_turn_of_the_same_person_after_a_computer_gets_its_full_time(
        svc: TableService, clock: Clock) -> None:
    table = await started(svc, ANN, computers=1, options=GameOptions(players=2, turn_timeout=HOUR), kind="dice")
    while table.current_seat is not None and table.current_seat.user_id != ANN:
        table = (await play_first_legal(svc, table)).table
    clock.advance(HOUR * 0.9)
    table = (await svc.play(table.game_id, ANN, "roll", turn=table.turn)).table
    while table.current_seat is not None and table.game is not None and table.game.rolls:  # type: ignore[attr-defined]
        clock.advance(1)
        table = (await play_first_legal(svc, table)).table
    assert table.current_seat is not None and table.current_seat.user_id == ANN, "the computer answered"
    assert await svc.next_deadline() == clock.now + HOUR / 2


async def test_a_fired_reminder_waits_to_be_posted_across_a_restart_until_it_is_marked_posted(
        db_path: Path, clock: Clock) -> None:
    first = await TableService.open(db_path, clock=clock)
    table = await started(first, ANN, BOB, options=OPTIONS)
    [start] = (await first.outbox(table.game_id)).pending
    await first.announcement_posted(start, 1, None)
    assert await first.games_to_announce(clock.now) == []
    [fired] = await first.fire_due(clock.advance(HOUR / 2))
    assert isinstance(fired, TurnReminder)
    await first.close()  # the process dies before posting it

    restarted = await TableService.open(db_path, clock=clock)
    try:
        assert await restarted.fire_due(clock.now) == [], "its deadline is gone"
        assert await restarted.games_to_announce(clock.now) == [table.game_id], "the outbox pass posts it"
        waiting = await restarted.pending_reminder(table.game_id)
        assert waiting == fired
        await restarted.reminder_posted(waiting)
        assert await restarted.pending_reminder(table.game_id) is None, "posted once"
        assert await restarted.games_to_announce(clock.now) == []
    finally:
        await restarted.close()


async def test_a_waiting_reminder_of_a_turn_since_played_is_dropped(svc: TableService, clock: Clock) -> None:
    table = await started(svc, ANN, BOB, options=OPTIONS)
    half, final = await svc.fire_due(clock.advance(HOUR - 300))
    assert isinstance(half, TurnReminder) and isinstance(final, TurnReminder) and final.final
    assert await svc.pending_reminder(table.game_id) == final, "the newer reminder replaces the older"
    await play_first_legal(svc, await svc.table(table.game_id))
    assert await svc.pending_reminder(table.game_id) is None


async def test_one_expiry_takes_over_exactly_the_seats_at_their_third_and_the_outbox_rebuilds_them(
        svc: TableService, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seats acting at once reach an expiry with different counts: only the seat at its third is taken over, though
    the expiry lists an earlier seat first, and the announcement rebuilt from the move log names the same seat."""
    from engine import registry
    from tests.service.together_game import RULES

    monkeypatch.setitem(registry.GAMES, "together", RULES)
    table = await started(svc, ANN, BOB, CAT, kind="together",
                          options=GameOptions(players=3, turn_timeout=HOUR, game={"rounds": 3}))
    early, late, present = table.seats
    for _ in range(2):
        for seat in (early, present):
            table = (await svc.play(table.game_id, seat.user_id, "ready", turn=table.turn)).table
        await svc.fire_due(clock.advance(HOUR))
        table = await svc.table(table.game_id)
    await svc.play(table.game_id, present.user_id, "ready", turn=table.turn)
    [timed_out] = [e for e in await svc.fire_due(clock.advance(HOUR)) if isinstance(e, TurnTimedOut)]
    assert timed_out.result.turns[0].seat.index == early.index
    assert [s.user_id for s in timed_out.result.taken_over] == [late.user_id]
    pending = (await svc.outbox(table.game_id)).pending
    rebuilt = {a.event: (await svc.replayed_result(a)).taken_over for a in pending if a.event in ("timeout", "replaced")}
    assert rebuilt == {"timeout": (), "replaced": timed_out.result.taken_over}
