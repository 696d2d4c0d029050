"""A one-turn judge of moves: points now plus what a shelf promises, from one seat's knowledge.

Search calls this thousands of times a move, so a shelf is analysed once (its groups, their open sides, the
personal goal cells) and each placement is scored by what it changes, not by re-reading the whole shelf.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ..data import BOARD_SIZE, END_TOKEN_POINTS, PERSONAL_POINTS, SHELF_COLS, SHELF_ROWS
from ..goals import COMMON_GOALS, CORNERS, DIAGONALS, PERSONAL_GOALS, STAIRS, XS
from ..board import BOARD_NEIGHBOURS, GONE
from ..shelf import EMPTY, SHELF_NEIGHBOURS, Bookshelf, count_free, group_points
from .progress import PROGRESS

CELLS = SHELF_ROWS * SHELF_COLS
_GROUP_POINTS = tuple(group_points(size) for size in range(CELLS + 1))


@dataclass(frozen=True)
class Weights:
    """How much the promise of a shelf counts next to points already earned.

    open_group[s]: worth of a group of s tiles that can still grow (a closed group is worth its points);
    personal_hope: share of still-empty personal goal cells expected to match in the end;
    tile_value: worth of each tile placed (more tiles, more chances; and the shelf fills sooner);
    give_away: cost per extra tile of the longest same-type line the pick leaves for the next player;
    rival_gain: cost per public point the next player can score at best after the move, weighed for the
    `rival_candidates` best moves only;
    goal_hope: share of a common goal token counted for a goal fully under way (it grows with the square of
    the progress).
    """

    open_group: tuple[float, ...] = (0.0, 0.35, 1.1, 2.6, 3.8, 5.6, 8.0)
    personal_hope: float = 0.45
    tile_value: float = 0.25
    give_away: float = 0.35
    rival_gain: float = 0.5
    goal_hope: float = 1.0
    rival_candidates: int = 8


DEFAULT_WEIGHTS = Weights()
_EXACT_GROUPS = tuple(float(group_points(size)) for size in range(7))
"""Open groups at their exact points, for a last turn where no group can grow any more."""


class SeatContext:
    """What judging one seat's shelf needs: its personal goal, the tokens it may still win, the weights."""

    __slots__ = ("target", "goals", "end_token_open", "weights", "group_open", "personal_value")

    def __init__(self, personal_goal: int | None, goals: tuple[tuple[str, int], ...], end_token_open: bool,
                 weights: Weights = DEFAULT_WEIGHTS) -> None:
        target: list[str | None] = [None] * CELLS
        for r, c, kind in PERSONAL_GOALS[personal_goal].cells if personal_goal is not None else ():
            target[r * SHELF_COLS + c] = kind
        self.target = target
        self.goals = goals
        self.end_token_open = end_token_open
        self.weights = weights
        self.group_open = tuple(weights.open_group[min(s, 6)] for s in range(CELLS + 1))
        self.personal_value = tuple(
            tuple(_personal_value(m, e, weights.personal_hope) for e in range(7)) for m in range(7)
        )

    @classmethod
    def of_seat(cls, won: Sequence[tuple[str, int]], stacks: Iterable[tuple[str, Sequence[int]]],
                personal_goal: int | None, end_token_taken: bool, weights: Weights = DEFAULT_WEIGHTS) -> SeatContext:
        """Once the end token is taken this is the seat's last turn: only sure points count then.
        A rival's secret personal goal is None: only its public points are judged."""
        taken = {gid for gid, _ in won}
        goals = tuple((gid, stack[0]) for gid, stack in stacks if stack and gid not in taken)
        if end_token_taken:
            weights = replace(weights, open_group=_EXACT_GROUPS, personal_hope=0.0, tile_value=0.0, goal_hope=0.0)
        return _context(personal_goal, goals, not end_token_taken, weights)


@lru_cache(maxsize=4096)
def _context(personal_goal: int | None, goals: tuple[tuple[str, int], ...], end_token_open: bool,
             weights: Weights) -> SeatContext:
    """Contexts repeat all game long (search builds one per ply), so they are built once."""
    return SeatContext(personal_goal, goals, end_token_open, weights)


def _personal_value(matched: int, empty: int, hope: float) -> float:
    """Points of `matched` cells plus the expected share of `empty` ones, interpolated on the 1/2/4/6/9/12 scale."""
    reach = min(6.0, matched + empty * hope)
    low = int(reach)
    top = PERSONAL_POINTS[min(6, low + 1)]
    return PERSONAL_POINTS[low] + (reach - low) * (top - PERSONAL_POINTS[low])


class ShelfModel:
    """One shelf analysed once, so that every placement into it is scored by its changes only."""

    __slots__ = ("grid", "free", "ctx", "label", "sizes", "kinds", "opens", "matched", "empty", "tiles", "value",
                 "pairs", "quads", "counts", "slots", "row_gaps", "goal_value", "judged")

    def __init__(self, grid: list[str], ctx: SeatContext) -> None:
        self.grid = grid
        self.ctx = ctx
        self.free = [count_free(grid, c) for c in range(SHELF_COLS)]
        label = [-1] * CELLS
        sizes: list[int] = []
        kinds: list[str] = []
        opens: list[frozenset[int]] = []
        for start in range(CELLS):
            kind = grid[start]
            if kind == EMPTY or label[start] >= 0:
                continue
            gid = len(sizes)
            label[start] = gid
            stack = [start]
            size = 0
            open_cells = set()
            while stack:
                i = stack.pop()
                size += 1
                for j in SHELF_NEIGHBOURS[i]:
                    g = grid[j]
                    if g == EMPTY:
                        open_cells.add(j)
                    elif g == kind and label[j] < 0:
                        label[j] = gid
                        stack.append(j)
            sizes.append(size)
            kinds.append(kind)
            opens.append(frozenset(open_cells))
        self.label, self.sizes, self.kinds, self.opens = label, sizes, kinds, opens
        self.pairs = sum(1 for size in sizes if size >= 2)
        self.quads = sum(1 for size in sizes if size >= 4)
        self.counts = {kind: grid.count(kind) for kind in set(kinds)}
        matched = empty = 0
        for i, want in enumerate(ctx.target):
            if want is not None:
                if grid[i] == want:
                    matched += 1
                elif grid[i] == EMPTY:
                    empty += 1
        self.matched, self.empty = matched, empty
        self.tiles = CELLS - grid.count(EMPTY)
        self.slots: list[tuple[list[int], list[tuple[tuple[int, ...], bool]]] | None] = [None] * SHELF_COLS
        self.judged: dict[tuple[int, str], float] = {}
        self.row_gaps = [grid[r * SHELF_COLS:(r + 1) * SHELF_COLS].count(EMPTY) for r in range(SHELF_ROWS)]
        group_open = ctx.group_open
        self.goal_value = self._goal_hope(grid, [SHELF_ROWS - f for f in self.free], self.pairs, self.quads, ())
        self.value = sum(
            group_open[s] if o else _GROUP_POINTS[s] for s, o in zip(sizes, opens)
        ) + ctx.personal_value[matched][empty] + self.goal_value

    def _goal_hope(self, grid: list[str], heights: list[int], pairs: int, quads: int, met: Sequence[str]) -> float:
        hope = self.ctx.weights.goal_hope
        if not hope:
            return 0.0
        total = 0.0
        for gid, points in self.ctx.goals:
            if gid not in met:
                total += points * hope * PROGRESS[gid](grid, heights, pairs, quads) ** 2
        return total

    def _slots(self, column: int) -> tuple[list[int], list[tuple[tuple[int, ...], bool]]]:
        """The cells the next 1-3 tiles of a column land in, each with the old groups beside or below it and
        whether a side neighbour is empty."""
        grid, label = self.grid, self.label
        top = self.free[column] - 1
        cells = [(top - j) * SHELF_COLS + column for j in range(min(3, top + 1))]
        info = []
        for j, i in enumerate(cells):
            near = [i - 1] if column > 0 else []
            if column < SHELF_COLS - 1:
                near.append(i + 1)
            if j == 0 and i + SHELF_COLS < CELLS:
                near.append(i + SHELF_COLS)
            groups = tuple(label[nb] for nb in near if label[nb] >= 0)
            info.append((groups, any(grid[nb] == EMPTY for nb in near)))
        return cells, info

    def gain(self, column: int, kinds: str) -> float:
        """Change in value from dropping `kinds` (first lowest) into `column`, tokens and end token included.
        Remembered: the look at the next player and search's playouts ask the same shelf the same again."""
        key = (column, kinds)
        value = self.judged.get(key)
        if value is None:
            value = self.judged[key] = self._judge(column, kinds)
        return value

    def _judge(self, column: int, kinds: str) -> float:
        ctx = self.ctx
        sizes, opens, gkinds = self.sizes, self.opens, self.kinds
        slots = self.slots[column]
        if slots is None:
            slots = self.slots[column] = self._slots(column)
        cells, info = slots
        n = len(kinds)
        new = cells[:n]
        comps: list[list[Any]] = []  # [kind, old groups joined, new tiles, touches an empty cell]
        touched: set[int] = set()
        for j in range(n):
            kind = kinds[j]
            groups, side_open = info[j]
            if j and kinds[j - 1] == kind:
                comp = comps[-1]
                comp[2] += 1
                comp[3] = comp[3] or side_open
            else:
                comp = [kind, set(), 1, side_open]
                comps.append(comp)
            for g in groups:
                touched.add(g)
                if gkinds[g] == kind:
                    comp[1].add(g)
        if new[-1] >= SHELF_COLS:
            comps[-1][3] = True
        if len(comps) > 1:
            comps = _merge_sharing(comps)
        newset = set(new)
        group_open = ctx.group_open
        delta = 0.0
        pairs, quads = self.pairs, self.quads
        merged: set[int] = set()
        for _, groups, size, is_open in comps:
            for g in groups:
                gsize = sizes[g]
                size += gsize
                pairs -= gsize >= 2
                quads -= gsize >= 4
                is_open = is_open or not opens[g] <= newset
            merged |= groups
            pairs += size >= 2
            quads += size >= 4
            delta += group_open[size] if is_open else _GROUP_POINTS[size]
        for g in touched:
            size = sizes[g]
            if opens[g]:
                delta -= group_open[size]
                if g not in merged:
                    delta += group_open[size] if not opens[g] <= newset else _GROUP_POINTS[size]
            elif g in merged:
                delta -= _GROUP_POINTS[size]
        target = ctx.target
        matched, empty = self.matched, self.empty
        for j in range(n):
            want = target[new[j]]
            if want is not None:
                empty -= 1
                if kinds[j] == want:
                    matched += 1
        delta += ctx.personal_value[matched][empty] - ctx.personal_value[self.matched][self.empty]
        full = self.tiles + n == CELLS
        if ctx.goals:
            delta += self._tokens(column, kinds, new, pairs, quads)
        if full and ctx.end_token_open:
            delta += END_TOKEN_POINTS
        return delta + ctx.weights.tile_value * n

    def _tokens(self, column: int, kinds: str, new: list[int], pairs: int, quads: int) -> float:
        """Points of the common goal tokens the placement wins (exact counts where the shelf model has them,
        cheap necessary tests before the engine's own check otherwise), plus the change in goal hope."""
        points = 0.0
        met = []
        after: list[str] | None = None
        n = len(new)
        tiles = self.tiles + n
        heights = [SHELF_ROWS - f for f in self.free]
        heights[column] += n
        for gid, pts in self.ctx.goals:
            if gid == "six_pairs":
                done = pairs >= 6
            elif gid == "four_quads":
                done = quads >= 4
            elif gid == "eight_same":
                done = any(self.counts.get(k, 0) + kinds.count(k) >= 8 for k in set(kinds))
            elif gid == "staircase":
                done = tuple(heights) in STAIRS
            elif tiles >= _MIN_TILES[gid] and _may_complete(gid, self, column, new, kinds):
                if after is None:
                    after = self._after(new, kinds)
                done = COMMON_GOALS[gid].is_met(Bookshelf(after, [SHELF_ROWS - h for h in heights]))
            else:
                done = False
            if done:
                points += pts
                met.append(gid)
        if self.ctx.weights.goal_hope:
            if after is None:
                after = self._after(new, kinds)
            points += self._goal_hope(after, heights, pairs, quads, met) - self.goal_value
        return points

    def _after(self, new: list[int], kinds: str) -> list[str]:
        after = self.grid.copy()
        for i, kind in zip(new, kinds):
            after[i] = kind
        return after


_MIN_TILES = {"two_squares": 8, "diagonal5": 5, "x_shape": 5, "three_cols_max3": 18, "two_cols_distinct": 12,
              "four_rows_max3": 20, "two_rows_distinct": 10, "four_corners": 4}


def _may_complete(gid: str, model: ShelfModel, column: int, new: list[int], kinds: str) -> bool:
    """False only when the placement cannot have completed the goal (it was not met before)."""
    if gid in ("three_cols_max3", "two_cols_distinct"):
        return model.free[column] == len(new)
    if gid in ("four_rows_max3", "two_rows_distinct"):
        return any(model.row_gaps[i // SHELF_COLS] == 1 for i in new)
    if gid == "four_corners":
        return any(i in CORNERS for i in new)
    shapes = _SHAPES_THROUGH.get(gid)
    if shapes is None:
        return True
    grid = model.grid
    placed = dict(zip(new, kinds))
    return any(
        all(placed.get(j, grid[j]) == kind for j in shape)
        for i, kind in placed.items() for shape in shapes[i]
    )


_SQUARES = tuple(
    (i, i + 1, i + SHELF_COLS, i + SHELF_COLS + 1)
    for i in range((SHELF_ROWS - 1) * SHELF_COLS) if i % SHELF_COLS < SHELF_COLS - 1
)
_SHAPES_THROUGH: dict[str, tuple[tuple[tuple[int, ...], ...], ...]] = {
    gid: tuple(tuple(shape for shape in shapes if i in shape) for i in range(CELLS))
    for gid, shapes in (("diagonal5", DIAGONALS), ("x_shape", XS), ("two_squares", _SQUARES))
}
"""For the one-type shapes (and the 2x2 blocks two_squares needs), the shapes through each cell: a placement can
only complete one through a new tile."""


def _merge_sharing(comps: list[list[Any]]) -> list[list[Any]]:
    """New-tile components that touch the same old group are one group."""
    out: list[list[Any]] = []
    for comp in comps:
        for other in out:
            if other[0] == comp[0] and other[1] & comp[1]:
                other[1] |= comp[1]
                other[2] += comp[2]
                other[3] = other[3] or comp[3]
                break
        else:
            out.append(comp)
    return out


def after_placing(grid: list[str], column: int, kinds: Sequence[str]) -> list[str]:
    shelf = Bookshelf(grid.copy())
    shelf.place(column, kinds)
    return shelf.grid


def exposed_run(board: Sequence[str], taken: Sequence[int]) -> int:
    """Longest straight same-type line (at most 3) of takeable tiles that the pick newly frees or leaves next to it."""
    gone = set(taken)

    def tile(i: int) -> str:
        return EMPTY if i in gone else board[i]

    def takeable(i: int) -> bool:
        if tile(i) in GONE:
            return False
        ns = BOARD_NEIGHBOURS[i]
        return len(ns) < 4 or any(tile(j) in GONE for j in ns)

    best = 0
    for i in {j for t in taken for j in BOARD_NEIGHBOURS[t]} - gone:
        if not takeable(i):
            continue
        kind = tile(i)
        best = max(best, 1)
        row = i // BOARD_SIZE
        for step in (1, BOARD_SIZE):
            run = 1
            for direction in (step, -step):
                j = i + direction
                while (run < 3 and 0 <= j < len(board) and (step != 1 or j // BOARD_SIZE == row)
                       and tile(j) == kind and takeable(j)):
                    run += 1
                    j += direction
            best = max(best, run)
    return best
