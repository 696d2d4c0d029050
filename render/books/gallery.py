"""Books' part of `python -m render.gallery OUTDIR`: seeded games of 1 (solo against Penelope), 2, 3 and 4 seats
drawn at the moments players see: a turn, the Village alone, every apartment, a seat's Little Projects (the 5
dealt at the start while it keeps 3, then its hand), the score sheet; and a busy table (every stack height, a
Bookend's stack of 8, a Wild, the Lamp)."""
from __future__ import annotations

from engine.books.game import BooksGame

from ..manifest import SavePicture
from .pictures import render_apartments, render_final, render_projects, render_turn, render_village
from .samples import NAMES, play_until, sample_game, sample_table


def write_books_gallery(save: SavePicture) -> None:
    """Books' gallery pictures (books_*.png), each under its file name."""
    start = BooksGame.new(2, seed=2026)
    save("books_projects_keep.png", render_projects(start, start.current, NAMES[:2]))
    for n in (1, 2, 3, 4):
        names = NAMES[:n]
        label = "solo" if n == 1 else f"{n}p"
        game = sample_game(n, seed=2026 + n, turns=6 * n)
        save(f"books_turn_{label}.png", render_turn(game, names))
        if n == 4:
            save("books_turn_4p_it.png", render_turn(game, names, "it"))
            save("books_village_4p.png", render_village(game, names))
        if n == 2:
            save("books_apartments_2p.png", render_apartments(game, names))
            save("books_projects.png", render_projects(game, game.current, names))
        play_until(game, None, seed=n)
        save(f"books_final_{label}.png", render_final(game, names))
    busy = sample_table(3, seed=2026)
    save("books_turn_busy.png", render_turn(busy, NAMES[:3]))
