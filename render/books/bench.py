"""Books' pictures in `python -m bench render`: the turn picture (4 seats, and solo with Penelope's queue), the
Village alone, every apartment, a seat's Little Projects, the score sheet, and the turn picture of many distinct
tables in rotation (the cost must not depend on how many games are in play, issue 17)."""
from __future__ import annotations

from ..manifest import Measure
from .pictures import render_apartments, render_final, render_projects, render_turn, render_village
from .samples import NAMES, sample_game, sample_table

DISTINCT_GAMES = 100


def measure_books(measure: Measure) -> None:
    game = sample_game(4, seed=7, turns=24)
    solo = sample_game(1, seed=8, turns=4)
    print(f"  (4 seats, turn {game.turn + 1}; solo turn {solo.turn + 1})")
    measure("books turn picture 4 players", lambda: render_turn(game, NAMES), 40)
    measure("books turn picture solo", lambda: render_turn(solo, NAMES[:1]), 20)
    measure("books village", lambda: render_village(game, NAMES), 20)
    measure("books apartments 4 players", lambda: render_apartments(game, NAMES), 20)
    measure("books projects", lambda: render_projects(game, game.current, NAMES), 20)
    tables = [sample_table(1 + k % 4, seed=k, solo=k % 4 == 0) for k in range(DISTINCT_GAMES)]
    cycle = iter(range(10**9))
    measure(f"books turn, {DISTINCT_GAMES} games in rotation",
            lambda: render_turn(t := tables[next(cycle) % DISTINCT_GAMES], NAMES[:t.n_players]), 2 * DISTINCT_GAMES)
    finished = sample_game(2, seed=9)
    measure("books final 2 players", lambda: render_final(finished, NAMES[:2]), 20)
