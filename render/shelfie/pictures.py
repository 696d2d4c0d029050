"""My Shelfie's pictures as PNG bytes, each encoded through the one palette (render.shelfie.picture_palette):
the board, the shelves, a personal goal card and a common goal card. The drawing itself is in the modules named
for each picture; the palette is sampled from them."""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.shelfie import Game, Move

from ..text import DEFAULT_LOCALE, language
from .board import compose_board
from .goal_card import draw_goal_card
from .goals import common_goal_card
from .picture_palette import encode_picture, picture_palette
from .shelves import compose_shelves


def render_board(game: Game, *, seat_names: list[str], last_move: Move | None = None,
                 chosen: Sequence[tuple[int, int]] = (), locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG (BOARD_PICTURE_SIZE) of the board as every player may see it.

    last_move, the move just played, is outlined where its tiles came from; chosen, the (row, column) cells a
    player has picked so far in the move builder, are framed so they can be told from the rest.
    """
    return compose_board(game, seat_names, last_move, chosen, locale, picture_palette()).encode()


def render_shelves(game: Game, *, seat_names: list[str], seats: Sequence[int] | None = None,
                   last_move: Move | None = None, locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG of the shelves of `seats` (all seats when None) in reading order, `shelves_size(len(seats))` pixels.

    last_move, the move just played, is outlined where its tiles landed.
    """
    return compose_shelves(game, seat_names, seats, last_move, locale, picture_palette()).encode()


def render_goal_card(game: Game, seat: int, locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG (GOAL_CARD_SIZE) of seat's personal goal: the card's number in its corner (as the end
    message names it), the 6 target spaces, each marked ✓ when the shelf already matches it or ✗
    when another tile blocks it, and the points it is worth now.

    Secret: send it only to that seat's player.
    """
    return encode_picture(draw_goal_card(game, seat, locale))


def render_common_goal(goal_id: str, locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG of common goal card `goal_id` (CARD_SIZE pixels), for `/shelfie rules` (cached: cards never change)."""
    return _card_png(goal_id, language(locale))


@lru_cache(maxsize=None)
def _card_png(goal_id: str, locale: str) -> bytes:
    return encode_picture(common_goal_card(goal_id, locale))
