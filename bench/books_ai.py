"""A Place for All My Books' computer players: normal against easy, normal alone against Penelope at each level,
and how long a normal turn takes.

Two-player games alternate the seats; a solo game is won when the player's score reaches Penelope's (and lost at
once when her Rival deck runs out). A turn is every step of one seat's turn (its Leave and Village action, its
Welcome Home and apartment action, a Library keep, a discard...), each a separate `choose` call as the platform
makes them. `python -m bench ai` prints it after Librarians; `python -m bench.books_ai --games 40` alone.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor

from engine.books.ai import choose
from engine.books.game import BooksGame
from engine.books.scoring import rival_score
from engine.books.setup import LEVELS as PENELOPE_LEVELS
from engine.registry import rules_of

from bench.figures import wilson
from bench.table import Row, Timing, level_rows, table

DEFAULT_GAMES = 100
DEFAULT_SOLO = 40
MAX_STEPS = 5000


def rows(pool: Executor, games: int | None = None) -> Iterator[Row]:
    """The table's Books rows: every level against each lower level, then each level alone against Penelope at
    each of her levels (a solo game is won when the player's score reaches hers)."""
    yield from level_rows("books", games or DEFAULT_GAMES, pool, per="turn")
    for level in reversed(rules_of("books").levels):
        for penelope in PENELOPE_LEVELS:
            yield table("books", level, 1, games or DEFAULT_SOLO, pool, per="turn", against=f"Penelope {penelope}",
                        options={"level": penelope})


def play(levels: tuple[str, ...], seed: int, penelope: int = 1) -> tuple[BooksGame, list[Timing]]:
    """A game of computers at `levels` by seat (one seat: solo against Penelope at `penelope`); the wall and CPU
    seconds of each whole normal turn (the keep-3 at the start counts as a turn of its own)."""
    game = BooksGame.new(len(levels), seed=seed, level=penelope)
    turns: list[Timing] = []
    spent: dict[int, Timing] = {}
    for step in range(MAX_STEPS):
        if game.is_over:
            return game, turns
        seat = min(game.to_act)
        start, cpu = time.perf_counter(), time.process_time()
        action = choose(game, levels[seat], seed=seed * 7919 + step, seat=seat)
        if levels[seat] == "normal":
            wall, used = spent.get(seat, (0.0, 0.0))
            spent[seat] = (wall + time.perf_counter() - start, used + time.process_time() - cpu)
        turn = game.turn
        game.apply(action, seat)
        if game.turn != turn or game.is_over:
            turns.extend(spent.values())
            spent = {}
    raise RuntimeError(f"seed {seed}: the game did not end in {MAX_STEPS} steps")


def _duel(k: int) -> tuple[bool, int, int, list[Timing]]:
    """Game `k` of normal against easy; normal sits first in even games. (normal won, its score, easy's, turns)."""
    levels = ("normal", "easy") if k % 2 == 0 else ("easy", "normal")
    game, turns = play(levels, seed=20_000 + k)
    outcome = game.outcome()
    assert outcome is not None
    mine = levels.index("normal")
    return mine in outcome.winners, outcome.scores[mine], outcome.scores[1 - mine], turns


def _solo(args: tuple[int, int]) -> tuple[bool, int, int]:
    """A solo game of normal against Penelope at `level`: (won, the player's score, Penelope's)."""
    level, k = args
    game, _ = play(("normal",), seed=30_000 + k, penelope=level)
    outcome = game.outcome()
    assert outcome is not None
    return 0 in outcome.winners, game.score_breakdown(0)["total"], rival_score(game)["total"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.books_ai")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"normal vs easy games ({DEFAULT_GAMES})")
    parser.add_argument("--solo", type=int, default=DEFAULT_SOLO, help=f"solo games per level ({DEFAULT_SOLO})")
    args = parser.parse_args(argv if argv is not None else [])
    workers = os.cpu_count() or 1
    with ProcessPoolExecutor(workers) as pool:
        duels = list(pool.map(_duel, range(args.games), chunksize=2))
        wins = sum(d[0] for d in duels)
        low, high = wilson(wins, args.games)
        print(f"Books: normal vs easy, {args.games} two-player games, seats alternated ({workers} worker processes)")
        print(f"  normal wins {wins / args.games:.1%} (95% interval {low:.1%}-{high:.1%}), mean score "
              f"{statistics.fmean(d[1] for d in duels):.1f} / {statistics.fmean(d[2] for d in duels):.1f}")
        print(f"Books solo: normal against Penelope, {args.solo} games per level")
        print(f"  {'level':<6} {'wins':>5} {'mean score':>11} {'Penelope':>9}")
        for level in PENELOPE_LEVELS:
            games = list(pool.map(_solo, [(level, k) for k in range(args.solo)], chunksize=2))
            print(f"  {level:<6} {sum(g[0] for g in games):>5} {statistics.fmean(g[1] for g in games):>11.1f} "
                  f"{statistics.fmean(g[2] for g in games):>9.1f}", flush=True)
    turns = [t for d in duels for t in d[3]]
    wall, cpu = sorted(w for w, _ in turns), sorted(c for _, c in turns)
    print(f"Books: a whole normal turn ({len(turns)} turns of the games above, every worker busy): median "
          f"{_ms(statistics.median(wall))} ms (CPU {_ms(statistics.median(cpu))}), p95 {_ms(_p95(wall))} ms "
          f"(CPU {_ms(_p95(cpu))})")


def _p95(values: list[float]) -> float:
    return values[int(0.95 * (len(values) - 1))]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


if __name__ == "__main__":
    main(sys.argv[1:])
