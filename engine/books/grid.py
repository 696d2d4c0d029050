"""Queries on one apartment's 16 grid spaces, which every card check is built from.

An apartment's grid is read as `Stacks`: grid space -> its stack, a str of book letters bottom to top ("" =
empty; a space missing from the mapping is empty). The backpack is never part of a check (books.md: "checks use
the 16 grid spaces").

A Wild book ("W") is a book of any one colour per check: a check is true when some choice of colour for each
Wild makes it true. `resolutions(stacks)` gives every such choice as plain stacks, so each check is written for
the four colours only and asks `any(...)` (or the best of) over them. The supply holds 2 Wilds, so a grid has at
most 16 resolutions; without a Wild there is one, the grid itself.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import product

from .data import COLOURS, COLUMNS, CORNERS, NIGHTSTAND, ROOMS, ROWS, SPACES, WILD

Stacks = Mapping[str, str]

ROW_SPACES: tuple[tuple[str, ...], ...] = tuple(tuple(f"{c}{r}" for c in COLUMNS) for r in ROWS)
"""The rows top to bottom, each left to right (A→D)."""
COLUMN_SPACES: tuple[tuple[str, ...], ...] = tuple(tuple(f"{c}{r}" for r in ROWS) for c in COLUMNS)
"""The columns left to right, each top to bottom."""
BLOCKS: tuple[tuple[str, str, str, str], ...] = tuple(
    (f"{COLUMNS[c]}{ROWS[r]}", f"{COLUMNS[c + 1]}{ROWS[r]}", f"{COLUMNS[c]}{ROWS[r + 1]}",
     f"{COLUMNS[c + 1]}{ROWS[r + 1]}")
    for r in range(len(ROWS) - 1) for c in range(len(COLUMNS) - 1))
"""Every 2×2 block of spaces as (top left, top right, bottom left, bottom right)."""
ROOM_SPACES: tuple[tuple[str, ...], ...] = tuple(ROOMS.values())
__all__ = ["Stacks", "ROW_SPACES", "COLUMN_SPACES", "BLOCKS", "ROOM_SPACES", "CORNERS", "NIGHTSTAND",
           "height", "top", "bottom", "occupied", "books", "count", "counts", "lonesome", "is_mono", "colours_in",
           "most_common", "resolutions", "is_most_common"]


def height(stacks: Stacks, space: str) -> int:
    return len(stacks.get(space, ""))


def top(stacks: Stacks, space: str) -> str | None:
    """The top book's letter, None on an empty space."""
    stack = stacks.get(space, "")
    return stack[-1] if stack else None


def bottom(stacks: Stacks, space: str) -> str | None:
    stack = stacks.get(space, "")
    return stack[0] if stack else None


def occupied(stacks: Stacks, spaces: Sequence[str] = SPACES) -> int:
    """How many of `spaces` hold a stack (one book is a stack)."""
    return sum(1 for space in spaces if stacks.get(space))


def books(stacks: Stacks, spaces: Sequence[str] = SPACES) -> int:
    """How many books `spaces` hold."""
    return sum(len(stacks.get(space, "")) for space in spaces)


def count(stacks: Stacks, colour: str, spaces: Sequence[str] = SPACES) -> int:
    """How many books of `colour` `spaces` hold (a Wild counts only as "W": resolve first)."""
    return sum(stacks.get(space, "").count(colour) for space in spaces)


def counts(stacks: Stacks, spaces: Sequence[str] = SPACES) -> dict[str, int]:
    """Books per colour on `spaces`, every colour present as a key (and "W" when a Wild is there)."""
    books = "".join(stacks.get(space, "") for space in spaces)
    wilds = books.count(WILD)
    return {colour: books.count(colour) for colour in COLOURS} | ({WILD: wilds} if wilds else {})


def lonesome(stacks: Stacks, colour: str, spaces: Sequence[str] = SPACES) -> int:
    """How many of `spaces` hold a single book, of `colour` (a lonesome book: h 1)."""
    return sum(1 for space in spaces if stacks.get(space, "") == colour)


def is_mono(stack: str) -> bool:
    """A stack of one colour (an empty space is no stack)."""
    return bool(stack) and stack.count(stack[0]) == len(stack)


def colours_in(stack: str) -> int:
    """How many different letters `stack` holds."""
    return len(set(stack))


def most_common(stacks: Stacks) -> str | None:
    """The colour with strictly more books than every other colour on the grid; None on a tie for the most
    (books.md: strict). Resolve Wilds first."""
    tally = counts(stacks)
    best = max(COLOURS, key=lambda colour: tally[colour])
    if sum(1 for colour in COLOURS if tally[colour] == tally[best]) > 1:
        return None
    return best


def resolutions(stacks: Stacks) -> Iterator[Stacks]:
    """Every way to give each Wild on the grid a colour, as stacks without a Wild (the grid itself when it holds
    none)."""
    if WILD not in "".join(stacks.values()):
        yield stacks
        return
    wild_spaces = [space for space in SPACES if WILD in stacks.get(space, "")]
    wilds = sum(stacks[space].count(WILD) for space in wild_spaces)
    for choice in product(COLOURS, repeat=wilds):
        picks = iter(choice)
        resolved = dict(stacks)
        for space in wild_spaces:
            resolved[space] = "".join(next(picks) if letter == WILD else letter for letter in stacks[space])
        yield resolved


def is_most_common(stacks: Stacks, colour: str) -> bool:
    """Whether `colour` can be strictly the most common on the grid (the Player card's check on Admire), a Wild
    counting as the colour that makes it so."""
    return any(most_common(resolved) == colour for resolved in resolutions(stacks))
