"""Why a move is good, as data the bot turns into words (no prose here, so every locale can phrase it)."""
from __future__ import annotations

from typing import Any

from ..data import END_TOKEN_POINTS
from ..game import Game
from ..goals import COMMON_GOALS, PERSONAL_GOALS
from ..moves import Move
from ..shelf import Bookshelf, adjacency_score
from .evaluate import SeatContext, after_placing, exposed_runs, flat, score_moves


def explain_move(game: Game, move: Move) -> dict[str, Any]:
    """Reasons for `move` by the seat to play, from that seat's view only.

    Keys: move (notation), kinds (tile letters, first lands lowest), column (1-based), points_now (sure points
    gained this turn), tokens [(goal_id, points)], adjacency_delta, personal_matches_gained,
    personal_points_delta, end_token, next_player_run (longest same-type line of up to 3 tiles this pick
    leaves takeable), rank (1 = the normal level's favourite) and of (number of legal moves).
    """
    game.check(move)
    view = game.view(game.current_seat)
    cells = flat(move)
    kinds = "".join(view.board[i] for i in cells)
    before = Bookshelf(list(view.shelves[view.seat]))
    after = Bookshelf(after_placing(before.grid, move.column, kinds))
    goal = PERSONAL_GOALS[view.personal_goal]
    won = {gid for gid, _ in view.won[view.seat]}
    tokens = [
        (gid, stack[0]) for gid, stack in view.stacks
        if stack and gid not in won and COMMON_GOALS[gid].is_met(after)
    ]
    end_token = view.end_token_seat is None and after.is_full
    adjacency_delta = adjacency_score(after) - adjacency_score(before)
    personal_delta = goal.score(after) - goal.score(before)
    moves = game.legal_moves()
    scores = score_moves(view, moves, SeatContext.of(view))
    mine = _score_of(move, moves, scores)
    return {
        "move": str(move),
        "kinds": kinds,
        "column": move.column + 1,
        "points_now": adjacency_delta + personal_delta + sum(p for _, p in tokens)
        + (END_TOKEN_POINTS if end_token else 0),
        "tokens": tokens,
        "adjacency_delta": adjacency_delta,
        "personal_matches_gained": sum(goal.matches(after)) - sum(goal.matches(before)),
        "personal_points_delta": personal_delta,
        "end_token": end_token,
        "next_player_run": exposed_runs(view.board, view.n_players, frozenset(cells)),
        "rank": 1 + sum(1 for s in scores if s > mine),
        "of": len(moves),
    }


def _score_of(move: Move, moves: list[Move], scores: list[float]) -> float:
    """The score of `move`, or of the listed move with the same pick, types and column (orders are deduped)."""
    for m, s in zip(moves, scores):
        if m == move:
            return s
    key = (frozenset(move.tiles), move.column)
    return max((s for m, s in zip(moves, scores) if (frozenset(m.tiles), m.column) == key), default=min(scores))


__all__ = ["explain_move"]
