"""The 36 Little Projects (LP01–LP36) as checkable patterns on an apartment's grid (books.md's card list).

Each card is one function from Wild-free stacks to its *shortfall*: 0 when the grid meets the card, otherwise a
rough count of the books that would have to move, arrive or leave before it does (a measure for the computer
player to steer by, not an exact distance). The check and the measure are the same function, so they never
disagree: `meets` is a shortfall of 0. A Wild takes whichever colour serves the card best
(`grid.resolutions`). The cards' colours and rewards are in data/books.json (`data.PROJECTS`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .data import COLOURS, NIGHTSTAND, PROJECTS, ROOMS, SPACES
from .grid import (
    BLOCKS,
    COLUMN_SPACES,
    CORNERS,
    ROOM_SPACES,
    ROW_SPACES,
    Stacks,
    books,
    bottom,
    colours_in,
    count,
    counts,
    height,
    lonesome,
    occupied,
    resolutions,
    top,
)

__all__ = ["meets", "shortfall", "met", "colours", "CHECKS"]

FULL = 6
"""The height a stack must reach for the "h 6" cards (LP05): the ordinary stack limit; a taller stack under the
Bookend counts too."""


def _smallest(costs: Iterable[int], how_many: int, empty_cost: int) -> int:
    """The sum of the `how_many` smallest costs, a missing one costing `empty_cost`."""
    ranked = sorted(costs)[:how_many]
    return sum(ranked) + empty_cost * (how_many - len(ranked))


def _stacks(stacks: Stacks) -> list[str]:
    return [stacks.get(space, "") for space in SPACES]


def _tops(stacks: Stacks, spaces: Sequence[str], colour: str) -> int:
    return sum(1 for space in spaces if top(stacks, space) == colour)


def _at_least(have: int, need: int) -> int:
    return max(0, need - have)


def _lp01(s: Stacks) -> int:
    tally = counts(s)

    def cost(colour: str) -> int:
        others = max(tally[c] for c in COLOURS if c != colour)
        return max(0, 6 - tally[colour], others + 1 - tally[colour])
    return min(cost(colour) for colour in COLOURS)


def _lp02(s: Stacks) -> int:
    return min(_at_least(lonesome(s, colour), 5) for colour in COLOURS)


def _lp03(s: Stacks) -> int:
    return max(sum(1 for row in ROW_SPACES if not occupied(s, row)),
               sum(1 for column in COLUMN_SPACES if not occupied(s, column)))


def _lp04(s: Stacks) -> int:
    return len(CORNERS) - occupied(s, CORNERS)


def _lp05(s: Stacks) -> int:
    return _smallest((_at_least(len(stack), FULL) for stack in _stacks(s)), 2, FULL)


def _rising_cost(heights: Sequence[int]) -> int:
    """Books to add so that `heights` strictly rise from 1 up: the least raise, plus a large cost when a stack
    would have to pass 6 to rise."""
    needed, cost = 0, 0
    for h in heights:
        needed = max(h, needed + 1)
        cost += needed - h + (FULL if h < needed and needed > FULL else 0)
    return cost


def _lp06(s: Stacks) -> int:
    rows = [[len(s.get(space, "")) for space in row] for row in ROW_SPACES]
    return min(min(_rising_cost(heights), _rising_cost(heights[::-1])) for heights in rows)


def _lp07(s: Stacks) -> int:
    return sum(_at_least(occupied(s, room), 2) for room in ROOM_SPACES)


def _lp08(s: Stacks) -> int:
    short = [_at_least(occupied(s, room), 3) for room in ROOM_SPACES]
    return min(books(s, room) + sum(short) - short[i] for i, room in enumerate(ROOM_SPACES))


def _lp09(s: Stacks) -> int:
    return len(COLOURS) - max(colours_in(stack) for stack in _stacks(s))


def _mono_cost(stack: str, need: int, colour: str | None = None) -> int:
    """Books to remove and add for `stack` to be one colour (`colour`, or its most common) and `need` high."""
    kept = stack.count(colour) if colour else max(map(stack.count, COLOURS))
    return len(stack) - kept + _at_least(kept, need)


def _lp10(s: Stacks) -> int:
    return _smallest((_mono_cost(stack, 3) for stack in _stacks(s)), 2, 3)


def _lp11(s: Stacks) -> int:
    return min(max(len(room) - occupied(s, room), len(COLOURS) - len({top(s, space) for space in room} - {None}))
               for room in ROOM_SPACES)


def _lp12(s: Stacks) -> int:
    return min(sum(_at_least(height(s, space), 3) for space in column) for column in COLUMN_SPACES)


def _lp13(s: Stacks) -> int:
    return _smallest((_at_least(colours_in(stack), 3) for stack in _stacks(s)), 4, 3)


def _lp14(s: Stacks) -> int:
    stack = s.get(NIGHTSTAND, "")
    repeats = sum(1 for below, above in zip(stack, stack[1:]) if below == above)
    return _at_least(len(stack), 4) + repeats


def _tops_in_a_line(lines: Sequence[Sequence[str]], colour: str) -> Callable[[Stacks], int]:
    return lambda s: min(_at_least(_tops(s, line, colour), 3) for line in lines)


def _books_of(colour: str, need: int, spaces: Sequence[str] = SPACES) -> Callable[[Stacks], int]:
    return lambda s: _at_least(count(s, colour, spaces), need)


def _lp16(s: Stacks) -> int:
    return min(_mono_cost(stack, 5, "R") for stack in _stacks(s))


def _lp19(s: Stacks) -> int:
    return _at_least(_tops(s, CORNERS, "B"), 3)


def _lp20(s: Stacks) -> int:
    return _at_least(lonesome(s, "B"), 3)


def _lp21(s: Stacks) -> int:
    return (top(s, NIGHTSTAND) != "B") + _at_least(books(s, ROOMS["bedroom"]), 6)


def _lp23(s: Stacks) -> int:
    return _at_least(sum(1 for space in SPACES if bottom(s, space) == "G"), 3)


def _lp27(s: Stacks) -> int:
    return min(sum(1 for space in row if "Y" not in s.get(space, "")) for row in ROW_SPACES)


def _lp28(s: Stacks) -> int:
    return _at_least(lonesome(s, "Y", ROOMS["living"]), 2)


def _yellow_ends_cost(stack: str) -> int:
    if len(stack) < 2:
        return 2 - (stack == "Y")
    return (stack[0] != "Y") + (stack[-1] != "Y")


def _lp29(s: Stacks) -> int:
    return _smallest((_yellow_ends_cost(stack) for stack in _stacks(s)), 2, 2)


def _yellow_red_cost(stack: str) -> int:
    if not stack:
        return 3
    if len(stack) < 3:
        return (stack[0] != "Y") + 3 - len(stack)
    return (stack[0] != "Y") + (stack[-1] != "R")


def _lp31(s: Stacks) -> int:
    return min(_yellow_red_cost(stack) for stack in _stacks(s))


def _blue_green_cost(stack: str) -> int:
    need = _at_least(stack.count("B"), 2) + _at_least(stack.count("G"), 2)
    return max(need, _at_least(len(stack), 4))


def _lp32(s: Stacks) -> int:
    return _smallest((_blue_green_cost(stack) for stack in _stacks(s)), 2, 4)


def _lp33(s: Stacks) -> int:
    tops = {space: stack[-1:] for space, stack in s.items()}
    best = 4
    for left_top, right_top, left_bottom, right_bottom in BLOCKS:
        diagonal = tops.get(left_top, "") + tops.get(right_bottom, "")
        other = tops.get(right_top, "") + tops.get(left_bottom, "")
        best = min(best, 4 - diagonal.count("R") - other.count("B"), 4 - diagonal.count("B") - other.count("R"))
    return best


def _green_on_yellow_cost(stack: str) -> int:
    if "YG" in stack:
        return 0
    return 1 if stack.endswith("Y") else 2


def _lp34(s: Stacks) -> int:
    return _smallest((_green_on_yellow_cost(stack) for stack in _stacks(s)), 3, 2)


def _lp35(s: Stacks) -> int:
    blue, yellow = count(s, "B"), count(s, "Y")
    raised_blue, raised_yellow = max(blue, 5), max(yellow, 5)
    return raised_blue - blue + raised_yellow - yellow + abs(raised_blue - raised_yellow)


def _lp36(s: Stacks) -> int:
    return _at_least(lonesome(s, "R"), 2) + _at_least(lonesome(s, "G"), 2)


CHECKS: dict[str, Callable[[Stacks], int]] = {
    "LP01": _lp01, "LP02": _lp02, "LP03": _lp03, "LP04": _lp04, "LP05": _lp05, "LP06": _lp06, "LP07": _lp07,
    "LP08": _lp08, "LP09": _lp09, "LP10": _lp10, "LP11": _lp11, "LP12": _lp12, "LP13": _lp13, "LP14": _lp14,
    "LP15": _tops_in_a_line(ROW_SPACES, "R"), "LP16": _lp16, "LP17": _books_of("R", 5, ROOMS["den"]),
    "LP18": _books_of("R", 9),
    "LP19": _lp19, "LP20": _lp20, "LP21": _lp21, "LP22": _books_of("B", 9),
    "LP23": _lp23, "LP24": _tops_in_a_line(COLUMN_SPACES, "G"), "LP25": _books_of("G", 5, ROOMS["kitchen"]),
    "LP26": _books_of("G", 9),
    "LP27": _lp27, "LP28": _lp28, "LP29": _lp29, "LP30": _books_of("Y", 9),
    "LP31": _lp31, "LP32": _lp32, "LP33": _lp33, "LP34": _lp34, "LP35": _lp35, "LP36": _lp36,
}
"""Little Project id -> its shortfall on Wild-free stacks (0 = met)."""
assert set(CHECKS) == set(PROJECTS), "every Little Project in data/books.json has a check"


def shortfall(project: str, stacks: Stacks) -> int:
    """How far the grid is from meeting `project`: 0 when it meets it, else a rough count of books to move or
    gain (the least over the Wilds' colours)."""
    check = CHECKS[project]
    return min(check(resolved) for resolved in resolutions(stacks))


def meets(project: str, stacks: Stacks) -> bool:
    """Whether the grid meets Little Project `project` (a Wild taking the colour that makes it true)."""
    check = CHECKS[project]
    return any(check(resolved) == 0 for resolved in resolutions(stacks))


def met(projects: Iterable[str], stacks: Stacks) -> list[str]:
    """The projects of `projects` the grid meets, in the given order (Admire reveals them all, checked before
    any reward)."""
    return [project for project in projects if meets(project, stacks)]


def colours(project: str) -> str:
    """The colours a project names ("" = colourless): what a scored project removes from Penelope's queue."""
    return PROJECTS[project].colours
