"""Firing due deadlines: a turn's reminders, its expiry (the stand-in computer plays it), a lobby's expiry.

A reminder that fires is recorded as waiting to be posted in the same transaction that deletes its deadline, so a
process that dies before posting it leaves it to the outbox's next pass (`pending_reminder`, `reminder_posted`).
Each deadline is claimed in the store before it fires, so two processes serving one shard never fire it twice;
one whose firing fails is kept and tried again later (see `bot.service.schedule`).
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

from engine.registry import rules_of

from bot.service.cache import Entry, GameCache
from bot.service.models import DeadlineEvent, LobbyExpired, Seat, Table, TurnReminder, TurnTimedOut
from bot.service.schedule import EXPIRIES_BEFORE_REPLACEMENT, firing_retry_delay
from bot.service.turns import Chain, Turns
from bot.store import DeadlineKind, DeadlineRow, EndReason, OutboxEvent, ShardSet, TableStatus

log = logging.getLogger(__name__)

FIRE_BATCH = 100
CLAIM_LEASE = 60.0
"""Seconds a claimed deadline stays this process's to fire; one claimed by a process that died is claimed again
(by any process serving its shard) once this has passed."""


def _expired(seat: Seat, stand_in: str) -> Seat:
    """The seat after one more expiry: the computer plays it for good from the third in a row."""
    expired = seat.expired_turns + 1
    return replace(seat, expired_turns=expired, level=stand_in if expired >= EXPIRIES_BEFORE_REPLACEMENT else None)


class Deadlines:
    """The deadlines of this process's shards (`shards`, None: every guild), claimed under `claimer`."""

    def __init__(self, cache: GameCache, turns: Turns, *, clock: Callable[[], float], shards: ShardSet | None,
                 claimer: str) -> None:
        self._cache = cache
        self._store = cache.store
        self._turns = turns
        self._clock = clock
        self._shards = shards
        self._claimer = claimer

    async def next_deadline(self) -> float | None:
        """When this process's next deadline may fire (a deadline claimed by another process: when its lease ends)."""
        return await self._store.next_due(self._shards)

    async def deadline_backlog(self, late: float) -> int:
        """How many of this process's deadlines are more than `late` seconds overdue (the health check's figure)."""
        return await self._store.overdue(self._clock() - late, self._shards)

    async def fire_due(self, now: float | None = None) -> list[DeadlineEvent]:
        """Fire every deadline of this process's shards due at `now` (default: the clock), each exactly once,
        oldest first: each is claimed in the store first, so another process never fires it too; one whose
        firing fails is kept and tried again later (see `_fire_failed`)."""
        now = self._clock() if now is None else now
        events: list[DeadlineEvent] = []
        batch = FIRE_BATCH
        while batch == FIRE_BATCH:
            due = await self._store.claim_due(now, owner=self._claimer, lease=CLAIM_LEASE, shards=self._shards,
                                              limit=FIRE_BATCH)
            batch = len(due)
            for deadline in due:
                try:
                    event = await self._fire(deadline)
                except Exception:
                    await self._fire_failed(deadline, now)
                    continue
                if event is not None:
                    events.append(event)
        return events

    async def _fire_failed(self, deadline: DeadlineRow, now: float) -> None:
        """A failed firing (a write the database refused) must not lose the turn's expiry: the deadline moves
        forward by a growing delay, so it is neither lost nor retried in a tight loop; after
        `FIRING_ATTEMPTS` failures it is dropped with an error naming the game."""
        failures = deadline.attempts + 1
        delay = firing_retry_delay(failures)
        if delay is None:
            log.exception("game %s: deadline %s (turn %s) failed %s times; dropping it",
                          deadline.game_id, deadline.kind, deadline.turn, failures)
            await self._store.take_deadline(deadline)
            return
        log.exception("game %s: deadline %s (turn %s) failed (attempt %s); retrying in %s s",
                      deadline.game_id, deadline.kind, deadline.turn, failures, delay)
        await self._store.retry_deadline(deadline, now + delay)

    async def _fire(self, deadline: DeadlineRow) -> DeadlineEvent | None:
        async with self._cache.lock(deadline.game_id):
            entry = await self._cache.load(deadline.game_id, current=True)  # another process may have moved it on
            table = entry.table
            if deadline.kind == DeadlineKind.LOBBY_EXPIRY:
                return await self._expire_lobby(entry, deadline)
            absent = [s for s in table.acting if s.is_human]
            if table.turn != deadline.turn or not absent:
                await self._store.take_deadline(deadline)  # left over from a turn already played
                return None
            if deadline.kind != DeadlineKind.EXPIRY:
                if not await self._store.fire_reminder(deadline, self._clock()):
                    return None
                return await self._reminder(table, deadline)
            stand_in = rules_of(table.kind).stand_in
            after = {s.index: _expired(s, stand_in) for s in absent}
            chain = Chain(table)
            # The whole turn expired, not one step of it: in a game whose turn has steps (roll, keep, circle)
            # the stand-in plays on until the seat's turn is over; every person still to make a choice that several
            # seats make at once (Books' projects kept at the start) has it made for them too.
            await self._turns.expired_turn(chain, absent, entry.seed, stand_in, after)
            taken_over = tuple(sorted((s for s in after.values() if s.level is not None), key=lambda s: s.index))
            result = await self._turns.finish(entry, chain,
                                              OutboxEvent.REPLACED if taken_over else OutboxEvent.TIMEOUT)
            return TurnTimedOut(replace(result, taken_over=taken_over))

    async def pending_reminder(self, game_id: int) -> TurnReminder | None:
        """The game's fired reminder still waiting to be posted, as the stored game stands; one whose turn is over
        is dropped (None)."""
        row = await self._store.pending_reminder(game_id)
        if row is None:
            return None
        async with self._cache.lock(game_id):
            table = (await self._cache.load(game_id, current=True)).table
        reminder = await self._reminder(table, row) if table.status == TableStatus.ACTIVE else None
        if reminder is None:
            await self._store.reminder_posted(row)
        return reminder

    async def reminder_posted(self, reminder: TurnReminder) -> None:
        """The reminder is out (or its channel is gone): it stops waiting."""
        kind = DeadlineKind.FINAL_REMINDER if reminder.final else DeadlineKind.REMINDER
        await self._store.reminder_posted(DeadlineRow(reminder.table.game_id, kind, 0.0, reminder.table.turn))

    async def _reminder(self, table: Table, deadline: DeadlineRow) -> TurnReminder | None:
        """What a reminder of `deadline`'s turn tells: whose turn, and when it expires (None: that turn is over)."""
        seat = next((s for s in table.acting if s.is_human), None)
        if table.turn != deadline.turn or seat is None:
            return None
        pending = await self._store.deadlines_of(table.game_id)
        expires = next((d.due_at for d in pending if d.kind == DeadlineKind.EXPIRY), deadline.due_at)
        return TurnReminder(table, seat, expires, final=deadline.kind != DeadlineKind.REMINDER)

    async def _expire_lobby(self, entry: Entry, deadline: DeadlineRow) -> LobbyExpired | None:
        """Close a lobby nobody started (its place is free again); a lobby that started or closed meanwhile
        only loses the deadline."""
        if entry.table.status != TableStatus.LOBBY:
            await self._store.take_deadline(deadline)
            return None
        expired = replace(entry.table, status=TableStatus.CANCELLED, end_reason=EndReason.EXPIRED)
        closed = await self._cache.save(entry, expired)
        return LobbyExpired(closed.table)
