"""The bot's own keeping of Discord's global rate limit and of each channel's limit on new messages
(bot/rate_limit.py), on a clock the test moves: never more than the limit in any second (any 5 s of a channel), in
the order the requests asked, none lost, and no wait that was not needed."""

from __future__ import annotations

import asyncio
import heapq
from dataclasses import dataclass

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rate_limit import (CHANNEL_MESSAGES, CHANNEL_PERIOD, DISCORD_GLOBAL_LIMIT, ChannelWindows,
                            RequestWindow, process_share, token_request_trace)
from bot.store import ShardSet
from tests.patience import PATIENCE

PERIOD = 1.0
SETTLE_TURNS = 20  # turns of the event loop that let every task run as far as it can


class Clock:
    """Virtual time: `sleep` parks a task until the clock reaches its moment, and `run` moves the clock from one
    such moment to the next, earliest first, once every task that can run has run."""

    def __init__(self) -> None:
        self.now = 0.0
        self.parked: list[tuple[float, int, asyncio.Future[None]]] = []
        self._count = 0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self._count += 1
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self.parked, (self.now + seconds, self._count, woken))
        await woken

    async def run(self, tasks: list[asyncio.Task[None]]) -> None:
        while not all(task.done() for task in tasks):
            for _ in range(SETTLE_TURNS):
                await asyncio.sleep(0)
            while self.parked and self.parked[0][2].done():
                heapq.heappop(self.parked)  # a sleep cut short (its task went on another way)
            assert self.parked or all(task.done() for task in tasks), "every task waits, none on the clock"
            if self.parked:
                self.now, _, woken = heapq.heappop(self.parked)
                woken.set_result(None)
        for task in tasks:
            task.result()


@dataclass
class Request:
    asked: float = 0.0
    started: float = -1.0
    ended: float = -1.0


async def play(limit: int, plan: list[tuple[float, float, int]]) -> tuple[list[Request], list[int]]:
    """Requests ask one after another (each `gap` after the last), and each takes `trip` seconds and `hops`
    turns of the loop; returns them in the order they asked, and the order in which they started."""
    clock = Clock()
    window = RequestWindow(limit, PERIOD, clock=clock, sleep=clock.sleep)
    requests = [Request() for _ in plan]
    order: list[int] = []

    async def send(number: int, at: float, trip: float, hops: int) -> None:
        await clock.sleep(at)
        request = requests[number]
        request.asked = clock()
        await window.take()
        try:
            request.started = clock()
            order.append(number)
            for _ in range(hops):
                await asyncio.sleep(0)
            await clock.sleep(trip)
            request.ended = clock()
        finally:
            window.give_back()

    at, tasks = 0.0, []
    for number, (gap, trip, hops) in enumerate(plan):
        at += gap
        tasks.append(asyncio.ensure_future(send(number, at, trip, hops)))
    await asyncio.wait_for(clock.run(tasks), PATIENCE)
    return requests, order


plans = st.lists(st.tuples(st.sampled_from([0.0, 0.0, 0.001, 0.05, 0.3, 1.2]),
                           st.sampled_from([0.0, 0.002, 0.04, 0.5, 1.5]),
                           st.integers(0, 3)), min_size=1, max_size=60)


@settings(max_examples=150, deadline=None)
@given(limit=st.integers(1, 8), plan=plans)
async def test_no_second_ever_holds_more_than_the_limit(limit: int, plan: list[tuple[float, float, int]]) -> None:
    requests, order = await play(limit, plan)

    assert order == sorted(order), "requests start in the order they asked"
    assert all(request.ended >= request.started >= request.asked for request in requests), "none is lost"
    for number, request in enumerate(requests):
        # Where the server saw each request is anywhere between its start and its answer: this one as early as
        # it started, the earlier ones as late as their answers. Those still within a period are too close.
        close = [earlier for earlier in requests[:number] if earlier.ended + PERIOD > request.started]
        assert len(close) < limit, (number, request, close)


@settings(max_examples=150, deadline=None)
@given(limit=st.integers(1, 8), plan=plans)
async def test_a_request_waits_only_for_a_place_to_free(limit: int, plan: list[tuple[float, float, int]]) -> None:
    requests, _ = await play(limit, plan)

    for number, request in enumerate(requests):
        if number < limit:
            assert request.started == request.asked, "the first requests of a window go at once"
        elif request.started > max(request.asked, requests[number - 1].started):
            held = [earlier for earlier in requests[:number] if earlier.ended + PERIOD >= request.started]
            assert len(held) >= limit, "a request that waited did so while every place was held"


async def test_a_burst_beyond_the_limit_is_spread_over_seconds() -> None:
    requests, _ = await play(5, [(0.0, 0.0, 0)] * 12)

    assert [request.started for request in requests] == [0.0] * 5 + [1.0] * 5 + [2.0] * 2


async def test_a_request_waiting_behind_one_never_sent_takes_its_place_at_once() -> None:
    """A place given back unsent (its request cancelled before it was sent) is free at once, also for a request
    already waiting for the oldest answer's place to free: it waited that whole period."""
    clock = Clock()
    window = RequestWindow(2, PERIOD, clock=clock, sleep=clock.sleep)
    await window.take()
    window.give_back()  # answered at 0: its place is held for the period
    await window.take()  # a request that will be cancelled before it is sent
    waiting = asyncio.ensure_future(window.take())
    for _ in range(SETTLE_TURNS):
        await asyncio.sleep(0)
    assert not waiting.done(), "the window is full"
    window.give_back_unsent()
    await clock.run([waiting])
    assert clock.now == 0.0


async def test_an_answer_that_frees_no_place_sooner_does_not_wake_a_waiting_request() -> None:
    """A request waiting for the oldest answer's place is woken by a place given back unsent (free at once) or by
    the first answer of a window of running requests (its countdown starts), not by a later answer, which frees no
    place sooner: woken by each, it looked again and went back to sleep, one wake per answer."""
    clock = Clock()
    window = RequestWindow(3, PERIOD, clock=clock, sleep=clock.sleep)
    for _ in range(3):
        await window.take()
    window.give_back()  # answered at 0: the oldest answer
    waiting = asyncio.ensure_future(window.take())
    for _ in range(SETTLE_TURNS):
        await asyncio.sleep(0)
    window.give_back()
    window.give_back()
    for _ in range(SETTLE_TURNS):
        await asyncio.sleep(0)
    assert len(clock.parked) == 1, "it slept once (every sleep begun stays parked until the clock passes it)"
    await clock.run([waiting])
    assert clock.now == PERIOD, "it went when the oldest place freed, not before"


@settings(max_examples=100, deadline=None)
@given(limit=st.integers(1, 4), plan=st.lists(st.tuples(st.sampled_from([0.0, 0.0, 0.3, 1.2]),
                                                        st.sampled_from([0.0, 0.04, 1.5]), st.booleans()),
                                              min_size=1, max_size=30))
async def test_places_given_back_unsent_or_answered_never_let_two_requests_through_one_place(
        limit: int, plan: list[tuple[float, float, bool]]) -> None:
    """Requests cancelled before they were sent give their places back at once, the others when answered: at no
    moment do more than `limit` requests run, nor more than `limit` sent ones fall within a period."""
    clock = Clock()
    window = RequestWindow(limit, PERIOD, clock=clock, sleep=clock.sleep)
    sent: list[list[float]] = []  # [start, answer] of each request sent, in the order they started

    async def send(at: float, trip: float, unsent: bool) -> None:
        await clock.sleep(at)
        await window.take()
        if unsent:
            window.give_back_unsent()
            return
        request = [clock(), float("inf")]
        sent.append(request)
        await clock.sleep(trip)
        request[1] = clock()
        window.give_back()

    at, tasks = 0.0, []
    for gap, trip, unsent in plan:
        at += gap
        tasks.append(asyncio.ensure_future(send(at, trip, unsent)))
    await asyncio.wait_for(clock.run(tasks), PATIENCE)
    assert len(sent) == sum(1 for _, _, unsent in plan if not unsent), "none lost"
    for number, (started, _) in enumerate(sent):
        close = [earlier for earlier in sent[:number] if earlier[1] + PERIOD > started]
        assert len(close) < limit, (number, sent)


async def post_in_channels(windows: ChannelWindows, clock: Clock, plan: list[tuple[float, int]],
                           trip: float = 0.01) -> list[tuple[int, float, float]]:
    """New messages, each asking `gap` after the last in its channel, answered `trip` after it starts; returns
    (channel, start, answer) per message in the order they asked."""
    posted: list[tuple[int, float, float]] = [(channel, -1.0, -1.0) for _, channel in plan]

    async def post(number: int, at: float, channel: int) -> None:
        await clock.sleep(at)
        window = windows.of(str(channel))
        await window.take()
        try:
            started = clock()
            await clock.sleep(trip)
            posted[number] = (channel, started, clock())
        finally:
            window.give_back()

    at, tasks = 0.0, []
    for number, (gap, channel) in enumerate(plan):
        at += gap
        tasks.append(asyncio.ensure_future(post(number, at, channel)))
    await asyncio.wait_for(clock.run(tasks), PATIENCE)
    return posted


async def test_a_channel_takes_five_new_messages_in_any_five_seconds_and_another_channel_never_waits_for_it() -> None:
    clock = Clock()
    clock.now = 100.0  # the process started long ago
    windows = ChannelWindows(clock=clock, sleep=clock.sleep)
    clock.now = 200.0
    posted = await post_in_channels(windows, clock, [(0.0, 1)] * 12 + [(0.0, 2)] * 3 + [(0.2, 1), (0.0, 2)])

    busy = [(start, end) for channel, start, end in posted if channel == 1]
    assert len(busy) == 13 and all(end > start >= 200.0 for start, end in busy), "every message went, none lost"
    assert [start for start, _ in busy] == sorted(start for start, _ in busy), "in the order they asked"
    for number in range(CHANNEL_MESSAGES, len(busy)):
        assert busy[number][0] >= busy[number - CHANNEL_MESSAGES][1] + CHANNEL_PERIOD, number
    assert [start for channel, start, _ in posted if channel == 2] == [200.0] * 3 + [200.2], "the other went at once"
    assert busy[0][0] == 200.0 and busy[CHANNEL_MESSAGES][0] > 205.0


async def test_a_process_that_has_just_started_treats_a_channel_as_full_until_five_seconds_have_passed() -> None:
    """Its predecessor may have posted the channel's five a moment before it was stopped."""
    clock = Clock()
    windows = ChannelWindows(clock=clock, sleep=clock.sleep)
    clock.now = 2.0
    posted = await post_in_channels(windows, clock, [(0.0, 1)] * 6)

    assert [start for _, start, _ in posted] == [CHANNEL_PERIOD] * 5 + [CHANNEL_PERIOD * 2 + 0.01]
    clock.now = 30.0
    later = await post_in_channels(windows, clock, [(0.0, 3)] * 5)
    assert [start for _, start, _ in later] == [30.0] * 5, "a channel met later starts empty"


async def test_a_channel_s_window_is_forgotten_once_it_holds_nothing() -> None:
    clock = Clock()
    windows = ChannelWindows(clock=clock, sleep=clock.sleep)
    clock.now = 10.0
    await post_in_channels(windows, clock, [(0.0, channel) for channel in range(1_000)])
    assert len(windows) == 1_000
    clock.now += CHANNEL_PERIOD + 1
    await post_in_channels(windows, clock, [(0.0, 5_000)])
    assert len(windows) == 1, "the idle windows were dropped"


def test_shard_processes_share_the_token_s_limit() -> None:
    assert process_share(None) == DISCORD_GLOBAL_LIMIT
    assert process_share(ShardSet(4, frozenset({0, 1, 2, 3}))) == 50
    three, one = process_share(ShardSet(4, frozenset({0, 1, 2}))), process_share(ShardSet(4, frozenset({3})))
    assert (three, one) == (37, 12) and three + one <= DISCORD_GLOBAL_LIMIT
    assert process_share(ShardSet(64, frozenset({5}))) == 1, "a process always gets to send"


async def test_requests_with_the_token_hold_places_where_aiohttp_sends_them_and_interaction_answers_do_not() -> None:
    """The bot's HTTP session as discord.py builds it (with the trace as its `http_trace`) against a real server: a
    request with the token waits for a place, interaction answers and followups never do, and a request that
    fails gives its place back."""
    seen: list[str] = []

    async def answer(request: web.Request) -> web.Response:
        seen.append(request.path)
        return web.json_response({})

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", answer)
    server = TestServer(app)
    await server.start_server()
    now, moved = [0.0], asyncio.Event()

    async def sleep(seconds: float) -> None:
        await moved.wait()

    window = RequestWindow(1, PERIOD, clock=lambda: now[0], sleep=sleep)
    now[0] = -CHANNEL_PERIOD  # the process started a while ago: its channels' windows start empty
    channels = ChannelWindows(clock=lambda: now[0], sleep=sleep)
    now[0] = 0.0
    try:
        async with aiohttp.ClientSession(trace_configs=[token_request_trace(window, channels)]) as session:
            async def call(url: str, *, token: bool = True) -> None:
                headers = {"Authorization": "Bot secret"} if token else {}
                async with session.post(url, headers=headers) as response:
                    await response.read()

            await call(str(server.make_url("/api/v10/channels/1/messages")))
            held = asyncio.ensure_future(call(str(server.make_url("/api/v10/channels/2/messages"))))
            await call(str(server.make_url("/api/v10/interactions/9/token/callback")), token=False)
            await call(str(server.make_url("/api/v10/webhooks/7/token")))  # a followup, sent with the token too
            assert not held.done(), "the window's one place is taken for a second"
            assert seen == ["/api/v10/channels/1/messages", "/api/v10/interactions/9/token/callback",
                            "/api/v10/webhooks/7/token"]
            now[0] = 1.0
            moved.set()
            await asyncio.wait_for(held, PATIENCE)
            assert seen[-1] == "/api/v10/channels/2/messages"

            now[0] = 5.0
            with pytest.raises(aiohttp.ClientConnectionError):
                await call("http://127.0.0.1:1/api/v10/channels/3/messages")  # nobody listens there
            now[0] = 7.0
            await asyncio.wait_for(call(str(server.make_url("/api/v10/channels/4/messages"))), PATIENCE)
            assert seen[-1] == "/api/v10/channels/4/messages", "the failed request gave its place back"
    finally:
        await server.close()


async def test_a_new_message_waits_for_its_channel_without_holding_back_the_token_s_other_requests() -> None:
    """Through the bot's HTTP session against a real server: the sixth new message in a channel within five
    seconds waits for its channel (holding no place of the global window), while an edit in that channel, a
    message in another channel and the global window's other requests go."""
    seen: list[str] = []

    async def answer(request: web.Request) -> web.Response:
        seen.append(f"{request.method} {request.path}")
        return web.json_response({})

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", answer)
    server = TestServer(app)
    await server.start_server()
    now, moved = [-CHANNEL_PERIOD], asyncio.Event()

    async def sleep(seconds: float) -> None:
        await moved.wait()

    channels = ChannelWindows(clock=lambda: now[0], sleep=sleep)
    now[0] = 0.0
    window = RequestWindow(CHANNEL_MESSAGES + 3, PERIOD, clock=lambda: now[0], sleep=sleep)
    try:
        async with aiohttp.ClientSession(trace_configs=[token_request_trace(window, channels)]) as session:
            async def call(method: str, path: str) -> None:
                async with session.request(method, str(server.make_url(path)),
                                           headers={"Authorization": "Bot secret"}) as response:
                    await response.read()

            for _ in range(CHANNEL_MESSAGES):
                await call("POST", "/api/v10/channels/1/messages")
            held = asyncio.ensure_future(call("POST", "/api/v10/channels/1/messages"))
            await call("PATCH", "/api/v10/channels/1/messages/5")
            await call("POST", "/api/v10/channels/2/messages")
            await call("GET", "/api/v10/channels/1/messages")
            assert not held.done(), "the channel's five places are taken for five seconds"
            assert seen[CHANNEL_MESSAGES:] == ["PATCH /api/v10/channels/1/messages/5", "POST /api/v10/channels/2/messages",
                                               "GET /api/v10/channels/1/messages"], "the others went"
            now[0] = CHANNEL_PERIOD + 1
            moved.set()
            await asyncio.wait_for(held, PATIENCE)
            assert seen[-1] == "POST /api/v10/channels/1/messages" and len(seen) == CHANNEL_MESSAGES + 4
    finally:
        await server.close()


async def test_a_new_message_cancelled_while_it_waits_for_the_token_s_window_leaves_its_channel_s_place_unused() -> None:
    """A new message holds its channel's place while it waits for the token's window; cancelled there (its task
    cancelled: the bot stopping, a timeout), it was never sent, so its channel may still take five messages at once:
    it was counted as posted, and its channel lost a message's place for five seconds."""
    now, never = [-CHANNEL_PERIOD], asyncio.Event()

    async def sleep(seconds: float) -> None:
        await never.wait()

    channels = ChannelWindows(clock=lambda: now[0], sleep=sleep)
    now[0] = 0.0
    window = RequestWindow(1, PERIOD, clock=lambda: now[0], sleep=sleep, full_at=now[0])  # full for a second
    in_channel = channels.of("1")
    async with aiohttp.ClientSession(trace_configs=[token_request_trace(window, channels)]) as session:
        async def post() -> None:
            async with session.post("http://127.0.0.1:1/api/v10/channels/1/messages",
                                    headers={"Authorization": "Bot secret"}):
                pass

        posting = asyncio.ensure_future(post())
        for _ in range(SETTLE_TURNS):
            await asyncio.sleep(0)
        assert in_channel is channels.of("1") and not in_channel.idle(), "it holds its channel's place"
        posting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await posting
    assert in_channel.idle(), "its place is free at once, not counted as a message posted"
