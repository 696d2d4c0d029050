"""Which items the dice can circle: every legal set of 1-3 items, and the dice each item uses.

An item (row r, column k, 0-based) needs exactly k+1 dice showing r's type, at most one of them a wild, and
a wild never alone. A set is legal when one assignment gives every item its own dice. Per row the natural
dice must cover what the wilds cannot: a row whose items need more natural dice than it has is short by the
difference, a wild can stand in for one die of each item of two or more dice, and the wilds cover every
row's shortfall together. When every die is a wild, any one open item may be circled.
"""
from __future__ import annotations

from collections.abc import Sequence

from .data import COLUMNS, MAX_ITEMS, ROWS, WILD

Item = tuple[int, int]
"""(row, column), both 0-based: row = item type, the item needs column + 1 dice."""

OPEN, CIRCLED, CROSSED = ".", "o", "x"


def marked(sheet: str, items: Sequence[Item], mark: str) -> str:
    """The sheet with these items given this mark (what circling or crossing them would leave)."""
    cells = list(sheet)
    for r, c in items:
        cells[r * COLUMNS + c] = mark
    return "".join(cells)


def open_items(sheet: str) -> list[Item]:
    return [divmod(i, COLUMNS) for i, mark in enumerate(sheet) if mark == OPEN]


def legal_item_sets(dice: Sequence[int], sheet: str) -> list[tuple[Item, ...]]:
    """Every set of 1..MAX_ITEMS open items the dice can circle at once, each sorted, in a stable order."""
    if not dice:
        return []
    wilds = sum(1 for face in dice if face == WILD)
    if wilds == len(dice):
        return [(item,) for item in open_items(sheet)]
    counts = [0] * ROWS
    for face in dice:
        if face != WILD:
            counts[face] += 1
    helpable = 1 if wilds else 0
    candidates = [(r, c) for r, c in open_items(sheet) if c + 1 <= counts[r] + (helpable if c else 0)]
    found: list[tuple[Item, ...]] = []
    need = [0] * ROWS
    multi = [0] * ROWS
    n_dice = len(dice)

    def fits() -> bool:
        short = 0
        for r in range(ROWS):
            lack = need[r] - counts[r]
            if lack > 0:
                if lack > multi[r]:
                    return False
                short += lack
        return short <= wilds

    def extend(start: int, chosen: list[Item], used: int) -> None:
        for i in range(start, len(candidates)):
            r, c = candidates[i]
            if used + c + 1 > n_dice:
                continue
            need[r] += c + 1
            multi[r] += 1 if c else 0
            if fits():
                chosen.append((r, c))
                found.append(tuple(chosen))
                if len(chosen) < MAX_ITEMS:
                    extend(i + 1, chosen, used + c + 1)
                chosen.pop()
            need[r] -= c + 1
            multi[r] -= 1 if c else 0

    extend(0, [], 0)
    return found


def assign_dice(dice: Sequence[int], items: Sequence[Item]) -> tuple[tuple[int, ...], ...] | None:
    """The dice (0-based indices) each item uses, in the order of `items`; None when the dice cannot do it.

    With every die a wild a single item takes all the dice. Otherwise the natural dice go first, and the
    wilds go to items of rows short of natural dice, largest items first."""
    if not items or len(items) > MAX_ITEMS or len(set(items)) != len(items):
        return None
    wild_dice = [i for i, face in enumerate(dice) if face == WILD]
    if len(wild_dice) == len(dice):
        return (tuple(range(len(dice))),) if len(items) == 1 and dice else None
    natural: dict[int, list[int]] = {}
    for i, face in enumerate(dice):
        if face != WILD:
            natural.setdefault(face, []).append(i)
    used: dict[Item, list[int]] = {}
    for r in sorted({r for r, _ in items}):
        row_items = sorted((item for item in items if item[0] == r), key=lambda item: -item[1])
        pool = list(natural.get(r, []))
        lack = sum(c + 1 for _, c in row_items) - len(pool)
        for item in row_items:
            size = item[1] + 1
            if lack > 0 and size >= 2:
                if not wild_dice:
                    return None
                used[item] = [wild_dice.pop(0)] + pool[: size - 1]
                pool = pool[size - 1:]
                lack -= 1
            else:
                if len(pool) < size:
                    return None
                used[item] = pool[:size]
                pool = pool[size:]
        if lack > 0:
            return None
    return tuple(tuple(sorted(used[item])) for item in items)
