"""The geometry reads the way players read coordinates: A-I left to right, 1-9 top to bottom,
shelf columns 1-5 left to right and row 0 at the top; nothing overlaps."""
from __future__ import annotations

import itertools

import pytest

from render.shelfie.layout import (
    BOARD_BOX, BOARD_PICTURE_SIZE, CARD_SIZE, board_cell_box, board_cell_center, card_origin, scores_cell_center,
    scores_height, shelves_block_box, shelves_cell_center, shelves_size, SCORES_W,
)


def test_board_columns_run_left_to_right_and_rows_top_to_bottom() -> None:
    for i in range(8):
        assert board_cell_center(4, i)[0] < board_cell_center(4, i + 1)[0]
        assert board_cell_center(i, 4)[1] < board_cell_center(i + 1, 4)[1]
    x0, y0, x1, y1 = BOARD_BOX
    assert 0 <= x0 and x1 <= BOARD_PICTURE_SIZE[0]
    for r, c in itertools.product(range(9), repeat=2):
        bx0, by0, bx1, by1 = board_cell_box(r, c)
        assert x0 < bx0 < bx1 < x1 and y0 < by0 < by1 < y1


@pytest.mark.parametrize("goals", [1, 2])
def test_goal_cards_sit_under_the_board_inside_the_picture(goals: int) -> None:
    boxes = [(*card_origin(i, goals), card_origin(i, goals)[0] + CARD_SIZE[0], card_origin(i, goals)[1] + CARD_SIZE[1])
             for i in range(goals)]
    for x0, y0, x1, y1 in boxes:
        assert y0 > BOARD_BOX[3] and 0 <= x0 and x1 <= BOARD_PICTURE_SIZE[0] and y1 < BOARD_PICTURE_SIZE[1]
    assert all(left[2] < right[0] for left, right in zip(boxes, boxes[1:]))


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_shelves_sit_two_to_a_row_in_seat_order_inside_the_picture(n: int) -> None:
    boxes = [shelves_block_box(index, n) for index in range(n)]
    w, h = shelves_size(n)
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1], "blocks overlap"
    for index, (x0, y0, x1, y1) in enumerate(boxes):
        assert 0 <= x0 and x1 <= w and 0 <= y0 and y1 <= h
        if index % 2:
            assert boxes[index - 1][2] < x0 and boxes[index - 1][1] == y0, "the second of a row is to the right"
        for r in range(5):
            assert shelves_cell_center(index, n, r, 0)[1] < shelves_cell_center(index, n, r + 1, 0)[1]
        for c in range(4):
            assert shelves_cell_center(index, n, 0, c)[0] < shelves_cell_center(index, n, 0, c + 1)[0]
        for r, c in itertools.product(range(6), range(5)):
            x, y = shelves_cell_center(index, n, r, c)
            assert x0 < x < x1 and y0 < y < y1
            if n > 1:
                sx, sy = scores_cell_center(index, r, c, n)
                assert 0 < sx < SCORES_W and 0 < sy < scores_height(n)
