"""The Dice Game's computer players: its rows of the table (each level against each lower level, 5 dice), and
on its own (`python -m bench.dice_ai --games 100 --solo 40`) each level's solitaire score and time per step.
To screen a change on deals the table does not use: `--row hard-normal --seed 50000 --solo 0 --workers 2` plays
only that row, from seed 50000, no solitaire, on 2 worker processes.

Two-player games alternate the seats; a shared victory counts half. The solitaire score is one seat playing
alone until it has closed two rows (the engine's games have 2-4 seats, so the bench drops the second seat of a
new game before the first roll). A step is one `choose` call: roll, keep, circle or cross.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Collection, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor

from engine.dice import DICE_COUNTS, DiceGame
from engine.dice.ai import LEVELS, choose

from bench.figures import percentile
from bench.table import HEADER, TABLE_SEED, Row, Timing, level_rows, row_name

DEFAULT_GAMES = 400
DEFAULT_SOLO = 100
ROW_NAMES = tuple(row_name(level, lower) for i, level in enumerate(LEVELS) for lower in list(LEVELS)[:i])


def rows(pool: Executor, games: int | None = None, *, seed: int = TABLE_SEED, only: Collection[str] = ()
         ) -> Iterator[Row]:
    """The table's Dice Game rows: every level against each lower level (`only` these, from `seed`)."""
    yield from level_rows("dice", games or DEFAULT_GAMES, pool, per="step", base_seed=seed, only=only)


def _solitaire(args: tuple[str, int, int]) -> tuple[int, list[Timing]]:
    """One seat alone at `level` with `dice` dice: (its score, its steps' times)."""
    level, dice, k = args
    game = DiceGame.new(2, seed=30_000 + k, dice=dice)
    game.n_players, game.sheets = 1, game.sheets[:1]
    times = []
    step = 0
    while not game.is_over:
        start, cpu = time.perf_counter(), time.process_time()
        action = choose(game, level, seed=(30_000 + k) * 7919 + step)
        times.append((time.perf_counter() - start, time.process_time() - cpu))
        game.apply(action)
        step += 1
    return game.score(0), times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.dice_ai")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"games per row (default {DEFAULT_GAMES})")
    parser.add_argument("--solo", type=int, default=DEFAULT_SOLO,
                        help=f"solitaire games per level and dice count (default {DEFAULT_SOLO})")
    parser.add_argument("--seed", type=int, default=TABLE_SEED,
                        help=f"first seed of the two-player games (default {TABLE_SEED}, the table's)")
    parser.add_argument("--row", action="append", choices=ROW_NAMES, help="only this row (repeatable)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: one per core)")
    args = parser.parse_args(argv if argv is not None else [])
    for name in ("games", "workers"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1, not {getattr(args, name)}")
    if args.solo < 0:
        parser.error(f"--solo must be 0 (none) or more, not {args.solo}")
    times: dict[str, list[Timing]] = {level: [] for level in LEVELS}
    print(f"Dice Game: {args.games} two-player games per row (5 dice) from seed {args.seed}, seats alternated")
    print(HEADER)
    with ProcessPoolExecutor(args.workers) as pool:
        for row in rows(pool, args.games, seed=args.seed, only=args.row or ()):
            print(row.line(), flush=True)
            times[row.level].extend(row.times)
        if args.solo:
            _solitaire_table(pool, args.solo, times)
    print(f"\n{'level':<8} {'steps':>6} {'median ms':>10} {'p95 ms':>8} {'CPU median ms':>14} {'p95 CPU ms':>11}")
    for level in LEVELS:
        if not times[level]:
            continue
        wall, cpu = [w for w, _ in times[level]], [c for _, c in times[level]]
        print(f"{level:<8} {len(wall):>6} {percentile(wall, 0.5) * 1000:>10.1f} {percentile(wall, 0.95) * 1000:>8.1f} "
              f"{percentile(cpu, 0.5) * 1000:>14.1f} {percentile(cpu, 0.95) * 1000:>11.1f}")
    print("(wall clock counts waiting for a core" + ("; the lowest level's times come from the solitaire games only)"
                                                    if args.solo else ")"))


def _solitaire_table(pool: Executor, games: int, times: dict[str, list[Timing]]) -> None:
    """Prints each level's mean solitaire score with each dice count, adding the steps' times to `times`."""
    print(f"\nsolitaire ({games} one-seat games per level and dice count): mean score")
    print(f"{'level':<8} " + " ".join(f"{f'{dice} dice':>8}" for dice in DICE_COUNTS))
    for level in LEVELS:
        means = []
        for dice in DICE_COUNTS:
            results = list(pool.map(_solitaire, [(level, dice, k) for k in range(games)], chunksize=4))
            means.append(statistics.fmean(score for score, _ in results))
            times[level].extend(t for _, steps in results for t in steps)
        print(f"{level:<8} " + " ".join(f"{m:>8.1f}" for m in means), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
