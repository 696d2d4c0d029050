"""Where the genre powers plug into the core: the rule switches the core honours, and the game as a power sees
it (`PowerTable`). The powers themselves are engine.librarians.powers.POWERS (genre id -> its `Power`), which the
core reads. The core calls:
- `begin(game, seat)` when `seat` uses a held card of that genre on its turn (UsePower), or at once when a red
  genre is completed (then `seat` is the seat that completed it). It changes the game through the game's public
  methods and returns the first `Pending` step, or None when the power is done. To refuse (nothing usable now)
  it raises engine.librarians.IllegalAction before changing anything.
- `resume(game, pending, option)` with the option the seat chose (already checked to be in `pending.options`);
  it returns the next step or None when the power is done.
- `refusal(game, seat)`: why `seat` cannot use the power now (it would do nothing), or None; the core refuses the
  use with it and leaves the use out of the legal actions.
- `turn_ends(game, seat)` for every power when `seat` ends a turn (after the connection check, before the draw),
  so a power that lasts a turn can tidy up (Graphic Novel's unused shelf goes back).
A genre without a power in POWERS cannot be used (its card is still held), and a red one does nothing.

Rule switches the core honours are the constants below: add one to `game.turn_rules` (cleared when the turn
ends) or `game.lasting_rules` (for good).
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Protocol, TypedDict

from .library import Library, Place
from .view import Result

NO_STACKING = "no_stacking"
"""No card may go on top of another (Tragedy)."""
ANY_STACK = "any_stack"
"""A card may go on top of any card whose place its letter fits in the row's order (Self-Help)."""
ANY_ORDER = "any_order"
"""Placing ignores alphabetical order; a stack still needs the same letter (Poetry)."""
LOOSE = "loose"
"""The end-of-turn connection also counts diagonal neighbours and a one-cell gap in a row or column (Sci-Fi)."""
NO_MINIMUM = "no_minimum"
"""The turn may end with fewer than 2 cards played, even none (Fantasy)."""
ONE_WRONG = "one_wrong"
"""A line of 4 with one card of another colour still completes (Mystery)."""
RULES = frozenset({NO_STACKING, ANY_STACK, ANY_ORDER, LOOSE, NO_MINIMUM, ONE_WRONG})


class Placing(TypedDict):
    """Where a card may go under the rule switches in force: the arguments of Library.legal_places and of the
    finishing search (engine.librarians.search.search_turn) that say so."""

    stacking: bool
    any_stack: bool
    alphabet: bool


def placing_of(rules: Collection[str]) -> Placing:
    """The placing rules under the rule switches `rules` (the one reading of them every caller shares)."""
    return {"stacking": NO_STACKING not in rules, "any_stack": ANY_STACK in rules, "alphabet": ANY_ORDER not in rules}


class PowerTable(Protocol):
    """The game as a power sees it: what the powers read and change (LibrariansGame is one), so the powers and
    this module never import the core that calls them."""

    library: Library
    deck: list[int]
    hands: list[list[int]]
    discard: list[int]
    shelf_pile: list[int]
    opened_shelves: list[int]
    hand_limit: int
    turn_rules: set[str]
    lasting_rules: set[str]
    tapped: dict[int, int]
    known: set[int]
    played_cards: list[int]
    arrows: tuple[int, ...]

    @property
    def active_seats(self) -> tuple[int, ...]: ...

    def complete_genres(self, places: Collection[Place], seat: int) -> object:
        """Completes every genre whose line of 4 runs through one of `places` (LibrariansGame.complete_genres)."""

    def finish(self, result: Result, reason: str) -> None:
        """Ends the game (LibrariansGame.finish)."""
