"""`python -m bench store`: the table service and its SQLite store under load, on a temp file.

- moves persisted per second: 1,000 four-player games x 30 moves, the games' moves in flight together;
- latency of one move (engine check + apply + state JSON + commit), played one at a time;
- open the store and serve the first move of a cold game, with 10,000 active games in the file
  (a fresh process: nothing cached);
- resident memory after touching all 10,000 games (fresh process), with the default LRU of 1,024
  and, for comparison, with every game kept in the cache.
Durability is the default `synchronous=NORMAL` (WAL; a killed process loses nothing) unless a line
says `FULL` (fsync per commit, survives power cuts too). Setup (lobbies, joins, starts) is not timed.
"""
from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.service import GameOptions, Table, TableService

GAMES = 1_000
MOVES = 30
ACTIVE = 10_000
LATENCY_ROUNDS = 2
PEOPLE = (11, 12, 13, 14)


def _rss_mb() -> float:
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


async def _new_game(svc: TableService, channel: int, players: int) -> int:
    table = await svc.open_lobby(1, channel, PEOPLE[0], "P0", GameOptions(players=players), kind="shelfie")
    for n, user in enumerate(PEOPLE[1:players], start=1):
        await svc.join(table.game_id, user, f"P{n}")
    return (await svc.start(table.game_id, PEOPLE[0])).table.game_id


async def _move(svc: TableService, game_id: int) -> float:
    """Play the next move of a game; return the seconds the service took."""
    table: Table = await svc.table(game_id)
    seat = table.current_seat
    assert seat is not None and seat.user_id is not None and table.game is not None
    moves = table.game.legal_moves()
    move = moves[(table.turn * 7) % len(moves)]
    started = time.perf_counter()
    await svc.play(game_id, seat.user_id, move, turn=table.turn)
    return time.perf_counter() - started


async def _throughput(db: Path) -> list[int]:
    svc = await TableService.open(db)
    games = [await _new_game(svc, channel, 4) for channel in range(GAMES)]
    await svc.close()

    svc = await TableService.open(db)
    started = time.perf_counter()
    for _ in range(MOVES):
        await asyncio.gather(*(_move(svc, g) for g in games))
    elapsed = time.perf_counter() - started
    moved = MOVES * GAMES
    print(f"moves persisted/s (1,000 games in flight, {moved:,} moves): {moved / elapsed:,.0f}")

    await svc.close()
    for synchronous in ("NORMAL", "FULL"):
        await _latency(db, games, synchronous)
    return games


async def _latency(db: Path, games: list[int], synchronous: str) -> None:
    svc = await TableService.open(db, synchronous=synchronous)
    latencies = sorted([await _move(svc, g) for _ in range(LATENCY_ROUNDS) for g in games])
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(len(latencies) * 0.99)] * 1000
    note = "default" if synchronous == "NORMAL" else "fsync per commit"
    print(f"one move, engine + commit, synchronous={synchronous} ({note}; {len(latencies):,} moves one at a time):"
          f" p50 {p50:.2f} ms, p99 {p99:.2f} ms  (target p99 < 10 ms)")
    await svc.close()


async def _fill(db: Path, count: int) -> None:
    svc = await TableService.open(db)
    for channel in range(GAMES, GAMES + count):
        await _new_game(svc, channel, 2)
    print(f"active games in the file: {await svc.count_games('active'):,}")
    await svc.close()


async def _cold(db: Path, game_id: int) -> None:
    started = time.perf_counter()
    svc = await TableService.open(db)
    opened = time.perf_counter()
    await _move(svc, game_id)
    served = time.perf_counter()
    await svc.close()
    print(f"cold start: open the store {1000 * (opened - started):.1f} ms, first move of a cold game "
          f"{1000 * (served - opened):.1f} ms, together {1000 * (served - started):.1f} ms  (target < 20 ms)")


async def _memory(db: Path, cache_size: int) -> None:
    before = _rss_mb()
    svc = await TableService.open(db, cache_size=cache_size)
    for game_id in range(1, ACTIVE + 1):
        await svc.table(game_id)
    print(f"resident memory, {ACTIVE:,} games touched, cache {cache_size:,}: {_rss_mb():.0f} MB "
          f"(process before opening: {before:.0f} MB)  (target < 300 MB)")
    await svc.close()


def _child(*args: str) -> None:
    """Run one measurement in a fresh interpreter so nothing is warm or cached."""
    subprocess.run([sys.executable, "-m", "bench.store", *args], check=True)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        games = asyncio.run(_throughput(db))
        asyncio.run(_fill(db, ACTIVE - GAMES))
        _child("cold", str(db), str(games[len(games) // 2]))
        _child("memory", str(db), "1024")
        _child("memory", str(db), str(ACTIVE))


if __name__ == "__main__":
    phase, path, number = sys.argv[1:4]
    if phase == "cold":
        asyncio.run(_cold(Path(path), int(number)))
    else:
        asyncio.run(_memory(Path(path), int(number)))
