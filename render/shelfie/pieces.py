"""My Shelfie's drawing pieces shared by several of its pictures: tiles, shelves, tokens, the first-player chair,
card numbers and where a move's tiles landed."""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.shelfie import Game, Move

from .. import fonts, icons
from ..palette import (
    CARD_EDGE, GOOD, MISS, OUTLINE, SHELF_SLOT, TOKEN, TOKEN_EDGE, TURN, WHITE, WOOD, WOOD_DARK, WOOD_LIGHT, RGB,
    mix,
)
from .layout import SHELF_BOTTOM, SHELF_COLS, SHELF_PAD, SHELF_ROWS, Box, shelf_cell, shelf_size


def paste_tile(img: Image.Image, kind: str, box: Box, inset: int = 2) -> None:
    size = box[2] - box[0] - 2 * inset
    t = icons.tile(kind, size)
    img.paste(t, (box[0] + inset, box[1] + inset), t)


def goal_space(img: Image.Image, box: Box, want: str, have: str) -> None:
    """One personal-goal space, drawn alike on the goal card and the final score sheet: the shelf's tile (the wanted
    one faded while the space is empty), framed green when it matches and red when another tile sits there; the
    wanted tile small in the top-right corner; a ✓ or ✗ at the bottom left once a tile is there (none while empty)."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box[0], box[1], box[2] - 1, box[3] - 1
    cell = box[2] - box[0]
    if have == ".":
        tile = icons.tile(want, cell - 8)
        faded = tile.copy()
        faded.putalpha(faded.getchannel("A").point(lambda a: a * 55 // 100))
        img.paste(faded, (x0 + 4, y0 + 4), faded)
    else:
        paste_tile(img, have, box, inset=2)
        d.rectangle((x0, y0, x1, y1), outline=GOOD if have == want else MISS, width=4)
        d.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=WHITE, width=1)
    corner = round(cell * 0.44)
    d.ellipse((x1 - corner - 2, y0 - 2, x1 + 2, y0 + corner + 2), fill=WHITE, outline=OUTLINE)
    mark = icons.item(want, corner)
    img.paste(mark, (x1 - corner, y0), mark)
    if have != ".":
        r = round(cell * 0.2)
        d.ellipse((x0 - 2, y1 - 2 * r, x0 + 2 * r - 2, y1 + 2), fill=GOOD if have == want else MISS, outline=OUTLINE)
        fonts.draw_text(d, (x0 + r - 2, y1 - r + 1), "✓" if have == want else "✗", round(r * 1.4), WHITE, bold=True,
                        align="center")


def draw_shelf_frame(img: Image.Image, origin: tuple[int, int], cell: int) -> None:
    """The empty wooden bookshelf: frame, dark slots, column numbers underneath."""
    d = ImageDraw.Draw(img)
    w, h = shelf_size(cell)
    x, y = origin
    d.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=6, fill=WOOD, outline=WOOD_DARK, width=2)
    for c in range(SHELF_COLS):
        for r in range(SHELF_ROWS):
            x0, y0, x1, y1 = shelf_cell(origin, r, c, cell)
            d.rectangle((x0 + 1, y0 + 1, x1 - 2, y1 - 2), fill=SHELF_SLOT)
        d.line((x + SHELF_PAD + c * cell, y + SHELF_PAD, x + SHELF_PAD + c * cell, y + h - SHELF_BOTTOM), fill=WOOD_LIGHT)


def shelf_column_numbers(img: Image.Image, origin: tuple[int, int], cell: int, size: int = 16) -> None:
    """Numbers 1-5 under the columns: what players type as the `column` of a move."""
    d = ImageDraw.Draw(img)
    x, y = origin
    h = shelf_size(cell)[1]
    for c in range(SHELF_COLS):
        fonts.draw_text(d, (x + SHELF_PAD + c * cell + cell / 2, y + h - SHELF_BOTTOM / 2), str(c + 1), size,
                        (255, 235, 205), bold=True, align="center")


def paste_shelf_tiles(img: Image.Image, origin: tuple[int, int], cell: int, rows: list[str]) -> None:
    """The tiles on a shelf drawn by draw_shelf_frame, each one opaque paste of the tile already laid on
    its slot (a late-game turn pastes over a hundred: an alpha blend each cost three times as much)."""
    for kind, xy in shelf_tile_spots(origin, cell, rows):
        img.paste(slotted_tile(kind, cell - 4), xy)


def shelf_tile_spots(origin: tuple[int, int], cell: int, rows: list[str]) -> Iterator[tuple[str, tuple[int, int]]]:
    """Each tile on a shelf drawn by draw_shelf_frame: its kind and where its slotted_tile(kind, cell - 4) goes."""
    for r, row in enumerate(rows):
        for c, kind in enumerate(row):
            if kind != ".":
                x0, y0, _, _ = shelf_cell(origin, r, c, cell)
                yield kind, (x0 + 2, y0 + 2)


@lru_cache(maxsize=None)  # the six tile types x the few shelf cell sizes, a few KB each
def slotted_tile(kind: str, size: int) -> Image.Image:
    """The tile over the slot colour: a slot's fill reaches past the tile on every side (draw_shelf_frame),
    so this is exactly what blending the tile onto the shelf gives."""
    t = icons.tile(kind, size)
    img = Image.new("RGB", t.size, SHELF_SLOT)
    img.paste(t, (0, 0), t)
    return img


def token(d: ImageDraw.ImageDraw, center: tuple[float, float], radius: float, points: int) -> None:
    """A scoring token: a red disc with its points."""
    x, y = center
    d.ellipse((x - radius, y - radius, x + radius, y + radius), fill=TOKEN, outline=TOKEN_EDGE, width=2)
    d.ellipse((x - radius + 4, y - radius + 4, x + radius - 4, y + radius - 4), outline=(235, 130, 120), width=1)
    fonts.draw_text(d, (x, y), str(points), round(radius * 1.05), WHITE, bold=True, align="center")


def chair(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: RGB = (70, 42, 22)) -> None:
    """The first-player chair (seat 0's badge): a chair in side view on a gold square."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    d.rounded_rectangle(box, radius=5, fill=TURN, outline=OUTLINE, width=2)
    lw = max(2, round(w * 0.1))
    back, front, seat_y, floor = x0 + w * 0.3, x0 + w * 0.74, y0 + h * 0.55, y1 - h * 0.16
    d.rounded_rectangle((back - lw / 2, y0 + h * 0.14, back + w * 0.1, seat_y), radius=2, fill=colour)
    d.rectangle((back - lw / 2, seat_y - lw / 2, front + lw / 2, seat_y + lw / 2), fill=colour)
    d.line((back, seat_y, back, floor), fill=colour, width=lw)
    d.line((front, seat_y, front, floor), fill=colour, width=lw)


def end_token(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    """The end-game token (+1): a dark square tile with a gold 1."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=5, fill=(40, 90, 60), outline=OUTLINE, width=2)
    fonts.draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), "+1", round((y1 - y0) * 0.5), (255, 215, 90), bold=True,
                    align="center")


def card_number(d: ImageDraw.ImageDraw, center: tuple[float, float], radius: float, number: int) -> None:
    """A card's printed number in its corner: the same badge on common and personal goal cards,
    so it is never mistaken for a seat marker (a disc in the seat's colour)."""
    x, y = center
    d.ellipse((x - radius, y - radius, x + radius, y + radius), fill=mix(CARD_EDGE, OUTLINE, 0.3))
    fonts.draw_text(d, (x, y), str(number), round(radius * 1.05), WHITE, bold=True, align="center")


def placement(game: Game, move: Move | None) -> tuple[int | None, list[tuple[int, int]]]:
    """Who played `move` (when it is the game's last report) and the shelf cells its tiles landed in,
    first tile (lowest) first."""
    report = game.last_report
    if move is None or report is None or report.move != move:
        return None, []
    mover = report.seat
    top = SHELF_ROWS - game.shelf(mover).height(move.column)
    return mover, [(top + len(move.tiles) - 1 - i, move.column) for i in range(len(move.tiles))]
