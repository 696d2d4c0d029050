"""The whole table: one picture (the board above the shelves) or a turn's two pictures in one call.

One picture is for places that want one file per turn (the CLI demo); a Discord turn carries the two
pictures separately, so a phone shows each one at full width.
"""
from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.shelfie import Game, Move

from .board import draw_board
from ..palette import PAPER
from .picture_palette import encode_picture
from .pictures import render_board, render_shelves
from .scores import render_scores
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


def render_turn_pictures(game: Game, *, seat_names: list[str], last_move: Move | None = None,
                         locale: str = DEFAULT_LOCALE) -> tuple[bytes, bytes]:
    """PNGs of the board picture and the shelves picture of a turn, as render_board and render_shelves draw them.

    One call for both, so a picture worker handles a turn in one round trip: half the pickling, pipe
    writes and wake-ups per move of two calls, in the bot's process and in the worker.
    """
    return (render_board(game, seat_names=seat_names, last_move=last_move, locale=locale),
            render_shelves(game, seat_names=seat_names, last_move=last_move, locale=locale))


def render_frame(game: Game, seat_names: Sequence[str], locale: str = DEFAULT_LOCALE) -> list[bytes]:
    """A replay's frame of this state: the turn's board and shelves pictures with the last move outlined, as its
    turn message shows them; once the game is over, the final score sheet, which reveals every personal goal (no
    frame before it shows one)."""
    names = list(seat_names)
    if game.is_over:
        return [render_scores(game, seat_names=names, locale=locale)]
    last = game.last_report.move if game.last_report else None
    return list(render_turn_pictures(game, seat_names=names, last_move=last, locale=locale))
