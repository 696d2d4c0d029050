"""What one seat may know: its own hand and everything public; never another hand or the deck's order."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from .cards import Card, colour_of
from .library import Library, Place
from .pending import Pending, read_option

Phase = Literal["play", "choose", "over"]
Result = Literal["won", "lost"]


@dataclass(frozen=True)
class LibrariansView:
    """One seat's view. `library` is a copy whose letter table knows only the cards this seat may see (the
    others read -1), so a computer player can ask it for legal places exactly as the game would."""

    seat: int
    n_players: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    held: tuple[tuple[Card, ...], ...]
    """Per seat, the completed genres' cards it holds face up (their powers, usable once)."""
    fresh: tuple[int, ...]
    """Held cards received this turn (usable from the holder's next turn)."""
    genres: tuple[str, ...]
    """The genre of each colour this game (index = colour)."""
    library: Library
    discard: tuple[Card, ...]
    tapped: dict[int, int]
    """Library card id -> the seat that tapped it (Science)."""
    known_hands: tuple[tuple[Card, ...], ...]
    """Per seat, the cards of its hand the whole table knows (shown by a power); the rest stay secret."""
    deck_top: tuple[Card, ...]
    """The known cards on top of the deck, top first (Cooking); the rest of the deck's order stays secret."""
    current_seat: int
    turn: int
    phase: Phase
    pending: Pending | None
    need: int
    """Cards the seat to play must still lay before it may end its turn."""
    end_block: str | None
    """Why the seat to play may not end its turn now (the code of LibrariansGame.end_refusal: "play_more",
    "not_connected", ...); None when it may."""
    played: tuple[Place, ...]
    """The places filled this turn, in order."""
    start_groups: int
    """How many separate groups the library formed when this turn began: the turn may not end with more."""
    can_undo: bool
    taken_back: frozenset[tuple[tuple[Place, ...], Place, int]]
    """The placements Undo took back since the turn began or its last completion or power: (the places filled
    before it, its place, its letter), as the table saw them laid."""
    hand_limit: int
    rules: frozenset[str]
    """The rule switches in force (engine.librarians.effects)."""
    resigned: tuple[int, ...]
    result: Result | None
    end_reason: str | None
    cards_not_played: int

    def card(self, card: int) -> Card | None:
        """The card if this seat may see it, else None."""
        letter = self.library.letters[card]
        return Card(card, colour_of(card), letter) if letter >= 0 else None


def pending_seen(pending: Pending | None, seat: int, visible: set[int]) -> Pending | None:
    """The pending choice as `seat` may see it: the acting seat's own in full; another seat's without the card
    options it may not see (Travel and Drama offer the cards of the actor's hand, and an id tells the colour)
    and without the power's memory of earlier steps (Drama's data is the chosen hand card)."""
    if pending is None or pending.seat == seat:
        return pending
    options = tuple(option for option in pending.options
                    if not option.startswith("card:") or read_option(option)[1] in visible)
    return replace(pending, options=options, data=())


def known_run(deck: list[int], known: set[int]) -> list[int]:
    """The deck's top cards up to the first one nobody knows."""
    run = []
    for card in deck:
        if card not in known:
            break
        run.append(card)
    return run
