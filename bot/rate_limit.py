"""Discord's global rate limit, kept by the bot instead of learned from 429s.

Discord lets a bot token make 50 requests a second across its whole API (interaction answers and followups
aside). discord.py only reacts: it sends as fast as it can, and after a global 429 sleeps and bursts again. Every
429 also counts toward Cloudflare's invalid-request limit (10,000 in 10 minutes, then the IP is banned for a
while). Here each request with the bot token waits its turn instead, so none is refused for the global limit.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp

from bot.store import ShardSet

DISCORD_GLOBAL_LIMIT = 50
"""Requests per second Discord allows a bot token by default (it raises it for large bots on request)."""


class RequestWindow:
    """At most `limit` requests in any `period` seconds, as the server counts them, whatever the network's jitter.

    A request holds its place from the moment it may start until `period` after its answer came back: the server
    saw it somewhere between those two moments, so any `limit` + 1 requests are at least `period` apart where they
    arrive, wherever each one's delay fell. (Counting from the start alone is not enough: a request delayed on the
    way and the one `limit` places after it, sent on time, would arrive closer than `period`.) Requests start in
    the order they asked, none is dropped; the cost is each request's round trip added to its place's second.
    """

    def __init__(self, limit: int, period: float = 1.0, *, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        if limit < 1 or period <= 0:
            raise ValueError(f"a window of {limit} requests in {period} s lets nothing through")
        self.limit, self.period = limit, period
        self._clock, self._sleep = clock, sleep
        self._ended: deque[float] = deque()  # when recent requests' answers came back, oldest first
        self._running = 0
        self._turn = asyncio.Lock()  # FIFO: one request at a time waits for a place, the others queue behind it
        self._one_ended = asyncio.Event()

    async def take(self) -> None:
        """Wait for a place; `give_back` when the request's answer has come (or it failed)."""
        async with self._turn:
            while True:
                now = self._clock()
                while self._ended and self._ended[0] + self.period <= now:
                    self._ended.popleft()
                if self._running + len(self._ended) < self.limit:
                    break
                if self._ended:  # a place frees itself `period` after the oldest answer
                    await self._sleep(self._ended[0] + self.period - now)
                else:  # every place is a request still running: its answer starts the countdown
                    self._one_ended.clear()
                    await self._one_ended.wait()
            self._running += 1

    def give_back(self) -> None:
        self._running -= 1
        self._ended.append(self._clock())
        self._one_ended.set()


def process_share(shards: ShardSet | None, limit: int = DISCORD_GLOBAL_LIMIT) -> int:
    """This process's part of the token's limit: every shard process of a token shares the one global limit, so
    each takes its shards' share of it, rounded down (at least 1 a second). No shards: the whole limit."""
    if shards is None:
        return limit
    return max(1, limit * len(shards.ids) // shards.count)


def token_request_trace(window: RequestWindow) -> aiohttp.TraceConfig:
    """An aiohttp trace (discord.py's `http_trace`) that holds every request made with the bot token to a place in
    `window`, from the moment aiohttp sends it to its answer (or its failure: aiohttp ends every request it started
    with one of the two). Held there rather than around discord.py's `HTTPClient.request`, which first waits for
    the route's own bucket (a channel's 5 messages in 5 s): a request waiting there holds no place, and a retry
    takes one of its own. Interaction answers and followups (/interactions/, /webhooks/: not bound by the global
    limit) and the gateway's connection (no token) are not held."""
    trace = aiohttp.TraceConfig()

    async def sent(session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestStartParams) -> None:
        if _with_token(params.headers.get("Authorization", ""), params.url.path):
            await window.take()
            context.placed = True

    async def answered(session: aiohttp.ClientSession, context: Any, params: Any) -> None:
        if getattr(context, "placed", False):
            context.placed = False
            window.give_back()

    trace.on_request_start.append(sent)
    trace.on_request_end.append(answered)
    trace.on_request_exception.append(answered)
    return trace


_INTERACTION_ROUTE = re.compile(r"/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+)(/|$)")
"""An interaction's answer (/interactions/{id}/{token}/callback) or followup (/webhooks/{application}/{token}...),
wherever the REST base puts them; a webhook read with the bot token (/webhooks/{id}) is not one."""


def _with_token(authorization: str, path: str) -> bool:
    return authorization.startswith("Bot ") and _INTERACTION_ROUTE.search(path) is None
