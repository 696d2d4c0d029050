"""Computer opponents for My Shelfie: `choose_move(game, level, seed=...)` plays for the seat to move.

Fair play: every level decides from `game.view(game.current_seat)` only; what that seat cannot see (other
personal goals, bag order) is sampled from the seed, never read. The same view and seed give the same move.
"""
from __future__ import annotations

import random

from ..game import Game
from ..moves import Move
from .explain import explain_move
from .players import LEVELS


def choose_move(game: Game, level: str, *, seed: int) -> Move:
    """A legal move for `game.current_seat` at `level` ("easy", "normal" or "hard").

    The seed must be an int: random.Random(None) would seed from the OS and a float or bool seed would hide a
    caller's mistake, and either breaks "the same view and seed give the same move"."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"the computer player's seed must be an int, not {seed!r}")
    if not isinstance(level, str) or level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}")
    if game.is_over:
        raise ValueError("the game is over: there is no move to choose")
    return LEVELS[level](game.view(game.current_seat), random.Random(seed))


__all__ = ["LEVELS", "choose_move", "explain_move"]
