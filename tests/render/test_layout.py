"""The geometry reads the way players read coordinates: A-I left to right, 1-9 top to bottom,
shelf columns 1-5 left to right and row 0 at the top; nothing overlaps."""
from __future__ import annotations

import itertools

import pytest

from render.layout import (
    BOARD_BOX, TABLE_SIZE, board_cell_box, board_cell_center, scores_cell_center, scores_height, shelf_block_box,
    shelf_cell_center, SCORES_W,
)


def test_board_columns_run_left_to_right_and_rows_top_to_bottom() -> None:
    for i in range(8):
        assert board_cell_center(4, i)[0] < board_cell_center(4, i + 1)[0]
        assert board_cell_center(i, 4)[1] < board_cell_center(i + 1, 4)[1]
    x0, y0, x1, y1 = BOARD_BOX
    for r, c in itertools.product(range(9), repeat=2):
        bx0, by0, bx1, by1 = board_cell_box(r, c)
        assert x0 < bx0 < bx1 < x1 and y0 < by0 < by1 < y1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_shelves_sit_side_by_side_in_seat_order_inside_the_picture(n: int) -> None:
    boxes = [shelf_block_box(seat, n) for seat in range(n)]
    for left, right in zip(boxes, boxes[1:]):
        assert left[2] < right[0]
    assert boxes[0][0] >= 0 and boxes[-1][2] <= TABLE_SIZE[0] and boxes[0][3] <= TABLE_SIZE[1]
    assert boxes[0][1] > BOARD_BOX[3]
    for seat in range(n):
        for r in range(5):
            assert shelf_cell_center(seat, r, 0, n)[1] < shelf_cell_center(seat, r + 1, 0, n)[1]
        for c in range(4):
            assert shelf_cell_center(seat, 0, c, n)[0] < shelf_cell_center(seat, 0, c + 1, n)[0]
        x0, y0, x1, y1 = boxes[seat]
        for r, c in itertools.product(range(6), range(5)):
            x, y = shelf_cell_center(seat, r, c, n)
            assert x0 < x < x1 and y0 < y < y1
            sx, sy = scores_cell_center(seat, r, c, n)
            assert 0 < sx < SCORES_W and 0 < sy < scores_height(n)
