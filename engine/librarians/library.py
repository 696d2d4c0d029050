"""The library: shelf rows top to bottom, books left (x < 0) and right (x > 0) of each row's shelf card (x = 0).

Geometry (the contract every lib-* module builds on):
- A `Place` is `(row, x)`: row 0 is the top shelf (people read it as row 1), x is the column relative to the
  shelf cards, which all sit at x = 0 in one column. A cell holds a stack of books; only its top counts.
- Two places touch when side by side in a row (x ± 1) or at the same x in neighbouring rows. Shelf cards are
  part of the library for connection: the shelf column touches itself and the books at x = ±1.
- A row's letters, read along its arrow across both sides of the shelf card, are its alphabetical sequence.
- Spots: every cell of the library's reach, in reading order (row top→bottom, x left→right), numbered from 1.
  The reach is the rectangle of every row from one column left of the leftmost book (of any row) to one
  column right of the rightmost book, shelf column excluded; occupied cells are in it as stack tops. So a book
  may go at most one column beyond the library's current width, and islands and gaps inside the reach are
  allowed during a turn (the end of the turn checks connection). The same number names the same place for
  every card; a card's legal places are a subset.

Everything is plain ints and tuples, with a per-library table of each spot's bounds computed once per change,
because the computer player asks for legal places thousands of times a turn.
"""
from __future__ import annotations

from collections.abc import Iterator

from .cards import colour_of

Place = tuple[int, int]
"""(row, x): row 0 is the top shelf; x < 0 left of the shelf card, x > 0 right of it; x = 0 is the shelf card."""
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Horizontal, vertical and the two diagonals, as (row step, x step): the ways a genre completes."""
TOUCH_STEPS = ((0, -1), (0, 1), (-1, 0), (1, 0))
"""The (row, x) steps to the places a place touches."""
LOOSE_STEPS = TOUCH_STEPS + ((-1, -1), (-1, 1), (1, -1), (1, 1), (0, -2), (0, 2), (-2, 0), (2, 0))
"""The steps that join cards under Sci-Fi's loose connection: diagonals and a gap of one place too."""
_NO_LETTER_BELOW = -1
_NO_LETTER_ABOVE = 26


def place_text(place: Place) -> str:
    """"r2 x-3": row 2 (from 1, top first), column -3; the move log's absolute form of a place."""
    return f"r{place[0] + 1} x{place[1]}"


class Row:
    """One shelf card (its id and arrow: +1 = A→Z left to right, -1 = right to left) and its books by x."""

    __slots__ = ("shelf", "arrow", "cells")

    def __init__(self, shelf: int, arrow: int, cells: dict[int, list[int]] | None = None) -> None:
        self.shelf = shelf
        self.arrow = arrow
        self.cells: dict[int, list[int]] = cells if cells is not None else {}
        """x -> the stack of card ids at that x, bottom first (never empty, never at x = 0)."""

    def copy(self) -> Row:
        return Row(self.shelf, self.arrow, {x: stack.copy() for x, stack in self.cells.items()})


class Library:
    """The shelf rows and their books. Change it only through its methods (they keep the spot table fresh)."""

    __slots__ = ("letters", "rows", "_table", "_spots")

    def __init__(self, letters: tuple[int, ...], rows: list[Row]) -> None:
        self.letters = letters
        """The game's letter of every card id (shared, never changed)."""
        self.rows = rows
        self._table: list[tuple[Place, int, int, int]] | None = None
        self._spots: tuple[Place, ...] | None = None

    def copy(self) -> Library:
        return Library(self.letters, [row.copy() for row in self.rows])

    # ---- reading --------------------------------------------------------------------------------------------
    def top(self, place: Place) -> int | None:
        """The card on top of the stack at `place`, or None for an empty cell (or no such row)."""
        r, x = place
        if not 0 <= r < len(self.rows):
            return None
        stack = self.rows[r].cells.get(x)
        return stack[-1] if stack else None

    def stack(self, place: Place) -> tuple[int, ...]:
        """Every card at `place`, bottom first (empty for an empty cell)."""
        r, x = place
        if not 0 <= r < len(self.rows):
            return ()
        return tuple(self.rows[r].cells.get(x, ()))

    def occupied(self) -> list[Place]:
        """The places holding a stack, in reading order."""
        return [(r, x) for r, row in enumerate(self.rows) for x in sorted(row.cells)]

    def cards(self) -> Iterator[int]:
        """Every card in the library, stacks included (bottom first), in reading order."""
        for r, x in self.occupied():
            yield from self.rows[r].cells[x]

    def card_count(self) -> int:
        return sum(len(stack) for row in self.rows for stack in row.cells.values())

    def extent(self) -> tuple[int, int]:
        """(leftmost x, rightmost x) over every row's books, counting the shelf column (so lo <= 0 <= hi)."""
        lo = hi = 0
        for row in self.rows:
            if row.cells:
                lo = min(lo, min(row.cells))
                hi = max(hi, max(row.cells))
        return lo, hi

    def spots(self) -> tuple[Place, ...]:
        """Every place a card could go now (the reach: empty cells and stack tops), in reading order; spot n is
        `spots()[n - 1]`."""
        if self._spots is None:
            lo, hi = self.extent()
            xs = [x for x in range(lo - 1, hi + 2) if x != 0]
            self._spots = tuple((r, x) for r in range(len(self.rows)) for x in xs)
        return self._spots

    def spot_number(self, place: Place) -> int | None:
        """The 1-based spot number of `place`, or None when it is outside the reach."""
        lo, hi = self.extent()
        r, x = place
        if not (0 <= r < len(self.rows) and lo - 1 <= x <= hi + 1 and x != 0):
            return None
        width = hi - lo + 2
        return r * width + (x - lo + 1 if x < 0 else x - lo) + 1

    def spot_table(self) -> list[tuple[Place, int, int, int]]:
        """Per spot: (place, top letter or -1 when empty, lowest and highest letter an empty cell accepts)."""
        if self._table is None:
            table: list[tuple[Place, int, int, int]] = []
            lo, hi = self.extent()
            xs = [x for x in range(lo - 1, hi + 2) if x != 0]
            letters = self.letters
            for r, row in enumerate(self.rows):
                cells = row.cells
                tops = [letters[cells[x][-1]] if x in cells else -1 for x in xs]
                left = [_NO_LETTER_BELOW] * len(xs)
                seen = _NO_LETTER_BELOW
                for i, top in enumerate(tops):
                    left[i] = seen
                    if top >= 0:
                        seen = top
                right = [_NO_LETTER_ABOVE] * len(xs)
                seen = _NO_LETTER_ABOVE
                for i in range(len(xs) - 1, -1, -1):
                    right[i] = seen
                    if tops[i] >= 0:
                        seen = tops[i]
                for i, x in enumerate(xs):
                    if row.arrow > 0:
                        low, high = left[i], right[i]
                    else:
                        low = _NO_LETTER_BELOW if right[i] == _NO_LETTER_ABOVE else right[i]
                        high = _NO_LETTER_ABOVE if left[i] == _NO_LETTER_BELOW else left[i]
                    table.append(((r, x), tops[i], low, high))
            self._table = table
        return self._table

    def legal_places(self, letter: int, *, stacking: bool = True, any_stack: bool = False,
                     alphabet: bool = True) -> list[Place]:
        """The places of the reach where a card with `letter` may go, in spot order.

        An empty cell: the letter must come at or after the nearest letter before it and at or before the nearest
        letter after it, along the row's arrow (`alphabet=False` skips that). An occupied cell: a stack on the
        same letter (`stacking=False` forbids it), or with `any_stack=True` on any card where the letter fits the
        row's order as if that cell were empty."""
        table = self.spot_table()
        return [table[i][0] for i in self._legal(letter, stacking, any_stack, alphabet)]

    def legal_spots(self, letter: int, *, stacking: bool = True, any_stack: bool = False,
                    alphabet: bool = True) -> list[int]:
        """The spot numbers (from 1) of `legal_places`."""
        return [i + 1 for i in self._legal(letter, stacking, any_stack, alphabet)]

    def _legal(self, letter: int, stacking: bool, any_stack: bool, alphabet: bool) -> list[int]:
        out: list[int] = []
        for i, (_, top, low, high) in enumerate(self.spot_table()):
            if top >= 0:
                if (stacking and top == letter) or (any_stack and (not alphabet or low <= letter <= high)):
                    out.append(i)
            elif not alphabet or low <= letter <= high:
                out.append(i)
        return out

    def neighbours(self, place: Place) -> tuple[Place, ...]:
        """The places that touch `place` (inside the rows; the shelf column counts as places)."""
        r, x = place
        out = [(r, x - 1), (r, x + 1)]
        if r > 0:
            out.append((r - 1, x))
        if r + 1 < len(self.rows):
            out.append((r + 1, x))
        return tuple(out)

    def groups(self, loose: bool = False) -> int:
        """How many separate groups of touching cards the books and the shelf cards form (1 = connected). `loose`
        also links diagonal neighbours and cards one empty cell apart in a row or column (the Sci-Fi exception)."""
        nodes = {(r, x) for r, row in enumerate(self.rows) for x in row.cells}
        nodes.update((r, 0) for r in range(len(self.rows)))
        steps = LOOSE_STEPS if loose else TOUCH_STEPS
        count = 0
        while nodes:
            count += 1
            todo = [nodes.pop()]
            while todo:
                r, x = todo.pop()
                for dr, dx in steps:
                    near = (r + dr, x + dx)
                    if near in nodes:
                        nodes.remove(near)
                        todo.append(near)
        return count

    def is_connected(self, loose: bool = False) -> bool:
        """Whether every book and every shelf card form one group of touching cards."""
        return self.groups(loose) <= 1

    def touches_library(self, place: Place) -> bool:
        """Whether a card at `place` would touch a book or a shelf card already there."""
        r, x = place
        return any(x2 == 0 or self.top((r2, x2)) is not None for r2, x2 in self.neighbours(place)
                   if 0 <= r2 < len(self.rows))

    def lines_through(self, place: Place, length: int, tolerance: int = 0) -> list[tuple[int, tuple[Place, ...]]]:
        """The completed genres through `place`: per direction, the run of `length` touching tops in a line with
        at least `length - tolerance` of one colour; each as (that colour, its places in reading order). With a
        tolerance (Mystery) several runs may qualify: the one with most cards of its colour wins, then the one of
        the colour of the card at `place` (the line that card made), then the first."""
        found: list[tuple[int, tuple[Place, ...]]] = []
        r0, x0 = place
        at = self.top(place)
        own = colour_of(at) if at is not None else -1
        for dr, dx in DIRECTIONS:
            best: tuple[int, bool, int, tuple[Place, ...]] | None = None
            for start in range(-(length - 1), 1):
                cells = [(r0 + (start + k) * dr, x0 + (start + k) * dx) for k in range(length)]
                tops = [self.top(cell) if cell[1] != 0 else None for cell in cells]
                if any(top is None for top in tops):
                    continue
                counts: dict[int, int] = {}
                for top in tops:
                    colour = colour_of(top)  # type: ignore[arg-type]
                    counts[colour] = counts.get(colour, 0) + 1
                colour, count = max(counts.items(), key=lambda item: (item[1], -item[0]))
                if count >= length - tolerance and (best is None or (count, colour == own) > best[:2]):
                    best = (count, colour == own, colour, tuple(sorted(cells)))
            if best is not None:
                found.append((best[2], best[3]))
        return found

    # ---- changing -------------------------------------------------------------------------------------------
    def _changed(self) -> None:
        self._table = None
        self._spots = None

    def put(self, place: Place, card: int) -> None:
        """Lays `card` at `place` (on top of any stack there); the caller has checked the rules."""
        r, x = place
        if x == 0 or not 0 <= r < len(self.rows):
            raise ValueError(f"no book can lie at {place_text(place)}")
        self.rows[r].cells.setdefault(x, []).append(card)
        self._changed()

    def take(self, place: Place) -> int:
        """Takes the top card from `place` (the card below, if any, becomes the top)."""
        r, x = place
        stack = self.rows[r].cells[x]
        card = stack.pop()
        if not stack:
            del self.rows[r].cells[x]
        self._changed()
        return card

    def insert_row(self, index: int, shelf: int, arrow: int) -> None:
        """A new empty shelf row at `index` (0 = new top row; len(rows) = new bottom row)."""
        self.rows.insert(index, Row(shelf, arrow))
        self._changed()

    def remove_row(self, index: int) -> Row:
        """Takes a whole row (its shelf card and books) out; the rows below move up."""
        row = self.rows.pop(index)
        self._changed()
        return row

    def set_arrow(self, index: int, arrow: int) -> None:
        self.rows[index].arrow = arrow
        self._changed()

    def replace_cells(self, index: int, cells: dict[int, list[int]]) -> None:
        """Sets a row's books at once (for powers that shift or insert cards); stacks must be non-empty."""
        self.rows[index].cells = {x: list(stack) for x, stack in cells.items() if stack}
        self._changed()

    # ---- persistence ----------------------------------------------------------------------------------------
    def to_list(self) -> list[dict[str, object]]:
        return [{"shelf": row.shelf, "arrow": row.arrow,
                 "cells": [[x, list(row.cells[x])] for x in sorted(row.cells)]} for row in self.rows]
