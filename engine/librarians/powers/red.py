"""Red (destructive): these happen at once when the genre is completed, to the whole table.

Decisions where the rules are silent: Detective's shelf is picked by the seat that completed the genre (the
rows below move up, so the column stays whole); on the only shelf left, the shelf stays and only its books go.
True Crime never takes the hand limit below 2 (a turn needs 2 cards); hands above the limit keep their cards
and simply draw nothing."""
from __future__ import annotations


from ..data import MIN_HAND_LIMIT
from ..effects import NO_STACKING, PowerTable
from ..pending import Pending, read_option, row_option
from .base import PICK_SHELF, Power, complete


class Horror(Power):
    """The table loses at once."""

    genre = "horror"

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        game.finish("lost", self.genre)
        return None


class Detective(Power):
    """Remove one shelf and discard its books."""

    genre = "detective"

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        rows = len(game.library.rows)
        if rows == 1:
            _discard_books(game, 0)
            game.library.replace_cells(0, {})
            return None
        return self.step(PICK_SHELF, seat, (row_option(r) for r in range(rows)))

    def resume(self, game: PowerTable, pending: Pending, option: str) -> Pending | None:
        _, row = read_option(option)
        _discard_books(game, row)
        game.library.remove_row(row)
        # The rows either side of the gap now touch: a line may run across them.
        places = [(r, x) for r in (row - 1, row) if 0 <= r < len(game.library.rows)
                  for x in game.library.rows[r].cells]
        complete(game, pending.seat, places)
        return None


def _discard_books(game: PowerTable, row: int) -> None:
    cells = game.library.rows[row].cells
    for x in sorted(cells):
        for card in cells[x]:
            game.discard.append(card)
            game.tapped.pop(card, None)


class TrueCrime(Power):
    """The hand limit drops by 1 for the rest of the game (never below 2)."""

    genre = "true_crime"

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        game.hand_limit = max(MIN_HAND_LIMIT, game.hand_limit - 1)
        return None


class Tragedy(Power):
    """No card may go on top of another any more (Self-Help still allows it on its own turn)."""

    genre = "tragedy"

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        game.lasting_rules.add(NO_STACKING)
        return None


POWERS: tuple[Power, ...] = (Horror(), Detective(), TrueCrime(), Tragedy())
