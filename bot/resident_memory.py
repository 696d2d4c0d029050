"""How much memory the bot's process and its worker processes hold, for the operator's `shelfie-bot health`.

A bot serves for months: memory that grows with every game played (a cache without a bound, a list nobody
empties) only shows after thousands of games, long after any test. The heartbeat records the resident memory
(RSS) of the process and of its workers every 30 s, so an operator can watch it level off, or see it climb.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path


def resident_bytes(pid: int) -> int | None:
    """The resident memory of process `pid`, or None where the system does not say (no /proc: not Linux) or the
    process is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return None


def memory_status(bot_pid: int, worker_pids: Iterable[int]) -> dict[str, int] | None:
    """{"bot": bytes, "workers": bytes summed, "processes": how many workers}, or None where RSS is unknown."""
    bot = resident_bytes(bot_pid)
    if bot is None:
        return None
    workers = [found for found in map(resident_bytes, worker_pids) if found is not None]
    return {"bot": bot, "workers": sum(workers), "processes": len(workers)}


def memory_text(status: dict[str, int]) -> str:
    """The operator's words for a memory status: "memory: bot 112 MB, 3 workers 254 MB"."""
    processes = status["processes"]
    workers = f", {processes} worker{'' if processes == 1 else 's'} {status['workers'] / 2**20:.0f} MB" if processes else ""
    return f"memory: bot {status['bot'] / 2**20:.0f} MB{workers}"
