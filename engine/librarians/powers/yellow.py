"""Yellow (information): what the table learns, and exactly who learns it.

Decisions: Biography shows the hand as it is when used; the table remembers, so those cards stay shown in that
seat's public row of known cards while they stay in a hand (cards drawn later stay secret). Science taps up to 2
books (not already tapped); a tap lasts until the tapping seat's next turn begins or the card leaves the library.
Business passes every playing seat's hand to the next seat in turn order ("left" of a clockwise table); nothing
becomes public and the views do not remind a seat of the cards it passed. Cooking shows the next 6 deck cards
(fewer when the deck is smaller) to every seat at once, then the seat picks, one step at a time, which goes
next from the top (the last is left over); the whole order is public, and a card drawn from it stays known in
the drawer's hand."""
from __future__ import annotations


from ..actions import IllegalAction
from ..effects import PowerTable
from ..pending import Pending
from .base import (
    DONE,
    PICK_BOOK,
    PICK_DECK,
    Power,
    books,
    card_options,
    chosen_card,
    chosen_place,
    place_options,
    refuse,
)


TAPS = 2
COOKING_CARDS = 6


class Biography(Power):
    """Show your hand to the table."""

    genre = "biography"

    def refusal(self, game: PowerTable, seat: int) -> IllegalAction | None:
        return None if game.hands[seat] else refuse("Your hand is empty: there is nothing to show.", "hand_empty")

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        game.known.update(game.hands[seat])
        return None


class Science(Power):
    """Tap up to 2 library cards, a hint everyone sees."""

    genre = "science"

    def refusal(self, game: PowerTable, seat: int) -> IllegalAction | None:
        if self._untapped(game):
            return None
        return refuse("There is no untapped book in the library to tap.", "nothing_to_tap")

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        return self.step(PICK_BOOK, seat, place_options(self._untapped(game)), (0,), number=1, of=TAPS)

    def resume(self, game: PowerTable, pending: Pending, option: str) -> Pending | None:
        if option == DONE:
            return None
        card = game.library.top(chosen_place(option))
        assert card is not None
        game.tapped[card] = pending.seat
        tapped = int(pending.data[0]) + 1
        places = self._untapped(game)
        if tapped == TAPS or not places:
            return None
        return self.step(PICK_BOOK, pending.seat, [*place_options(places), DONE], (tapped,), number=tapped + 1,
                         of=TAPS)

    @staticmethod
    def _untapped(game: PowerTable) -> list[tuple[int, int]]:
        return [place for place in books(game.library) if game.library.top(place) not in game.tapped]


class Business(Power):
    """Every player passes their hand to the player on their left."""

    genre = "business"

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        seats = game.active_seats
        hands = [game.hands[s] for s in seats]
        for i, s in enumerate(seats):
            game.hands[seats[(i + 1) % len(seats)]] = hands[i]
        return None


class Cooking(Power):
    """Look at the next 6 deck cards, put them back in any order, and tell everyone."""

    genre = "cooking"

    def refusal(self, game: PowerTable, seat: int) -> IllegalAction | None:
        return None if game.deck else refuse("The deck is empty: there is nothing to look at.", "deck_empty")

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        shown = game.deck[:COOKING_CARDS]
        game.known.update(shown)
        return self._ask(game, seat, len(shown), 0)

    def resume(self, game: PowerTable, pending: Pending, option: str) -> Pending | None:
        count, placed = int(pending.data[0]), int(pending.data[1])
        card = chosen_card(option)
        game.deck.remove(card)
        game.deck.insert(placed, card)
        return self._ask(game, pending.seat, count, placed + 1)

    def _ask(self, game: PowerTable, seat: int, count: int, placed: int) -> Pending | None:
        """Which of the cards not yet ordered goes next from the top; nothing to ask for the last one."""
        if count - placed <= 1:
            return None
        return self.step(PICK_DECK, seat, card_options(game.deck[placed:count]), (count, placed),
                         number=placed + 1, of=count - 1)


POWERS: tuple[Power, ...] = (Biography(), Science(), Business(), Cooking())
