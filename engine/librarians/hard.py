"""The hard computer teammate (see engine.librarians.ai).

Tables of normal teammates lose at the very end: the deck is empty, the library is full, and a seat holds two
letters that fit nowhere. Mostly the letters between the two books beside a shelf card (L | N leaves M no place
in that row, for good: nothing goes between them), in every row, with no book of that letter to stack on. Hard
does two things about it, from its own view only:

- All game long it plans its turn as normal does, but its judge also counts the promise of unfinished lines of one
  colour (engine.librarians.lines): completed genres take 4 books out of the library and give the table powers
  (Romance takes 5 cards out of the deck). Normal tables complete about one genre in two games; hard ones several
  a game. The same judge counts a letter that tops a stack as safe (every later card of it may go there), so
  the last open places go to letters without one; it counts each row still open for each letter (a row closed
  to a letter stays closed: normal's count of places saturates at four, so the first turns closed whole rows to
  the middle of the alphabet for nothing), and a letter left no place at all that a card still to play may
  carry almost as a lost game.
- Once about a third of the cards are played (LATE or fewer left) it tries its turn's best plans (by that
  judge, every number of cards it may lay) on WORLDS games dealt again from what it cannot see
  (engine.librarians.guess, letters that agree with how the card set was dealt: engine.librarians.unseen), each
  played forward by quick teammates
  (engine.librarians.rollout) for a round, or to the end when few cards are left. It plays the plan after which
  the table loses least often, then keeps most room for the cards still to come.

The work is counted, not timed: at most CANDIDATES + a plan per number of cards, each in WORLDS games. The same
worlds judge every plan, so plans are compared on the same luck. Whether to use a held power (at the turn's start:
normal's judgement with the line planner), rule switches in force and pending steps are left to normal; a seat
that keeps its power plans its cards by the search all the same (it held one in about half of the late turns).
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import Action, EndTurn, IllegalAction, Play, UsePower
from .fallback import taken_back
from .game import LibrariansGame
from .guess import guessed_game
from .library import Place
from .lines import LinePlanner
from .normal import normal
from .planner import Planner
from .rollout import answer_steps, quick_turn, room_left
from .unseen import consistent_letters
from .view import LibrariansView

Placement = tuple[int, Place]
LATE = 44
"""Cards left to play (deck and hands) at or below which hard plays its plans forward: about two thirds of the
cards, since a seat can be stuck with a full hand long before the deck runs out (5 of hard's 17 losses in 100 games
when it began at 24)."""
TO_THE_END = 12
"""Cards left after the plan at or below which a guessed game is played to its end, not for a round only."""
WORLDS = 8
"""Guessed games each plan is played forward in."""
CANDIDATES = 6
"""Plans tried, the best by the line planner's judge (and the best for each number of cards beside them)."""
EXTENDED = 3
"""Best plans extended one card at a time, each length a plan of its own."""
ROOM_WEIGHT = 0.3
"""What the room left for the cards to come counts (0-1 each world) beside a world won (1) or lost (-1)."""
SHUT_OUT = -0.8
"""A guessed game where a card still to play has no place left at all: lost but for a completion opening one."""


def turn_plans(view: LibrariansView, planner: Planner) -> list[tuple[Placement, ...]]:
    """The plans worth trying: every way to end the turn with the cards it still needs (from the planner's best
    first cards, engine.librarians.planner.OPENINGS), the EXTENDED best also with more cards; best first by
    `planner`'s judge, CANDIDATES of them and the best of each length. [] is a plan when the turn may end now."""
    library = view.library.copy()
    hand = [card.id for card in view.hand]
    need = 0 if planner.rules.no_minimum else view.need
    letters = planner.letters
    found: dict[frozenset[tuple[int, Place]], tuple[float, tuple[Placement, ...]]] = {}

    def keep(path: Sequence[Placement], value: float) -> None:
        key = frozenset((letters[card], place) for card, place in path)
        if key not in found or found[key][0] < value:
            found[key] = (value, tuple(path))

    def record(path: list[Placement], rest: list[int], bonus: float) -> None:
        if len(path) >= need and planner.can_end(library, len(path)):
            keep(path, planner.value(library, rest, len(path), bonus))

    def each_placement(rest: list[int]) -> list[tuple[int, Place, list[int]]]:
        out: list[tuple[int, Place, list[int]]] = []
        tried: set[int] = set()
        for i, card in enumerate(rest):
            if letters[card] not in tried:
                tried.add(letters[card])
                out.extend((card, place, rest[:i] + rest[i + 1:]) for place in planner.places(library, card))
        return out

    if need >= 2:
        for card, place, worth in planner.openings(library, hand):
            taken = planner.lay(library, card, place)[1]
            rest = list(hand)
            rest.remove(card)
            for second, place2, others in each_placement(rest):
                worth2, taken2 = planner.lay(library, second, place2)
                record([(card, place), (second, place2)], others, worth + worth2)
                planner.unlay(library, place2, taken2)
            planner.unlay(library, place, taken)
    else:
        record([], hand, 0.0)
        for card, place, others in each_placement(hand):
            worth, taken = planner.lay(library, card, place)
            record([(card, place)], others, worth)
            planner.unlay(library, place, taken)
    for _, plan in sorted(found.values(), key=lambda item: -item[0])[:EXTENDED]:
        for longer in planner.extensions(plan):
            keep(longer.placements, longer.value)
    ranked = [plan for _, plan in sorted(found.values(), key=lambda item: -item[0])]
    plans = ranked[:CANDIDATES]
    for length in sorted({len(plan) for plan in ranked}):
        best = next(plan for plan in ranked if len(plan) == length)
        if best not in plans:
            plans.append(best)
    return plans


def _played_forward(world: LibrariansGame, seat: int, plan: tuple[Placement, ...]) -> float:
    """1 when the guessed game is won after `plan` and the quick teammates' turns, -1 when lost, else the room
    left for the cards to come (times ROOM_WEIGHT) when the seat's turn comes again (the rules then check that it
    can still end its turn), or SHUT_OUT when one of them has no place left."""
    try:
        for card, place in plan:
            answer_steps(world)
            world.apply(Play(card, place), seat)
        answer_steps(world)
        if not world.is_over:
            world.apply(EndTurn(), seat)
    except IllegalAction:  # a placement the guessed game refuses (its completions went otherwise): a plan to avoid
        return -1.0
    turns = len(world.hands) - 1 if world.cards_not_played() > TO_THE_END else None
    while not world.is_over and turns != 0:
        quick_turn(world)
        turns = None if turns is None else turns - 1
    if world.is_over:
        return 1.0 if world.result == "won" else -1.0
    room = room_left(world)
    return SHUT_OUT if room is None else ROOM_WEIGHT * room


def hard(view: LibrariansView, rng: random.Random) -> Action:
    """Hard's action from the seat's view (see the module): normal's with the line planner, or late in the game
    normal's power when it would use one before playing, else the first placement of the plan that fares best in
    the guessed games."""
    if view.pending is not None or view.rules or view.cards_not_played > LATE:
        return normal(view, rng, LinePlanner)
    if not view.played and any(card.id not in view.fresh for card in view.held[view.seat]):
        action = normal(view, rng, LinePlanner)
        if isinstance(action, UsePower):
            return action
    plans = [plan for plan in turn_plans(view, LinePlanner(view)) if not plan or not taken_back(view, *plan[0])]
    if len(plans) <= 1:
        return normal(view, rng, LinePlanner)
    worlds = [guessed_game(view, rng, consistent_letters(view.library.letters, rng)) for _ in range(WORLDS)]
    best: tuple[float, tuple[Placement, ...]] | None = None
    for plan in plans:
        score = sum(_played_forward(world.copy(), view.seat, plan) for world in worlds)
        if best is None or score > best[0] + 1e-9:
            best = (score, plan)
    assert best is not None
    return Play(*best[1][0]) if best[1] else EndTurn()
