"""The sandbox kept live while a person plays: simcord's clock on real time (or ahead of it, when the person skips to
the next deadline), and its page showing what the bot did.

simcord simulates Discord for tests, so its clock moves only when asked (`env.advance_time`) and its page shows the
snapshot published by the page's own last action. A sandbox left at that had turn deadlines that never fell due, every
message stamped with the start time, a reminder or an expiry's move invisible until the next click, and a page that
refused everything ("This command is unavailable in the current page") once one action outlasted the page's patience:
simcord marks the page stale then, and only a new action's publication would clear it, which a stale page refuses.

`LiveSandbox` runs the page's actions one at a time and, between them, moves the clock to the wall clock every
`TICK` (firing whatever fell due: the deadline dispatcher's sleep, discord.py task loops, simcord's own timers), then
publishes every page again when the bot changed anything (simcord's transcript of the bot's requests and gateway
events grew) or a page went stale. The page's **Skip to next deadline** (bot.sandbox_page) moves the clock to the
bot's next deadline at once, and from then on the clock runs that far ahead of the wall clock: a tester sees a
`turn_timeout:5m` turn reminded and expired without waiting five minutes, each message stamped with the sandbox's
time. It reaches into simcord's preview server and pages, as the page's key help does: simcord is pinned in
constraints.txt and tests/bot/test_sandbox_browser.py drives the page in Chromium.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

log = logging.getLogger("shelfie.sandbox")

TICK = 1.0
"""Real seconds between two moves of the simulated clock to the wall clock: how late a deadline may fire."""
SKIP_QUERY = ("sandbox", "skip-to-next-deadline")
"""The query (name, value) of the page's action route that asks the sandbox to skip to the next deadline."""


class LiveSandbox:
    """Real time and fresh pages for one entered simcord preview of `env`; `next_deadline` tells when the bot's next
    deadline falls due (epoch seconds on the simulated clock), None when it has none."""

    def __init__(self, env: Any, preview: Any, next_deadline: Callable[[], Awaitable[float | None]]) -> None:
        self._env = env
        self._preview = preview
        self._next_deadline = next_deadline
        self._one_at_a_time = asyncio.Lock()  # a page action, or a move of the clock: never both (simcord refuses)
        self._shown = len(env.backend.transcript)
        self.ahead = 0.0
        """Seconds the simulated clock runs ahead of the wall clock: what the skips to a deadline added up to."""

    def serve_actions(self) -> None:
        """Run the page's actions one at a time with the clock's moves (the clock moved to now first), and publish
        what each changed on the other pages; the action route also takes the page's skip to the next deadline."""
        from aiohttp import web

        server = self._preview._server
        act = server._action

        async def one_action(request: Any) -> Any:
            if request.query.get(SKIP_QUERY[0]) == SKIP_QUERY[1]:
                if not server._authorized(request):
                    raise web.HTTPUnauthorized()
                skipped = await self.skip_to_next_deadline()
                return web.json_response({"skipped": skipped, "ahead": self.ahead, "text": clock_note(self.ahead)},
                                         headers=server._SECURITY_HEADERS)
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

    async def skip_to_next_deadline(self) -> bool:
        """Move the clock to the bot's next deadline (firing it and whatever falls due on the way, at its own time)
        and keep it that far ahead of the wall clock; False when the bot has no deadline to skip to."""
        async with self._one_at_a_time:
            due = await self._next_deadline()
            if due is None:
                return False
            self.ahead = max(self.ahead, due - datetime.now(UTC).timestamp())
            await self._catch_up()
            self._publish()
            return True

    async def _catch_up(self) -> None:
        behind = datetime.now(UTC).timestamp() + self.ahead - self._env.now().timestamp()
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


def clock_note(ahead: float) -> str:
    """What the page says of the sandbox's clock: how far ahead of real time the skips have put it."""
    if ahead < 1:
        return ""
    minutes, seconds = divmod(round(ahead), 60)
    hours, minutes = divmod(minutes, 60)
    parts = [f"{hours} h" if hours else "", f"{minutes} min" if minutes else "", f"{seconds} s" if seconds else ""]
    return "clock +" + " ".join(part for part in parts if part)
