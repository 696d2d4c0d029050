"""The 12 common goal cards and the 12 personal goal cards."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from .data import CARD_NUMBER_OF_GOAL, PERSONAL_GOAL_CELLS, PERSONAL_POINTS, SHELF_COLS, SHELF_ROWS
from .shelf import EMPTY, Bookshelf, groups

_R, _C = SHELF_ROWS, SHELF_COLS


def _rows(grid: list[str]) -> list[list[str]]:
    return [grid[r * _C:(r + 1) * _C] for r in range(_R)]


def _cols(grid: list[str]) -> list[list[str]]:
    return [grid[c::_C] for c in range(_C)]


def _full_lines_with(lines: list[list[str]], test: Callable[[int], bool]) -> int:
    return sum(1 for line in lines if EMPTY not in line and test(len(set(line))))


def _six_pairs(shelf: Bookshelf) -> bool:
    return sum(1 for _, cells in groups(shelf) if len(cells) >= 2) >= 6


def _four_quads(shelf: Bookshelf) -> bool:
    return sum(1 for _, cells in groups(shelf) if len(cells) >= 4) >= 4


CORNERS: tuple[int, ...] = (0, _C - 1, (_R - 1) * _C, _R * _C - 1)
"""The goal shapes as flat shelf cell indices (row 0 = top), shared with the computer players."""
DIAGONALS: tuple[tuple[int, ...], ...] = (
    tuple(k * _C + k for k in range(5)),
    tuple((k + 1) * _C + k for k in range(5)),
    tuple(k * _C + (4 - k) for k in range(5)),
    tuple((k + 1) * _C + (4 - k) for k in range(5)),
)
XS: tuple[tuple[int, ...], ...] = tuple(
    (r * _C + c, r * _C + c + 2, (r + 1) * _C + c + 1, (r + 2) * _C + c, (r + 2) * _C + c + 2)
    for r in range(_R - 2) for c in range(_C - 2)
)
STAIRS: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6), (5, 4, 3, 2, 1), (6, 5, 4, 3, 2))
"""Column heights left to right that make a staircase."""


def _one_type(grid: list[str], cells: tuple[int, ...]) -> bool:
    kinds = {grid[i] for i in cells}
    return len(kinds) == 1 and EMPTY not in kinds


def _four_corners(shelf: Bookshelf) -> bool:
    return _one_type(shelf.grid, CORNERS)


def _two_squares(shelf: Bookshelf) -> bool:
    g = shelf.grid
    group_of: dict[int, int] = {}
    for gid, (_, cells) in enumerate(groups(shelf)):
        for i in cells:
            group_of[i] = gid
    owners = set()
    for r in range(_R - 1):
        for c in range(_C - 1):
            i = r * _C + c
            kind = g[i]
            if kind != EMPTY and g[i + 1] == kind and g[i + _C] == kind and g[i + _C + 1] == kind:
                owners.add(group_of[i])
                if len(owners) >= 2:
                    return True
    return False


def _three_cols_max3(shelf: Bookshelf) -> bool:
    return _full_lines_with(_cols(shelf.grid), lambda kinds: kinds <= 3) >= 3


def _eight_same(shelf: Bookshelf) -> bool:
    counts = Counter(shelf.grid)
    counts.pop(EMPTY, None)
    return bool(counts) and max(counts.values()) >= 8


def _diagonal5(shelf: Bookshelf) -> bool:
    return any(_one_type(shelf.grid, diagonal) for diagonal in DIAGONALS)


def _four_rows_max3(shelf: Bookshelf) -> bool:
    return _full_lines_with(_rows(shelf.grid), lambda kinds: kinds <= 3) >= 4


def _two_cols_distinct(shelf: Bookshelf) -> bool:
    return _full_lines_with(_cols(shelf.grid), lambda kinds: kinds == _R) >= 2


def _two_rows_distinct(shelf: Bookshelf) -> bool:
    return _full_lines_with(_rows(shelf.grid), lambda kinds: kinds == _C) >= 2


def _x_shape(shelf: Bookshelf) -> bool:
    return any(_one_type(shelf.grid, x) for x in XS)


def _staircase(shelf: Bookshelf) -> bool:
    return tuple(shelf.height(c) for c in range(_C)) in STAIRS


@dataclass(frozen=True)
class CommonGoal:
    """A common goal card; `number` is the printed card number."""

    id: str
    number: int
    title: str
    description: str
    check: Callable[[Bookshelf], bool]

    def is_met(self, shelf: Bookshelf) -> bool:
        return self.check(shelf)


_GOAL_TEXT: tuple[tuple[str, Callable[[Bookshelf], bool], str, str], ...] = (
    ("six_pairs", _six_pairs, "Six pairs",
     "6 separate groups of at least 2 adjacent tiles of one type (a bigger group still counts once)."),
    ("four_quads", _four_quads, "Four groups of four",
     "4 separate groups of at least 4 adjacent tiles of one type."),
    ("four_corners", _four_corners, "Four corners", "The 4 corners of the bookshelf hold tiles of one type."),
    ("two_squares", _two_squares, "Two squares",
     "Two 2x2 squares, each of one type, in two separate groups (the types may differ)."),
    ("three_cols_max3", _three_cols_max3, "Three mixed columns",
     "3 full columns, each with at most 3 different types."),
    ("eight_same", _eight_same, "Eight of a kind", "8 tiles of one type anywhere in the bookshelf."),
    ("diagonal5", _diagonal5, "Diagonal", "5 tiles of one type forming a diagonal."),
    ("four_rows_max3", _four_rows_max3, "Four mixed rows", "4 full rows, each with at most 3 different types."),
    ("two_cols_distinct", _two_cols_distinct, "Two rainbow columns",
     "2 full columns, each with 6 different types."),
    ("two_rows_distinct", _two_rows_distinct, "Two rainbow rows", "2 full rows, each with 5 different types."),
    ("x_shape", _x_shape, "X", "5 tiles of one type forming an X."),
    ("staircase", _staircase, "Staircase",
     "Columns of increasing or decreasing height: 1-2-3-4-5 or 2-3-4-5-6 tiles, either direction."),
)

COMMON_GOALS: dict[str, CommonGoal] = {
    gid: CommonGoal(gid, CARD_NUMBER_OF_GOAL[gid], title, text, check) for gid, check, title, text in _GOAL_TEXT
}


@dataclass(frozen=True)
class PersonalGoal:
    """A personal goal card: six (row, col, letter) targets, row 0 = top shelf row."""

    index: int
    cells: tuple[tuple[int, int, str], ...]

    def matches(self, shelf: Bookshelf) -> tuple[bool, ...]:
        return tuple(shelf.cell(r, c) == kind for r, c, kind in self.cells)

    def score(self, shelf: Bookshelf) -> int:
        return PERSONAL_POINTS[sum(self.matches(shelf))]


PERSONAL_GOALS: tuple[PersonalGoal, ...] = tuple(PersonalGoal(i, cells) for i, cells in enumerate(PERSONAL_GOAL_CELLS))
