"""simcord's Env as the suite needs it on a busy machine: it waits as long as the bot works, and the bot's clock
moves only when a test moves it.

simcord gives the bot's work `settle_timeout` real seconds (5 by default) to finish, and lets each of the bot's
timers fire on a real-time fallback too. On a machine whose cores are busy with other work, a move with its
pictures outlasts 5 s; and a longer `settle_timeout` alone would let a settle sit out any timer due within it (a
turn's reminder 30 s away would fire while a test waits for a click's answer, at a moment set by the load). Here:
- the bot's work gets `PATIENCE` real seconds, a bound on a hang, not on speed;
- a timer further away than `SHORT_TIMER` fires only when the test moves the clock (`env.advance_time`), whatever
  the load; a shorter one (a retry's 1 s pause) keeps simcord's real-time fallback, as it had with the default.
"""

from __future__ import annotations

from typing import Any

import discord
import simcord

from tests.patience import PATIENCE

SHORT_TIMER = 5.0
"""Virtual seconds: a bot timer due within this fires on real time too (simcord's default window, which every test
was written against); a later one only by the test's `advance_time`."""


class PatientEnv(simcord.Env):
    """A simcord Env whose settling waits up to PATIENCE and whose long timers are the test's to fire."""

    def __init__(self, bot: discord.Client, *, settle_timeout: float = PATIENCE, **options: Any) -> None:
        super().__init__(bot, settle_timeout=settle_timeout, **options)

    def _schedule_timer(self, record: Any, callback: Any, args: tuple[Any, ...], schedule_context: Any) -> None:
        super()._schedule_timer(record, callback, args, schedule_context)
        if record.real_handle is not None and record.when - self._virtual_time > SHORT_TIMER:
            record.real_handle.cancel()
            record.real_handle = None


class run(simcord.run):  # noqa: N801 - named like the simcord.run it stands in for
    """`async with run(bot) as env:` as with `simcord.run`, the env a PatientEnv."""

    def __init__(self, bot: discord.Client, **options: Any) -> None:
        self._env = PatientEnv(bot, **options)
