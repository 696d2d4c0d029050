"""A game as one seat imagines it: `imagine(view, rng)` builds a whole BooksGame from that seat's view alone,
dealing what the seat cannot see at random — the other seats' hands and dealt cards and the Little Projects deck
from the cards it has not seen, the Other Neat Stuff deck likewise, Penelope's deck from her level's cards not in
her queue, and the bag's draws from a fresh seed. The hard computer player plays its plans forward on such games
(engine.books.planner), so what it decides depends on its view and its own generator only, never on the game's
hidden order.
"""
from __future__ import annotations

import random
from collections import Counter

from .data import NEAT, PROJECTS, RIVAL_LEVELS
from .game import BooksGame
from .state import Penelope, Supply
from .view import BooksView

__all__ = ["imagine", "PLANNED_STEPS"]

PLANNED_STEPS = ("apartment", "village", "village_or_home")
"""The steps a game can be imagined at: where no rule's follow-up waits behind the seat's choice."""


def _unseen(every: list[str], seen: Counter[str]) -> list[str]:
    """The cards of `every` (one copy each) not among `seen`."""
    return [card for card in every if seen[card] == 0]


def imagine(view: BooksView, rng: random.Random) -> BooksGame:
    """A full game the seat of `view` cannot tell from the real one: the view's public table and own hand, the
    rest dealt at random from what the seat has not seen. Only at a step of PLANNED_STEPS (ValueError else)."""
    if view.seat is None or view.over or view.expected not in PLANNED_STEPS:
        raise ValueError(f"a game is imagined at a seat's {', '.join(PLANNED_STEPS)} step, not {view.expected!r}")
    game = BooksGame()
    game.n_players, game.seed, game.draws, game.revision = view.n_players, rng.getrandbits(48), 0, view.revision
    game.players = [player.copy() for player in view.players]
    game.village = view.village.copy()
    game.bag = dict(view.bag)
    supply = view.supply
    game.supply = Supply(supply.wilds, supply.kitties, supply.lamp, supply.bookend)
    game.first, game.current, game.turn, game.pending = view.first, view.current, view.turn, view.pending
    game.end_triggered, game.last_round, game.resigned = view.end_triggered, view.last_round, view.resigned
    game.lp_discard, game.ns_discard = list(view.lp_discard), list(view.ns_discard)

    seen: Counter[str] = Counter(view.hand) + Counter(view.dealt) + Counter(view.lp_discard)
    seen.update(shelf.project for shelf in view.village.shelves if shelf.project is not None)
    for player in view.players:
        seen.update(player.scored)
    if view.penelope is not None:
        seen.update(view.penelope.projects)
    projects = _unseen(sorted(PROJECTS), seen)
    rng.shuffle(projects)
    for s, player in enumerate(game.players):
        if s != view.seat:
            player.hand = [projects.pop() for _ in range(min(view.hand_counts[s], len(projects)))]
            player.dealt = [projects.pop() for _ in range(min(view.dealt_counts[s], len(projects)))]
    game.lp_deck = projects[:view.lp_deck]

    owned: Counter[str] = Counter(view.ns_discard) + Counter(view.village.shoppes)
    for player in view.players:
        owned.update(player.neat)
    if view.penelope is not None:
        owned.update(view.penelope.neat)
    neat = _unseen(sorted(NEAT), owned)
    rng.shuffle(neat)
    game.ns_deck = neat[:view.ns_deck]

    if view.penelope is not None:
        seen_rival = Counter(view.penelope.queue)
        deck = [card for card in RIVAL_LEVELS[view.penelope.level] if seen_rival[card] == 0]
        rng.shuffle(deck)
        game.penelope = Penelope(view.penelope.level, deck[:view.rival_deck], list(view.penelope.queue),
                                 view.penelope.location, view.penelope.books, list(view.penelope.projects),
                                 list(view.penelope.neat))
    return game
