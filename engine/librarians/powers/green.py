"""Green (addition): bonuses for the table, held and used on a later turn of the holder.

Decisions: Romance takes the top 5 deck cards (fewer when the deck is smaller) to the discard; Comedy's shelf is
the next unused shelf card (its own arrow), refused when all 12 are in use; Adventure raises the hand limit to
at most 6 (the seat draws up to it when this turn ends); Self-Help lets a card go on top of any book, as long as
its letter fits the shelf's order there (the rules' "on top" replaces the same-letter condition, not the order)."""
from __future__ import annotations


from ..actions import IllegalAction
from ..data import MAX_HAND_LIMIT
from ..effects import ANY_STACK, PowerTable
from ..pending import Pending
from .base import PICK_SIDE, Power, RuleSwitch, refuse


ROMANCE_CARDS = 5
TOP, BOTTOM = "top", "bottom"


class Romance(Power):
    """Remove 5 cards from the deck."""

    genre = "romance"

    def refusal(self, game: PowerTable, seat: int) -> IllegalAction | None:
        return None if game.deck else refuse("The deck is empty: there is nothing to remove.", "deck_empty")

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        removed = game.deck[:ROMANCE_CARDS]
        del game.deck[:ROMANCE_CARDS]
        game.discard.extend(removed)
        return None


class Comedy(Power):
    """Add a shelf at the top or the bottom of the column."""

    genre = "comedy"

    def refusal(self, game: PowerTable, seat: int) -> IllegalAction | None:
        return no_shelf_left(game)

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        return self.step(PICK_SIDE, seat, (TOP, BOTTOM))

    def resume(self, game: PowerTable, pending: Pending, option: str) -> Pending | None:
        add_shelf(game, option)
        return None


def no_shelf_left(game: PowerTable) -> IllegalAction | None:
    if game.shelf_pile:
        return None
    return refuse("Every shelf card is already in the library.", "no_shelf_left")


def add_shelf(game: PowerTable, side: str) -> int:
    """Lays the next unused shelf card above the top shelf or below the bottom one; returns its id."""
    shelf = game.shelf_pile.pop(0)
    game.library.insert_row(0 if side == TOP else len(game.library.rows), shelf, game.arrows[shelf])
    return shelf


class Adventure(Power):
    """The hand limit rises by 1 for the rest of the game (at most 6)."""

    genre = "adventure"

    def refusal(self, game: PowerTable, seat: int) -> IllegalAction | None:
        if game.hand_limit < MAX_HAND_LIMIT:
            return None
        return refuse(f"The hand limit is already {MAX_HAND_LIMIT}, the most it can be.", "hand_limit_max",
                      limit=MAX_HAND_LIMIT)

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        game.hand_limit += 1
        return None


class SelfHelp(RuleSwitch):
    """This turn a card may go on top of any book whose place its letter fits."""

    genre = "self_help"
    rule = ANY_STACK


POWERS: tuple[Power, ...] = (Romance(), Comedy(), Adventure(), SelfHelp())
