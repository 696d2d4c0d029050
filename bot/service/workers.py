"""Worker processes for the CPU-heavy calls (pictures, computer moves), so the event loop never waits on them.

Threads would share the GIL with the event loop (a hard computer's move lagged every other answer by
tens of milliseconds); processes use every core. Two lanes of up to `count` processes each, forked from a
forkserver that has already imported the engine and Pillow (plain fork is unsafe in a process with an
event loop and threads):
- `draw` for pictures, which people are waiting for, at a slightly lower CPU priority than the bot's own
  process (niceness 5): on a machine whose cores are all busy the event loop, which answers every interaction,
  comes first (measured in `bench load` on a busy shared 2-core machine, two runs each at 40 and 80 games: the
  first answer to an interaction p50 5-11 ms instead of 15-478 ms, p99 214-637 ms instead of 512-1,759 ms,
  moves/s and move -> turn picture no worse);
- `think` for computer moves, whose processes run at a lower CPU priority still (niceness 10), so twenty hard
  computers thinking at once never slow a picture or the bot's own answers; one is started warm, the others
  only when computer moves overlap.
At most two calls per process are handed to a lane; the rest wait on the event loop (backpressure
without a growing pipe). A worker that dies is replaced and its call retried once, then run in the
bot's process; a call stuck for `timeout` seconds restarts its lane and raises TimeoutError, so no
game ever hangs. A lane is replaced in a thread (killing, shutting down and spawning processes blocks), and
calls wait for its new processes to be warm before their own `timeout` starts: it measures the call alone.
`count=0` runs every call in a thread of the bot's own process (tests, small hosts).

Process-wide: the bot installs one pool at start (`install`) and closes it last; the service and the
presenters reach it through `workers()`. Jobs are plain module-level functions (pickled by name), and
give the same results in either mode: same seed -> same move, same state -> same picture bytes.
"""

from __future__ import annotations

import asyncio
import contextvars
import ctypes
import ctypes.util
import logging
import multiprocessing
import os
import select
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger("shelfie.workers")

T = TypeVar("T")
CALL_TIMEOUT = 60.0  # far above a hard move (< 1 s) or a picture (< 0.1 s): only a stuck worker gets there
CALLS_PER_PROCESS = 2  # handed to a lane at once; one running, one ready, the rest wait on the loop
THINKING_NICENESS = 10  # computer moves yield the CPU to pictures and to the event loop
DRAWING_NICENESS = 5
"""Pictures yield the CPU to the event loop when both want it: the loop's answers wait for nothing else, a picture
still gets every cycle the loop leaves (measured in `bench load` at 40 and 80 games, see the module docstring)."""
PRELOAD = ("render", "render.warm", "engine.registry", "bot.service.workers")
MAX_WORKERS = 64


def default_count() -> int:
    """One process per core and lane: pictures and thoughts both use every core when the other is idle."""
    return os.cpu_count() or 1


def _start_worker(lane: str, bot_pid: int) -> None:
    """Initializer of every worker: leave Ctrl-C and SIGTERM to the bot (it closes the pool), end with the bot
    however it ends, lower its CPU priority (thinking workers the most), and fill the caches its lane uses (fonts and
    icons, or the AI's tables)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=_exit_with, args=(bot_pid,), name="shelfie-exit-with-bot", daemon=True).start()
    os.nice(THINKING_NICENESS if lane == "think" else DRAWING_NICENESS)
    _warm(drawing=lane == "draw")
    _give_back_free_memory()


def _exit_with(bot_pid: int) -> None:
    """Exit as soon as the bot's process is gone, even after a kill -9: every worker holds the forkserver's
    keep-alive pipe, so neither the workers nor the forkserver would ever notice on their own."""
    try:
        select.select([os.pidfd_open(bot_pid)], [], [])
    except OSError:  # no pidfd here (old kernel, sandbox): ask once a second instead
        while _alive(bot_pid):
            time.sleep(1.0)
    os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _warm(*, drawing: bool) -> None:
    """Pictures: every registered game's drawn once (render.warm); thoughts: one computer move of every
    registered game."""
    from engine.registry import GAMES
    from render.warm import warm_pictures

    if drawing:
        warm_pictures()
        return
    for rules in GAMES.values():
        description = rules.description
        state = rules.new(description.max_players, 0, description.check_options({}))
        rules.choose(state, rules.stand_in, 0, min(state.to_act))


def _give_back_free_memory() -> None:
    """Return the heap the warm-up freed to the system: warming draws every game's pictures once and frees the
    big drawing surfaces, but glibc keeps freed heap pages, ~40 MB a picture worker (measured: 100 MB resident
    after warming, 59 MB after this). Nothing to do where the C library has no malloc_trim (not glibc)."""
    name = ctypes.util.find_library("c")
    trim = getattr(ctypes.CDLL(name), "malloc_trim", None) if name else None
    if trim is not None:
        trim(0)


def _outside(call: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    """Run the pool's own machinery (spawning, submitting, joining) in an empty context: it needs none of the
    caller's context variables, and a test harness's virtual clock (simcord's) would stall its timed waits."""
    return contextvars.Context().run(call, *args, **kwargs)


def _ready() -> int:
    """A no-op job: returns once the process that ran it is started and warm."""
    return os.getpid()


class _Lane:
    """One ProcessPoolExecutor and its admission limit; replaced whole when a worker dies or sticks."""

    def __init__(self, name: str, count: int, started: int) -> None:
        self.name = name
        self.count = count
        self.started = started
        self.slots = asyncio.Semaphore(count * CALLS_PER_PROCESS)
        self.executor = self._new_executor()
        self._renewing: asyncio.Task[None] | None = None

    def _new_executor(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(PRELOAD))
        return ProcessPoolExecutor(self.count, mp_context=context, initializer=_start_worker,
                                   initargs=(self.name, os.getpid()))

    def start(self) -> list[Future[int]]:
        """Submit `started` no-ops at once, so that many processes are started (and warmed) now; the executor
        starts the others (up to `count`) only when a call finds none of them idle."""
        return [_outside(self.executor.submit, _ready) for _ in range(self.started)]

    async def replace(self, broken: ProcessPoolExecutor, *, kill: bool = False) -> None:
        """A fresh executor for this lane, unless another call already replaced `broken` (or is replacing it);
        returns once the new processes are warm. The blocking work runs in a thread: the loop keeps answering."""
        if self.executor is broken and self._renewing is None:
            self._renewing = asyncio.create_task(self._renew(broken, kill))
        await self.ready()

    async def ready(self) -> None:
        """Wait for a replacement under way, if any."""
        while self._renewing is not None:
            await asyncio.shield(self._renewing)

    async def _renew(self, broken: ProcessPoolExecutor, kill: bool) -> None:
        try:
            warming = await asyncio.to_thread(_outside, self._swap, broken, kill)
            # a process that fails to warm breaks the new pool, one that sticks warming is a stuck worker: the
            # next call finds out and replaces the lane again
            await asyncio.wait_for(asyncio.gather(*(asyncio.wrap_future(f) for f in warming), return_exceptions=True),
                                   CALL_TIMEOUT)
        except TimeoutError:
            log.error("workers: the new %s processes did not warm in %g s", self.name, CALL_TIMEOUT)
        finally:
            self._renewing = None

    def _swap(self, broken: ProcessPoolExecutor, kill: bool) -> list[Future[int]]:
        """Kill (if stuck) and drop the broken executor, start a fresh one; runs in a thread."""
        if kill:
            for process in list(getattr(broken, "_processes", {}).values()):
                process.kill()
        broken.shutdown(wait=False, cancel_futures=True)
        self.executor = self._new_executor()
        return self.start()

    def pids(self) -> list[int]:
        return [pid for pid in getattr(self.executor, "_processes", {})]

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)


class Workers:
    """The bot's worker processes (see the module docstring); `count=0` runs calls in threads."""

    def __init__(self, count: int = 0, *, timeout: float = CALL_TIMEOUT) -> None:
        if not 0 <= count <= MAX_WORKERS:
            raise ValueError(f"worker count must be 0 .. {MAX_WORKERS}, not {count}")
        self.count = count
        self.timeout = timeout
        self._lanes: dict[str, _Lane] = {}

    async def start(self) -> Workers:
        """Start every process and wait until each is warm, so the first picture costs no more than the next."""
        if self.count and not self._lanes:
            # Pictures: every process warm from the start, people wait on them. Thoughts: one warm process, more
            # only while computer moves overlap (a hard computer thinking while another moves), since a
            # server's computers rarely think at once and each idle thinking process holds ~25 MB.
            self._lanes = {"draw": _Lane("draw", self.count, self.count), "think": _Lane("think", self.count, 1)}
            try:
                futures = await asyncio.to_thread(_outside, lambda: [f for lane in self._lanes.values()
                                                                     for f in lane.start()])
                await asyncio.gather(*(asyncio.wrap_future(f) for f in futures))
            except Exception:
                log.exception("workers: the worker processes could not start; pictures and computer moves run "
                              "in the bot's process")
                await self.close()
                return self
            log.info("workers: %d process(es) for pictures and up to %d for computer moves", self.count, self.count)
        return self

    async def draw(self, job: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """`job(*args, **kwargs)` in a picture worker (people are waiting on these)."""
        return await self._call("draw", job, args, kwargs)

    async def think(self, job: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """`job(*args, **kwargs)` in a computer-move worker, at a lower CPU priority than pictures."""
        return await self._call("think", job, args, kwargs)

    def pids(self) -> list[int]:
        """Process ids of the live workers (for the load benchmark's memory figure)."""
        return [pid for lane in self._lanes.values() for pid in lane.pids()]

    async def _call(self, lane_name: str, job: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
        lane = self._lanes.get(lane_name)
        if lane is None:
            return await asyncio.to_thread(job, *args, **kwargs)
        async with lane.slots:
            for attempt in (1, 2):
                await lane.ready()
                executor = lane.executor
                try:
                    future = _outside(executor.submit, job, *args, **kwargs)
                    return await asyncio.wait_for(asyncio.wrap_future(future), self.timeout)
                except BrokenProcessPool:
                    log.warning("workers: a %s process died (attempt %d of %s); replacing it", lane_name, attempt,
                                getattr(job, "__name__", job))
                    await lane.replace(executor)
                except TimeoutError:
                    log.error("workers: %s stuck for %g s in the %s lane; restarting the lane",
                              getattr(job, "__name__", job), self.timeout, lane_name)
                    await lane.replace(executor, kill=True)
                    raise
        log.error("workers: %s lane keeps failing; running %s in the bot's process", lane_name,
                  getattr(job, "__name__", job))
        return await asyncio.to_thread(job, *args, **kwargs)

    async def close(self) -> None:
        """Finish the calls in flight and stop every process; later calls run in the bot's process."""
        lanes, self._lanes = self._lanes, {}
        for lane in lanes.values():
            await lane.ready()
        if lanes:
            def close_all() -> None:
                for lane in lanes.values():
                    lane.close()

            await asyncio.to_thread(_outside, close_all)
            log.info("workers: stopped")


_current = Workers(0)


def workers() -> Workers:
    """The process's worker pool: in-process (threads) until the bot installs one."""
    return _current


def install(pool: Workers) -> Workers:
    """Make `pool` the process's pool; returns the one it replaces (the caller closes it if it owns it)."""
    global _current
    previous, _current = _current, pool
    return previous


async def retire(pool: Workers) -> None:
    """Close `pool`; if it was the process's pool, later calls run in the bot's process."""
    if _current is pool:
        install(Workers(0))
    await pool.close()
