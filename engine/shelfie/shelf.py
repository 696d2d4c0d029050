"""A player's bookshelf and the scoring that only looks at one shelf."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from .data import ADJACENCY_POINTS, SHELF_COLS, SHELF_ROWS, TILE_TYPES

EMPTY = "."
_CELLS = SHELF_ROWS * SHELF_COLS
SHELF_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (r + dr) * SHELF_COLS + (c + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < SHELF_ROWS and 0 <= c + dc < SHELF_COLS
    )
    for r in range(SHELF_ROWS)
    for c in range(SHELF_COLS)
)


def count_free(grid: Sequence[str], col: int) -> int:
    """Empty cells above the topmost tile of column `col` in a flat shelf grid."""
    n = 0
    while n < SHELF_ROWS and grid[n * SHELF_COLS + col] == EMPTY:
        n += 1
    return n


class Bookshelf:
    """6 rows x 5 columns, row 0 at the top; tiles drop to the lowest free cell of a column."""

    __slots__ = ("grid", "_free")

    def __init__(self, grid: list[str] | None = None, free: list[int] | None = None) -> None:
        """`free`: each column's free cells when the caller already knows them (search builds shelves by the
        thousand); otherwise they are counted from the grid."""
        self.grid: list[str] = grid if grid is not None else [EMPTY] * _CELLS
        self._free = free if free is not None else [count_free(self.grid, c) for c in range(SHELF_COLS)]

    @classmethod
    def from_rows(cls, rows: Sequence[str]) -> Bookshelf:
        """Builds the pattern exactly as given (no gravity check), for analysis and tests."""
        if len(rows) != SHELF_ROWS or any(len(row) != SHELF_COLS for row in rows):
            raise ValueError(f"a bookshelf is {SHELF_ROWS} rows of {SHELF_COLS} cells")
        grid = [ch.upper() if ch != " " else EMPTY for row in rows for ch in row]
        bad = {ch for ch in grid if ch != EMPTY and ch not in TILE_TYPES}
        if bad:
            raise ValueError(f"unknown tile letter(s) {sorted(bad)}; use {' '.join(TILE_TYPES)} or '.'")
        return cls(grid)

    def copy(self) -> Bookshelf:
        return Bookshelf(self.grid.copy(), self._free.copy())

    def rows(self) -> list[str]:
        return ["".join(self.grid[r * SHELF_COLS:(r + 1) * SHELF_COLS]) for r in range(SHELF_ROWS)]

    def cell(self, row: int, col: int) -> str:
        return self.grid[row * SHELF_COLS + col]

    def free(self, col: int) -> int:
        """Empty cells above the topmost tile of the column: how many tiles still fit."""
        return self._free[col]

    def height(self, col: int) -> int:
        return SHELF_ROWS - self._free[col]

    @property
    def max_free(self) -> int:
        return max(self._free)

    @property
    def is_full(self) -> bool:
        return not any(self._free)

    @property
    def tile_count(self) -> int:
        return _CELLS - self.grid.count(EMPTY)

    def place(self, col: int, tiles: Iterable[str]) -> None:
        """The first tile lands lowest. Callers check the room first."""
        free = self._free[col]
        for tile in tiles:
            free -= 1
            self.grid[free * SHELF_COLS + col] = tile
        self._free[col] = free

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bookshelf) and self.grid == other.grid

    def __repr__(self) -> str:
        return f"Bookshelf.from_rows({self.rows()!r})"


def groups(shelf: Bookshelf) -> list[tuple[str, tuple[int, ...]]]:
    """Every connected same-type group as (letter, flat cell indices)."""
    grid = shelf.grid
    seen = [False] * _CELLS
    found: list[tuple[str, tuple[int, ...]]] = []
    for start in range(_CELLS):
        kind = grid[start]
        if kind == EMPTY or seen[start]:
            continue
        seen[start] = True
        stack = [start]
        members = []
        while stack:
            i = stack.pop()
            members.append(i)
            for j in SHELF_NEIGHBOURS[i]:
                if not seen[j] and grid[j] == kind:
                    seen[j] = True
                    stack.append(j)
        found.append((kind, tuple(sorted(members))))
    return found


def adjacency_groups(shelf: Bookshelf) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    """Groups with (row, col) cells, for pictures that outline them."""
    return [(kind, tuple(divmod(i, SHELF_COLS) for i in cells)) for kind, cells in groups(shelf)]


def group_points(size: int) -> int:
    if size >= 6:
        return ADJACENCY_POINTS["6+"]
    return ADJACENCY_POINTS.get(str(size), 0)


def adjacency_score(shelf: Bookshelf) -> int:
    """2/3/5/8 points for connected same-type groups of 3/4/5/6+."""
    return sum(group_points(len(cells)) for _, cells in groups(shelf))
