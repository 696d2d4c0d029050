"""Geometry of every picture, in one place, so tests can probe the exact pixel of a cell.

Table picture (render_table): header band, the board on the left with coordinates on all
four edges, common goal cards and the tile legend on the right, the shelves in a row below.
"""
from __future__ import annotations

from engine.shelfie import BOARD_SIZE as BOARD_N
from engine.shelfie import SHELF_COLS, SHELF_ROWS

Point = tuple[int, int]
Box = tuple[int, int, int, int]


def cell_box(origin: Point, r: int, c: int, cell: int) -> Box:
    """Cell (r, c) of a grid of square cells whose cell (0, 0) has its top-left at origin."""
    x, y = origin[0] + c * cell, origin[1] + r * cell
    return (x, y, x + cell, y + cell)


def box_center(box: Box) -> Point:
    x0, y0, x1, y1 = box
    return ((x0 + x1) // 2, (y0 + y1) // 2)


# --- table picture ---------------------------------------------------------------------
TABLE_SIZE = (1080, 1136)
HEADER_H = 70
BOARD_CELL = 66
COORD_MARGIN = 28
BOARD_ORIGIN: Point = (20 + COORD_MARGIN, HEADER_H + 10 + COORD_MARGIN)  # top-left of cell A1
BOARD_BOX: Box = (
    BOARD_ORIGIN[0] - COORD_MARGIN,
    BOARD_ORIGIN[1] - COORD_MARGIN,
    BOARD_ORIGIN[0] + BOARD_N * BOARD_CELL + COORD_MARGIN,
    BOARD_ORIGIN[1] + BOARD_N * BOARD_CELL + COORD_MARGIN,
)
TILE_INSET = 3  # gap between a tile and its space's edge

CARD_SIZE = (340, 200)  # a common goal card
SIDE_X = BOARD_BOX[2] + 24
CARDS_Y = HEADER_H + 10
CARD_GAP = 16


def legend_y(n_goals: int) -> int:
    """Top of the tile legend, right under the common goal cards in play."""
    return CARDS_Y + n_goals * (CARD_SIZE[1] + CARD_GAP) + 14

SHELF_CELL = 40
SHELF_PAD = 10  # wood around the cells
SHELF_BOTTOM = 26  # wood under the cells, where the column numbers are
SHELF_BLOCK_W = 246
SHELF_GAP = 12
SHELF_HEADER_H = 46
SHELF_TOP = BOARD_BOX[3] + 14
SHELF_FOOT_H = 52


def board_cell_box(r: int, c: int) -> Box:
    """The board space at row r (0 = top, shown 1) and column c (0 = left, shown A)."""
    return cell_box(BOARD_ORIGIN, r, c, BOARD_CELL)


def board_cell_center(r: int, c: int) -> Point:
    return box_center(board_cell_box(r, c))


def shelf_block_box(seat: int, n_players: int) -> Box:
    """Everything about one seat: header (name, markers), the shelf, the points line."""
    total = n_players * SHELF_BLOCK_W + (n_players - 1) * SHELF_GAP
    x = (TABLE_SIZE[0] - total) // 2 + seat * (SHELF_BLOCK_W + SHELF_GAP)
    return (x, SHELF_TOP, x + SHELF_BLOCK_W, SHELF_TOP + SHELF_HEADER_H + shelf_size()[1] + SHELF_FOOT_H)


def shelf_size(cell: int = SHELF_CELL) -> tuple[int, int]:
    """Outer size of a shelf drawing (cells plus wood) for a given cell size."""
    return (SHELF_COLS * cell + 2 * SHELF_PAD, SHELF_ROWS * cell + SHELF_PAD + SHELF_BOTTOM)


def shelf_cell(origin: Point, r: int, c: int, cell: int) -> Box:
    """Cell (r, c) of a shelf drawing whose wood has its top-left at origin (see shelf_size)."""
    return cell_box((origin[0] + SHELF_PAD, origin[1] + SHELF_PAD), r, c, cell)


def shelf_origin(seat: int, n_players: int) -> Point:
    """Top-left of the shelf drawing (its wood) for seat in the table picture."""
    return block_shelf_origin(shelf_block_box(seat, n_players))


def block_shelf_origin(block: Box) -> Point:
    """Top-left of the shelf drawing inside a seat's block (under its header, centred)."""
    x0, y0, x1, _ = block
    return (x0 + (x1 - x0 - shelf_size()[0]) // 2, y0 + SHELF_HEADER_H)


def shelf_cell_box(seat: int, r: int, c: int, n_players: int) -> Box:
    """Shelf cell at row r (0 = top) and column c (0 = left, shown 1) of seat's shelf."""
    return shelf_cell(shelf_origin(seat, n_players), r, c, SHELF_CELL)


def shelf_cell_center(seat: int, r: int, c: int, n_players: int) -> Point:
    return box_center(shelf_cell_box(seat, r, c, n_players))


# --- shelves picture (render_shelves): the same seat blocks as the table, in a row ------------
SHELVES_MARGIN = 16


def shelves_size(count: int) -> tuple[int, int]:
    height = SHELF_HEADER_H + shelf_size()[1] + SHELF_FOOT_H
    return (count * SHELF_BLOCK_W + (count - 1) * SHELF_GAP + 2 * SHELVES_MARGIN, height + 2 * SHELVES_MARGIN)


def shelves_block_box(index: int, count: int) -> Box:
    """The index-th seat block drawn (left to right) in a shelves picture of count seats."""
    x = SHELVES_MARGIN + index * (SHELF_BLOCK_W + SHELF_GAP)
    return (x, SHELVES_MARGIN, x + SHELF_BLOCK_W, shelves_size(count)[1] - SHELVES_MARGIN)


def shelves_cell_center(index: int, count: int, r: int, c: int) -> Point:
    return box_center(shelf_cell(block_shelf_origin(shelves_block_box(index, count)), r, c, SHELF_CELL))


# --- personal goal card (render_goal_card) ----------------------------------------------
GOAL_CARD_SIZE = (440, 560)
GOAL_CELL = 64
GOAL_ORIGIN: Point = ((GOAL_CARD_SIZE[0] - SHELF_COLS * GOAL_CELL) // 2, 86)  # top-left of cell (0, 0)


def goal_card_cell_center(r: int, c: int) -> Point:
    return box_center(cell_box(GOAL_ORIGIN, r, c, GOAL_CELL))


# --- final score sheet (render_scores) --------------------------------------------------
SCORES_W = 1080
SCORES_TITLE_H = 70
SCORES_ROW_H = 50
SCORES_TABLE_Y = SCORES_TITLE_H + 10
SCORES_CELL = 44
SCORES_SHELF_GAP = 12


def scores_height(n_players: int) -> int:
    return scores_shelves_top(n_players) + SHELF_HEADER_H + shelf_size(SCORES_CELL)[1] + 40


def scores_shelves_top(n_players: int) -> int:
    return SCORES_TABLE_Y + (n_players + 1) * SCORES_ROW_H + 60


def scores_cell_center(seat: int, r: int, c: int, n_players: int) -> Point:
    """Centre of a shelf cell in the final score sheet's row of shelves."""
    return box_center(shelf_cell(scores_shelf_origin(seat, n_players), r, c, SCORES_CELL))


def scores_shelf_origin(seat: int, n_players: int) -> Point:
    w = shelf_size(SCORES_CELL)[0]
    total = n_players * SHELF_BLOCK_W + (n_players - 1) * SCORES_SHELF_GAP
    x = (SCORES_W - total) // 2 + seat * (SHELF_BLOCK_W + SCORES_SHELF_GAP) + (SHELF_BLOCK_W - w) // 2
    return (x, scores_shelves_top(n_players) + SHELF_HEADER_H)
