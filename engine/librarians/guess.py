"""A whole game that agrees with one seat's view, for the computer teammate to try a power on.

What the seat cannot see (the other hands, the deck below its known top, the letters of unseen cards, the unused
shelf cards) is dealt at random by the seat's own seeded generator, never copied from the real game: the same view
and seed give the same guess, whatever the hidden cards really are.
"""
from __future__ import annotations

import random

from .cards import colour_of
from .data import BOOKS, LETTER_POOLS, SHELF_CARDS
from .game import LibrariansGame
from .library import Library, Row
from .view import LibrariansView


def guessed_game(view: LibrariansView, rng: random.Random,
                 letters: tuple[int, ...] | None = None) -> LibrariansGame:
    """A game with the view's public state and the seat's hand, the rest dealt by `rng`; the unseen cards carry
    `letters` when given (a whole letter table that agrees with the view), else letters drawn from their pools."""
    seen = view.library.letters
    if letters is None:
        letters = tuple(letter if letter >= 0 else rng.choice(LETTER_POOLS[colour_of(card)])
                        for card, letter in enumerate(seen))
    rows = [Row(row.shelf, row.arrow, {x: stack.copy() for x, stack in row.cells.items()})
            for row in view.library.rows]
    used_shelves = {row.shelf for row in rows}
    arrows = [rng.choice((1, -1)) for _ in range(SHELF_CARDS)]
    for row in rows:
        arrows[row.shelf] = row.arrow
    shelf_pile = [shelf for shelf in range(SHELF_CARDS) if shelf not in used_shelves]
    rng.shuffle(shelf_pile)

    hands = [[card.id for card in known] for known in view.known_hands]
    hands[view.seat] = [card.id for card in view.hand]
    deck_top = [card.id for card in view.deck_top]
    placed = set(view.library.cards()) | {c.id for c in view.discard} | {c.id for held in view.held for c in held}
    placed.update(card for hand in hands for card in hand)
    placed.update(deck_top)
    loose = [card for card in range(BOOKS) if card not in placed]
    rng.shuffle(loose)
    for seat, size in enumerate(view.hand_sizes):
        while len(hands[seat]) < size and loose:
            hands[seat].append(loose.pop())

    game = LibrariansGame()
    game.n_players, game.seed = view.n_players, rng.getrandbits(32)
    game.genres, game.letters, game.arrows = view.genres, letters, tuple(arrows)
    game.library = Library(letters, rows)
    game.deck = deck_top + loose
    game.hands = hands
    game.held = [[card.id for card in held] for held in view.held]
    game.fresh = set(view.fresh)
    game.discard = [card.id for card in view.discard]
    game.shelf_pile = shelf_pile
    game.hand_limit = view.hand_limit
    game.turn_rules = set(view.rules)
    game.tapped = dict(view.tapped)
    game.known = {card.id for known in view.known_hands for card in known} | set(deck_top)
    game.current_seat, game.turn = view.current_seat, view.turn
    game.played_cards = [card for card in map(game.library.top, view.played) if card is not None]
    game.need = view.need + len(game.played_cards)
    game.start_groups = view.start_groups
    game.queue = [view.pending] if view.pending is not None else []
    game.result, game.end_reason = view.result, view.end_reason
    game.resigned = frozenset(view.resigned)
    return game
