"""`python -m bench loop`: how late the bot's event loop runs while 20 games of hard computers think at once.

The real bot in simcord (as in `bench load`): 20 channels where one person plays a hard computer, moving as
soon as each turn picture is sent (so 20 hard moves are being thought about nearly all the time), and 5
channels of people only, playing closed loop. A probe on the event loop sleeps 10 ms again and again and
records how late it wakes: that lateness is what every other answer of the bot waits. Measured twice, with
computer moves and pictures in threads of the bot's process (SHELFIE_WORKERS=0) and in worker processes
(one per core and lane). LOOP_SECONDS (default 10) per mode.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import tempfile
import time
from pathlib import Path

import simcord

from bench.load import ErrorCount, Samples, Wire, keep_callbacks_by_identity, percentile, play_game, play_in
from bot import create_bot
from bot.context import service_of
from bot.service import TableService

HARD_GAMES = 20
PEOPLE_GAMES = 5
PROBE_SECONDS = 0.010


def seconds() -> float:
    return float(os.environ.get("LOOP_SECONDS", "10"))


async def _probe(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(PROBE_SECONDS)
        lags.append(time.perf_counter() - start - PROBE_SECONDS)


async def _measure(workers: int | None) -> dict[str, float]:
    samples, people_samples, stop = Samples(), Samples(), asyncio.Event()
    lags: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        db_path = Path(folder) / "loop.sqlite3"
        service = await TableService.open(db_path)
        await service.close()
        bot = create_bot(db_path, workers=workers)
        async with simcord.run(bot, settle_timeout=120, check_errors=False) as env:
            await bot.tree.sync()
            guild = env.create_guild("Loop")
            people = [guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat", "dan")]
            hard_channels = []
            for number in range(HARD_GAMES):
                channel = guild.create_text_channel(f"hard-{number}")
                person = people[number % len(people)]
                lobby = await person.slash(channel, "shelfie new", players=2)
                assert lobby.response is not None, "the bot answers /shelfie new with the lobby"
                chooser = await person.click(lobby.response, label="Add bot")
                assert chooser.response is not None, "the bot answers Add bot with the level chooser"
                await person.click(chooser.response, label="hard")
                await person.slash(channel, "shelfie start")
                hard_channels.append((channel, [person]))
            wire = Wire(bot, samples)
            keep_callbacks_by_identity(env)
            loops = [asyncio.get_running_loop().create_task(
                play_game(env, wire, service_of(bot), channel, players, random.Random(n), samples, stop))
                for n, (channel, players) in enumerate(hard_channels)]
            for number in range(PEOPLE_GAMES):
                channel = guild.create_text_channel(f"people-{number}")
                loops.append(asyncio.get_running_loop().create_task(play_in(
                    env, wire, service_of(bot), channel, people[: 2 + number % 3], random.Random(100 + number),
                    people_samples, stop)))
            probe = asyncio.get_running_loop().create_task(_probe(lags, stop))
            start = time.perf_counter()
            await asyncio.sleep(seconds())
            end = time.perf_counter()
            stop.set()
            await asyncio.wait([*loops, probe], timeout=120)
            await bot.close()
    hard = samples.window(samples.moves, start, end)
    people_moves = people_samples.window(people_samples.moves, start, end)
    return {"lag p50": percentile(lags, 0.5) * 1000, "lag p99": percentile(lags, 0.99) * 1000,
            "lag max": max(lags, default=float("nan")) * 1000, "hard/s": len(hard) / (end - start),
            "people p50": percentile(people_moves, 0.5) * 1000, "people p99": percentile(people_moves, 0.99) * 1000}


def main() -> None:
    print(f"{HARD_GAMES} games of a person against a hard computer (closed loop) and {PEOPLE_GAMES} games of people "
          f"only, {seconds():g} s per mode; loop lag = how late a 10 ms sleep on the bot's event loop wakes")
    print("| computer moves and pictures | loop lag p50 / p99 / max | person + hard moves/s | "
          "people-only games: move -> turn picture p50 / p99 |")
    print("|---|---|---|---|")
    errors = ErrorCount()
    logging.getLogger("shelfie.errors").addHandler(errors)
    stalled = []
    for label, workers in (("threads (SHELFIE_WORKERS=0)", 0), ("worker processes (one per core)", None)):
        row = asyncio.run(_measure(workers))
        print(f"| {label} | {row['lag p50']:.1f} / {row['lag p99']:.0f} / {row['lag max']:.0f} ms | "
              f"{row['hard/s']:.1f} | {row['people p50']:.0f} / {row['people p99']:.0f} ms |", flush=True)
        if not row["hard/s"]:
            stalled.append(label)
    print(f"unexpected errors logged by the bot: {errors.count}")
    if stalled:  # a loop lag measured while no move went through describes an idle bot, not a busy one
        print(f"!!! NO MOVE WENT THROUGH with {' or '.join(stalled)}: these figures do not describe a playing bot !!!")


if __name__ == "__main__":
    main()
