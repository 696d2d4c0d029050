"""Where the genre powers plug into the core (their effects live in lib-powers' modules, registered here).

A power is an `Effect` registered by genre id in `EFFECTS`. The core calls:
- `begin(game, seat)` when `seat` uses a held card of that genre on its turn (UsePower), or at once when a red
  genre is completed (then `seat` is the seat that completed it). It changes the game through the game's public
  methods and returns the first `Pending` step, or None when the power is done. To refuse (nothing usable now)
  it raises engine.librarians.IllegalAction before changing anything.
- `resume(game, pending, option)` with the option the seat chose (already checked to be in `pending.options`);
  it returns the next step or None when the power is done.
A power with no registered effect cannot be used (its card is still held), and a red one does nothing.

Rule switches the core honours are the constants below: add one to `game.turn_rules` (cleared when the turn
ends) or `game.lasting_rules` (for good).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .actions import IllegalAction
from .pending import Pending

if TYPE_CHECKING:
    from .game import LibrariansGame

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


class Effect(Protocol):
    def refusal(self, game: LibrariansGame, seat: int) -> IllegalAction | None:
        """Why `seat` cannot use this power now (it would do nothing), or None; the core refuses the use with it
        and leaves the use out of the legal actions."""

    def begin(self, game: LibrariansGame, seat: int) -> Pending | None: ...

    def resume(self, game: LibrariansGame, pending: Pending, option: str) -> Pending | None: ...

    def turn_ends(self, game: LibrariansGame, seat: int) -> None:
        """Called for every registered effect when `seat` ends a turn (after the connection check, before the
        draw), so a power that lasts a turn can tidy up (Graphic Novel's unused shelf goes back)."""


EFFECTS: dict[str, Effect] = {}
"""genre id -> its effect; filled by the powers' modules at import."""
