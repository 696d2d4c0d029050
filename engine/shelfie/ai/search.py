"""The hard level: the normal level's best few moves, each tried in sampled worlds against the replies.

A world is the seat's view with the hidden parts (other personal goals, bag order) drawn at random. Every
candidate meets the same worlds and the same refills, so their comparison is not drowned in luck. Each is
judged after the next player's reply (played with that player's sampled personal goal), on the gap between
this seat and its best rival: points so far plus what each shelf promises. Measured against the normal level,
one reply in 24 worlds beat deeper lines (2 or 3 plies) in fewer worlds: the cheap players inside the search
add more noise than insight beyond one reply. The budget is counted in worlds and plies, not seconds, so a
seed always gives the same decision.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..data import END_TOKEN_POINTS
from ..game import Game, SeatView
from ..moves import Move
from .policy import as_move, best_move, game_model, normal_ranking


@dataclass(frozen=True)
class Budget:
    """candidates: how many of the normal level's best moves are searched; worlds: hidden-information
    samples per candidate; depth: plies played after the candidate before judging."""

    candidates: int = 8
    worlds: int = 24
    depth: int = 1


HARD_BUDGET = Budget()


def standing(game: Game, seat: int) -> float:
    """Final points if the game is over, else points so far plus what the shelf promises, tiles on the shelf
    valued as the one-turn judge values each tile it places."""
    if game.is_over:
        return float(game.score_breakdown(seat)["total"])
    tokens = sum(points for _, points in game.won[seat])
    end = END_TOKEN_POINTS if game.end_token_seat == seat else 0
    model = game_model(game, seat)
    return tokens + end + model.value + model.ctx.weights.tile_value * model.tiles


def outlook(game: Game, seat: int, depth: int) -> float:
    """Plays `depth` plies with the quick one-turn judge for everyone, then compares `seat` with its best rival."""
    for _ in range(depth):
        if game.is_over:
            break
        game.apply(best_move(game))
    mine = standing(game, seat)
    rivals = [standing(game, s) for s in game.active_seats if s != seat]
    return mine - max(rivals, default=0.0)


def hard_move(view: SeatView, rng: random.Random, budget: Budget = HARD_BUDGET) -> Move:
    ranked = normal_ranking(view)
    candidates = [as_move(o) for o in ranked[: budget.candidates]]
    if len(candidates) == 1:
        return candidates[0]
    totals = [0.0] * len(candidates)
    for _ in range(budget.worlds):
        world = view.sample(rng)
        for k, move in enumerate(candidates):
            game = world.copy()
            game.apply(move)
            totals[k] += outlook(game, view.seat, budget.depth)
    best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
    return candidates[best]
