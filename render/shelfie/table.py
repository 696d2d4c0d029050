"""The whole table in one picture: the board picture above the shelves picture.

For places that want one file per turn (the CLI demo); a Discord turn carries the two pictures
separately, so a phone shows each one at full width.
"""
from __future__ import annotations

from PIL import Image

from engine.shelfie import Game, Move

from .board import draw_board
from ..palette import PAPER
from .picture_palette import encode_picture
from .shelves import draw_shelves
from ..text import DEFAULT_LOCALE


def render_table(game: Game, *, seat_names: list[str], last_move: Move | None = None,
                 locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG of the board picture with every shelf under it (public information only)."""
    board = draw_board(game, seat_names=seat_names, last_move=last_move, locale=locale)
    shelves = draw_shelves(game, seat_names=seat_names, last_move=last_move, locale=locale)
    img = Image.new("RGB", (max(board.width, shelves.width), board.height + shelves.height), PAPER)
    img.paste(board, (0, 0))
    img.paste(shelves, ((img.width - shelves.width) // 2, board.height))
    return encode_picture(img)
