"""Books' pictures drawn once: its shared palette (sampled from pictures of two tables, the costly part), the
turn picture, every apartment and a seat's Little Projects."""
from __future__ import annotations

from .pictures import render_apartments, render_projects, render_turn
from .samples import NAMES, sample_table


def warm_pictures() -> None:
    table = sample_table(4, seed=0)
    render_turn(table, NAMES)
    render_apartments(table, NAMES)
    render_projects(table, table.current, NAMES)
