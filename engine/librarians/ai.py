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
  (engine.librarians.normal; the last resorts every level shares: engine.librarians.fallback.)
- hard (engine.librarians.hard): normal's planning with a judge that also builds toward completed genres and reads
  the unseen letters from what the seen ones say (engine.librarians.lines, engine.librarians.unseen), counts a
  letter that tops a stack as safe, keeps rows open for every letter and never leaves a letter still to come
  without a place when it can help it; once about a third of the cards are played it plays its turn's best plans
  forward in games dealt again from its own view and keeps the one after which the table loses least often.
"""
from __future__ import annotations

import random
from collections.abc import Callable

from ..computer import check_request
from .actions import Action, Choose
from .fallback import fallback, turn_search
from .game import LibrariansGame
from .hard import hard
from .normal import normal
from .view import LibrariansView


def _easy(view: LibrariansView, rng: random.Random) -> Action:
    if view.pending is not None:
        return Choose(rng.choice(view.pending.options))
    hand = [card.id for card in view.hand]
    rng.shuffle(hand)
    return fallback(view, rng, turn_search(view, hand))


LEVELS: dict[str, Callable[[LibrariansView, random.Random], Action]] = {
    "easy": _easy, "normal": normal, "hard": hard}


def choose(game: LibrariansGame, level: str, *, seed: int) -> Action:
    """A legal action for the seat to act at `level` ("easy", "normal" or "hard"), decided from that seat's view;
    the seed must be an int."""
    check_request(level, LEVELS, seed, game.is_over)
    (seat,) = game.to_act
    return LEVELS[level](game.view(seat), random.Random(seed))
