"""Ranking the moves of the seat to play with the one-turn judge; shared by every level and by search."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..data import SHELF_COLS
from ..game import SeatView
from ..moves import MOVES, Move
from ..shelf import EMPTY
from .evaluate import DEFAULT_WEIGHTS, SeatContext, ShelfModel, Weights, exposed_run
from ..board import picks_by_kinds

Option = tuple[float, tuple[int, ...], int]
"""(value, ordered pick as board indices, shelf column)."""


def view_model(view: SeatView, weights: Weights = DEFAULT_WEIGHTS) -> ShelfModel:
    """The deciding seat's shelf, judged with its own personal goal and the tokens it may still win."""
    ctx = SeatContext.of_seat(view.won[view.seat], view.stacks, view.personal_goal,
                              view.end_token_seat is not None, weights)
    return ShelfModel(list(view.shelves[view.seat]), ctx)


QUICK_WEIGHTS = replace(DEFAULT_WEIGHTS, goal_hope=0.0)
"""Judging goal progress is the slow part of a gain: a rival's reply and search's playouts go without it."""


def next_rival(view: SeatView) -> ShelfModel | None:
    """The next seat to play after this one, judged on public points only (its personal goal is secret);
    None when no one plays after this turn (the end token is out and the round ends with this seat)."""
    n = view.n_players
    for step in range(1, n):
        seat = (view.seat + step) % n
        if view.end_token_seat is not None and seat < view.seat:
            return None
        if seat not in view.resigned:
            ctx = SeatContext.of_seat(view.won[seat], view.stacks, None, view.end_token_seat is not None,
                                      QUICK_WEIGHTS)
            return ShelfModel(list(view.shelves[seat]), ctx)
    return None


def best_gain(board: Sequence[str], n_players: int, model: ShelfModel) -> float:
    """The most a shelf can gain from this board in one turn."""
    free = model.free
    best = 0.0
    for kinds in picks_by_kinds(board, n_players, max(free)):
        k = len(kinds)
        for c in range(SHELF_COLS):
            if free[c] >= k:
                best = max(best, model.gain(c, kinds))
    return best


def rival_adjusted(board: Sequence[str], n_players: int, ranked: list[Option], rival: ShelfModel,
                   weights: Weights) -> list[Option]:
    """Re-ranks the best few options by what each leaves the next player; the rest keep their order after them."""
    if not weights.rival_gain or not ranked or max(rival.free) == 0:
        return ranked
    head = ranked[: weights.rival_candidates]
    adjusted = []
    for value, order, column in head:
        after = list(board)
        for i in order:
            after[i] = EMPTY
        adjusted.append((value - weights.rival_gain * best_gain(after, n_players, rival), order, column))
    adjusted.sort(key=lambda o: (-o[0], o[1], o[2]))
    return adjusted + ranked[weights.rival_candidates:]


def leak(board: Sequence[str], order: tuple[int, ...], model: ShelfModel) -> float:
    """What a pick costs by leaving a line of like tiles to the next player."""
    return model.ctx.weights.give_away * max(0, exposed_run(board, order) - 1)


def ranked_options(board: Sequence[str], n_players: int, model: ShelfModel) -> list[Option]:
    """Every legal move as an option, best first; ties keep a fixed order so choices are reproducible."""
    free = model.free
    leaks: dict[frozenset[int], float] = {}
    out: list[Option] = []
    for kinds, orders in picks_by_kinds(board, n_players, max(free)).items():
        k = len(kinds)
        placements = [(model.gain(c, kinds), c) for c in range(SHELF_COLS) if free[c] >= k]
        for order in orders:
            key = frozenset(order)
            cost = leaks.get(key)
            if cost is None:
                cost = leaks[key] = leak(board, order, model)
            out.extend((gain - cost, order, c) for gain, c in placements)
    out.sort(key=lambda o: (-o[0], o[1], o[2]))
    return out


def as_move(option: Option) -> Move:
    return MOVES[option[1]][option[2]]


def normal_ranking(view: SeatView, weights: Weights = DEFAULT_WEIGHTS) -> list[Option]:
    """The normal level's order of preference: one-turn value, then the best few re-ranked by what they leave
    the next player; on the game's very last turn, sure points only."""
    rival = next_rival(view)
    if rival is None:
        weights = replace(weights, give_away=0.0)
    ranked = ranked_options(view.board, view.n_players, view_model(view, weights))
    return ranked if rival is None else rival_adjusted(view.board, view.n_players, ranked, rival, weights)
