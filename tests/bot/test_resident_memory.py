"""The memory `shelfie-bot health` shows: the bot's own and its worker processes'."""
from __future__ import annotations

import os

from bot.resident_memory import memory_status
from bot.service.workers import Workers


async def test_the_memory_status_counts_every_live_worker_process() -> None:
    workers = await Workers(1).start()
    try:
        pids = workers.pids()
        status = memory_status(os.getpid(), pids)
    finally:
        await workers.close()
    assert status is not None
    assert status["processes"] == len(pids) == 2, "one process for pictures, one for computer moves"
    assert status["workers"] > 10 * 2**20 < status["bot"], "each holds its interpreter at least"
    assert memory_status(os.getpid(), [max(pids) + 10**6])["processes"] == 0, "a process that is gone holds nothing"
