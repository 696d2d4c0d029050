"""An outside yardstick for My Shelfie's computer players: information-set Monte Carlo tree search (ISMCTS).

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one tree of moves from the deciding seat's view;
every iteration deals a fresh world (bag order and the other personal goals drawn from what the seat cannot see),
walks the tree choosing among the moves legal in that world by UCB1 with availability counts, adds one node,
plays the world to its end with a one-turn greedy judge for every seat (the engine's quick judge, with each seat's
sampled personal goal) and backs up each seat's result: a win counts a half, and the final margin over the best
other seat up to another half. With a hundred or more moves a turn, a node widens progressively (Chaslot et al.,
2008): it offers the quick judge's best 2*sqrt(visits)+1 moves of the world at hand, so the iterations go to
plausible moves instead of a thin spread over all of them. It is not a level of the bot; it exists so `bench ai`
can say how hard fares against a player spending several times its time on a different, well-known search.

Its budget is counted in plies played inside the search (tree walk and playouts), never in seconds, so a seed
gives the same move on any machine. PLIES_PER_SECOND was calibrated on the bench machine (AMD EPYC, one core,
CPU time): a reference move takes about one second of CPU per PLIES_PER_SECOND plies over a two-player game (more
early, with long playouts and many moves; less near the end); `reference-1s` and `reference-3s` are that budget
once and three times (bench/shelfie_ai.py seats them as `ismcts 1s` and `ismcts 3s`).
"""
from __future__ import annotations

import math
import random

from engine.shelfie import Game
from engine.shelfie.ai.policy import QUICK_WEIGHTS
from engine.shelfie.ai.search import Playouts
from engine.shelfie.data import BOARD_SIZE
from engine.shelfie.game import SeatView
from engine.shelfie.moves import Move

PLIES_PER_SECOND = 2_500
EXPLORATION = 0.7


class _Node:
    __slots__ = ("mover", "children", "visits", "available", "reward")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0

    def ucb(self) -> float:
        return self.reward / self.visits + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


def _results(game: Game) -> list[float]:
    """Each seat's reward for a finished (or cut-off) world: 1 for the winner, plus half its margin over 20 points."""
    totals = [game.score_breakdown(s)["total"] for s in range(game.n_players)]
    winner = game.winner
    out = []
    for seat, total in enumerate(totals):
        best_other = max(t for s, t in enumerate(totals) if s != seat)
        margin = max(-1.0, min(1.0, (total - best_other) / 20))
        out.append(0.5 * (seat == winner) + 0.25 * (1 + margin))
    return out


def _ranked(game: Game, judge: Playouts) -> list[Move]:
    """The legal moves of the world at hand, the quick judge's favourites first."""
    model = judge.model(game, game.current_seat, QUICK_WEIGHTS)
    board = game.board
    moves = game.legal_moves()
    gains = [model.gain(m.column, "".join(board[r * BOARD_SIZE + c] for r, c in m.tiles)) for m in moves]
    return [moves[k] for k in sorted(range(len(moves)), key=lambda k: -gains[k])]


def ismcts_move(view: SeatView, rng: random.Random, plies: int) -> Move:
    """The most visited move at the root after about `plies` plies of search from `view`."""
    root = _Node(mover=-1)
    judge = Playouts()
    spent = 0
    while spent < plies or not root.children:
        world = view.sample(rng)
        node = root
        path = [root]
        while not world.is_over:
            offered = _ranked(world, judge)[: int(2 * math.sqrt(node.visits)) + 1]
            untried = [m for m in offered if m not in node.children]
            if untried:
                move = untried[0]
                child = node.children[move] = _Node(world.current_seat)
                world.apply(move)
                path.append(child)
                spent += 1
                break
            children = [node.children[m] for m in offered]
            for child in children:
                child.available += 1
            index = max(range(len(children)), key=lambda k: children[k].ucb())
            node = children[index]
            world.apply(offered[index])
            path.append(node)
            spent += 1
        while not world.is_over:
            world.apply(judge.move(world))
            spent += 1
        results = _results(world)
        for node in path:
            node.visits += 1
            if node.mover >= 0:
                node.reward += results[node.mover]
    return max(root.children.items(), key=lambda item: (item[1].visits, item[1].reward))[0]


def reference_1s(game: Game, seed: int, seat: int) -> Move:
    """The reference with about one second of CPU a move (PLIES_PER_SECOND plies), from `seat`'s view only."""
    return ismcts_move(game.view(seat), random.Random(seed), PLIES_PER_SECOND)


def reference_3s(game: Game, seed: int, seat: int) -> Move:
    """The reference with about three seconds of CPU a move."""
    return ismcts_move(game.view(seat), random.Random(seed), 3 * PLIES_PER_SECOND)
