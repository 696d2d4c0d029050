"""The one palette every Librarians picture encodes through, built once per process.

As for the other games (render.dice.encoding): building a palette costs more than drawing a turn, so it is
built once from a sample of real Librarians pictures (a seeded game's turn picture with every spot numbered,
the same with a card's legal spots, a hand and its end) and shared, so a picture's cost does not depend on which
game it shows. The key colours (the six covers, labels, seats, marks) are pinned so they stay exact.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image

from ..palette import INK, MUTED, OUTLINE, PAPER, PLACED, SEAT_COLORS, TURN, WHITE, WOOD, WOOD_DARK, mix
from ..png import build_palette, encode, stacked
from .cards import BOOK_COLOURS, CARD_BACK, DARK_INK, LABEL, SHELF_FACE, TAPPED
from .library import LEGAL_FILL, PLANK_TEXT, SLOT_FILL

KEY_COLOURS = [
    *BOOK_COLOURS.values(), *(mix(c, OUTLINE, 0.6) for c in BOOK_COLOURS.values()), LABEL,
    DARK_INK, CARD_BACK, SHELF_FACE, TAPPED, LEGAL_FILL, SLOT_FILL, PLANK_TEXT, WOOD, WOOD_DARK, *SEAT_COLORS,
    INK, MUTED, OUTLINE, PAPER, WHITE, PLACED, TURN, mix(PAPER, TURN, 0.35),
]


def encode_librarians_picture(img: Image.Image) -> bytes:
    """PNG bytes of a Librarians picture, through the shared palette."""
    return encode(img, librarians_palette())


@lru_cache(maxsize=1)
def librarians_palette() -> Image.Image:
    # Imported here: the pictures sampled themselves encode through this palette.
    from .gallery import sample_game, step
    from .pictures import draw_final, draw_hand, draw_turn

    game, names = sample_game(4, seed=1, turns=6)
    view = game.view(game.current_seat)
    card = view.hand[0]
    parts = [draw_turn(view, names, "en"), draw_turn(view, names, "en", game.legal_places(card.id), card),
             draw_hand(view, names, "en")]
    k = 0
    while not game.is_over:
        step(game, k)
        k += 1
    parts.append(draw_final(game.view(0), names, "en"))
    return build_palette(stacked(parts, PAPER), KEY_COLOURS)
