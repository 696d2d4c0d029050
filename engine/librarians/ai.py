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
from .actions import Action, Choose, Concede, EndTurn, IllegalAction, Play, Undo, UsePower
from .effects import ANY_ORDER, ANY_STACK, LOOSE, NO_MINIMUM, NO_STACKING
from .game import LibrariansGame
from .guess import guessed_game
from .openness import openness, place_counts, unseen_letters
from .powers import POWERS
from .pending import GIVE, read_option
from .planner import CARD_PLAYED, HAND_WEIGHT, Planner
from .library import Library, Place
from .search import TurnSearch, search_turn
from .view import LibrariansView

POWER_KEPT = 4.0
"""What a held power is worth kept for a harder turn (using it gives that up)."""
POWER_MARGIN = 0.5
"""A power is used only when the table gains at least this much more than keeping it."""
HAND_LIMIT_VALUE = 6.0
"""What one more card of hand limit is worth to the table (more choice on every turn)."""
STUCK = -10_000.0
"""The worth of a position where the turn cannot end: the table loses."""
TRIAL_POSITIONS = 6
"""When the turn's search ran out of budget: how many positions one card further on are judged by a search."""
TRIAL_BUDGET = 300
"""The placements each pass of the search from such a position may try (a tenth of the turn's own budget)."""
TRIAL_TAKEBACKS = 3
"""Cards a teammate searching by trial takes back in one turn before it concedes."""


def _usable(view: LibrariansView, rng: random.Random) -> tuple[list[int], LibrariansGame | None]:
    """The held cards this seat may use now (its turn, nothing pending, received before this turn, a power that
    would not refuse) and the guessed game they were checked on (None when it holds none)."""
    if view.pending is not None or view.phase != "play" or view.current_seat != view.seat or not any(
            card.id not in view.fresh and view.genres[card.colour] in POWERS for card in view.held[view.seat]):
        return [], None
    guess = guessed_game(view, rng)
    return guess.usable_powers(view.seat), guess


def _turn_search(view: LibrariansView, hand: list[int] | None = None) -> TurnSearch:
    """The finishing search from the view's position (the hand in `hand`'s order when given)."""
    return _search_from(view, view.library, [card.id for card in view.hand] if hand is None else hand, view.need)


def _search_from(view: LibrariansView, library: Library, hand: list[int], need: int,
                 budget: int | None = None) -> TurnSearch:
    rules = view.rules
    return search_turn(library, hand, 0 if NO_MINIMUM in rules else need, stacking=NO_STACKING not in rules,
                       any_stack=ANY_STACK in rules, alphabet=ANY_ORDER not in rules, loose=LOOSE in rules,
                       max_groups=view.start_groups, budget=budget)


def _taken_back(view: LibrariansView, card: int, place: Place) -> bool:
    """Whether this turn already laid a card of this letter there, from the same position, and took it back."""
    return (view.played, place, view.library.letters[card]) in view.taken_back


def _fallback(view: LibrariansView, rng: random.Random, search: TurnSearch) -> Action:
    """Any way to end the turn: the first placement of `search`'s plan, a held power, a card tried by the
    position it leads to (when the search ran out of budget), taking back a card of this turn, or conceding.

    A turn searched by trial always moves on and ends: the teammate never lays a card where the same letter was
    laid from the same position and taken back (the game keeps those: `LibrariansView.taken_back`), so each card
    taken back rules a placement out and the turn cannot circle; after TRIAL_TAKEBACKS cards taken back, or
    when every placement of a position that cannot be left was tried, it concedes (the table loses, as when the
    rules prove the turn cannot end) rather than keep the table waiting on a search by hand."""
    plan = search.plan
    if plan is not None and not plan:
        return EndTurn()
    if plan and not _taken_back(view, *plan[0]):
        return Play(*plan[0])
    usable, _ = _usable(view, rng)
    if usable:
        return UsePower(usable[0])
    if len(view.taken_back) >= TRIAL_TAKEBACKS:
        return Concede()
    if not search.stuck:
        trial = _trial_card(view)
        if trial is not None:
            return trial
    return Undo() if view.can_undo else Concede()


def _placements(view: LibrariansView) -> list[Play]:
    """Every legal placement of the hand, those touching the library (or on a stack) first."""
    rules, library = view.rules, view.library
    plays = [Play(card.id, place) for card in view.hand
             for place in library.legal_places(card.letter, stacking=NO_STACKING not in rules,
                                               any_stack=ANY_STACK in rules, alphabet=ANY_ORDER not in rules)]
    return sorted(plays, key=lambda play: library.top(play.place) is None and not library.touches_library(play.place))


def _trial_card(view: LibrariansView) -> Play | None:
    """The card to lay when the turn's search ran out of budget: each placement not taken back this turn (one
    per letter and place; touching the library first) is judged by a small search from the position it leads
    to. The first from which a finish is found is laid (the next call's search follows it); else the first not
    proved a dead end, looking at TRIAL_POSITIONS at most (an unjudged one after those). None when every one is
    a dead end: so is this position, and the seat takes its last card back."""
    hand = [card.id for card in view.hand]
    unproved: Play | None = None
    judged = 0
    seen: set[tuple[Place, int]] = set()
    for play in _placements(view):
        letter = view.library.letters[play.card]
        if (play.place, letter) in seen or _taken_back(view, play.card, play.place):
            continue
        seen.add((play.place, letter))
        if judged == TRIAL_POSITIONS:
            return unproved or play
        judged += 1
        library = view.library.copy()
        library.put(play.place, play.card)
        search = _search_from(view, library, [card for card in hand if card != play.card], view.need - 1,
                              TRIAL_BUDGET)
        if search.plan is not None:
            return play
        if unproved is None and not search.stuck:
            unproved = play
    return unproved


# ---- easy ----------------------------------------------------------------------------------------------------

def _easy(view: LibrariansView, rng: random.Random) -> Action:
    if view.pending is not None:
        return Choose(rng.choice(view.pending.options))
    hand = [card.id for card in view.hand]
    rng.shuffle(hand)
    return _fallback(view, rng, _turn_search(view, hand))


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
    if plan is not None:
        plan = planner.extended(plan)
        if not plan.placements:
            return EndTurn()
        if not _taken_back(view, *plan.placements[0]):
            return Play(*plan.placements[0])
    return _fallback(view, rng, _turn_search(view))


LEVELS: dict[str, Callable[[LibrariansView, random.Random], Action]] = {
    "easy": _easy, "normal": _normal}


def choose(game: LibrariansGame, level: str, *, seed: int) -> Action:
    """A legal action for the seat to act at `level` ("easy" or "normal"), decided from that seat's view; the
    seed must be an int."""
    check_request(level, LEVELS, seed, game.is_over)
    (seat,) = game.to_act
    return LEVELS[level](game.view(seat), random.Random(seed))
