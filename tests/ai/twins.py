"""Fair-play twins for every registered game: the same game as one seat sees it, with everything that seat cannot
see dealt again. tests/ai/test_every_level.py asks each of a game's levels to choose alike in both; a game added to
the registry needs its entry here (that test fails until it has one)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.dice import DiceGame
from engine.protocol import AnyState
from tests.ai.books.test_ai import twin as books_twin
from tests.ai.librarians.test_ai import same_view as librarians_same_view
from tests.ai.librarians.test_ai import twin as librarians_twin
from tests.ai.shelfie.test_choose_move import with_other_secrets


@dataclass(frozen=True)
class Twins:
    make: Callable[[Any, int, int], AnyState]
    """(state, seat, seed) -> its twin for `seat`."""
    same_view: Callable[[Any, Any, int], bool]
    """Whether two states look the same from `seat`."""


def _equal_views(a: AnyState, b: AnyState, seat: int) -> bool:
    return bool(a.view(seat) == b.view(seat))


def _dice_twin(game: DiceGame, seat: int, seed: int) -> DiceGame:
    """Only the future rolls are hidden: another seed and count of rolls made."""
    return DiceGame.from_dict(game.to_dict() | {"seed": game.seed + 1 + seed, "roll_count": seed % 50})


def _shelfie_twin(game: Any, seat: int, seed: int) -> AnyState:
    assert seat == game.current_seat, "My Shelfie has one seat to act"
    return with_other_secrets(game, seed)


TWINS: dict[str, Twins] = {
    "shelfie": Twins(_shelfie_twin, _equal_views),
    "dice": Twins(_dice_twin, _equal_views),
    "librarians": Twins(librarians_twin, librarians_same_view),
    "books": Twins(books_twin, _equal_views),
}
