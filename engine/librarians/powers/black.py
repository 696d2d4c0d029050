"""Black (chaos): powers that bend the library itself.

Decisions: Mystery checks the whole library at once when used (a line of 3 plus one wrong card already there
completes) and after every play this turn; the card given is one of the 3 (the core's rule). Crime flips one
shelf's arrow. Drama lays a card from your hand between two touching cards of a row (a book and the book or
shelf card next to it on the shelf's side): it takes the outer card's place and that card, with the run of
touching books beyond it, shifts one place outward, away from the shelf card; the card counts as played and its
letter is not checked (nor are the shifted ones). Picture Book moves every place of one column (not the shelf
column) one row up or down; the place that falls off the end wraps round to the other end, empty or not."""
from __future__ import annotations


from ..actions import IllegalAction
from ..effects import ONE_WRONG, PowerTable
from ..library import Library, Place
from ..pending import Pending, read_option, row_option
from .base import (
    PICK_COLUMN,
    PICK_DIRECTION,
    PICK_HAND,
    PICK_PLACE,
    PICK_SHELF,
    Power,
    RuleSwitch,
    books,
    card_options,
    chosen_card,
    chosen_place,
    complete,
    place_options,
    refuse,
    too_few_books,
)


UP, DOWN = "up", "down"


class Mystery(RuleSwitch):
    """This turn a line of 4 with one wrong genre still completes."""

    genre = "mystery"
    rule = ONE_WRONG

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        super().begin(game, seat)
        complete(game, seat, books(game.library))
        return None


class Crime(Power):
    """Flip a shelf's arrow."""

    genre = "crime"

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        return self.step(PICK_SHELF, seat, (row_option(r) for r in range(len(game.library.rows))))

    def resume(self, game: PowerTable, pending: Pending, option: str) -> Pending | None:
        _, row = read_option(option)
        game.library.set_arrow(row, -game.library.rows[row].arrow)
        return None


def insert_places(library: Library) -> list[Place]:
    """Where Drama may lay a card: every book whose neighbour towards the shelf card is a book or the shelf."""
    out = []
    for r, x in library.occupied():
        inner = x - 1 if x > 0 else x + 1
        if inner == 0 or library.top((r, inner)) is not None:
            out.append((r, x))
    return out


class Drama(Power):
    """Insert a card from your hand between two cards of a row, shifting the rest outward."""

    genre = "drama"

    def refusal(self, game: PowerTable, seat: int) -> IllegalAction | None:
        if not game.hands[seat]:
            return refuse("Your hand is empty: there is no card to insert.", "hand_empty")
        if not insert_places(game.library):
            return refuse("No book touches the shelf card or another book of its row: there is nowhere to "
                          "insert a card.", "nowhere_to_insert")
        return None

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        return self.step(PICK_HAND, seat, card_options(game.hands[seat]), number=1, of=2)

    def resume(self, game: PowerTable, pending: Pending, option: str) -> Pending | None:
        if pending.kind == PICK_HAND:
            return self.step(PICK_PLACE, pending.seat, place_options(insert_places(game.library)),
                             (chosen_card(option),), number=2, of=2)
        card = int(pending.data[0])
        r, x = chosen_place(option)
        side = 1 if x > 0 else -1
        cells = game.library.rows[r].cells
        run = [x]
        while run[-1] + side in cells:
            run.append(run[-1] + side)
        shifted = dict(cells)
        for old in reversed(run):
            shifted[old + side] = cells[old]
        shifted[x] = [card]
        game.hands[pending.seat].remove(card)
        game.library.replace_cells(r, shifted)
        game.played_cards.append(card)
        complete(game, pending.seat, [(r, x)] + [(r, old + side) for old in run])
        return None


class PictureBook(Power):
    """Shift a whole column up or down; what goes out at one end comes back at the other."""

    genre = "picture_book"

    def refusal(self, game: PowerTable, seat: int) -> IllegalAction | None:
        if len(game.library.rows) < 2:
            return refuse("With one shelf there is no column to shift.", "one_shelf")
        return too_few_books(game, self.genre)

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        columns = sorted({x for _, x in books(game.library)})
        return self.step(PICK_COLUMN, seat, (f"column:{x}" for x in columns), number=1, of=2)

    def resume(self, game: PowerTable, pending: Pending, option: str) -> Pending | None:
        if pending.kind == PICK_COLUMN:
            x = int(option.partition(":")[2])
            return self.step(PICK_DIRECTION, pending.seat, (UP, DOWN), (x,), number=2, of=2)
        x = int(pending.data[0])
        rows = game.library.rows
        count = len(rows)
        stacks = [rows[r].cells.get(x) for r in range(count)]
        step = 1 if option == UP else -1
        for r in range(count):
            cells = dict(rows[r].cells)
            cells.pop(x, None)
            moved = stacks[(r + step) % count]
            if moved:
                cells[x] = moved
            game.library.replace_cells(r, cells)
        complete(game, pending.seat, [(r, x) for r in range(count)])
        return None


POWERS: tuple[Power, ...] = (Mystery(), Crime(), Drama(), PictureBook())
