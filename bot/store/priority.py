"""Who goes first to the embedded database: what a person waits on before what can wait.

The SQLite backend serialises every operation on its one connection with a lock that is held across each trip to the
database thread, so on a busy bot a move's commit queued behind the outbox's bookkeeping (reading what to post,
marking it sending, marking it posted: three operations a move, all after the move was answered). Through the real
wire at 80 closed-loop games the lock was busy 75% of the time and a move waited 21 ms (p99 128 ms) for it before
its own two trips. Work marked `background()` still runs in order among itself, but yields the lock to every waiter
that is not.
"""
from __future__ import annotations

import asyncio
import contextvars
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from types import TracebackType

_BACKGROUND: contextvars.ContextVar[bool] = contextvars.ContextVar("shelfie_store_background", default=False)


@contextmanager
def background() -> Iterator[None]:
    """The store operations of this block (in this task, and in tasks it starts) wait for the others."""
    token = _BACKGROUND.set(True)
    try:
        yield
    finally:
        _BACKGROUND.reset(token)


class PriorityLock:
    """An asyncio lock with two queues: a waiter outside `background()` is served before every background waiter,
    each queue in arrival order. The lock is handed to the next waiter on release, so nobody overtakes a waiter
    already chosen."""

    def __init__(self) -> None:
        self._held = False
        self._first: deque[asyncio.Future[None]] = deque()
        self._later: deque[asyncio.Future[None]] = deque()

    def locked(self) -> bool:
        return self._held

    async def __aenter__(self) -> None:
        if not self._held and not self._first and not self._later:
            self._held = True
            return
        queue = self._later if _BACKGROUND.get() else self._first
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue.append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release()  # handed the lock, then cancelled before using it: pass it on
            elif turn in queue:
                queue.remove(turn)
            raise

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        self._release()

    def _release(self) -> None:
        for queue in (self._first, self._later):
            while queue:
                turn = queue.popleft()
                if not turn.done():
                    turn.set_result(None)
                    return
        self._held = False
