"""What an apartment is worth to the seat holding some Little Projects: the computer player's judge of a grid.

A met project is worth its points and its reward; one still short of its pattern is worth less for every book
still to move (engine.books.projects.shortfall), so a Gather that brings a project one book closer scores, even
before it meets it. Being strictly the most common colour of one's Player card is worth the Admire bonus. Every
check reads a Wild as the rules do, as the colour that meets it (engine.books.grid.resolutions): a project's
shortfall, a Major Accomplishment and the Player card's bonus alike.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping

from .data import APARTMENT, COLOURS, NIGHTSTAND, PROJECT_VP, PROJECTS, REWARD_BATTERY, SPACES, STACK_HEIGHT
from .grid import colours_in, counts, is_mono, is_most_common, occupied, resolutions
from .majors import GRID_CHECKS
from .projects import shortfall

BATTERY_VALUE = 0.3
"""What one point of Social Battery is worth, in points: four score one at the end, and a Bookstore shelf turns
six into four or five books."""
NEAT_VALUE = 1.5
"""What a free Other Neat Stuff card is worth, in points (its own and its effect's)."""
CLOSER = 0.55
"""Each further book still to move keeps this part of what an unmet project holds."""
SHORT = 0.5
"""An unmet project's part of its worth at one book short; CLOSER applies again for each further book."""


def project_worth(project: str) -> float:
    """What meeting `project` brings: its points and its reward."""
    reward = REWARD_BATTERY * BATTERY_VALUE if PROJECTS[project].reward == "battery" else NEAT_VALUE
    return PROJECT_VP + reward


def promise(project: str, stacks: Mapping[str, str]) -> float:
    """The part of `project`'s worth the grid holds: 1 when met, less for every book still to move."""
    short = shortfall(project, stacks)
    return 1.0 if short == 0 else SHORT * CLOSER ** (short - 1)


def _tallest_mono(stacks: Mapping[str, str]) -> float:
    return max((len(stacks[s]) for s in SPACES if is_mono(stacks[s])), default=0) / STACK_HEIGHT


def _four_tallest(stacks: Mapping[str, str]) -> float:
    return sum(sorted((min(len(stacks[s]), STACK_HEIGHT) for s in SPACES), reverse=True)[:4]) / (4 * STACK_HEIGHT)


def _nightstand(stacks: Mapping[str, str]) -> float:
    stack = stacks[NIGHTSTAND]
    return min(len(stack), STACK_HEIGHT) / STACK_HEIGHT * colours_in(stack) / len(COLOURS)


MAJOR_NEARNESS: dict[str, Callable[[Mapping[str, str]], float]] = {
    "MA1": lambda stacks: occupied(stacks) / len(SPACES),
    "MA2": _tallest_mono,
    "MA3": lambda stacks: sum(min(n, 7) for c, n in counts(stacks).items() if c in COLOURS) / (7 * len(COLOURS)),
    "MA8": _four_tallest,
    "MA9": _nightstand,
}
"""How near a grid is to a Major Accomplishment checked on the grid, from 0 to 1: a rough guide (the rooms of
MA7 have none), so the computer player heads for the ones within reach."""


def major_promise(major: str, stacks: Mapping[str, str]) -> float:
    """The part of claiming `major` the grid holds: 1 when met, else a little, growing fast near the end. Each
    Wild takes the colour that serves the accomplishment best, as the rules' check does (engine.books.majors)."""
    check, nearness = GRID_CHECKS[major], MAJOR_NEARNESS.get(major)
    near = 0.0
    for resolved in resolutions(stacks):
        if check(resolved):
            return 1.0
        if nearness is not None:
            near = max(near, nearness(resolved))
    return SHORT * near ** 3


def worth(stacks: Mapping[str, str], hand: Mapping[str, float], colour: str) -> float:
    """The grid's worth to a seat with Player card `colour` holding the projects of `hand` (each with what meeting
    it is worth to the seat: `project_worth`, and more against Penelope when it clears her queue)."""
    bonus = APARTMENT["admire"]["player_card"] * BATTERY_VALUE if is_most_common(stacks, colour) else 0.0
    return bonus + sum(value * promise(p, stacks) for p, value in hand.items())
