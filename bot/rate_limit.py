"""Discord's global rate limit and its limit on a channel's new messages, kept by the bot instead of learned from
429s.

Discord lets a bot token make 50 requests a second across its whole API (interaction answers and followups
aside). discord.py only reacts: it sends as fast as it can, and after a global 429 sleeps and bursts again. Every
429 also counts toward Cloudflare's invalid-request limit (10,000 in 10 minutes, then the IP is banned for a
while). Here each request with the bot token waits its turn instead, so none is refused for the global limit.

Each channel (a DM or a thread too) takes 5 new messages from a bot token in 5 s (POST /channels/{id}/messages:
interaction answers and followups are not counted there either). discord.py keeps that bucket from the headers of
its answers, but only once it has seen one: a process that has just started sends its first message to a channel
blind, and its predecessor may have used the window up a moment before. So new messages also wait for a place in
their channel's window, and a channel a new process meets in its first `CHANNEL_PERIOD` counts as full until then.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp

from bot.store import ShardSet

DISCORD_GLOBAL_LIMIT = 50
"""Requests per second Discord allows a bot token by default (it raises it for large bots on request)."""
CHANNEL_MESSAGES = 5
CHANNEL_PERIOD = 5.0
"""New messages a bot token may post in one channel per period: Discord's bucket for the route, as the X-RateLimit
headers of its answers give it (discord.py's books follow those headers too, should Discord ever lower it)."""


class RequestWindow:
    """At most `limit` requests in any `period` seconds, as the server counts them, whatever the network's jitter.

    A request holds its place from the moment it may start until `period` after its answer came back: the server
    saw it somewhere between those two moments, so any `limit` + 1 requests are at least `period` apart where they
    arrive, wherever each one's delay fell. (Counting from the start alone is not enough: a request delayed on the
    way and the one `limit` places after it, sent on time, would arrive closer than `period`.) Requests start in
    the order they asked, none is dropped; the cost is each request's round trip added to its place's second.
    """

    def __init__(self, limit: int, period: float = 1.0, *, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep, full_at: float | None = None) -> None:
        """`full_at`: the window starts as if `limit` requests had been answered at that moment."""
        if limit < 1 or period <= 0:
            raise ValueError(f"a window of {limit} requests in {period} s lets nothing through")
        self.limit, self.period = limit, period
        self._clock, self._sleep = clock, sleep
        # when recent requests' answers came back, oldest first
        self._ended: deque[float] = deque([] if full_at is None else [full_at] * limit)
        self._running = 0
        self._asking = 0  # requests waiting for a place
        self._turn = asyncio.Lock()  # FIFO: one request at a time waits for a place, the others queue behind it
        self._one_ended = asyncio.Event()

    async def take(self) -> None:
        """Wait for a place; `give_back` when the request's answer has come (or it failed)."""
        self._asking += 1
        try:
            async with self._turn:
                while True:
                    now = self._forget_ended()
                    if self._running + len(self._ended) < self.limit:
                        break
                    self._one_ended.clear()
                    if self._ended:  # a place frees itself `period` after the oldest answer, or when one is unsent
                        await _first_of(self._sleep(self._ended[0] + self.period - now), self._one_ended.wait())
                    else:  # every place is a request still running: its answer starts the countdown
                        await self._one_ended.wait()
                self._running += 1
        finally:
            self._asking -= 1

    def give_back(self) -> None:
        """The request's answer came: its place frees `period` from now. A request waiting for the oldest answer's
        place to free is woken only when this answer is the oldest (it was waiting for any answer to come): a later
        answer frees no place sooner, and waking it would only have it look again."""
        self._running -= 1
        self._ended.append(self._clock())
        if len(self._ended) == 1:
            self._one_ended.set()

    def give_back_unsent(self) -> None:
        """The place of a request that was never sent (cancelled while it waited for another window): free at once,
        not counted for the period as a sent one is."""
        self._running -= 1
        self._one_ended.set()

    def idle(self) -> bool:
        """Whether the window holds nothing: no request running or waiting, none answered within the period."""
        self._forget_ended()
        return not (self._running or self._asking or self._ended)

    def _forget_ended(self) -> float:
        """Drops the answers older than the period; returns the time now."""
        now = self._clock()
        while self._ended and self._ended[0] + self.period <= now:
            self._ended.popleft()
        return now


async def _first_of(*waits: Awaitable[Any]) -> None:
    """Wait until one of the waits is over; the others are cancelled."""
    tasks = [asyncio.ensure_future(wait) for wait in waits]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()


class ChannelWindows:
    """A window of CHANNEL_MESSAGES new messages per CHANNEL_PERIOD for each channel, made when the channel is first
    met and dropped once idle. The process cannot know what was posted before it started: a channel met within
    the period after `started` starts full as of then."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        self._clock, self._sleep = clock, sleep
        self._started = clock()
        self._windows: OrderedDict[str, RequestWindow] = OrderedDict()  # by channel id, least recently used first

    def __len__(self) -> int:
        return len(self._windows)

    def of(self, channel_id: str) -> RequestWindow:
        """The channel's window (take a place in it and give it back as in any window)."""
        window = self._windows.pop(channel_id, None)
        while self._windows and next(iter(self._windows.values())).idle():
            self._windows.popitem(last=False)
        if window is None:
            young = self._clock() < self._started + CHANNEL_PERIOD
            window = RequestWindow(CHANNEL_MESSAGES, CHANNEL_PERIOD, clock=self._clock, sleep=self._sleep,
                                   full_at=self._started if young else None)
        self._windows[channel_id] = window
        return window


def process_share(shards: ShardSet | None, limit: int = DISCORD_GLOBAL_LIMIT) -> int:
    """This process's part of the token's limit: every shard process of a token shares the one global limit, so
    each takes its shards' share of it, rounded down (at least 1 a second). No shards: the whole limit."""
    if shards is None:
        return limit
    return max(1, limit * len(shards.ids) // shards.count)


def token_request_trace(window: RequestWindow, channels: ChannelWindows) -> aiohttp.TraceConfig:
    """An aiohttp trace (discord.py's `http_trace`) that holds every request made with the bot token to a place in
    `window`, and a new message also to a place in its channel's window of `channels` (taken first: a message
    waiting for its channel holds no place of the global window), from the moment aiohttp sends it to its answer
    (or its failure: aiohttp ends every request it started with one of the two). Held there rather than around
    discord.py's `HTTPClient.request`, which first waits for the route's own bucket as the headers gave it: a request
    waiting there holds no place, and a retry takes one of its own. Interaction answers and followups (/interactions/,
    /webhooks/: not bound by these limits) and the gateway's connection (no token) are not held."""
    trace = aiohttp.TraceConfig()

    async def sent(session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestStartParams) -> None:
        if not _with_token(params.headers.get("Authorization", ""), params.url.path):
            return
        channel = _new_message_channel(params.method, params.url.path)
        in_channel = None if channel is None else channels.of(channel)
        if in_channel is not None:
            await in_channel.take()
        try:
            await window.take()
        except BaseException:  # cancelled while waiting: nothing was sent
            if in_channel is not None:
                in_channel.give_back_unsent()
            raise
        context.placed, context.in_channel = True, in_channel

    async def answered(session: aiohttp.ClientSession, context: Any, params: Any) -> None:
        if getattr(context, "placed", False):
            context.placed = False
            window.give_back()
            if context.in_channel is not None:
                context.in_channel.give_back()

    trace.on_request_start.append(sent)
    trace.on_request_end.append(answered)
    trace.on_request_exception.append(answered)
    return trace


_INTERACTION_ROUTE = re.compile(r"/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+)(/|$)")
"""An interaction's answer (/interactions/{id}/{token}/callback) or followup (/webhooks/{application}/{token}...),
wherever the REST base puts them; a webhook read with the bot token (/webhooks/{id}) is not one."""


_NEW_MESSAGE = re.compile(r"/channels/(\d+)/messages$")
"""A channel's messages (POST: a new one), wherever the REST base puts them."""


def _with_token(authorization: str, path: str) -> bool:
    return authorization.startswith("Bot ") and _INTERACTION_ROUTE.search(path) is None


def _new_message_channel(method: str, path: str) -> str | None:
    """The id of the channel a request posts a new message in, or None."""
    found = _NEW_MESSAGE.search(path) if method == "POST" else None
    return None if found is None else found.group(1)
