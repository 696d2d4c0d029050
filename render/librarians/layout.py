"""Geometry of Librarians' pictures, in one place, so tests can find the exact pixel of a card or a spot.

The library is a grid: one band per shelf row (row 1 at the top), one column per x, the shelf cards in the
column x = 0. Books stand on a wooden plank that runs under each row; the plank carries the spot number of
every place above it that is numbered. Pictures are 720 px wide like the other games' (a phone shows them at
about half size, so no text is drawn smaller than ~15 px); the cells shrink as the library widens, in steps
of CELL_STEP so the cards are drawn in a few sizes only (each size is cached), down to MIN_CELL, and past
that the picture grows wider rather than the cards smaller.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

Point = tuple[int, int]
Box = tuple[int, int, int, int]
Place = tuple[int, int]

PICTURE_W = 720
MARGIN = 10
ROW_LABEL_W = 28       # the row number left of each band ("r2" in the move log is row 2)
X_LABELS_H = 22        # the x of each column over the top band ("x-3")
MAX_CELL = 92
MIN_CELL = 44
CELL_STEP = 8
CARD_GAP = 6           # between two cards side by side
CARD_RATIO = 1.36      # a card's height over its width (portrait, like the printed cards)
PLANK_H = 26
ROW_GAP = 6


def cell_size(columns: int) -> int:
    """The cell width for a library `columns` wide: as large as 720 px allows (at most MAX_CELL), in steps of
    CELL_STEP, never under MIN_CELL."""
    room = (PICTURE_W - 2 * MARGIN - ROW_LABEL_W) // max(1, columns)
    fitted = MIN_CELL + (min(MAX_CELL, room) - MIN_CELL) // CELL_STEP * CELL_STEP
    return max(MIN_CELL, fitted)


@dataclass(frozen=True)
class Grid:
    """Where each place of a library section lies: columns x_lo..x_hi, bands row_lo..row_hi (the shelf rows),
    from y = top. The sizes are worked out once per grid: a picture asks for them hundreds of times."""

    x_lo: int
    x_hi: int
    row_lo: int
    row_hi: int
    top: int
    width: int

    @cached_property
    def columns(self) -> int:
        return self.x_hi - self.x_lo + 1

    @cached_property
    def cell(self) -> int:
        return cell_size(self.columns)

    @cached_property
    def card_size(self) -> tuple[int, int]:
        w = self.cell - CARD_GAP
        return w, round(w * CARD_RATIO)

    @cached_property
    def headroom(self) -> int:
        """Room over each card for a tapped card's bookmark, which sticks out above it."""
        return round(self.card_size[0] * 0.3)

    @cached_property
    def band_h(self) -> int:
        return self.headroom + self.card_size[1] + PLANK_H + ROW_GAP

    @cached_property
    def left(self) -> int:
        """x of the first column's left edge: the columns centred in the picture, after the row labels."""
        return ROW_LABEL_W + MARGIN + (self.width - 2 * MARGIN - ROW_LABEL_W - self.columns * self.cell) // 2

    @cached_property
    def bands_top(self) -> int:
        return self.top + X_LABELS_H

    @cached_property
    def height(self) -> int:
        return X_LABELS_H + (self.row_hi - self.row_lo + 1) * self.band_h

    def column_center(self, x: int) -> int:
        return self.left + (x - self.x_lo) * self.cell + self.cell // 2

    def band_top(self, row: int) -> int:
        return self.bands_top + (row - self.row_lo) * self.band_h

    def card_box(self, place: Place) -> Box:
        """The card drawn at `place` (row, x)."""
        row, x = place
        w, h = self.card_size
        x0 = self.left + (x - self.x_lo) * self.cell + CARD_GAP // 2
        y0 = self.band_top(row) + self.headroom
        return x0, y0, x0 + w, y0 + h

    def plank_box(self, row: int) -> Box:
        """The plank under a band, across every column."""
        y0 = self.band_top(row) + self.headroom + self.card_size[1]
        return self.left - 4, y0, self.left + self.columns * self.cell + 4, y0 + PLANK_H

    def number_center(self, place: Place) -> Point:
        """Where the spot number of `place` is written: on the plank, under the place's card."""
        x0, y0, x1, y1 = self.plank_box(place[0])
        return self.column_center(place[1]), (y0 + y1) // 2

    def row_label_center(self, row: int) -> Point:
        x0, y0, x1, y1 = self.card_box((row, self.x_lo))
        return MARGIN + ROW_LABEL_W // 2, (y0 + y1) // 2


def library_grid(places: list[Place], rows: int, top: int) -> Grid:
    """The grid that shows `rows` shelf rows and every place in `places` (books and spots), the shelf column
    always included, in a picture at least PICTURE_W wide (wider only when MIN_CELL cells do not fit)."""
    xs = [x for _, x in places] + [0]
    bands = [r for r, _ in places] + [0, rows - 1]
    x_lo, x_hi = min(xs), max(xs)
    columns = x_hi - x_lo + 1
    width = max(PICTURE_W, 2 * MARGIN + ROW_LABEL_W + columns * cell_size(columns))
    return Grid(x_lo, x_hi, min(bands), max(bands), top, width)
