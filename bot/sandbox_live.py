"""The sandbox kept live while a person plays: simcord's clock on real time, and its page showing what the bot did.

simcord simulates Discord for tests, so its clock moves only when asked (`env.advance_time`) and its page shows the
snapshot published by the page's own last action. A sandbox left at that had turn deadlines that never fell due, every
message stamped with the start time, a reminder or an expiry's move invisible until the next click, and a page that
refused everything ("This command is unavailable in the current page") once one action outlasted the page's patience:
simcord marks the page stale then, and only a new action's publication would clear it, which a stale page refuses.

`LiveSandbox` runs the page's actions one at a time and, between them, moves the clock to the wall clock every
`TICK` (firing whatever fell due: the deadline dispatcher's sleep, discord.py task loops, simcord's own timers), then
publishes every page again when the bot changed anything (simcord's transcript of the bot's requests and gateway
events grew) or a page went stale. It reaches into simcord's preview server and pages, as the page's key help does:
simcord is pinned in constraints.txt and tests/bot/test_sandbox_browser.py drives the page in Chromium.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import Any

log = logging.getLogger("shelfie.sandbox")

TICK = 1.0
"""Real seconds between two moves of the simulated clock to the wall clock: how late a deadline may fire."""


class LiveSandbox:
    """Real time and fresh pages for one entered simcord preview of `env`."""

    def __init__(self, env: Any, preview: Any) -> None:
        self._env = env
        self._preview = preview
        self._one_at_a_time = asyncio.Lock()  # a page action, or a move of the clock: never both (simcord refuses)
        self._shown = len(env.backend.transcript)

    def serve_actions(self) -> None:
        """Run the page's actions one at a time with the clock's moves (the clock moved to now first), and publish
        what each changed on the other pages."""
        server = self._preview._server
        act = server._action

        async def one_action(request: Any) -> Any:
            async with self._one_at_a_time:
                await self._catch_up()  # what the action posts carries the time it is done at
                response = await act(request)
                self._publish(acting=request.headers.get("X-Simcord-Context"))
            return response

        server._action = one_action

    async def run(self) -> None:
        """Never returns: each `TICK`, move the clock to the wall clock and publish what the bot did meanwhile."""
        while True:
            await asyncio.sleep(TICK)
            async with self._one_at_a_time:
                await self._catch_up()
                self._publish()

    async def _catch_up(self) -> None:
        behind = (datetime.now(UTC) - self._env.now()).total_seconds()
        if behind <= 0:
            return
        try:
            await self._env.advance_time(behind)
        except TimeoutError:
            # The bot is still at work after the page's patience (a busy machine): simcord kept the progress made,
            # and the next tick goes on from there.
            log.info("sandbox: the bot is still busy; the clock catches up at the next tick")

    def _publish(self, acting: str | None = None) -> None:
        """Publish each page again (the acting one only when its action left it stale) when the bot changed something
        since the last publication; a stale page always, so that it takes actions again and shows where things are."""
        changed = len(self._env.backend.transcript) != self._shown
        self._shown = len(self._env.backend.transcript)
        self._preview._advance_presentation_time()
        for page in tuple(self._preview._pages.values()):
            stale = page.status == "stale"
            if page.id in self._preview._pages and (stale or (changed and page.id != acting)):
                self._preview._publish(page, reason="refresh")
