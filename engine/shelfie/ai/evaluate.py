"""A one-turn judge of moves: points now plus what the new shelf promises, seen only through one seat's view.

Moves that put the same tile types into the same column make the same shelf, so the shelf half of a score is
cached by (types, column); picks are few, so the board half is cached by pick.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..data import BOARD_SIZE, END_TOKEN_POINTS, PERSONAL_POINTS, SHELF_COLS, SHELF_ROWS
from ..game import SeatView
from ..goals import COMMON_GOALS, PERSONAL_GOALS
from ..moves import Move
from ..shelf import EMPTY, Bookshelf

_CELLS = SHELF_ROWS * SHELF_COLS
_SHELF_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (r + dr) * SHELF_COLS + (c + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < SHELF_ROWS and 0 <= c + dc < SHELF_COLS
    )
    for r in range(SHELF_ROWS)
    for c in range(SHELF_COLS)
)
_GROUP_POINTS = (0, 0, 0, 2, 3, 5) + (8,) * (_CELLS - 5)


@dataclass(frozen=True)
class Weights:
    """How much the promise of a shelf counts next to points already earned."""

    open_group: tuple[float, ...] = (0.0, 0.35, 1.1, 2.6, 3.8, 5.6, 8.0)
    personal_hope: float = 0.30
    token_scale: float = 1.0
    tile_value: float = 0.25
    give_away: float = 0.35


DEFAULT_WEIGHTS = Weights()


def _groups(grid: Sequence[str]) -> list[tuple[int, int]]:
    """(size, empty neighbours) of every connected same-type group."""
    seen = [False] * _CELLS
    out = []
    for start in range(_CELLS):
        kind = grid[start]
        if kind == EMPTY or seen[start]:
            continue
        seen[start] = True
        stack = [start]
        size = 0
        open_cells = set()
        while stack:
            i = stack.pop()
            size += 1
            for j in _SHELF_NEIGHBOURS[i]:
                g = grid[j]
                if g == EMPTY:
                    open_cells.add(j)
                elif g == kind and not seen[j]:
                    seen[j] = True
                    stack.append(j)
        out.append((size, len(open_cells)))
    return out


@dataclass
class SeatContext:
    """The parts of a seat's view that judging its shelf needs."""

    personal: tuple[tuple[int, str], ...]
    goals: tuple[tuple[str, int], ...]
    end_token_open: bool
    weights: Weights = DEFAULT_WEIGHTS

    @classmethod
    def of(cls, view: SeatView, seat: int | None = None, personal_goal: int | None = None,
           weights: Weights = DEFAULT_WEIGHTS) -> SeatContext:
        seat = view.seat if seat is None else seat
        goal = view.personal_goal if personal_goal is None else personal_goal
        won = {gid for gid, _ in view.won[seat]}
        goals = tuple((gid, stack[0]) for gid, stack in view.stacks if stack and gid not in won)
        return cls(
            personal=tuple((r * SHELF_COLS + c, kind) for r, c, kind in PERSONAL_GOALS[goal].cells),
            goals=goals,
            end_token_open=view.end_token_seat is None,
            weights=weights,
        )


def shelf_points(grid: list[str], ctx: SeatContext) -> tuple[int, float]:
    """(points this shelf is sure of, points it promises on top), tokens for goals met now included."""
    w = ctx.weights
    sure = 0
    hope = 0.0
    for size, open_cells in _groups(grid):
        points = _GROUP_POINTS[size]
        sure += points
        if open_cells and size < 6:
            hope += w.open_group[size] - points
    matched = 0
    empty = 0
    for i, kind in ctx.personal:
        cell = grid[i]
        if cell == kind:
            matched += 1
        elif cell == EMPTY:
            empty += 1
    sure += PERSONAL_POINTS[matched]
    if empty:
        reach = min(6, matched + empty * w.personal_hope)
        low = int(reach)
        frac = reach - low
        top = PERSONAL_POINTS[min(6, low + 1)]
        hope += PERSONAL_POINTS[low] + frac * (top - PERSONAL_POINTS[low]) - PERSONAL_POINTS[matched]
    if ctx.goals:
        shelf = Bookshelf(grid)
        for gid, points in ctx.goals:
            if COMMON_GOALS[gid].is_met(shelf):
                sure += round(points * w.token_scale)
    filled = _CELLS - grid.count(EMPTY)
    if filled == _CELLS and ctx.end_token_open:
        sure += END_TOKEN_POINTS
    return sure, hope


def after_placing(grid: list[str], column: int, kinds: Sequence[str]) -> list[str]:
    out = grid.copy()
    row = SHELF_ROWS - 1
    while row >= 0 and out[row * SHELF_COLS + column] != EMPTY:
        row -= 1
    for kind in kinds:
        out[row * SHELF_COLS + column] = kind
        row -= 1
    return out


def flat(move: Move) -> tuple[int, ...]:
    return tuple(r * BOARD_SIZE + c for r, c in move.tiles)


_BOARD_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (r + dr) * BOARD_SIZE + (c + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < BOARD_SIZE and 0 <= c + dc < BOARD_SIZE
    )
    for r in range(BOARD_SIZE)
    for c in range(BOARD_SIZE)
)


def exposed_runs(board: Sequence[str], n_players: int, taken: frozenset[int]) -> int:
    """Longest same-type straight run (<=3) of free tiles the next player may take once `taken` is gone."""
    def tile(i: int) -> str:
        return EMPTY if i in taken else board[i]

    def free(i: int) -> bool:
        if tile(i) in (EMPTY, " "):
            return False
        ns = _BOARD_NEIGHBOURS[i]
        return len(ns) < 4 or any(tile(j) in (EMPTY, " ") for j in ns)

    best = 0
    touched = {j for i in taken for j in _BOARD_NEIGHBOURS[i]} - taken
    for i in touched:
        if not free(i):
            continue
        kind = tile(i)
        best = max(best, 1)
        for step in (1, BOARD_SIZE):
            run = 1
            for direction in (step, -step):
                j = i + direction
                while run < 3 and 0 <= j < len(board) and (step == BOARD_SIZE or j // BOARD_SIZE == i // BOARD_SIZE) \
                        and tile(j) == kind and free(j):
                    run += 1
                    j += direction
            best = max(best, run)
    return best


def score_moves(view: SeatView, moves: Sequence[Move], ctx: SeatContext | None = None) -> list[float]:
    """A value per move for the seat to play: sure points, promise, and a little for not feeding the next player."""
    ctx = ctx or SeatContext.of(view)
    w = ctx.weights
    board = view.board
    grid = list(view.shelves[view.seat])
    base_sure, base_hope = shelf_points(grid, ctx)
    shelf_cache: dict[tuple[str, int], float] = {}
    pick_cache: dict[frozenset[int], float] = {}
    out = []
    for move in moves:
        cells = flat(move)
        kinds = "".join(board[i] for i in cells)
        key = (kinds, move.column)
        value = shelf_cache.get(key)
        if value is None:
            sure, hope = shelf_points(after_placing(grid, move.column, kinds), ctx)
            value = sure - base_sure + hope - base_hope + w.tile_value * len(kinds)
            shelf_cache[key] = value
        pick = frozenset(cells)
        penalty = pick_cache.get(pick)
        if penalty is None:
            penalty = w.give_away * max(0, exposed_runs(board, view.n_players, pick) - 1)
            pick_cache[pick] = penalty
        out.append(value - penalty)
    return out

