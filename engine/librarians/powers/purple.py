"""Purple (exceptions): each turns one core rule off for the rest of this turn (the core clears `turn_rules`
when the turn ends).

Graphic Novel's "limit on the number of shelves" is, in this product, the rule that a book only goes into a row
that has a shelf card: using it opens a new shelf row at the top or the bottom of the column with the next
unused shelf card, for this turn. If that row still holds no book when the turn ends, its shelf card goes back
on top of the unused ones (so, unlike Comedy's, the shelf only stays when it was used). It is refused when all
12 shelf cards are in the library."""
from __future__ import annotations


from ..actions import IllegalAction
from ..effects import ANY_ORDER, LOOSE, NO_MINIMUM, PowerTable
from ..pending import Pending
from .base import PICK_SIDE, Power, RuleSwitch
from .green import BOTTOM, TOP, add_shelf, no_shelf_left


class Fantasy(RuleSwitch):
    """This turn you need not play any card."""

    genre = "fantasy"
    rule = NO_MINIMUM


class SciFi(RuleSwitch):
    """This turn the library may end connected loosely: diagonally, or across a gap of one place."""

    genre = "sci_fi"
    rule = LOOSE


class Poetry(RuleSwitch):
    """This turn cards need not follow alphabetical order."""

    genre = "poetry"
    rule = ANY_ORDER


class GraphicNovel(Power):
    """This turn the library may grow by a shelf row at the top or the bottom, kept only if a book goes there."""

    genre = "graphic_novel"

    def refusal(self, game: PowerTable, seat: int) -> IllegalAction | None:
        return no_shelf_left(game)

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        return self.step(PICK_SIDE, seat, (TOP, BOTTOM))

    def resume(self, game: PowerTable, pending: Pending, option: str) -> Pending | None:
        game.opened_shelves.append(add_shelf(game, option))
        return None

    def turn_ends(self, game: PowerTable, seat: int) -> None:
        """An opened row that stayed empty closes again when it is still the top or the bottom row (closing a
        row in the middle would change which books touch)."""
        rows = game.library.rows
        for shelf in reversed(game.opened_shelves):
            ends = {0: rows[0].shelf, len(rows) - 1: rows[-1].shelf}
            index = next((i for i, end in ends.items() if end == shelf), None)
            if index is not None and not rows[index].cells and len(rows) > 1:
                game.library.remove_row(index)
                game.shelf_pile.insert(0, shelf)
        game.opened_shelves.clear()


POWERS: tuple[Power, ...] = (Fantasy(), SciFi(), Poetry(), GraphicNovel())
