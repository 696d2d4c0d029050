"""Geometry of Librarians' pictures, in one place, so tests can find the exact pixel of a card or a spot.

The library is a grid: one band per shelf row (row 1 at the top), one column per x, the shelf cards in the
column x = 0. Books stand on a wooden plank that runs under each row; the plank carries the spot number of
every place above it that is numbered. Pictures are 720 px wide like the other games' (a phone shows them at
about half size, so no text is drawn smaller than ~15 px); the cells shrink as the library widens, in steps
of CELL_STEP so the cards are drawn in a few sizes only (each size is cached), down to MIN_CELL. Past that the
picture never grows wider (a phone would shrink every card and number away): the library wraps like text, its
columns cut into sections of equal width drawn one under the other, each with its row numbers, its column
labels and a chevron at each cut edge where its rows go on in the next section.
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
X_LABELS_H = 28        # how far each column lies from the shelf card, over the top band
X_LABEL_SIZE = 20
MAX_CELL = 92
MIN_CELL = 44
CELL_STEP = 8
CARD_GAP = 6           # between two cards side by side
CARD_RATIO = 1.36      # a card's height over its width (portrait, like the printed cards)
PLANK_H = 26
ROW_GAP = 6
GUTTER = 22            # beside a wrapped section, for the chevron that says its rows go on
SECTION_GAP = 10       # between two sections of a wrapped library
LIBRARY_ROOM = PICTURE_W - 2 * MARGIN - ROW_LABEL_W


def cell_size(columns: int, room: int = LIBRARY_ROOM) -> int:
    """The cell width for a library `columns` wide: as large as `room` (720 px less margins) allows (at most
    MAX_CELL), in steps of CELL_STEP, never under MIN_CELL."""
    room = room // max(1, columns)
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
    cell: int

    @cached_property
    def columns(self) -> int:
        return self.x_hi - self.x_lo + 1

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

    def column_label_center(self, x: int) -> Point:
        return self.column_center(x), self.top + X_LABELS_H // 2

    def row_label_center(self, row: int) -> Point:
        x0, y0, x1, y1 = self.card_box((row, self.x_lo))
        return MARGIN + ROW_LABEL_W // 2, (y0 + y1) // 2


@dataclass(frozen=True)
class LibraryLayout:
    """The library's sections top to bottom (one, unless the library is too wide for the picture): every
    place lies in exactly one, found by its x."""

    sections: tuple[Grid, ...]

    @property
    def top(self) -> int:
        return self.sections[0].top

    @property
    def height(self) -> int:
        last = self.sections[-1]
        return last.top + last.height - self.top

    @property
    def width(self) -> int:
        return PICTURE_W

    @property
    def cell(self) -> int:
        return self.sections[0].cell

    def section(self, place: Place) -> Grid:
        """The section whose columns hold place's x (a place beyond the library's columns: the nearest)."""
        return next((g for g in self.sections if place[1] <= g.x_hi), self.sections[-1])

    def card_box(self, place: Place) -> Box:
        return self.section(place).card_box(place)

    def number_center(self, place: Place) -> Point:
        return self.section(place).number_center(place)

    def row_label_center(self, row: int) -> Point:
        """The row number of `row` in the section holding the shelf cards (every row is there)."""
        return self.section((row, 0)).row_label_center(row)


def library_grid(places: list[Place], rows: int, top: int) -> LibraryLayout:
    """The sections that show `rows` shelf rows and every place in `places` (books and spots), the shelf column
    always included, in a picture PICTURE_W wide: one section when MIN_CELL cells fit, else as few sections of
    equal width as fit (each showing the rows that have a place in its columns)."""
    xs = [x for _, x in places] + [0]
    x_lo, x_hi = min(xs), max(xs)
    columns = x_hi - x_lo + 1
    if columns * MIN_CELL <= LIBRARY_ROOM:
        bands = [r for r, _ in places] + [0, rows - 1]
        return LibraryLayout((Grid(x_lo, x_hi, min(bands), max(bands), top, PICTURE_W, cell_size(columns)),))
    fit = (LIBRARY_ROOM - 2 * GUTTER) // MIN_CELL
    count = -(-columns // fit)
    per = -(-columns // count)
    cell = cell_size(per, LIBRARY_ROOM - 2 * GUTTER)
    sections = []
    for lo in range(x_lo, x_hi + 1, per):
        hi = min(x_hi, lo + per - 1)
        bands = [r for r, x in places if lo <= x <= hi] + ([0, rows - 1] if lo <= 0 <= hi else [])
        grid = Grid(lo, hi, min(bands, default=0), max(bands, default=0), top, PICTURE_W, cell)
        sections.append(grid)
        top += grid.height + SECTION_GAP
    return LibraryLayout(tuple(sections))
