"""`python -m render.gallery OUTDIR`: play seeded games and write every kind of picture.

Every seat is the engine's "normal" computer player (seeded), so the pictures show the groups
and tokens of a plausible game.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

from engine.shelfie import COMMON_GOALS, Game, Move
from engine.shelfie.ai import choose_move

from .dice.gallery import write_dice_gallery
from .librarians.gallery import write_librarians_gallery
from .shelfie import render_board, render_common_goal, render_goal_card, render_scores, render_shelves

NAMES = ["Alice", "田中太郎 🐱", "Bartholomew the Extraordinarily Long-Named", "🦊 Zoë"]


def play(game: Game, rng: random.Random, turns: int | None = None) -> Move | None:
    """Play `turns` turns (or to the end) with rng seeding each move; return the last move played."""
    last = None
    while not game.is_over and (turns is None or turns > 0):
        last = choose_move(game, "normal", seed=rng.randrange(2**32))
        game.apply(last)
        turns = None if turns is None else turns - 1
    return last


def write_gallery(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, png: bytes) -> None:
        path = out / name
        path.write_bytes(png)
        written.append(path)

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
    return written + write_dice_gallery(out) + write_librarians_gallery(out)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m render.gallery OUTDIR")
        return 2
    for path in write_gallery(Path(argv[0])):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
