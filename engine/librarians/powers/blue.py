"""Blue (movement): powers that move library cards, each as steps.

Decisions: a power moves the top card of a stack (the only one that counts; the card below shows again);
"2 cards" means up to 2 (the seat may stop after the first with `done`), except Action's swap; moved, swapped
and replacing cards are not checked against alphabetical order (only what the power says), which is how the
shelves "get messed up" the rules page speaks of; the library must still be connected when the turn ends. A
Travel replacement is a card played this turn. Mythology's cards may take a hand above its limit (it then draws
nothing); the table saw them, so they stay known in that hand. After the last step, a line of 4 the moves made
completes as after a play."""
from __future__ import annotations


from ..actions import IllegalAction
from ..effects import PowerTable
from ..library import Library, Place
from ..pending import Pending
from .base import (
    DONE,
    PICK_BOOK,
    PICK_HAND,
    PICK_PLACE,
    Power,
    books,
    card_options,
    chosen_card,
    chosen_place,
    complete,
    flat,
    leave_library,
    place_options,
    too_few_books,
    unflat,
)


MOVES = 2


def empty_places_touching(library: Library, lifted: Place) -> list[Place]:
    """The empty places of the shelf rows that touch a card of the library once the top card at `lifted` is
    lifted off (never `lifted` itself: that is no move), in reading order."""
    after = library.copy()
    after.take(lifted)
    rows = len(after.rows)
    cards = set(after.occupied()) | {(r, 0) for r in range(rows)}
    out = set()
    for r, x in cards:
        for near in ((r, x - 1), (r, x + 1), (r - 1, x), (r + 1, x)):
            if 0 <= near[0] < rows and near[1] != 0 and near not in cards and near != lifted:
                out.add(near)
    return sorted(out)


class FromBooks(Power):
    """A power whose first step picks a library book (`data` starts as `first_data`); refused while the library
    holds fewer than `books_needed` books."""

    books_needed = 1
    steps = 2 * MOVES
    first_data: tuple[int, ...] = (0,)

    def refusal(self, game: PowerTable, seat: int) -> IllegalAction | None:
        return too_few_books(game, self.genre, self.books_needed)

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        return self.step(PICK_BOOK, seat, place_options(books(game.library)), self.first_data, number=1,
                         of=self.steps)


class Thriller(FromBooks):
    """Move up to 2 cards, each to an empty place touching the library."""

    genre = "thriller"

    def resume(self, game: PowerTable, pending: Pending, option: str) -> Pending | None:
        moved = int(pending.data[0])
        if pending.kind == PICK_BOOK:
            touched = unflat(pending.data[1:])
            if option == DONE:
                complete(game, pending.seat, touched)
                return None
            lifted = chosen_place(option)
            return self.step(PICK_PLACE, pending.seat, place_options(empty_places_touching(game.library, lifted)),
                             (moved, *lifted, *flat(touched)), number=2 * moved + 2, of=2 * MOVES)
        lifted = (int(pending.data[1]), int(pending.data[2]))
        touched = unflat(pending.data[3:])
        target = chosen_place(option)
        card = game.library.take(lifted)
        game.library.put(target, card)
        touched += [lifted, target]
        moved += 1
        left = books(game.library)
        if moved == MOVES:
            complete(game, pending.seat, touched)
            return None
        return self.step(PICK_BOOK, pending.seat, [*place_options(left), DONE], (moved, *flat(touched)),
                         number=2 * moved + 1, of=2 * MOVES)


class Action(FromBooks):
    """Swap 2 cards of the library."""

    genre = "action"
    books_needed = 2
    steps = 2
    first_data = ()

    def resume(self, game: PowerTable, pending: Pending, option: str) -> Pending | None:
        if not pending.data:
            first = chosen_place(option)
            others = [place for place in books(game.library) if place != first]
            return self.step(PICK_BOOK, pending.seat, place_options(others), first, number=2, of=2)
        first = (int(pending.data[0]), int(pending.data[1]))
        second = chosen_place(option)
        a = game.library.take(first)
        b = game.library.take(second)
        game.library.put(first, b)
        game.library.put(second, a)
        complete(game, pending.seat, (first, second))
        return None


class Travel(FromBooks):
    """Remove up to 2 library cards, each optionally replaced by a card from your hand."""

    genre = "travel"

    def resume(self, game: PowerTable, pending: Pending, option: str) -> Pending | None:
        removed = int(pending.data[0])
        seat = pending.seat
        if pending.kind == PICK_BOOK:
            touched = unflat(pending.data[1:])
            if option == DONE:
                complete(game, seat, touched)
                return None
            place = chosen_place(option)
            game.discard.append(leave_library(game, place))
            removed += 1
            touched.append(place)
            if game.hands[seat]:
                return self.step(PICK_HAND, seat, [*card_options(game.hands[seat]), DONE],
                                 (removed, *place, *flat(touched)), number=2 * removed, of=2 * MOVES)
            return self._next(game, seat, removed, touched)
        place = (int(pending.data[1]), int(pending.data[2]))
        touched = unflat(pending.data[3:])
        if option != DONE:
            card = chosen_card(option)
            game.hands[seat].remove(card)
            game.library.put(place, card)
            game.played_cards.append(card)
        return self._next(game, seat, removed, touched)

    def _next(self, game: PowerTable, seat: int, removed: int, touched: list[Place]) -> Pending | None:
        left = books(game.library)
        if removed == MOVES or not left:
            complete(game, seat, touched)
            return None
        return self.step(PICK_BOOK, seat, [*place_options(left), DONE], (removed, *flat(touched)),
                         number=2 * removed + 1, of=2 * MOVES)


class Mythology(FromBooks):
    """Take up to 2 library cards into your hand."""

    genre = "mythology"
    steps = MOVES

    def resume(self, game: PowerTable, pending: Pending, option: str) -> Pending | None:
        taken = int(pending.data[0])
        touched = unflat(pending.data[1:])
        if option != DONE:
            place = chosen_place(option)
            card = leave_library(game, place)
            game.hands[pending.seat].append(card)
            game.known.add(card)
            taken += 1
            touched.append(place)
        left = books(game.library)
        if option == DONE or taken == MOVES or not left:
            complete(game, pending.seat, touched)
            return None
        return self.step(PICK_BOOK, pending.seat, [*place_options(left), DONE], (taken, *flat(touched)),
                         number=taken + 1, of=MOVES)


POWERS: tuple[Power, ...] = (Thriller(), Action(), Travel(), Mythology())
