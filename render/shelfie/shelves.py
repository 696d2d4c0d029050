"""The shelves picture: every seat's bookshelf two to a row (name, first-player chair, end-game token,
tiles, points; the seat to play highlighted; where the last tiles landed outlined). Posted with the
board each turn and alone by the Shelves button.

Public information only while the game runs: the points under a shelf leave out the secret personal
goal. Once the game is over everything is public and they are the final totals, as on the score sheet.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.shelfie import Game, Move, adjacency_score

from .. import fonts
from ..pieces import seat_marker, seat_name
from . import pieces
from .layout import (
    SHELF_BLOCK_W, SHELF_CELL, SHELF_HEADER_H, Box, block_shelf_origin, shelf_cell, shelf_size, shelves_block_box,
    shelves_size,
)
from ..palette import INK, MUTED, PAPER, PLACED, TURN, mix
from ..png import Mapped, MappedCanvas
from ..text import DEFAULT_LOCALE, points
from .captions import caption

HIGHLIGHT = mix(PAPER, TURN, 0.35)


def draw_shelves(game: Game, *, seat_names: list[str], seats: Sequence[int] | None = None,
                 last_move: Move | None = None, locale: str = DEFAULT_LOCALE) -> Image.Image:
    """The shelves picture as an RGB image."""
    return compose_shelves(game, seat_names, seats, last_move, locale, None).rgb


def compose_shelves(game: Game, seat_names: list[str], seats: Sequence[int] | None, last_move: Move | None,
                    locale: str, palette: Image.Image | None) -> MappedCanvas:
    """The picture on a canvas whose empty shelves and tiles arrive already mapped onto the palette: only each
    block's header and points, the highlight around the shelf to play and the last move's frames are mapped
    per picture."""
    chosen = list(range(game.n_players)) if seats is None else list(seats)
    if not chosen or any(not 0 <= seat < game.n_players for seat in chosen):
        raise ValueError(f"seats must be 0..{game.n_players - 1}, got {chosen}")
    canvas = MappedCanvas(_mapped_empty_shelves(len(chosen)), palette)
    d = ImageDraw.Draw(canvas.rgb)
    mover, placed = pieces.placement(game, last_move)
    for index, seat in enumerate(chosen):
        block = shelves_block_box(index, len(chosen))
        draw_shelf_block(canvas, d, game, seat, seat_names, locale, block)
        if seat == mover:
            for r, c in placed:
                x0, y0, x1, y1 = shelf_cell(block_shelf_origin(block), r, c, SHELF_CELL)
                canvas.touch((x0, y0, x1, y1))
                d.rectangle((x0, y0, x1 - 1, y1 - 1), outline=PLACED, width=4)
    return canvas


@lru_cache(maxsize=4)  # one per number of seats shown
def _empty_shelves(count: int) -> Image.Image:
    img = Image.new("RGB", shelves_size(count), PAPER)
    for index in range(count):
        origin = block_shelf_origin(shelves_block_box(index, count))
        pieces.draw_shelf_frame(img, origin, SHELF_CELL)
        pieces.shelf_column_numbers(img, origin, SHELF_CELL, size=20)
    return img


@lru_cache(maxsize=4)
def _mapped_empty_shelves(count: int) -> Mapped:
    return Mapped(_empty_shelves(count))


def draw_shelf_block(canvas: MappedCanvas, d: ImageDraw.ImageDraw, game: Game, seat: int, names: list[str],
                     locale: str, block: Box) -> None:
    """One seat in `block` over an already drawn empty shelf: marker, name, badges, tiles, points;
    the seat to play is highlighted."""
    x0, y0, x1, y1 = block
    origin = block_shelf_origin(block)
    shelf_w, shelf_h = shelf_size()
    canvas.touch((x0, y0, x1, origin[1]))  # the header
    canvas.touch((x0, origin[1] + shelf_h, x1, y1))  # the points
    if not game.is_over and game.current_seat == seat:
        canvas.touch((x0, origin[1], origin[0], origin[1] + shelf_h))  # the highlight beside the shelf
        canvas.touch((origin[0] + shelf_w, origin[1], x1, origin[1] + shelf_h))
        d.rounded_rectangle((x0, y0, x1, y1), radius=14, fill=HIGHLIGHT, outline=TURN, width=4)
        canvas.paste(_mapped_highlighted_shelf(), origin)
    for kind, xy in pieces.shelf_tile_spots(origin, SHELF_CELL, game.shelf_rows(seat)):
        canvas.paste(_mapped_tile(kind), xy)
    hy = y0 + SHELF_HEADER_H / 2
    seat_marker(d, (x0 + 24, hy), 17, seat)
    right = x1 - 8
    if game.end_token_seat == seat:
        pieces.end_token(d, (right - 38, hy - 18, right, hy + 18))
        right -= 44
    if seat == 0:
        pieces.chair(d, (right - 34, hy - 18, right, hy + 18))
        right -= 40
    resigned = seat in game.resigned
    name = seat_name(names, seat, locale)
    fonts.draw_text(d, (x0 + 48, hy), name, 26, MUTED if resigned else INK, bold=True, max_width=right - x0 - 54)
    fy = y0 + SHELF_HEADER_H + shelf_size()[1]
    mid = (x0 + x1) / 2
    if resigned:
        fonts.draw_text(d, (mid, fy + 20), caption("resigned", locale), 22, MUTED, bold=True, align="center")
        return
    total, parts = _points(game, seat, locale)
    fonts.draw_text(d, (mid, fy + 19), total, 30, INK, bold=True, align="center")
    size = next((s for s in (19, 16, 15) if fonts.width(parts, s) <= SHELF_BLOCK_W - 10), 14)  # final parts: longer
    fonts.draw_text(d, (mid, fy + 48), parts, size, MUTED, align="center", max_width=SHELF_BLOCK_W - 10)


def _points(game: Game, seat: int, locale: str) -> tuple[str, str]:
    """The points line and its parts: what everyone can see, or the final total once the game is over."""
    tokens = "+".join(str(p) for _, p in game.tokens_of(seat)) or "0"
    end = 1 if game.end_token_seat == seat else 0
    if game.is_over:
        score = game.score_breakdown(seat)
        parts = caption("final_parts", locale, tokens=tokens, groups=score["adjacency"], personal=score["personal"])
        total = score["total"]
    else:
        groups = adjacency_score(game.shelf(seat))
        parts = caption("visible_parts", locale, tokens=tokens, groups=groups)
        total = game.public_score(seat)
    if end:
        parts += caption("end_token_part", locale, n=end)
    return points(total, locale), parts


@lru_cache(maxsize=None)  # one per tile type
def _mapped_tile(kind: str) -> Mapped:
    return Mapped(pieces.slotted_tile(kind, SHELF_CELL - 4))


@lru_cache(maxsize=1)
def _mapped_highlighted_shelf() -> Mapped:
    return Mapped(_highlighted_shelf())


@lru_cache(maxsize=1)
def _highlighted_shelf() -> Image.Image:
    w, h = shelf_size()
    img = Image.new("RGB", (w, h), HIGHLIGHT)
    pieces.draw_shelf_frame(img, (0, 0), SHELF_CELL)
    pieces.shelf_column_numbers(img, (0, 0), SHELF_CELL, size=20)
    return img
