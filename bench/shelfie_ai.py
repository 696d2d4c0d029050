"""My Shelfie's computer players: its rows of the table (each level against each lower level, hard against the
ISMCTS reference with about 1 s and 3 s of CPU a move: bench/shelfie_reference.py), and on its own
(`python -m bench.shelfie_ai --games 40`) the detail: against a random mover, normal's self-play standard, time
per move by level.

Two-player games alternate the seats; a move is one `choose_move` call.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor

from engine.shelfie import Game, Move

from bench.figures import percentile
from bench.shelfie_reference import reference_1s, reference_3s
from bench.table import HEADER, Reference, Row, duel, level_rows

DEFAULT_GAMES = 200
REFERENCE_GAMES = 40
"""Against the references: a 3 s reference game costs about 40 s of CPU, so 40 games (an interval about
+-15 points wide) instead of 200."""
KIND = "shelfie"


def random_move(game: Game, seed: int, seat: int) -> Move:
    """A uniformly random legal move: the floor every level must clear."""
    return random.Random(seed).choice(game.legal_moves())


RANDOM = Reference("random", random_move)
ISMCTS_1S = Reference("ismcts 1s", reference_1s)
ISMCTS_3S = Reference("ismcts 3s", reference_3s)


def rows(pool: Executor, games: int | None = None) -> Iterator[Row]:
    """The table's My Shelfie rows: every level against each lower level, then hard against the references."""
    yield from level_rows(KIND, games or DEFAULT_GAMES, pool, per="move")
    for reference in (ISMCTS_1S, ISMCTS_3S):
        yield duel(KIND, "hard", reference, games or REFERENCE_GAMES, pool, per="move")


def detail(pool: Executor, games: int) -> Iterator[Row]:
    """Beyond the table: the floor (normal and easy against random moves) and normal's self-play standard (its
    mean score)."""
    yield duel(KIND, "normal", RANDOM, games, pool, per="move")
    yield duel(KIND, "easy", RANDOM, games, pool, per="move")
    yield duel(KIND, "normal", "normal", games, pool, per="move")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.shelfie_ai")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"games per row (default {DEFAULT_GAMES})")
    args = parser.parse_args(argv if argv is not None else [])
    print(f"My Shelfie: {args.games} two-player games per row, seats alternated")
    print(HEADER)
    measured = []
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        for row in [*rows(pool, args.games), *detail(pool, args.games)]:
            print(row.line(), flush=True)
            measured.append(row)
    print(f"\n{'level':<8} {'moves':>6} {'median ms':>10} {'p95 ms':>8} {'p95 CPU ms':>11}")
    for level in ("easy", "normal", "hard"):
        times = [t for row in measured if row.level == level for t in row.times]
        wall, cpu = [w for w, _ in times], [c for _, c in times]
        print(f"{level:<8} {len(wall):>6} {percentile(wall, 0.5) * 1000:>10.1f} {percentile(wall, 0.95) * 1000:>8.1f} "
              f"{percentile(cpu, 0.95) * 1000:>11.1f}")
    print("(time per move: wall clock while all workers play; CPU time is what the move itself used)")


if __name__ == "__main__":
    main(sys.argv[1:])
