"""The 9 Major Accomplishments (MA1–MA9): their checks and their first and later rewards (data/books.json).

A check reads the player's grid (a Wild taking the colour that makes it true), its scored Little Projects and
Other Neat Stuff, and `Player.reach`: the highest one gain would have taken its battery before the cap, which
the engine raises at every gain (MA4 is met once a gain reached 24).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import permutations

from .data import COLOURS, MAJORS, MAJORS_REACH, NIGHTSTAND, SPACES
from .grid import ROOM_SPACES, Stacks, counts, is_mono, occupied, resolutions
from .state import Player

__all__ = ["meets", "met", "reward", "GRID_CHECKS"]

FULL = 6
"""The height of a full stack ("h 6" counts a taller stack under the Bookend too)."""


def _all_spaces(s: Stacks) -> bool:
    return occupied(s) == len(SPACES)


def _mono_full(s: Stacks) -> bool:
    return any(len(s.get(space, "")) >= FULL and is_mono(s.get(space, "")) for space in SPACES)


def _seven_each(s: Stacks) -> bool:
    tally = counts(s)
    return all(tally[colour] >= 7 for colour in COLOURS)


def _rooms_of_four_colours(s: Stacks) -> bool:
    rooms = [counts(s, room) for room in ROOM_SPACES]
    return any(all(tally[colour] >= 4 for colour, tally in zip(order, rooms)) for order in permutations(COLOURS))


def _four_full(s: Stacks) -> bool:
    return sum(1 for space in SPACES if len(s.get(space, "")) >= FULL) >= 4


def _full_rainbow_nightstand(s: Stacks) -> bool:
    stack = s.get(NIGHTSTAND, "")
    return len(stack) >= FULL and set(COLOURS) <= set(stack)


GRID_CHECKS: dict[str, Callable[[Stacks], bool]] = {
    "MA1": _all_spaces, "MA2": _mono_full, "MA3": _seven_each, "MA7": _rooms_of_four_colours, "MA8": _four_full,
    "MA9": _full_rainbow_nightstand,
}
"""The accomplishments checked on the grid alone (Wild-free stacks)."""
_PLAYER_CHECKS: dict[str, Callable[[Player], bool]] = {
    "MA4": lambda player: player.reach >= MAJORS_REACH,
    "MA5": lambda player: len(player.scored) >= 6,
    "MA6": lambda player: len(player.neat) >= 4,
}
assert set(GRID_CHECKS) | set(_PLAYER_CHECKS) == set(MAJORS), "every Major Accomplishment has a check"


def meets(major: str, player: Player) -> bool:
    """Whether `player` meets Major Accomplishment `major` now."""
    if major in _PLAYER_CHECKS:
        return _PLAYER_CHECKS[major](player)
    check = GRID_CHECKS[major]
    return any(check(resolved) for resolved in resolutions(player.apartment.stacks))


def met(majors: list[str], claims: Mapping[str, list[int]], seat: int, player: Player) -> list[str]:
    """The game's accomplishments `player` (at `seat`) meets and has not claimed yet, in the game's order: each
    is claimed at once."""
    return [major for major in majors if seat not in claims.get(major, []) and meets(major, player)]


def reward(major: str, first: bool) -> dict[str, int]:
    """The reward of `major`: the first claimer's or a later one's ({"vp", "neat" (cards drawn), "battery"})."""
    card = MAJORS[major]
    return dict(card.first if first else card.later)
