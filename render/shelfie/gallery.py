"""My Shelfie's part of `python -m render.gallery OUTDIR`: seeded games of the engine's "normal" computer
player (so the pictures show the groups and tokens of a plausible game) at 2, 3 and 4 players, the end, a
personal goal card and every common goal card."""
from __future__ import annotations

import random

from engine.shelfie import COMMON_GOALS, Game, Move
from engine.shelfie.ai import choose_move

from ..manifest import SavePicture
from .pictures import render_board, render_common_goal, render_goal_card, render_shelves
from .scores import render_scores

NAMES = ["Alice", "田中太郎 🐱", "Bartholomew the Extraordinarily Long-Named", "🦊 Zoë"]


def play(game: Game, rng: random.Random, turns: int | None = None) -> Move | None:
    """Play `turns` turns (or to the end) with rng seeding each move; return the last move played."""
    last = None
    while not game.is_over and (turns is None or turns > 0):
        last = choose_move(game, "normal", seed=rng.randrange(2**32))
        game.apply(last)
        turns = None if turns is None else turns - 1
    return last


def write_shelfie_gallery(save: SavePicture) -> None:
    """My Shelfie's gallery pictures, each under its file name."""
    for n in (2, 3, 4):
        game = Game.new(n, seed=2026 + n)
        rng = random.Random(n)
        last = play(game, rng, turns=7 * n)
        save(f"board_{n}p.png", render_board(game, seat_names=NAMES[:n], last_move=last))
        save(f"shelves_{n}p.png", render_shelves(game, seat_names=NAMES[:n], last_move=last))
        if n == 4:
            save("board_4p_it.png", render_board(game, seat_names=NAMES[:n], last_move=last, locale="it"))
            save("personal_goal.png", render_goal_card(game, 0))
            save("shelves_one_it.png", render_shelves(game, seat_names=NAMES[:n], seats=[2], locale="it"))
            last = play(game, rng)
            save("board_4p_end.png", render_board(game, seat_names=NAMES[:n], last_move=last))
            save("shelves_4p_end.png", render_shelves(game, seat_names=NAMES[:n], last_move=last))
            save("scores_4p.png", render_scores(game, seat_names=NAMES[:n]))
    for goal in sorted(COMMON_GOALS.values(), key=lambda g: g.number):
        save(f"common_goal_{goal.number:02d}_{goal.id}.png", render_common_goal(goal.id))
