"""Why a move is good, as data the bot turns into words (no prose here, so every locale can phrase it)."""
from __future__ import annotations

from typing import Any

from ..data import BOARD_SIZE, END_TOKEN_POINTS
from ..game import Game
from ..goals import COMMON_GOALS, PERSONAL_GOALS
from ..moves import Move
from ..shelf import Bookshelf, adjacency_score
from .evaluate import after_placing, exposed_run
from .policy import normal_ranking


def explain_move(game: Game, move: Move) -> dict[str, Any]:
    """Reasons for `move` by the seat to play, from that seat's view only.

    Keys: move (notation), kinds (tile letters, first lands lowest), column (1-based), points_now (sure points
    gained this turn), tokens [(goal_id, points)], adjacency_delta, personal_matches_gained,
    personal_points_delta, end_token, next_player_run (longest same-type line of up to 3 takeable tiles the pick
    frees or leaves beside it), rank (1 = the normal level's favourite) and of (number of legal moves).
    """
    game.check(move)
    view = game.view(game.current_seat)
    cells = tuple(r * BOARD_SIZE + c for r, c in move.tiles)
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
    ranked = normal_ranking(view)
    same = (frozenset(cells), kinds, move.column)
    rank = next(k for k, (_, order, column) in enumerate(ranked)
                if (frozenset(order), "".join(view.board[i] for i in order), column) == same)
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
        "next_player_run": exposed_run(view.board, cells),
        "rank": rank + 1,
        "of": len(ranked),
    }

