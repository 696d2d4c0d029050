"""The hard level: the normal level's best few moves, each played on a few turns ahead in sampled worlds.

A world is the seat's view with the hidden parts drawn at random: the bag order, and the other personal goals
dealt in turn from a shuffled deck of the cards this seat does not hold, so a dozen worlds meet every card a
rival may hold instead of a few of them twice. Every candidate meets the same worlds and the same refills, so
their comparison is not drowned in luck. After the candidate every seat plays the quick one-turn judge for
`depth` plies (with its sampled personal goal), and the candidate is judged on the gap between this seat and its
best rival: points so far plus what each shelf promises. Against the normal level, eight plies ahead won about
70% of games where one reply won 60%, twelve dealt worlds 76-78% where eight random ones won 71%, and playing
on to the end did worse than eight plies: the quick judge's endgame misleads more than the promise of a shelf.
Twice that work (the last two moves in 42 worlds instead of four in 12) and more worlds when the game ends inside
the playouts scored 4.7 points a game more against normal on the same deals (+-1.9, 26 games).
The budget is counted in worlds, plies and judged placements, never seconds, so a seed always gives the same
decision.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..data import END_TOKEN_POINTS, SHELF_COLS
from ..board import picks_by_kinds
from ..game import Game, SeatView
from ..goals import PERSONAL_GOALS
from ..moves import MOVES, Move
from .evaluate import DEFAULT_WEIGHTS, SeatContext, ShelfModel, Weights
from .policy import QUICK_WEIGHTS, as_move, normal_ranking


@dataclass(frozen=True)
class Budget:
    """candidates: how many of the normal level's best moves enter the search; rounds: (survivors, new worlds)
    per round, each round keeping the survivors with the best total over every world so far and playing them in
    more worlds, so the work goes to the moves still in contention; depth: plies played after the candidate
    before judging; judgements: no new world once the playouts have judged this many placements (the opening's
    full board and empty shelves are the slow case: this keeps its moves within the time of later ones); stretch:
    when the game ends inside the playouts, a round goes on to at most `stretch` times its worlds, until it has
    played as many plies as its worlds would at full depth, so the end game, where a playout is short and exact
    and a mistake decides the game, gets more worlds for the same work."""

    candidates: int = 16
    rounds: tuple[tuple[int, int], ...] = ((16, 4), (8, 6), (4, 12), (2, 20))
    depth: int = 8
    judgements: int = 40_000
    stretch: int = 3


HARD_BUDGET = Budget()


class Playouts:
    """The quick one-turn judge for every seat, remembering what it has judged during one decision.

    Every playout of a decision starts from the same position, so shelves and boards recur: the reply to each
    candidate meets the same shelf in every world, and this seat's shelf after a candidate is the same in all of
    them. Each shelf is analysed once and each placement into it judged once; each board's picks listed once.
    """

    def __init__(self) -> None:
        self._models: dict[tuple[tuple[str, ...], SeatContext], ShelfModel] = {}
        self._picks: dict[tuple[str, ...], list[tuple[str, list[tuple[int, ...]]]]] = {}
        self.plies = 0
        """Plies played by `outlook` so far."""

    @property
    def judged(self) -> int:
        """Placements judged so far: the work done, counted the same on every machine."""
        return sum(len(model.judged) for model in self._models.values())

    def model(self, game: Game, seat: int, weights: Weights) -> ShelfModel:
        """`seat`'s shelf in `game`, analysed once per decision."""
        ctx = SeatContext.of_seat(game.won[seat], game.stacks.items(), game.personal[seat],
                                  game.end_token_seat is not None, weights)
        grid = game.shelves[seat].grid
        key = (tuple(grid), ctx)
        model = self._models.get(key)
        if model is None:
            model = self._models[key] = ShelfModel(grid.copy(), ctx)
        return model

    def move(self, game: Game) -> Move:
        """The quick judge's favourite for the seat to move (no look at the next player, no goal progress)."""
        model = self.model(game, game.current_seat, QUICK_WEIGHTS)
        board = tuple(game.board)
        picks = self._picks.get(board)
        if picks is None:
            picks = self._picks[board] = list(picks_by_kinds(board, game.n_players, 3).items())
        free = model.free
        room = max(free)
        best = -1e9
        choice: tuple[tuple[int, ...], int] | None = None
        for kinds, orders in picks:
            k = len(kinds)
            if k > room:
                continue
            for c in range(SHELF_COLS):
                if free[c] >= k:
                    value = model.gain(c, kinds)
                    if value > best:
                        best, choice = value, (orders[0], c)
        assert choice is not None, "a playout needs a game with a legal move"
        return MOVES[choice[0]][choice[1]]

    def standing(self, game: Game, seat: int) -> float:
        """Final points if the game is over, else points so far plus what the shelf promises, tiles on the shelf
        valued as the one-turn judge values each tile it places."""
        if game.is_over:
            return float(game.score_breakdown(seat)["total"])
        tokens = sum(points for _, points in game.won[seat])
        end = END_TOKEN_POINTS if game.end_token_seat == seat else 0
        model = self.model(game, seat, DEFAULT_WEIGHTS)
        return tokens + end + model.value + model.ctx.weights.tile_value * model.tiles

    def outlook(self, game: Game, seat: int, depth: int) -> float:
        """Plays `depth` plies, then compares `seat` with its best rival."""
        for _ in range(depth):
            if game.is_over:
                break
            game.apply(self.move(game))
            self.plies += 1
        mine = self.standing(game, seat)
        return mine - max((self.standing(game, s) for s in game.active_seats if s != seat), default=0.0)


def hard_move(view: SeatView, rng: random.Random, budget: Budget = HARD_BUDGET) -> Move:
    ranked = normal_ranking(view)
    candidates = [as_move(o) for o in ranked[: budget.candidates]]
    if len(candidates) == 1:
        return candidates[0]
    playouts = Playouts()
    totals = [0.0] * len(candidates)
    alive = list(range(len(candidates)))
    rivals = [s for s in range(view.n_players) if s != view.seat]
    deck = [g for g in range(len(PERSONAL_GOALS)) if g != view.personal_goal]
    rng.shuffle(deck)
    w = 0
    for survivors, worlds in budget.rounds:
        alive = sorted(alive, key=lambda k: (-totals[k], k))[:survivors]
        start, worth = playouts.plies, worlds * len(alive) * budget.depth
        for n in range(worlds * budget.stretch):
            if playouts.judged > budget.judgements:
                break
            if n >= worlds and playouts.plies - start >= worth:
                break
            world = view.sample(rng)
            for j, seat in enumerate(rivals):
                world.personal[seat] = deck[(w * len(rivals) + j) % len(deck)]
            w += 1
            for k in alive:
                game = world.copy()
                game.apply(candidates[k])
                totals[k] += playouts.outlook(game, view.seat, budget.depth)
    best = max(alive, key=lambda k: (totals[k], -k))
    return candidates[best]
