"""The one palette every My Shelfie picture encodes through, built once per process.

Building a palette costs more than drawing a turn (an octree over the image), so it is built once
from a sample of real pictures (a seeded game's board, shelves, goal card and all twelve common goal
cards) and shared: a picture's cost then does not depend on which game it shows. The key colours
(tiles, seats, highlights) are pinned so tile colours stay exact.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image

from engine.shelfie import COMMON_GOALS, Game

from ..palette import (
    CARD, GOOD, INK, MISS, MUTED, OUTLINE, PAPER, PLACED, SEAT_COLORS, SHELF_SLOT, TAKEN, TILE_BG, TILE_INK, TURN,
    WHITE, mix,
)
from ..png import build_palette, encode, stacked
from .board import draw_board
from .goal_card import draw_goal_card
from .goals import common_goal_card
from .shelves import draw_shelves

KEY_COLOURS = [
    *TILE_INK.values(), *TILE_BG.values(), *SEAT_COLORS, INK, MUTED, OUTLINE, PAPER, CARD, WHITE, TAKEN, PLACED,
    TURN, SHELF_SLOT, GOOD, MISS, mix(PAPER, TURN, 0.35),
]


def encode_picture(img: Image.Image) -> bytes:
    """PNG bytes of a My Shelfie picture, through the shared palette."""
    return encode(img, picture_palette())


@lru_cache(maxsize=1)
def picture_palette() -> Image.Image:
    game = Game.new(4, seed=1)
    for k in range(12):
        moves = game.legal_moves()
        game.apply(moves[(k * 7919) % len(moves)])
    names = ["Ann", "Bo", "Cy", "Di"]
    parts = [draw_board(game, seat_names=names, last_move=game.last_report.move if game.last_report else None),
             draw_shelves(game, seat_names=names), draw_goal_card(game, 0),
             *(common_goal_card(goal) for goal in sorted(COMMON_GOALS))]
    return build_palette(stacked(parts, PAPER), KEY_COLOURS)
