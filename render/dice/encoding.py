"""The one palette every Dice Game picture encodes through, built once per process.

As for My Shelfie (render.shelfie.picture_palette): building a palette costs more than drawing a turn, so it is
built once from a sample of real Dice Game pictures (a seeded computer game mid-turn with its item sets,
and its end) and shared, so a picture's cost does not depend on which game it shows. The key colours
(item tiles, the wild face, seats, marks) are pinned so they stay exact.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image

from ..palette import (
    CARD, INK, MUTED, OUTLINE, PAPER, PLACED, SEAT_COLORS, TAKEN, TILE_BG, TILE_INK, TURN, UNUSED, UNUSED_MARK,
    WHITE, mix,
)
from ..png import build_palette, encode
from .faces import CROSS, KEPT, KIND_OF_ROW, LOCK, WILD_BG

KEY_COLOURS = [
    *(TILE_INK[k] for k in KIND_OF_ROW), *(TILE_BG[k] for k in KIND_OF_ROW),
    *(mix(TILE_BG[k], PAPER, 0.6) for k in KIND_OF_ROW), WILD_BG, *SEAT_COLORS, INK, MUTED, OUTLINE, PAPER, CARD,
    WHITE, TAKEN, PLACED, TURN, KEPT, CROSS, LOCK, UNUSED, UNUSED_MARK, mix(PAPER, TURN, 0.35),
    mix(PAPER, TURN, 0.55),
]


def encode_dice_picture(img: Image.Image) -> bytes:
    """PNG bytes of a Dice Game picture, through the shared palette."""
    return encode(img, dice_palette())


@lru_cache(maxsize=1)
def dice_palette() -> Image.Image:
    # Imported here: the pictures sampled themselves encode through this palette.
    from engine.dice import DiceGame
    from engine.dice.ai import choose

    from .pictures import draw_final, draw_turn

    game = DiceGame.new(4, seed=1, dice=6, row_lock=True)
    names = ["Ann", "Bo", "Cy", "Di"]
    step = 0
    while not game.is_over and (game.turn < 14 or game.phase == "roll"):
        game.apply(choose(game, "easy", seed=step))
        step += 1
    turn = draw_turn(game.view(game.current_seat), names, "en", game.last_report, game.legal_item_sets())
    while not game.is_over:
        game.apply(choose(game, "easy", seed=step))
        step += 1
    final = draw_final(game.view(0), names, "en")
    sample = Image.new("RGB", (turn.width, turn.height + final.height), PAPER)
    sample.paste(turn, (0, 0))
    sample.paste(final, (0, turn.height))
    return build_palette(sample, KEY_COLOURS)
