"""How long a test waits for something that must happen before it calls it a hang.

Tests wait for events (a message posted, a line printed, a file written), never for a fixed time, and assert
behaviour, never speed (speed is `python -m bench`'s). What they do wait for takes milliseconds on a quiet machine
and many times that on one whose cores are busy with other work (`make test-busy`), so the only bound on a wait is
this one: generous enough that no amount of load reaches it, short enough that a hang fails the test instead of the
run.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

PATIENCE = 120.0
"""Real seconds: the bound on any wait in the suite (simcord's settling, a subprocess's answer, a poll)."""

POLL = 0.01
"""Real seconds between two looks at something that gives no event to wait on (a file, another process's state)."""


async def eventually(check: Callable[[], bool], what: str) -> None:
    """Return once `check()` holds, looking every `POLL` seconds; fail saying `what` never happened after PATIENCE."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + PATIENCE
    while not check():
        if loop.time() > give_up:
            raise AssertionError(f"{what} did not happen within {PATIENCE:g} s")
        await asyncio.sleep(POLL)
