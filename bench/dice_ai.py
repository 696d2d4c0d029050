"""The Dice Game's computer players: hard against normal, normal against easy, each level alone, time per step.

Two-player games alternate the seats (A first in even games). A win is a sole win; a shared victory counts half
in the rate. The solitaire score is one seat playing alone until it has closed two rows (the engine's games
have 2-4 seats, so the bench drops the second seat of a new game before the first roll). Every `choose` call is
timed, wall clock and CPU. `python -m bench ai` prints it after My Shelfie's arena;
`python -m bench.dice_ai --games 100 --solo 40` alone.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from engine.dice import DICE_COUNTS, DiceGame
from engine.dice.ai import LEVELS, choose

PAIRINGS = (("hard", "normal"), ("normal", "easy"))
DEFAULT_GAMES = 400
DEFAULT_SOLO = 100
Timings = list[tuple[str, float, float]]


def play(game: DiceGame, levels: tuple[str, ...], seed: int) -> Timings:
    """Plays the game to its end with computers at `levels` by seat; (level, wall, CPU seconds) per step."""
    timings = []
    step = 0
    while not game.is_over:
        level = levels[game.current_seat]
        start, cpu = time.perf_counter(), time.process_time()
        action = choose(game, level, seed=seed * 7919 + step)
        timings.append((level, time.perf_counter() - start, time.process_time() - cpu))
        game.apply(action)
        step += 1
    return timings


def _duel(args: tuple[str, str, int]) -> tuple[float, int, int, Timings]:
    """Game `k` of a pairing: (A's share of the victory, A's score, B's score, timings)."""
    a, b, k = args
    seats = (a, b) if k % 2 == 0 else (b, a)
    game = DiceGame.new(2, seed=20_000 + k)
    timings = play(game, seats, 20_000 + k)
    outcome = game.outcome()
    assert outcome is not None
    mine = k % 2
    share = (1.0 if len(outcome.winners) == 1 else 0.5) if mine in outcome.winners else 0.0
    return share, game.score(mine), game.score(1 - mine), timings


def _solitaire(args: tuple[str, int, int]) -> tuple[int, Timings]:
    level, dice, k = args
    game = DiceGame.new(2, seed=30_000 + k, dice=dice)
    game.n_players, game.sheets = 1, game.sheets[:1]
    timings = play(game, (level,), 30_000 + k)
    return game.score(0), timings


def main(argv: list[str] | None = None) -> None:
    from bench.ai import _p95, wilson

    parser = argparse.ArgumentParser(prog="python -m bench.dice_ai")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"games per pairing (default {DEFAULT_GAMES})")
    parser.add_argument("--solo", type=int, default=DEFAULT_SOLO,
                        help=f"solitaire games per level and dice count (default {DEFAULT_SOLO})")
    args = parser.parse_args(argv if argv is not None else [])
    workers = os.cpu_count() or 1
    per_level: dict[str, list[tuple[float, float]]] = defaultdict(list)
    print(f"Dice Game: {args.games} two-player games per pairing (5 dice), seats alternated, {workers} workers")
    print(f"{'pairing':<18} {'A wins':>7} {'95% interval':>15} {'mean A':>7} {'mean B':>7}")
    with ProcessPoolExecutor(workers) as pool:
        for a, b in PAIRINGS:
            results = list(pool.map(_duel, [(a, b, k) for k in range(args.games)], chunksize=4))
            wins = sum(r[0] for r in results)
            low, high = wilson(wins, args.games)
            print(f"{a + ' vs ' + b:<18} {wins / args.games:>7.1%} {f'{low:.1%}-{high:.1%}':>15} "
                  f"{statistics.fmean(r[1] for r in results):>7.1f} {statistics.fmean(r[2] for r in results):>7.1f}",
                  flush=True)
            for r in results:
                for level, wall, cpu in r[3]:
                    per_level[level].append((wall, cpu))
        print(f"\nsolitaire ({args.solo} one-seat games per level and dice count): mean score")
        print(f"{'level':<8} " + " ".join(f"{f'{dice} dice':>8}" for dice in DICE_COUNTS))
        for level in LEVELS:
            means = []
            for dice in DICE_COUNTS:
                results = list(pool.map(_solitaire, [(level, dice, k) for k in range(args.solo)], chunksize=4))
                means.append(statistics.fmean(r[0] for r in results))
                for _, timings in results:
                    for lv, wall, cpu in timings:
                        per_level[lv].append((wall, cpu))
            print(f"{level:<8} " + " ".join(f"{m:>8.1f}" for m in means), flush=True)
    print(f"\n{'level':<8} {'steps':>6} {'median ms':>10} {'p95 ms':>8} {'CPU median ms':>14} {'p95 CPU ms':>11}")
    for level in LEVELS:
        wall = sorted(w for w, _ in per_level[level])
        cpu = sorted(c for _, c in per_level[level])
        print(f"{level:<8} {len(wall):>6} {statistics.median(wall) * 1000:>10.1f} {_p95(wall) * 1000:>8.1f} "
              f"{statistics.median(cpu) * 1000:>14.1f} {_p95(cpu) * 1000:>11.1f}")
    print("(a step is one choose call: roll, keep, circle or cross; wall clock counts waiting for a core)")


if __name__ == "__main__":
    main(sys.argv[1:])
