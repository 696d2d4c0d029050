"""A Place for All My Books' computer players: each level against the levels below it, each level alone against
Penelope at each of her levels, how long a normal turn takes and how long a hard decision takes.

Two-player games alternate the seats; a solo game is won when the player's score reaches Penelope's (and lost at
once when her Rival deck runs out). A normal turn is every step of one seat's turn (its Leave and Village action,
its Welcome Home and apartment action, a Library keep, a discard...), each a separate `choose` call as the
platform makes them; a hard decision is one such call (hard looks ahead at the start of a turn, in the Village and
after coming home). Hard plays fewer games: each of its games costs about as much as thirty of normal's.
`python -m bench ai` prints the rows; `python -m bench.books_ai --solo 200 --hard-solo 20` the detail.
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

from bench.figures import percentile, wilson
from bench.table import TABLE_SEED, Row, Timing, duel, table

DEFAULT_GAMES = 100
DEFAULT_SOLO = 40
HARD_GAMES = 20
"""Hard's games per row (against normal, and alone against each Penelope level)."""
MAX_STEPS = 5000


def rows(pool: Executor, games: int | None = None) -> Iterator[Row]:
    """The table's Books rows: hard against normal, normal against easy, then each level alone against Penelope at
    each of her levels (a solo game is won when the player's score reaches hers). `games` sets every row's count;
    by default hard plays HARD_GAMES."""
    hard = games or HARD_GAMES
    yield duel("books", "hard", "normal", hard, pool, per="turn")
    yield duel("books", "normal", "easy", games or DEFAULT_GAMES, pool, per="turn")
    for level, count in (("hard", hard), ("normal", games or DEFAULT_SOLO), ("easy", games or DEFAULT_SOLO)):
        for penelope in PENELOPE_LEVELS:
            yield table("books", level, 1, count, pool, per="turn", against=f"Penelope {penelope}",
                        options={"level": penelope})


def play(levels: tuple[str, ...], seed: int, penelope: int = 1) -> tuple[BooksGame, list[Timing], list[Timing]]:
    """A game of computers at `levels` by seat (one seat: solo against Penelope at `penelope`); the wall and CPU
    seconds of each whole normal turn (the keep-3 at the start counts as a turn of its own), and of each hard
    decision."""
    game = BooksGame.new(len(levels), seed=seed, level=penelope)
    turns: list[Timing] = []
    decisions: list[Timing] = []
    spent: dict[int, Timing] = {}
    for step in range(MAX_STEPS):
        if game.is_over:
            return game, turns, decisions
        seat = min(game.to_act)
        start, cpu = time.perf_counter(), time.process_time()
        action = choose(game, levels[seat], seed=seed * 7919 + step, seat=seat)
        used = (time.perf_counter() - start, time.process_time() - cpu)
        if levels[seat] == "normal":
            wall, cpu_sum = spent.get(seat, (0.0, 0.0))
            spent[seat] = (wall + used[0], cpu_sum + used[1])
        elif levels[seat] == "hard":
            decisions.append(used)
        turn = game.turn
        game.apply(action, seat)
        if game.turn != turn or game.is_over:
            turns.extend(spent.values())
            spent = {}
    raise RuntimeError(f"seed {seed}: the game did not end in {MAX_STEPS} steps")


Duel = tuple[bool, int, int, list[Timing], list[Timing]]


def _duel(args: tuple[str, str, int]) -> Duel:
    """Game `k` of `level` against `lower`, `level` first in even games: (it won, its score, the other's, normal
    turns, hard decisions)."""
    level, lower, k = args
    levels = (level, lower) if k % 2 == 0 else (lower, level)
    game, turns, decisions = play(levels, seed=TABLE_SEED + k)
    outcome = game.outcome()
    assert outcome is not None
    mine = k % 2
    return mine in outcome.winners, outcome.scores[mine], outcome.scores[1 - mine], turns, decisions


def _solo(args: tuple[str, int, int]) -> Duel:
    """A solo game at `level` against Penelope at `penelope`: (won, the player's score, Penelope's, normal turns,
    hard decisions)."""
    level, penelope, k = args
    game, turns, decisions = play((level,), seed=30_000 + k, penelope=penelope)
    outcome = game.outcome()
    assert outcome is not None
    return 0 in outcome.winners, game.score_breakdown(0)["total"], rival_score(game)["total"], turns, decisions


def _rate(games: list[Duel]) -> str:
    wins = sum(g[0] for g in games)
    low, high = wilson(wins, len(games))
    return (f"{wins}/{len(games)} = {wins / len(games):.1%} (95% interval {low:.1%}-{high:.1%}), mean score "
            f"{statistics.fmean(g[1] for g in games):.1f} / {statistics.fmean(g[2] for g in games):.1f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.books_ai")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"normal vs easy games ({DEFAULT_GAMES})")
    parser.add_argument("--solo", type=int, default=DEFAULT_SOLO,
                        help=f"normal's solo games per Penelope level ({DEFAULT_SOLO})")
    parser.add_argument("--hard-games", type=int, default=HARD_GAMES, help=f"hard vs normal games ({HARD_GAMES})")
    parser.add_argument("--hard-solo", type=int, default=HARD_GAMES,
                        help=f"hard's solo games per Penelope level ({HARD_GAMES})")
    parser.add_argument("--levels", default=",".join(map(str, PENELOPE_LEVELS)),
                        help="Penelope's levels to play (1,2,3,4,5)")
    args = parser.parse_args(argv if argv is not None else [])
    penelopes = [int(level) for level in args.levels.split(",")]
    workers = os.cpu_count() or 1
    played: list[Duel] = []
    with ProcessPoolExecutor(workers) as pool:
        print(f"Books ({workers} worker processes); wins, 95% interval, mean score / the other's")
        for level, lower, count in (("normal", "easy", args.games), ("hard", "normal", args.hard_games)):
            if count:
                games = list(pool.map(_duel, [(level, lower, k) for k in range(count)], chunksize=1))
                played += games
                print(f"  {level} vs {lower}, seats alternated: {_rate(games)}", flush=True)
        for level, count in (("normal", args.solo), ("hard", args.hard_solo)):
            for penelope in penelopes if count else []:
                games = list(pool.map(_solo, [(level, penelope, k) for k in range(count)], chunksize=1))
                played += games
                print(f"  {level} alone vs Penelope {penelope}: {_rate(games)}", flush=True)
    _print_times("a whole normal turn", "turns of the games above, every worker busy",
                 [t for g in played for t in g[3]])
    _print_times("a hard decision", "choose calls", [d for g in played for d in g[4]])


def _print_times(what: str, counted: str, samples: list[tuple[float, float]]) -> None:
    """Median and p95 of (wall, CPU) seconds, and the slowest wall time; nothing when none was measured."""
    if not samples:
        return
    wall, cpu = [w for w, _ in samples], [c for _, c in samples]
    print(f"Books: {what} ({len(samples)} {counted}): median {_ms(statistics.median(wall))} ms "
          f"(CPU {_ms(statistics.median(cpu))}), p95 {_ms(percentile(wall, 0.95))} ms "
          f"(CPU {_ms(percentile(cpu, 0.95))}), max {_ms(max(wall))} ms")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


if __name__ == "__main__":
    main(sys.argv[1:])
