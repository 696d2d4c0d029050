"""The three levels, each a function of (seat view, random source) only."""
from __future__ import annotations

import random
from collections.abc import Callable

from ..game import SeatView
from ..moves import Move
from .evaluate import score_moves


def legal_moves(view: SeatView, rng: random.Random) -> list[Move]:
    """Legal moves depend only on public state; a sampled game supplies the engine's move generator."""
    return view.sample(rng).legal_moves()


def _easy(view: SeatView, rng: random.Random) -> Move:
    """A loose player: any of the better half of moves, favouring good ones but often missing the best."""
    moves = legal_moves(view, rng)
    scores = score_moves(view, moves)
    ranked = sorted(range(len(moves)), key=lambda k: -scores[k])
    pool = ranked[: max(1, len(ranked) // 3)]
    return moves[rng.choice(pool)]


def _normal(view: SeatView, rng: random.Random) -> Move:
    moves = legal_moves(view, rng)
    scores = score_moves(view, moves)
    best = max(range(len(moves)), key=lambda k: scores[k])
    return moves[best]


LEVELS: dict[str, Callable[[SeatView, random.Random], Move]] = {
    "easy": _easy,
    "normal": _normal,
    "hard": _normal,
}


def choose_from_view(view: SeatView, level: str, rng: random.Random) -> Move:
    return LEVELS[level](view, rng)
