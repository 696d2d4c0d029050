"""How far a shelf is along each common goal, 0 (nowhere) to 1 (done), so a player can work towards tokens.

Rough on purpose: each measure is a few list lookups, because the judge calls it for every placement.
"""
from __future__ import annotations

from collections.abc import Callable

from ..data import SHELF_COLS, SHELF_ROWS, TILE_TYPES
from ..goals import CORNERS, DIAGONALS, STAIRS, XS
from ..shelf import EMPTY

Progress = Callable[[list[str], list[int], int, int], float]
"""(grid, column heights, groups of 2+, groups of 4+) -> 0..1."""

_C, _R = SHELF_COLS, SHELF_ROWS
_ROWS = tuple(tuple(r * _C + c for c in range(_C)) for r in range(_R))
_COLS = tuple(tuple(r * _C + c for r in range(_R)) for c in range(_C))


def _one_kind(grid: list[str], cells: tuple[int, ...]) -> float:
    """Share of `cells` holding one type, 0 once two types are there."""
    kind = EMPTY
    count = 0
    for i in cells:
        tile = grid[i]
        if tile != EMPTY:
            if kind == EMPTY:
                kind = tile
            elif tile != kind:
                return 0.0
            count += 1
    return count / len(cells)


def _best_lines(grid: list[str], lines: tuple[tuple[int, ...], ...], need: int, ok: Callable[[int, int], bool]) -> float:
    """Mean fill of the `need` fullest lines whose types so far can still satisfy `ok(types, filled)`."""
    fills = []
    for line in lines:
        kinds = [grid[i] for i in line if grid[i] != EMPTY]
        if ok(len(set(kinds)), len(kinds)):
            fills.append(len(kinds) / len(line))
    fills.sort(reverse=True)
    return sum(fills[:need]) / need


def _six_pairs(grid: list[str], heights: list[int], pairs: int, quads: int) -> float:
    return min(pairs, 6) / 6


def _four_quads(grid: list[str], heights: list[int], pairs: int, quads: int) -> float:
    return min(4.0, quads + 0.4 * (pairs - quads)) / 4


def _two_squares(grid: list[str], heights: list[int], pairs: int, quads: int) -> float:
    return min(2.0, 0.5 * quads + 0.15 * (pairs - quads)) / 2


def _four_corners(grid: list[str], heights: list[int], pairs: int, quads: int) -> float:
    return _one_kind(grid, CORNERS)


def _eight_same(grid: list[str], heights: list[int], pairs: int, quads: int) -> float:
    return min(8, max(grid.count(kind) for kind in TILE_TYPES)) / 8


def _diagonal5(grid: list[str], heights: list[int], pairs: int, quads: int) -> float:
    return max(_one_kind(grid, d) for d in DIAGONALS)


def _x_shape(grid: list[str], heights: list[int], pairs: int, quads: int) -> float:
    return max(_one_kind(grid, x) for x in XS)


def _staircase(grid: list[str], heights: list[int], pairs: int, quads: int) -> float:
    """Only heights still below a staircase can become one."""
    best = 0.0
    for stairs in STAIRS:
        if all(h <= s for h, s in zip(heights, stairs)):
            best = max(best, sum(heights) / sum(stairs))
    return best


def _three_cols_max3(grid: list[str], heights: list[int], pairs: int, quads: int) -> float:
    return _best_lines(grid, _COLS, 3, lambda kinds, filled: kinds <= 3)


def _four_rows_max3(grid: list[str], heights: list[int], pairs: int, quads: int) -> float:
    return _best_lines(grid, _ROWS, 4, lambda kinds, filled: kinds <= 3)


def _two_cols_distinct(grid: list[str], heights: list[int], pairs: int, quads: int) -> float:
    return _best_lines(grid, _COLS, 2, lambda kinds, filled: kinds == filled)


def _two_rows_distinct(grid: list[str], heights: list[int], pairs: int, quads: int) -> float:
    return _best_lines(grid, _ROWS, 2, lambda kinds, filled: kinds == filled)


PROGRESS: dict[str, Progress] = {
    "six_pairs": _six_pairs,
    "four_quads": _four_quads,
    "four_corners": _four_corners,
    "two_squares": _two_squares,
    "three_cols_max3": _three_cols_max3,
    "eight_same": _eight_same,
    "diagonal5": _diagonal5,
    "four_rows_max3": _four_rows_max3,
    "two_cols_distinct": _two_cols_distinct,
    "two_rows_distinct": _two_rows_distinct,
    "x_shape": _x_shape,
    "staircase": _staircase,
}
