"""Computer players in an arena: win rates with 95% intervals, mean scores and time per move.

`python -m bench ai` plays 200 two-player games per pairing (seats alternated) on every core;
`AI_BENCH_GAMES=40 python -m bench ai` or `python -m bench.ai --games 40` is a quick run. Then the Dice Game
(bench.dice_ai): hard against normal over 400 games, normal against easy, each level's solitaire score, time per
step; then Librarians'
computer teammates (bench.librarians_ai): a whole normal turn's time, and normal against easy; then A Place for All
My Books (bench.books_ai): normal against easy, normal against Penelope at each level, a whole normal turn's time.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from engine.shelfie import Game
from engine.shelfie.ai import LEVELS, choose_move

from bench import books_ai, dice_ai, librarians_ai

PAIRINGS = (("hard", "normal"), ("normal", "easy"), ("normal", "random"), ("easy", "random"), ("normal", "normal"))
"""The last pairing is self-play: its mean scores are the normal level's own standard."""
DEFAULT_GAMES = 200


def play_game(levels: tuple[str, ...], seed: int) -> tuple[list[int], int, list[tuple[str, float, float]]]:
    """(final totals by seat, winning seat, (level, wall seconds, CPU seconds) per computer move)."""
    game = Game.new(len(levels), seed=seed)
    rng = random.Random(seed)
    timings = []
    while not game.is_over:
        level = levels[game.current_seat]
        if level == "random":
            move = rng.choice(game.legal_moves())
        else:
            start, cpu = time.perf_counter(), time.process_time()
            move = choose_move(game, level, seed=rng.getrandbits(32))
            timings.append((level, time.perf_counter() - start, time.process_time() - cpu))
        game.apply(move)
    return [game.score_breakdown(s)["total"] for s in range(game.n_players)], game.winner, timings


def _one(args: tuple[str, str, int]) -> tuple[int, int, bool, list[tuple[str, float, float]]]:
    """Game `k` of a pairing; A sits first in even games, second in odd ones."""
    a, b, k = args
    seats = (a, b) if k % 2 == 0 else (b, a)
    scores, winner, timings = play_game(seats, seed=10_000 + k)
    mine = 0 if k % 2 == 0 else 1
    return scores[mine], scores[1 - mine], winner == mine, timings


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def arena(a: str, b: str, games: int, pool: ProcessPoolExecutor) -> dict:
    results = list(pool.map(_one, [(a, b, k) for k in range(games)], chunksize=2))
    wins = sum(r[2] for r in results)
    timings = [t for r in results for t in r[3]]
    return {
        "a": a, "b": b, "games": games, "wins": wins, "interval": wilson(wins, games),
        "mean_a": statistics.fmean(r[0] for r in results), "mean_b": statistics.fmean(r[1] for r in results),
        "timings": timings,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ai")
    parser.add_argument("--games", type=int, default=int(os.environ.get("AI_BENCH_GAMES", DEFAULT_GAMES)),
                        help=f"games per pairing (default {DEFAULT_GAMES}, or $AI_BENCH_GAMES)")
    parser.add_argument("--pairing", action="append", metavar="A:B",
                        help="play only these pairings, e.g. --pairing normal:normal (repeatable)")
    args = parser.parse_args(argv if argv is not None else [])
    pairings = [tuple(p.split(":", 1)) for p in args.pairing] if args.pairing else list(PAIRINGS)
    players = set(LEVELS) | {"random"}
    for pairing in pairings:
        if len(pairing) != 2 or not set(pairing) <= players:
            parser.error(f"a pairing is two of {', '.join(sorted(players))} joined by ':', not {':'.join(pairing)!r}")
    workers = os.cpu_count() or 1
    print(f"{args.games} two-player games per pairing, seats alternated, {workers} worker processes")
    print(f"{'pairing':<18} {'A wins':>7} {'95% interval':>15} {'mean A':>7} {'mean B':>7}")
    per_level: dict[str, list[tuple[float, float]]] = defaultdict(list)
    with ProcessPoolExecutor(workers) as pool:
        for a, b in pairings:
            r = arena(a, b, args.games, pool)
            low, high = r["interval"]
            print(f"{a + ' vs ' + b:<18} {r['wins'] / r['games']:>7.1%} {f'{low:.1%}-{high:.1%}':>15} "
                  f"{r['mean_a']:>7.1f} {r['mean_b']:>7.1f}", flush=True)
            for level, wall, cpu in r["timings"]:
                per_level[level].append((wall, cpu))
    print(f"\n{'level':<8} {'moves':>6} {'median ms':>10} {'p95 ms':>8} {'p95 CPU ms':>11}")
    for level in ("easy", "normal", "hard"):
        if per_level[level]:
            wall = sorted(w for w, _ in per_level[level])
            cpu = sorted(c for _, c in per_level[level])
            print(f"{level:<8} {len(wall):>6} {statistics.median(wall) * 1000:>10.1f} {_p95(wall) * 1000:>8.1f} "
                  f"{_p95(cpu) * 1000:>11.1f}")
    print("(time per move: wall clock while all workers play; CPU time is what the move itself used)")
    print()
    dice_ai.main()
    print()
    librarians_ai.main()
    print()
    books_ai.main()


def _p95(values: list[float]) -> float:
    return values[min(len(values) - 1, int(0.95 * len(values)))]


if __name__ == "__main__":
    main(sys.argv[1:])
