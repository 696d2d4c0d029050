"""The Shelves picture: the bookshelves of some or all seats, drawn exactly as on the table picture
(name, first-player chair, end-game token, tiles, visible points; the seat to play highlighted), without
the board. Public information only: the personal goals are never drawn.
"""
from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.shelfie import Game

from . import pieces
from .layout import SHELF_CELL, block_shelf_origin, shelves_block_box, shelves_size
from .palette import PAPER
from .png import encode
from .table import draw_shelf_block, table_palette
from .text import DEFAULT_LOCALE


def render_shelves(game: Game, *, seat_names: list[str], seats: Sequence[int] | None = None,
                   locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG of the shelves of `seats` (all seats when None) left to right, `shelves_size(len(seats))` pixels."""
    chosen = list(range(game.n_players)) if seats is None else list(seats)
    if not chosen or any(not 0 <= seat < game.n_players for seat in chosen):
        raise ValueError(f"seats must be 0..{game.n_players - 1}, got {chosen}")
    img = Image.new("RGB", shelves_size(len(chosen)), PAPER)
    d = ImageDraw.Draw(img)
    for index, seat in enumerate(chosen):
        block = shelves_block_box(index, len(chosen))
        pieces.draw_shelf_frame(img, block_shelf_origin(block), SHELF_CELL)
        pieces.shelf_column_numbers(img, block_shelf_origin(block), SHELF_CELL)
        draw_shelf_block(img, d, game, seat, seat_names, locale, block)
    return encode(img, table_palette(game, locale))
