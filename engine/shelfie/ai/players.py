"""The three levels, each a function of (seat view, random source) only."""
from __future__ import annotations

import random
from collections.abc import Callable

from ..game import SeatView
from ..moves import Move
from .policy import as_move, normal_ranking, ranked_options, view_model
from .search import hard_move


def _easy(view: SeatView, rng: random.Random) -> Move:
    """A loose player: any of the better third of moves, so it often misses the best one."""
    ranked = ranked_options(view.board, view.n_players, view_model(view))
    return as_move(rng.choice(ranked[: max(1, len(ranked) // 3)]))


def _normal(view: SeatView, rng: random.Random) -> Move:
    return as_move(normal_ranking(view)[0])


LEVELS: dict[str, Callable[[SeatView, random.Random], Move]] = {
    "easy": _easy,
    "normal": _normal,
    "hard": hard_move,
}
