"""Librarians' computer teammates: its rows of the table (a table of four at each level with the default genres:
how often it wins; then hard and normal tables on the three other genre sets, GENRE_SETS), and on its own how long
a whole turn takes at each level, and how far each level's tables get.

A turn is every action the seat takes from its turn's start to its end (cards laid, powers and their steps, the
card it gives), each a separate `choose` call as the platform makes them. `python -m bench ai` prints it after
the My Shelfie arena; `python -m bench.librarians_ai --games 10` alone.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor

from engine.librarians import LibrariansGame
from engine.librarians.ai import choose

from bench.table import Row, level_rows, table

DEFAULT_GAMES = 12
TABLE_GAMES = 100
"""A row of the table: the issue's claim is over 100 games."""
SET_GAMES = 30
"""Games of a table on each other genre set (hard against normal there: more wins, not a rate to pin)."""
PLAYERS = 4
GENRE_SETS: dict[str, dict[str, str]] = {
    "genres 2": {"red": "detective", "green": "comedy", "blue": "action", "purple": "sci_fi", "yellow": "science",
                 "black": "crime"},
    "genres 3": {"red": "true_crime", "green": "adventure", "blue": "travel", "purple": "poetry",
                 "yellow": "business", "black": "drama"},
    "genres 4": {"red": "tragedy", "green": "self_help", "blue": "mythology", "purple": "graphic_novel",
                 "yellow": "cooking", "black": "picture_book"},
}
"""The genre sets beside the default one (the rules page's first genre of each colour): each colour's second,
third and fourth genre."""


def rows(pool: Executor, games: int | None = None) -> Iterator[Row]:
    """The table's Librarians rows: a table of four teammates at each level, default genres; then tables of four
    hard and of four normal teammates on each other genre set."""
    yield from level_rows("librarians", games or TABLE_GAMES, pool, per="turn", coop_seats=PLAYERS)
    for name, genres in GENRE_SETS.items():
        for level in ("hard", "normal"):
            yield table("librarians", level, PLAYERS, games or SET_GAMES, pool, per="turn",
                        against=f"4, {name}", options=genres)


def play(levels: tuple[str, ...], seed: int) -> tuple[LibrariansGame, list[tuple[float, float]]]:
    """A game of computers at `levels` by seat; the (wall, CPU) seconds of each whole turn."""
    game = LibrariansGame.new(len(levels), seed=seed)
    turns: list[tuple[float, float]] = []
    wall = cpu = 0.0
    turn, step = game.turn, 0
    while not game.is_over:
        (seat,) = game.to_act
        start, start_cpu = time.perf_counter(), time.process_time()
        action = choose(game, levels[game.current_seat], seed=step)
        wall += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        game.apply(action, seat)
        step += 1
        if game.turn != turn or game.is_over:
            turns.append((wall, cpu))
            wall = cpu = 0.0
            turn = game.turn
    return game, turns


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.librarians_ai")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"games per level (default {DEFAULT_GAMES})")
    args = parser.parse_args(argv if argv is not None else [])
    print(f"Librarians: {args.games} games of {PLAYERS} computer teammates per level (seeds 0-{args.games - 1})")
    print(f"{'level':<8} {'won':>4} {'cards left':>11} {'turns':>6} {'turn median ms':>15} {'worst ms':>9} "
          f"{'CPU median ms':>14} {'CPU worst ms':>13}")
    for level in ("easy", "normal", "hard"):
        left, won, times = [], 0, []
        for seed in range(args.games):
            game, turns = play((level,) * PLAYERS, seed)
            left.append(game.cards_not_played())
            won += game.result == "won"
            times.extend(turns)
        wall, cpu = [w for w, _ in times], [c for _, c in times]
        print(f"{level:<8} {won:>4} {statistics.fmean(left):>11.1f} {len(times):>6} "
              f"{statistics.median(wall) * 1000:>15.1f} {max(wall) * 1000:>9.1f} "
              f"{statistics.median(cpu) * 1000:>14.1f} {max(cpu) * 1000:>13.1f}", flush=True)
    print("(cards left: the mean co-op result, 0 = won; a turn: every action of one seat's turn, each a choose call)")


if __name__ == "__main__":
    main(sys.argv[1:])
