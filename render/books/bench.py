"""Books' pictures in `python -m bench render`: the turn picture (4 seats, and solo with Penelope's queue), the
Village alone, every apartment, a seat's Little Projects, the score sheet, and the turn picture of many distinct
tables in rotation (the cost must not depend on how many games are in play, issue 17)."""
from __future__ import annotations

from ..manifest import Measure
from .pictures import render_apartments, render_projects, render_score_sheet, render_turn, render_village
from .samples import NAMES, sample_scores, sample_table

DISTINCT_GAMES = 100


def measure_books(measure: Measure) -> None:
    table = sample_table(4, seed=7)
    solo = sample_table(1, seed=8, solo=True)
    measure("books turn picture 4 players", lambda: render_turn(table, NAMES), 40)
    measure("books turn picture solo", lambda: render_turn(solo, NAMES[:1]), 20)
    measure("books village", lambda: render_village(table, NAMES), 20)
    measure("books apartments 4 players", lambda: render_apartments(table, NAMES), 20)
    measure("books projects", lambda: render_projects(table, table.current, NAMES), 20)
    tables = [sample_table(1 + k % 4, seed=k, solo=k % 4 == 0) for k in range(DISTINCT_GAMES)]
    cycle = iter(range(10**9))
    measure(f"books turn, {DISTINCT_GAMES} games in rotation",
            lambda: render_turn(t := tables[next(cycle) % DISTINCT_GAMES], NAMES[:t.n_players]), 2 * DISTINCT_GAMES)
    scores, penelope = sample_scores(table)
    measure("books final 4 players", lambda: render_score_sheet(table, scores, penelope, NAMES), 20)
