"""My Shelfie's computer players: its rows of the table (each level against each lower level, hard against the
ISMCTS reference with about 1 s and 3 s of CPU a move: bench/shelfie_reference.py), and on its own
(`python -m bench.shelfie_ai --games 40`) the detail: against a random mover, normal's self-play standard, time
per move by level. `--reference 3s` plays only hard against that reference, printing each game as it ends (a
game takes minutes of CPU, so a run cut short still leaves its count).

Two-player games alternate the seats; a move is one `choose_move` call.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor

from engine.shelfie import Game, Move

from bench.__main__ import machine
from bench.figures import percentile, wilson
from bench.shelfie_reference import reference_1s, reference_3s
from bench.table import HEADER, Played, Reference, Row, duel, level_rows

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
REFERENCES = {"1s": ISMCTS_1S, "3s": ISMCTS_3S}


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


class Tally:
    """Prints each game of a row as it ends, with the subject's count so far and its interval, its CPU time per
    move so far, the UTC time and the load average (the figures README needs, kept if the run is cut short)."""

    def __init__(self) -> None:
        self.wins = 0.0
        self.done = 0
        self.cpu: list[float] = []

    def __call__(self, k: int, game: Played) -> None:
        self.done += 1
        self.wins += game.share
        self.cpu.extend(c for _, c in game.times)
        low, high = wilson(self.wins, self.done)
        print(f"{time.strftime('%H:%M:%S', time.gmtime())} UTC  game {k} (subject in seat {k % 2 + 1}): "
              f"{game.scores[k % 2]}-{game.scores[1 - k % 2]}  wins {self.wins:g} of {self.done} ({low:.1%}-{high:.1%})"
              f"  CPU a move p50 {percentile(self.cpu, 0.5) * 1000:.0f} ms p95 {percentile(self.cpu, 0.95) * 1000:.0f}"
              f" ms  load {os.getloadavg()[0]:.1f}", flush=True)


def against_reference(pool: Executor, reference: Reference, games: int, first: int = 0) -> Row:
    """hard against one reference, each game printed as it ends (the table's row, the same deals); `first` plays
    the rest of a run cut short."""
    print(f"# machine: {machine()}\nMy Shelfie: hard against {reference.name}, games {first}-{games - 1} of "
          f"{games} two-player games, seats alternated", flush=True)
    return duel(KIND, "hard", reference, games, pool, per="move", report=Tally(), first=first)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.shelfie_ai")
    parser.add_argument("--games", type=int, help=f"games per row (default {DEFAULT_GAMES}; against one reference "
                                                  f"{REFERENCE_GAMES})")
    parser.add_argument("--reference", choices=REFERENCES, help="only hard against this reference, game by game")
    parser.add_argument("--from", dest="first", type=int,
                        help="with --reference: start at this game of the row (the rest of a run cut short)")
    args = parser.parse_args(argv if argv is not None else [])
    if args.first is not None and not args.reference:
        parser.error("--from needs --reference (only a row against one reference is played game by game)")
    if args.reference:
        games, first = args.games or REFERENCE_GAMES, args.first or 0
        if not 0 <= first < games:
            parser.error(f"--from must be one of the row's games, 0 to {games - 1}")
        with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
            row = against_reference(pool, REFERENCES[args.reference], games, first)
        print(HEADER)
        print(row.line())
        return
    games = args.games or DEFAULT_GAMES
    print(f"My Shelfie: {games} two-player games per row, seats alternated")
    print(HEADER)
    measured = []
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        for row in [*rows(pool, games), *detail(pool, games)]:
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
