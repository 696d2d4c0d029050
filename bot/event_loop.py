"""The event loop the bot serves Discord on: uvloop where it is installed (Linux, macOS), asyncio's own elsewhere.

Every move is a handful of HTTP requests and gateway frames; uvloop (libuv) runs the sockets, timers and
callbacks of that traffic for less CPU than asyncio's pure-Python selector loop, which leaves more of the two
cores to pictures. The sandbox keeps asyncio's loop: simcord runs it on a virtual clock and no socket traffic.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

try:
    import uvloop
except ImportError:  # Windows: uvloop has no build there
    uvloop = None


def run(main: Coroutine[Any, Any, T]) -> T:
    """asyncio.run, on uvloop when it is available."""
    if uvloop is None:
        return asyncio.run(main)
    return uvloop.run(main)


def describe() -> str:
    """What the running loop is, for the operator's log: "uvloop" or "asyncio"."""
    return "uvloop" if uvloop is not None and isinstance(asyncio.get_running_loop(), uvloop.Loop) else "asyncio"
