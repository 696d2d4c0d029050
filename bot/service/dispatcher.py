"""The one task per process that fires due deadlines.

Deadlines live in the database (written in the same transaction as the move that starts the turn),
so a restart loses none: the dispatcher simply fires whatever is already due, then sleeps until the
earliest one. The service wakes it when a move stores a deadline earlier than the one it sleeps on.
"""
from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.service.models import DeadlineEvent

log = logging.getLogger(__name__)

MAX_SLEEP = 600.0
"""Re-read the earliest deadline at least this often, so a wall clock that jumps (suspend, NTP) is caught."""
RETRY_DELAY = 1.0
"""After an unexpected error (a database hiccup, a failing event handler) wait this long, then carry on."""


class DeadlineSource(Protocol):
    """What the dispatcher needs of the service (the TableService is one)."""

    clock: Callable[[], float]

    async def next_deadline(self) -> float | None: ...

    async def fire_due(self, now: float | None = None) -> list[DeadlineEvent]: ...

    def add_deadline_listener(self, listener: Callable[[float], None]) -> None: ...

    def remove_deadline_listener(self, listener: Callable[[float], None]) -> None: ...


class DeadlineDispatcher:
    """Fires due deadlines through `service.fire_due` and hands the events to `on_events`.

    `start()` inside a running loop; `stop()` on shutdown. Sleeping uses the event loop's timers, so a
    simulated loop (simcord's `advance_time`) drives it together with the service's injected clock.
    """

    def __init__(self, service: DeadlineSource, on_events: Callable[[list[DeadlineEvent]], Awaitable[None]]) -> None:
        self._service = service
        self._on_events = on_events
        self._woken = False
        self._sleeper: asyncio.Task[None] | None = None
        self._sleeping_until = math.inf
        self._task: asyncio.Task[None] | None = None
        self._listening = False

    def start(self) -> None:
        if self._task is None or self._task.done():
            if not self._listening:
                self._service.add_deadline_listener(self._deadline_stored)
                self._listening = True
            self._task = asyncio.get_running_loop().create_task(self._run(), name="shelfie-deadlines")

    async def stop(self) -> None:
        self._service.remove_deadline_listener(self._deadline_stored)
        self._listening = False
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    def wake(self) -> None:
        """Re-read the earliest deadline now, e.g. after the service's clock jumped (a test's fake clock)."""
        self._woken = True
        if self._sleeper is not None:
            self._sleeper.cancel()

    def _deadline_stored(self, due_at: float) -> None:
        if due_at < self._sleeping_until:
            self.wake()

    async def _run(self) -> None:
        """Never ends on its own: an error in one round is logged and the next round starts shortly after."""
        while True:
            try:
                await self._round()
            except Exception:
                log.exception("deadline dispatcher round failed; retrying in %s s", RETRY_DELAY)
                await asyncio.sleep(RETRY_DELAY)

    async def _round(self) -> None:
        """Fire what is due, or sleep until the earliest deadline (or a wake)."""
        self._sleeping_until = math.inf  # any deadline stored while we look wakes the wait below
        self._woken = False
        due = await self._service.next_deadline()
        now = self._service.clock()
        if due is not None and due <= now:
            events = await self._service.fire_due(now)
            if events:
                await self._on_events(events)
            return
        self._sleeping_until = math.inf if due is None else due
        delay = MAX_SLEEP if due is None else min(MAX_SLEEP, due - now)
        if self._woken:
            return
        # A plain sleep in a child task, cancelled to wake early: simcord's advance_time understands
        # asyncio.sleep, not an Event wait with a timeout (see /work/notes/simcord.md).
        self._sleeper = asyncio.get_running_loop().create_task(asyncio.sleep(delay))
        try:
            await self._sleeper
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                raise
        finally:
            self._sleeper = None
