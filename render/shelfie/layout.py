"""Geometry of every My Shelfie picture, in one place, so tests can probe the exact pixel of a cell.

A turn carries two pictures of one width: the board (header band, the board with coordinates
on all four edges, the common goal cards and the tile legend under it) and the shelves (two
seats to a row).
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


# --- board picture (render_board) -------------------------------------------------------
# Sized for a phone first: Discord shows a picture ~380 px wide there, so the 720-px pictures
# shrink about by half and every size below is chosen to stay legible at that scale.
PICTURE_W = 720
HEADER_H = 100
BOARD_CELL = 72
COORD_MARGIN = 30
BOARD_ORIGIN: Point = ((PICTURE_W - BOARD_N * BOARD_CELL) // 2, HEADER_H + 6 + COORD_MARGIN)  # cell A1
BOARD_BOX: Box = (
    BOARD_ORIGIN[0] - COORD_MARGIN,
    BOARD_ORIGIN[1] - COORD_MARGIN,
    BOARD_ORIGIN[0] + BOARD_N * BOARD_CELL + COORD_MARGIN,
    BOARD_ORIGIN[1] + BOARD_N * BOARD_CELL + COORD_MARGIN,
)
TILE_INSET = 3  # gap between a tile and its space's edge

CARD_SIZE = (340, 232)  # a common goal card
CARD_GAP = 16
CARDS_Y = BOARD_BOX[3] + 14
LEGEND_Y = CARDS_Y + CARD_SIZE[1] + 12
LEGEND_H = 44
BOARD_PICTURE_SIZE = (PICTURE_W, LEGEND_Y + LEGEND_H + 10)


def card_origin(index: int, n_goals: int) -> Point:
    """Top-left of the index-th common goal card under the board (side by side, centred)."""
    total = n_goals * CARD_SIZE[0] + (n_goals - 1) * CARD_GAP
    return ((PICTURE_W - total) // 2 + index * (CARD_SIZE[0] + CARD_GAP), CARDS_Y)


def board_cell_box(r: int, c: int) -> Box:
    """The board space at row r (0 = top, shown 1) and column c (0 = left, shown A)."""
    return cell_box(BOARD_ORIGIN, r, c, BOARD_CELL)


def board_cell_center(r: int, c: int) -> Point:
    return box_center(board_cell_box(r, c))


# --- shelves picture (render_shelves): one block per seat, two per row ---------------------
SHELF_CELL = 52
SHELF_PAD = 10  # wood around the cells
SHELF_BOTTOM = 28  # wood under the cells, where the column numbers are
SHELF_BLOCK_W = 340
SHELF_GAP = 16
SHELF_HEADER_H = 50
SHELF_FOOT_H = 62
SHELVES_MARGIN = 12
SHELVES_PER_ROW = 2


def shelf_size(cell: int = SHELF_CELL) -> tuple[int, int]:
    """Outer size of a shelf drawing (cells plus wood) for a given cell size."""
    return (SHELF_COLS * cell + 2 * SHELF_PAD, SHELF_ROWS * cell + SHELF_PAD + SHELF_BOTTOM)


def shelf_cell(origin: Point, r: int, c: int, cell: int) -> Box:
    """Cell (r, c) of a shelf drawing whose wood has its top-left at origin (see shelf_size)."""
    return cell_box((origin[0] + SHELF_PAD, origin[1] + SHELF_PAD), r, c, cell)


def block_shelf_origin(block: Box) -> Point:
    """Top-left of the shelf drawing inside a seat's block (under its header, centred)."""
    x0, y0, x1, _ = block
    return (x0 + (x1 - x0 - shelf_size()[0]) // 2, y0 + SHELF_HEADER_H)


SHELF_BLOCK_H = SHELF_HEADER_H + shelf_size()[1] + SHELF_FOOT_H


def shelves_size(count: int) -> tuple[int, int]:
    """A shelves picture of count seats: two to a row, so a phone shows each shelf large."""
    cols = min(count, SHELVES_PER_ROW)
    rows = -(-count // SHELVES_PER_ROW)
    return (cols * SHELF_BLOCK_W + (cols - 1) * SHELF_GAP + 2 * SHELVES_MARGIN,
            rows * SHELF_BLOCK_H + (rows - 1) * SHELF_GAP + 2 * SHELVES_MARGIN)


def shelves_block_box(index: int, count: int) -> Box:
    """The index-th seat block drawn (reading order) in a shelves picture of count seats; a last
    seat alone on its row is centred."""
    row, col = divmod(index, SHELVES_PER_ROW)
    in_row = min(SHELVES_PER_ROW, count - row * SHELVES_PER_ROW)
    row_w = in_row * SHELF_BLOCK_W + (in_row - 1) * SHELF_GAP
    x = (shelves_size(count)[0] - row_w) // 2 + col * (SHELF_BLOCK_W + SHELF_GAP)
    y = SHELVES_MARGIN + row * (SHELF_BLOCK_H + SHELF_GAP)
    return (x, y, x + SHELF_BLOCK_W, y + SHELF_BLOCK_H)


def shelves_cell_box(index: int, count: int, r: int, c: int) -> Box:
    return shelf_cell(block_shelf_origin(shelves_block_box(index, count)), r, c, SHELF_CELL)


def shelves_cell_center(index: int, count: int, r: int, c: int) -> Point:
    return box_center(shelves_cell_box(index, count, r, c))


# --- personal goal card (render_goal_card) ----------------------------------------------
GOAL_CARD_SIZE = (440, 560)
GOAL_CELL = 64
GOAL_ORIGIN: Point = ((GOAL_CARD_SIZE[0] - SHELF_COLS * GOAL_CELL) // 2, 86)  # top-left of cell (0, 0)


def goal_card_space(r: int, c: int) -> Box:
    """A shelf space on the personal goal card, inside its cell's margin."""
    x0, y0, x1, y1 = cell_box(GOAL_ORIGIN, r, c, GOAL_CELL)
    return (x0 + 3, y0 + 3, x1 - 3, y1 - 3)


# --- final score sheet (render_scores) --------------------------------------------------
SCORES_W = 1080
SCORES_TITLE_H = 70
SCORES_ROW_H = 50
SCORES_TABLE_Y = SCORES_TITLE_H + 10
SCORES_CELL = 44
SCORES_SHELF_GAP = 12
SCORES_BLOCK_W = 246  # one seat's column under the table of numbers


def scores_height(n_players: int) -> int:
    return scores_shelves_top(n_players) + SHELF_HEADER_H + shelf_size(SCORES_CELL)[1] + 40


def scores_shelves_top(n_players: int) -> int:
    return SCORES_TABLE_Y + (n_players + 1) * SCORES_ROW_H + 60


def scores_cell_center(seat: int, r: int, c: int, n_players: int) -> Point:
    """Centre of a shelf cell in the final score sheet's row of shelves."""
    return box_center(shelf_cell(scores_shelf_origin(seat, n_players), r, c, SCORES_CELL))


def scores_shelf_origin(seat: int, n_players: int) -> Point:
    w = shelf_size(SCORES_CELL)[0]
    total = n_players * SCORES_BLOCK_W + (n_players - 1) * SCORES_SHELF_GAP
    x = (SCORES_W - total) // 2 + seat * (SCORES_BLOCK_W + SCORES_SHELF_GAP) + (SCORES_BLOCK_W - w) // 2
    return (x, scores_shelves_top(n_players) + SHELF_HEADER_H)
