"""Computer teammates for Librarians: `choose(game, level, seed=...)` is one action for the seat to act.

The platform asks step by step (a turn is several actions: lay cards, use a held power and answer its steps, give
a completed genre's card, end the turn), so each call plans the rest of the turn from the position as it stands
and returns its first action.

Fair play: a level decides from `game.view(seat)` only: its own hand and what the table sees (the library, hand
sizes, held powers, cards a power revealed). To weigh a power it tries it on a guessed game (engine.librarians.guess)
dealt by its own generator. Same view and seed, same action.

- easy: lays the first cards it finds that end the turn legally (in a random order of its hand), never more than
  the turn needs; gives a completed genre's card to a random seat; uses a power only when it cannot end its turn
  otherwise, and answers its steps at random.
- normal: plans the turn that leaves the library most open for its teammates (engine.librarians.openness: many
  places for every letter the unseen cards may carry, and for the cards it keeps), lays more cards while they cost
  little room, never completes a red line it can avoid, tries each held power on a guessed game and uses it when
  the table gains more than the card is worth kept, answers power steps the same way, and gives a completed
  genre's card to the next teammate to play (who can use it soonest), the one holding fewest powers on a tie.
"""
from __future__ import annotations

import random
from collections.abc import Callable

from ..computer import check_request
from .actions import Action, Choose, EndTurn, IllegalAction, Play, Undo, UsePower
from .effects import ANY_ORDER, ANY_STACK, EFFECTS, LOOSE, NO_MINIMUM, NO_STACKING
from .game import LibrariansGame
from .guess import guessed_game
from .openness import openness, place_counts, unseen_letters
from .pending import GIVE, read_option
from .planner import CARD_PLAYED, HAND_WEIGHT, Planner
from .search import find_turn, search_turn
from .view import LibrariansView

POWER_KEPT = 4.0
"""What a held power is worth kept for a harder turn (using it gives that up)."""
POWER_MARGIN = 0.5
"""A power is used only when the table gains at least this much more than keeping it."""
HAND_LIMIT_VALUE = 6.0
"""What one more card of hand limit is worth to the table (more choice on every turn)."""
STUCK = -10_000.0
"""The worth of a position where the turn cannot end: the table loses."""


def _usable(view: LibrariansView, rng: random.Random) -> tuple[list[int], LibrariansGame | None]:
    """The held cards this seat may use now (its turn, nothing pending, received before this turn, a power that
    would not refuse) and the guessed game they were checked on (None when it holds none)."""
    if view.pending is not None or view.phase != "play" or view.current_seat != view.seat or not any(
            card.id not in view.fresh and view.genres[card.colour] in EFFECTS for card in view.held[view.seat]):
        return [], None
    guess = guessed_game(view, rng)
    return guess.usable_powers(view.seat), guess


def _fallback(view: LibrariansView, rng: random.Random) -> Action:
    """Any way to end the turn: the first finishing order of the hand over every legal place, a held power, or
    taking back a card of this turn. Should the search run out of budget (nothing proved; the game goes on), it
    lays its first legal card, touching the library where it can: a smaller hand is a smaller search next call."""
    rules = view.rules
    search = search_turn(view.library, [card.id for card in view.hand], 0 if NO_MINIMUM in rules else view.need,
                         stacking=NO_STACKING not in rules, any_stack=ANY_STACK in rules,
                         alphabet=ANY_ORDER not in rules, loose=LOOSE in rules, max_groups=view.start_groups)
    plan = search.plan
    if plan:
        return Play(*plan[0])
    if plan is not None:
        return EndTurn()
    usable, _ = _usable(view, rng)
    if usable:
        return UsePower(usable[0])
    if not search.complete:
        return _first_card(view)
    return Undo()


def _first_card(view: LibrariansView) -> Action:
    """The first legal placement of the hand, one touching the library first (a search out of budget tried one,
    so there is one)."""
    rules, library = view.rules, view.library
    plays = [Play(card.id, place) for card in view.hand
             for place in library.legal_places(card.letter, stacking=NO_STACKING not in rules,
                                               any_stack=ANY_STACK in rules, alphabet=ANY_ORDER not in rules)]
    joined = [play for play in plays if library.top(play.place) is not None or library.touches_library(play.place)]
    return (joined or plays)[0]


# ---- easy ----------------------------------------------------------------------------------------------------

def _easy(view: LibrariansView, rng: random.Random) -> Action:
    if view.pending is not None:
        return Choose(rng.choice(view.pending.options))
    hand = [card.id for card in view.hand]
    rng.shuffle(hand)
    rules = view.rules
    plan = find_turn(view.library, hand, 0 if NO_MINIMUM in rules else view.need, stacking=NO_STACKING not in rules,
                     any_stack=ANY_STACK in rules, alphabet=ANY_ORDER not in rules, loose=LOOSE in rules,
                     max_groups=view.start_groups)
    if plan:
        return Play(*plan[0])
    if plan is not None:
        return EndTurn()
    return _fallback(view, rng)


# ---- normal --------------------------------------------------------------------------------------------------

def _table_value(view: LibrariansView) -> float:
    """What a position is worth beyond the library: fewer cards left to play, a larger hand limit, held powers."""
    held = sum(len(cards) for cards in view.held)
    return (-CARD_PLAYED * view.cards_not_played + HAND_LIMIT_VALUE * view.hand_limit + POWER_KEPT * held
            + (STUCK if view.result == "lost" else 0.0))


def _quick_value(view: LibrariansView) -> float:
    """The library's openness and the table's state, without planning the turn (to rank a power's options)."""
    rules = view.rules
    counts = place_counts(view.library, stacking=NO_STACKING not in rules, alphabet=ANY_ORDER not in rules)
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


def _receiver(view: LibrariansView) -> str:
    """Who gets a completed genre's card: the next teammate to play (it can use the card soonest), the one holding
    fewest powers when several are as soon."""
    assert view.pending is not None
    seats = [read_option(option)[1] for option in view.pending.options]
    order = {seat: (seat - view.seat - 1) % view.n_players for seat in seats}
    choice = min(seats, key=lambda seat: (order[seat] if view.hand_sizes[seat] or view.deck_size else 99,
                                          len(view.held[seat])))
    return view.pending.options[seats.index(choice)]


def _normal(view: LibrariansView, rng: random.Random) -> Action:
    pending = view.pending
    if pending is not None:
        if pending.kind == GIVE:
            return Choose(_receiver(view))
        return Choose(_best_option(guessed_game(view, rng), view.seat))
    planner = Planner(view)
    plan = planner.best(extend=False)
    usable, guess = _usable(view, rng) if plan is None or not view.played else ([], None)
    if usable and guess is not None:
        stuck = plan is None
        now = STUCK if stuck else _quick_value(view)
        one_of_each = {guess.genre_of(card): card for card in sorted(usable, reverse=True)}
        worth, card = max((_power_worth(guess, view.seat, card, planned=stuck), card) for card in one_of_each.values())
        if worth > now + POWER_MARGIN:
            return UsePower(card)
    if plan is None:
        return _fallback(view, rng)
    plan = planner.extended(plan)
    if plan.placements:
        return Play(*plan.placements[0])
    return EndTurn()


LEVELS: dict[str, Callable[[LibrariansView, random.Random], Action]] = {
    "easy": _easy, "normal": _normal}


def choose(game: LibrariansGame, level: str, *, seed: int) -> Action:
    """A legal action for the seat to act at `level` ("easy" or "normal"), decided from that seat's view; the
    seed must be an int."""
    check_request(level, LEVELS, seed, game.is_over)
    (seat,) = game.to_act
    return LEVELS[level](game.view(seat), random.Random(seed))
