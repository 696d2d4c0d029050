"""Geometry of the Books pictures, in one place, so tests can find the exact pixel of a space or a book.

Pictures are 720 px wide like the other games' (a phone shows them at about half size, so no text is drawn
smaller than ~13 px and a book in a stack is at least 9 px tall). An apartment takes the whole width: its 4x4
grid on the left (rooms apart by a wall, a band over each pair of rooms naming them), its backpack, battery and
cards on the right. A stack stands on the bottom of its space, its books drawn bottom to top.
"""
from __future__ import annotations

from engine.books.data import COLUMNS, ROWS, SPACES

Point = tuple[int, int]
Box = tuple[int, int, int, int]

PICTURE_W = 720
MARGIN = 12
HEADER_H = 58
PENDING_H = 40        # the header's second line while a choice is pending within the turn

# --- an apartment ------------------------------------------------------------------------------------------
APT_TITLE_H = 48        # marker, name, Player card, where the meeple stands
COL_LABELS_H = 20       # A..D over the grid
ROOM_BAND_H = 24        # the rooms' names over rows 1 and 3
ROW_LABEL_W = 22        # 1..4 left of the grid
CELL_W = 102
CELL_H = 100
WALL = 10               # between the rooms on the left and those on the right
CELL_PAD = 3
CELL_TOP_H = 22         # a space's top line: its id, start dot, tokens and height
BOOK_W = 82
BOOK_H = 12             # a book's height in a stack up to 6; taller stacks (a Bookend) squeeze down to MIN_BOOK_H
MIN_BOOK_H = 9
GRID_LEFT = MARGIN + ROW_LABEL_W + 4
GRID_W = len(COLUMNS) * CELL_W + WALL
GRID_H = 2 * ROOM_BAND_H + len(ROWS) * CELL_H
APARTMENT_H = APT_TITLE_H + COL_LABELS_H + GRID_H + 14
PANEL_X = GRID_LEFT + GRID_W + 16
PANEL_W = PICTURE_W - MARGIN - PANEL_X
PACK_W = 66             # a backpack stack's column
PACK_BOOK_W = 54
PACK_BOOK_H = 11


def grid_top(top: int) -> int:
    """y of the first room band of an apartment section starting at top."""
    return top + APT_TITLE_H + COL_LABELS_H


def cell_box(top: int, space: str) -> Box:
    """The grid space's box in an apartment section starting at y = top."""
    index = SPACES.index(space)
    r, c = divmod(index, len(COLUMNS))
    x = GRID_LEFT + c * CELL_W + (WALL if c >= 2 else 0)
    y = grid_top(top) + ROOM_BAND_H + r * CELL_H + (ROOM_BAND_H if r >= 2 else 0)
    return (x, y, x + CELL_W, y + CELL_H)


def book_height(height: int) -> int:
    """How tall each book of a stack of `height` is drawn, so the stack fits its space."""
    room = CELL_H - CELL_TOP_H - 2 * CELL_PAD - 2
    return max(MIN_BOOK_H, min(BOOK_H, room // max(1, height)))


def book_box(top: int, space: str, index: int, height: int) -> Box:
    """The index-th book (0 = bottom) of a stack of `height` on the space."""
    x0, _, x1, y1 = cell_box(top, space)
    h = book_height(height)
    left = (x0 + x1 - BOOK_W) // 2
    bottom = y1 - CELL_PAD - 3 - index * h
    return (left, bottom - h, left + BOOK_W, bottom)


# --- the Village -------------------------------------------------------------------------------------------
SUN_ROW_H = 52
SUN = 28
BAND_H = 32             # a Village space's name band with its cost and meeples
SHELF_W = (PICTURE_W - 2 * MARGIN - 2 * 8) // 3
SHELF_H = 216
CARD_TEXT = 18          # a card's words (a Little Project's pattern, a Major Accomplishment, a Neat Stuff's name):
CARD_HEAD = 17          # and its id, reward, kind: readable where Discord shows the picture ~380 px wide (a phone)
PROJECT_CARD_H = 112    # a Little Project on a shelf: its head and up to four lines
CHIP = 24               # a loose book on a shelf
CHIPS_PER_ROW = 8
SPACES_ROW_H = 58
SHOPPES_H = 96
MAJOR_H = 128
PENELOPE_H = 132


def shelf_box(top: int, index: int) -> Box:
    """Shelf L, C or R (0, 1, 2) in a Bookstore row starting at y = top (under its band)."""
    x = MARGIN + index * (SHELF_W + 8)
    return (x, top, x + SHELF_W, top + SHELF_H)


def chip_box(shelf: Box, index: int) -> Box:
    """The index-th loose book on a shelf."""
    r, c = divmod(index, CHIPS_PER_ROW)
    x = shelf[0] + 10 + c * (CHIP + 3)
    y = shelf[1] + 36 + r * (CHIP + 4)
    return (x, y, x + CHIP, y + CHIP)


# --- the seats strip ---------------------------------------------------------------------------------------
SEAT_H = 44
SUPPLY_H = 34           # the bag and the decks, under the seats
LEGEND_H = 30


def center(box: Box) -> Point:
    return ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
