"""Computer opponents for My Shelfie: `choose_move(game, level, seed=...)` plays for the seat to move.

Fair play: every level decides from `game.view(game.current_seat)` only; what that seat cannot see (other
personal goals, bag order) is sampled from the seed, never read. The same view and seed give the same move.
"""
from __future__ import annotations

import random

from ...computer import check_request
from ..game import Game
from ..moves import Move
from .explain import explain_move
from .players import LEVELS


def choose_move(game: Game, level: str, *, seed: int) -> Move:
    """A legal move for `game.current_seat` at `level` ("easy", "normal" or "hard"); the seed must be an int."""
    check_request(level, LEVELS, seed, game.is_over)
    return LEVELS[level](game.view(game.current_seat), random.Random(seed))


__all__ = ["LEVELS", "choose_move", "explain_move"]
