"""The last resorts of the computer teammates (engine.librarians.ai): how a seat still ends its turn when its
level's own plan finds none — the finishing search's plan, a held power, a card tried by the position it leads
to, taking a card back, or conceding. Every level reads only the seat's view (engine.librarians.view)."""
from __future__ import annotations

import random

from .actions import Action, Concede, EndTurn, Play, Undo, UsePower
from .effects import LOOSE, NO_MINIMUM, placing_of
from .game import LibrariansGame
from .guess import guessed_game
from .library import Library, Place
from .powers import POWERS
from .search import TurnSearch, search_turn
from .view import LibrariansView

TRIAL_POSITIONS = 6
"""When the turn's search ran out of budget: how many positions one card further on are judged by a search."""
TRIAL_BUDGET = 300
"""The placements each pass of the search from such a position may try (a tenth of the turn's own budget)."""
TRIAL_TAKEBACKS = 3
"""Cards a teammate searching by trial takes back in one turn before it concedes."""



def usable_powers(view: LibrariansView, rng: random.Random) -> tuple[list[int], LibrariansGame | None]:
    """The held cards this seat may use now (its turn, nothing pending, received before this turn, a power that
    would not refuse) and the guessed game they were checked on (None when it holds none)."""
    if view.pending is not None or view.phase != "play" or view.current_seat != view.seat or not any(
            card.id not in view.fresh and view.genres[card.colour] in POWERS for card in view.held[view.seat]):
        return [], None
    guess = guessed_game(view, rng)
    return guess.usable_powers(view.seat), guess


def turn_search(view: LibrariansView, hand: list[int] | None = None) -> TurnSearch:
    """The finishing search from the view's position (the hand in `hand`'s order when given)."""
    return _search_from(view, view.library, [card.id for card in view.hand] if hand is None else hand, view.need)


def _search_from(view: LibrariansView, library: Library, hand: list[int], need: int,
                 budget: int | None = None) -> TurnSearch:
    rules = view.rules
    return search_turn(library, hand, 0 if NO_MINIMUM in rules else need, **placing_of(rules), loose=LOOSE in rules,
                       max_groups=view.start_groups, budget=budget)


def taken_back(view: LibrariansView, card: int, place: Place) -> bool:
    """Whether this turn already laid a card of this letter there, from the same position, and took it back."""
    return (view.played, place, view.library.letters[card]) in view.taken_back


def fallback(view: LibrariansView, rng: random.Random, search: TurnSearch) -> Action:
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
    if plan and not taken_back(view, *plan[0]):
        return Play(*plan[0])
    usable, _ = usable_powers(view, rng)
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
             for place in library.legal_places(card.letter, **placing_of(rules))]
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
        if (play.place, letter) in seen or taken_back(view, play.card, play.place):
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
