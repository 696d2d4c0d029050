"""Geometry of the Dice Game pictures, in one place, so tests can probe the exact pixel of an item or a die.

A turn is one picture, 720 px wide like My Shelfie's: a header band (who plays, what just happened), the
dice on the table (numbered, kept ones tabbed), optionally the item sets the dice can circle, numbered for
the click-only builder, then every sheet two to a row. One picture rather than two because choosing reads
the dice and one's own sheet together, and on a phone (~360 px wide) a 720 px picture shows at half size:
every size below is chosen to stay legible at that scale.
"""
from __future__ import annotations

from engine.dice import COLUMNS, ROWS

Point = tuple[int, int]
Box = tuple[int, int, int, int]

PICTURE_W = 720
HEADER_H = 100          # two lines: who plays, then what the last action did (or "Last round")
HEADER_ONE_LINE_H = 58  # while a seat rolls and re-rolls there is no news line
LOCKS_LINE_H = 32       # a third line when the last turn locked columns or rows for the others


def header_height(news: bool, locks: bool = False) -> int:
    return (HEADER_H if news else HEADER_ONE_LINE_H) + (LOCKS_LINE_H if locks else 0)

# --- the dice on the table ---------------------------------------------------------------------------------
DIE = 86
DIE_GAP = 16
DIE_NUMBER_H = 26      # the die's number above it ("keep 1 3")
KEPT_TAB_H = 26        # the "kept" tab under a kept die
DICE_H = DIE_NUMBER_H + DIE + KEPT_TAB_H + 40  # + the re-rolls line
ROLL_LINE_H = 44       # before the turn's first roll: only "… roll the dice"


def die_box(index: int, count: int, top: int) -> Box:
    """The index-th die (0-based) of `count` on the table, in a dice section starting at y = top (under the
    header in a turn picture), centred in the picture."""
    total = count * DIE + (count - 1) * DIE_GAP
    x = (PICTURE_W - total) // 2 + index * (DIE + DIE_GAP)
    y = top + DIE_NUMBER_H
    return (x, y, x + DIE, y + DIE)


# --- the numbered item sets (optional) ---------------------------------------------------------------------
SETS_PER_ROW = 2        # two to a row, so a set's tiles and numbers read on a phone (~412 px) like the sheets'
SET_CHIP = (340, 58)
SET_GAP = 10
SETS_TITLE_H = 34
MAX_SETS_DRAWN = 24    # a Discord select lists 25 options; the last row says how many more there are


def sets_height(n_sets: int) -> int:
    """Height of the item-set section for n_sets sets (a caption alone when there are none)."""
    shown = min(n_sets, MAX_SETS_DRAWN) + (1 if n_sets > MAX_SETS_DRAWN else 0)
    rows = -(-shown // SETS_PER_ROW)
    return SETS_TITLE_H + rows * (SET_CHIP[1] + SET_GAP) + 6


def set_chip_box(top: int, index: int) -> Box:
    row, col = divmod(index, SETS_PER_ROW)
    total = SETS_PER_ROW * SET_CHIP[0] + (SETS_PER_ROW - 1) * SET_GAP
    x = (PICTURE_W - total) // 2 + col * (SET_CHIP[0] + SET_GAP)
    y = top + SETS_TITLE_H + row * (SET_CHIP[1] + SET_GAP)
    return (x, y, x + SET_CHIP[0], y + SET_CHIP[1])


def dice_section_height(rolled: bool, n_sets: int | None = None) -> int:
    """The dice section: one line before the turn's first roll, else the dice (and the item sets, when
    n_sets is given)."""
    if not rolled:
        return ROLL_LINE_H
    return DICE_H + (sets_height(n_sets) if n_sets is not None else 0)


# --- one sheet (a block per seat, two to a row) ------------------------------------------------------------
CELL = 48
ICON_COL_W = 44        # the row's item icon, left of the grid
SCORE_COL_W = 50       # the row's score, right of the grid
SHEET_HEADER_H = 48    # marker and name
COL_NUMBERS_H = 26     # 1..5 over the columns: the dice an item needs and its value
COL_SCORES_H = 30      # the column scores under the grid
SHEET_FOOT_H = 62      # points and rows closed
BLOCK_W = 340
BLOCK_H = SHEET_HEADER_H + COL_NUMBERS_H + ROWS * CELL + COL_SCORES_H + SHEET_FOOT_H
BLOCK_GAP = 16
SHEETS_MARGIN = 12
SHEETS_PER_ROW = 2
GRID_LEFT = (BLOCK_W - (ICON_COL_W + COLUMNS * CELL + SCORE_COL_W)) // 2 + ICON_COL_W


def sheets_height(count: int) -> int:
    rows = -(-count // SHEETS_PER_ROW)
    return rows * BLOCK_H + (rows - 1) * BLOCK_GAP + 2 * SHEETS_MARGIN


def block_box(top: int, index: int, count: int) -> Box:
    """The index-th seat's block (reading order) of `count`, in a sheets area starting at y = top; a last
    seat alone on its row is centred."""
    row, col = divmod(index, SHEETS_PER_ROW)
    in_row = min(SHEETS_PER_ROW, count - row * SHEETS_PER_ROW)
    row_w = in_row * BLOCK_W + (in_row - 1) * BLOCK_GAP
    x = (PICTURE_W - row_w) // 2 + col * (BLOCK_W + BLOCK_GAP)
    y = top + SHEETS_MARGIN + row * (BLOCK_H + BLOCK_GAP)
    return (x, y, x + BLOCK_W, y + BLOCK_H)


def grid_origin(block: Box) -> Point:
    """Top-left of item (0, 0) inside a block."""
    return (block[0] + GRID_LEFT, block[1] + SHEET_HEADER_H + COL_NUMBERS_H)


def item_box(block: Box, r: int, c: int) -> Box:
    x, y = grid_origin(block)
    return (x + c * CELL, y + r * CELL, x + (c + 1) * CELL, y + (r + 1) * CELL)


def row_score_center(block: Box, r: int) -> Point:
    x, y = grid_origin(block)
    return (x + COLUMNS * CELL + SCORE_COL_W // 2, y + r * CELL + CELL // 2)


def column_score_center(block: Box, c: int) -> Point:
    x, y = grid_origin(block)
    return (x + c * CELL + CELL // 2, y + ROWS * CELL + COL_SCORES_H // 2)


# --- the final picture: a ranked table over the sheets ----------------------------------------------------
FINAL_TITLE_H = 84
FINAL_ROW_H = 44


def final_table_height(n_players: int) -> int:
    return FINAL_TITLE_H + (n_players + 1) * FINAL_ROW_H + 6


def center(box: Box) -> Point:
    return ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
