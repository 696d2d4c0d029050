"""Books' part of `python -m render.gallery OUTDIR`: tables of 1 (solo against Penelope), 2, 3 and 4 seats drawn
at the moments players see: a turn, the Village alone, every apartment, a seat's Little Projects (while it keeps
3 of 5, then its hand), and the score sheet."""
from __future__ import annotations

from ..manifest import SavePicture
from .pictures import (
    render_apartments, render_score_sheet, render_projects, render_turn, render_village,
)
from .samples import NAMES, sample_scores, sample_table


def write_books_gallery(save: SavePicture) -> None:
    """Books' gallery pictures (books_*.png), each under its file name."""
    for n in (1, 2, 3, 4):
        table = sample_table(n, seed=2026 + n, solo=n == 1)
        names = NAMES[:n]
        label = "solo" if n == 1 else f"{n}p"
        save(f"books_turn_{label}.png", render_turn(table, names))
        if n == 4:
            save("books_turn_4p_it.png", render_turn(table, names, "it"))
            save("books_village_4p.png", render_village(table, names))
        if n == 2:
            save("books_apartments_2p.png", render_apartments(table, names))
            seat = table.current
            save("books_projects.png", render_projects(table, seat, names))
            table.players[seat].dealt = table.players[seat].hand[:3] + table.players[(seat + 1) % n].hand[:2]
            save("books_projects_keep.png", render_projects(table, seat, names))
        table.over = True
        save(f"books_final_{label}.png", render_score_sheet(table, *sample_scores(table), names))
