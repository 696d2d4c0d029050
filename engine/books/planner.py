"""Looking ahead: a seat weighs its candidate steps by playing each forward in games it imagines from its own view
(engine.books.sampling), the same imagined games for every candidate, and judging where each leaves it.

A candidate is played on a copy of an imagined game, then the game goes on with a quick player (the normal
level's rules with fewer samples) for every seat — Penelope plays her own turns in the solo game — until the
seat has begun `horizon` more turns of its own, or the game ends. Where it stops, `standing` judges it from the
seat's side: its points (battery counted by the quarter) and what its projects in hand promise on its grid, less
the best other seat's points; against Penelope, less her points and what her queue promises her next turns, a
loss on her empty deck counted as a heavy defeat. The work is counted in games played, never in seconds, so the
same view and seed give the same step on any machine.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .actions import Action, BooksError
from .data import MAJORS
from .game import BooksGame
from .majors import GRID_CHECKS
from .outlook import BATTERY_VALUE, major_promise, project_worth, promise
from .sampling import imagine
from .scoring import breakdown, rival_score
from .solo import line_of
from .view import BooksView

__all__ = ["Budget", "Policy", "plan", "standing", "queue_threat"]

Policy = Callable[[BooksGame, int, int], Action]
"""The quick player the imagined games go on with: (game, seat to act, seed) -> a legal step."""

LINE_VP = (2.0, 3.1, 4.9)
"""What Penelope gains in a turn on each line of her cards, on average (bench.books_ai, level 1): the worth of
keeping her queue short."""
THREAT_TURNS = 3
"""How many of her turns ahead her queue's threat is counted, as if nothing removed a card."""
THREAT_DECAY = 0.8
LOSS = 60.0
"""A game lost on Penelope's empty deck, in points: as bad as the heaviest defeat."""
WIN = 10.0
"""Ending the game ahead, in points, on top of the margin."""
HAND_SHARE = 0.7
"""The part of what its projects in hand promise that a seat counts: admiring them still takes turns."""


@dataclass(frozen=True)
class Budget:
    """How much a seat looks ahead: `worlds` imagined games per candidate, each played `horizon` more of its
    own turns (0: to the end of this turn and the others' turns after it)."""

    worlds: int
    horizon: int


def queue_threat(queue: int, deck: int, turns_left: int) -> float:
    """What Penelope's queue of `queue` cards promises her in her next turns (at most THREAT_TURNS, and no more
    than are left), with a loss weighed in when her deck of `deck` cards would run out."""
    threat, weight = 0.0, 1.0
    for turn in range(min(THREAT_TURNS, turns_left)):
        if deck - turn <= 0:
            return threat + weight * LOSS
        threat += weight * LINE_VP[line_of(queue + 1 + turn)]
        weight *= THREAT_DECAY
    return threat


def _turns_left(game: BooksGame) -> int:
    """A guess at the seat's turns still to come: none after the last round, one or two once the end is
    triggered, else about two for every step the Sun still has to go."""
    if game.over or game.last_round:
        return 0
    if game.end_triggered:
        return 2
    return 2 * game.village.sun + 2


def _promise(game: BooksGame, seat: int) -> float:
    """What the seat's projects in hand and the Major Accomplishments it may still claim promise on its grid."""
    player = game.players[seat]
    stacks = player.apartment.stacks
    held = sum(project_worth(p) * promise(p, stacks) for p in player.hand)
    village = game.village
    for major in village.majors:
        if major in GRID_CHECKS and seat not in village.claims.get(major, []) and not game.over:
            held += _major_vp(game, major) * major_promise(major, stacks)
    return HAND_SHARE * held if not game.over else 0.0


def _major_vp(game: BooksGame, major: str) -> float:
    first = game.penelope is not None or not game.village.claims.get(major)
    return float((MAJORS[major].first if first else MAJORS[major].later).get("vp", 0))


def _points(game: BooksGame, seat: int) -> float:
    parts = breakdown(game, seat)
    battery = game.players[seat].battery
    return float(parts["total"] - parts["battery"]) + battery * (BATTERY_VALUE if not game.over else 0.25)


def standing(game: BooksGame, seat: int) -> float:
    """How well `seat` stands in `game`, in points against its strongest rival (module docstring)."""
    mine = _points(game, seat) + _promise(game, seat)
    if game.penelope is not None:
        if game.lost:
            return mine - LOSS - 100.0
        hers = float(rival_score(game)["total"])
        if game.over:
            return mine - hers + (WIN if mine >= hers else -WIN)
        penelope = game.penelope
        return mine - hers - queue_threat(len(penelope.queue), len(penelope.deck), _turns_left(game))
    others = [_points(game, s) for s in range(game.n_players) if s != seat and s not in game.resigned]
    best = max(others, default=0.0)
    if game.over:
        return mine - best + (WIN if mine >= best else -WIN)
    return mine - best


def _play_on(game: BooksGame, seat: int, horizon: int, policy: Policy, rng: random.Random) -> None:
    """Plays the imagined game on until `seat` has begun `horizon` more turns of its own, or it ends."""
    begun = 0
    turn = game.turn
    for _ in range(400):
        if game.over:
            return
        if game.turn != turn:
            turn = game.turn
            if game.current == seat and game.pending is None:
                begun += 1
                if begun > horizon:
                    return
        actor = min(game.to_act)
        game.apply(policy(game, actor, rng.getrandbits(32)), actor)


def plan(view: BooksView, seat: int, candidates: Sequence[Action], policy: Policy, budget: Budget,
         rng: random.Random) -> Action:
    """The candidate whose imagined futures stand best for `seat` on average (the first of equals)."""
    if len(candidates) == 1:
        return candidates[0]
    totals = [0.0] * len(candidates)
    for _ in range(budget.worlds):
        world = imagine(view, rng)
        seed = rng.getrandbits(32)
        for i, action in enumerate(candidates):
            game = world.copy()
            try:
                game.apply(action, seat)
            except BooksError:
                totals[i] -= 1000.0
                continue
            _play_on(game, seat, budget.horizon, policy, random.Random(seed))
            totals[i] += standing(game, seat)
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]

