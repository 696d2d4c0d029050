"""The normal computer teammate (see engine.librarians.ai): it plans the turn that leaves the library most open
for its teammates, weighs each held power on a guessed game, and gives a completed genre's card to the next
teammate to play."""
from __future__ import annotations

import random
from collections.abc import Callable

from .actions import Action, Choose, EndTurn, IllegalAction, Play, UsePower
from .fallback import fallback, taken_back, turn_search, usable_powers
from .game import LibrariansGame
from .guess import guessed_game
from .openness import openness, place_counts, unseen_letters
from .effects import placing_of
from .pending import GIVE, read_option
from .planner import CARD_PLAYED, HAND_WEIGHT, Planner
from .view import LibrariansView

POWER_KEPT = 4.0
"""What a held power is worth kept for a harder turn (using it gives that up)."""
POWER_MARGIN = 0.5
"""A power is used only when the table gains at least this much more than keeping it."""
HAND_LIMIT_VALUE = 6.0
"""What one more card of hand limit is worth to the table (more choice on every turn)."""
STUCK = -10_000.0
"""The worth of a position where the turn cannot end: the table loses."""

def _table_value(view: LibrariansView) -> float:
    """What a position is worth beyond the library: fewer cards left to play, a larger hand limit, held powers."""
    held = sum(len(cards) for cards in view.held)
    return (-CARD_PLAYED * view.cards_not_played + HAND_LIMIT_VALUE * view.hand_limit + POWER_KEPT * held
            + (STUCK if view.result == "lost" else 0.0))


def _quick_value(view: LibrariansView) -> float:
    """The library's openness and the table's state, without planning the turn (to rank a power's options)."""
    counts = place_counts(view.library, placing_of(view.rules))
    kept = [card.letter for card in view.hand]
    return openness(counts, unseen_letters(view.library.letters), kept, HAND_WEIGHT) + _table_value(view)


def _planned_value(view: LibrariansView) -> float:
    """The best turn's worth from this position, and the table's state (a turn that cannot end is lost)."""
    if view.result is not None:
        return _table_value(view)
    if view.pending is not None:
        return _quick_value(view)
    plan = Planner(view).best(extend=False)
    return (STUCK if plan is None else plan.value) + _table_value(view)


def _best_option(game: LibrariansGame, seat: int) -> str:
    """The option of the pending step whose outcome is worth most to the seat (tried on copies of `game`)."""
    pending = game.pending
    assert pending is not None
    best: tuple[float, str] | None = None
    for option in pending.options:
        trial = game.copy()
        try:
            trial.apply(Choose(option), seat)
        except IllegalAction:  # a step the guessed hidden cards cannot take (the real game may): the last resort
            value = STUCK * 2
        else:
            value = _quick_value(trial.view(seat))
        if best is None or value > best[0]:
            best = (value, option)
    assert best is not None
    return best[1]


def _power_worth(guess: LibrariansGame, seat: int, card: int, planned: bool) -> float:
    """The position's worth after using `card`'s power and answering its steps as normal would; `planned` plans
    the rest of the turn too (when the turn cannot end without a power), else the library is judged as it is."""
    trial = guess.copy()
    try:
        trial.apply(UsePower(card), seat)
        while trial.pending is not None and trial.pending.seat == seat and trial.pending.kind != GIVE:
            trial.apply(Choose(_best_option(trial, seat)), seat)
    except IllegalAction:
        return STUCK * 2
    view = trial.view(seat)
    return _planned_value(view) if planned else _quick_value(view)


def receiver(view: LibrariansView) -> str:
    """Who gets a completed genre's card: the next teammate to play (it can use the card soonest), the one holding
    fewest powers when several are as soon."""
    assert view.pending is not None
    seats = [read_option(option)[1] for option in view.pending.options]
    order = {seat: (seat - view.seat - 1) % view.n_players for seat in seats}
    choice = min(seats, key=lambda seat: (order[seat] if view.hand_sizes[seat] or view.deck_size else 99,
                                          len(view.held[seat])))
    return view.pending.options[seats.index(choice)]


def normal(view: LibrariansView, rng: random.Random,
           planner_of: Callable[[LibrariansView], Planner] = Planner) -> Action:
    """Normal's action; `planner_of` makes the turn's planner (the hard level's judges the library its own way)."""
    pending = view.pending
    if pending is not None:
        if pending.kind == GIVE:
            return Choose(receiver(view))
        return Choose(_best_option(guessed_game(view, rng), view.seat))
    planner = planner_of(view)
    plan = planner.best(extend=False)
    usable, guess = usable_powers(view, rng) if plan is None or not view.played else ([], None)
    if usable and guess is not None:
        stuck = plan is None
        now = STUCK if stuck else _quick_value(view)
        one_of_each = {guess.genre_of(card): card for card in sorted(usable, reverse=True)}
        worth, card = max((_power_worth(guess, view.seat, card, planned=stuck), card) for card in one_of_each.values())
        if worth > now + POWER_MARGIN:
            return UsePower(card)
    if plan is not None:
        plan = planner.extended(plan)
        if not plan.placements:
            return EndTurn()
        if not taken_back(view, *plan.placements[0]):
            return Play(*plan.placements[0])
    return fallback(view, rng, turn_search(view))
