"""What every power shares: the `Power` base the core calls (engine.librarians.effects), refusals, step builders
and the library readings several powers need.

A power's steps are `Pending` choices whose `kind` is a prompt code the bot words without knowing the power
(`pick_book` a library book, `pick_place` an empty place, `pick_hand` a hand card, `pick_shelf`, `pick_column`,
`pick_direction`, `pick_side`, `pick_deck`); `data` carries what earlier steps chose, and the places the power
changed so far (flattened row, x pairs) so the last step can run the completion check over them once."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..actions import IllegalAction
from ..effects import PowerTable
from ..library import Library, Place
from ..pending import Pending, card_option, place_option, read_option


DONE = "done"
"""The option that stops a power early ("up to 2")."""
PICK_BOOK = "pick_book"
PICK_PLACE = "pick_place"
PICK_HAND = "pick_hand"
PICK_SHELF = "pick_shelf"
PICK_COLUMN = "pick_column"
PICK_DIRECTION = "pick_direction"
PICK_SIDE = "pick_side"
PICK_DECK = "pick_deck"


class Power:
    """One genre's power. `refusal` says why it cannot be used now (the core refuses the use and leaves it out
    of the legal actions); `begin` runs on use (or at once for red); `resume` takes each chosen option."""

    genre = ""

    def refusal(self, game: PowerTable, seat: int) -> IllegalAction | None:
        """Most powers can always do something."""
        return None

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        raise NotImplementedError

    def resume(self, game: PowerTable, pending: Pending, option: str) -> Pending | None:
        raise NotImplementedError(f"{self.genre} has no steps")

    def turn_ends(self, game: PowerTable, seat: int) -> None:
        """Most powers leave nothing behind at the end of a turn."""

    def step(self, kind: str, seat: int, options: Iterable[str], data: Sequence[int | str] = (), *,
             number: int = 1, of: int = 1) -> Pending:
        return Pending(kind, seat, tuple(options), genre=self.genre, data=tuple(data), step=number, steps=of)


class RuleSwitch(Power):
    """A power that switches one of the core's rules on for the rest of this turn."""

    rule = ""

    def refusal(self, game: PowerTable, seat: int) -> IllegalAction | None:
        return in_force(game, self.rule, self.genre)

    def begin(self, game: PowerTable, seat: int) -> Pending | None:
        game.turn_rules.add(self.rule)
        return None


def refuse(message: str, code: str, **params: object) -> IllegalAction:
    """The refusal of a use that cannot do anything now."""
    return IllegalAction(message, code, **params)


def in_force(game: PowerTable, rule: str, genre: str) -> IllegalAction | None:
    """A second copy of a rule switch in one turn would change nothing."""
    if rule in game.turn_rules:
        return refuse(f"The {genre} power is already in force this turn.", "power_in_force", genre=genre)
    return None


def books(library: Library) -> list[Place]:
    """The places holding a book, in reading order."""
    return library.occupied()


def too_few_books(game: PowerTable, genre: str, count: int = 1) -> IllegalAction | None:
    """A power that works on library books, when there are fewer than `count`."""
    if len(books(game.library)) < count:
        return refuse(f"The {genre} power needs {count} book(s) in the library.", "too_few_books", genre=genre,
                      count=count)
    return None


def place_options(places: Iterable[Place]) -> list[str]:
    return [place_option(place) for place in places]


def card_options(cards: Iterable[int]) -> list[str]:
    return [card_option(card) for card in cards]


def chosen_place(option: str) -> Place:
    kind, value = read_option(option)
    assert kind == "place"
    return value  # type: ignore[no-any-return]


def chosen_card(option: str) -> int:
    kind, value = read_option(option)
    assert kind == "card"
    return value  # type: ignore[no-any-return]


def flat(places: Iterable[Place]) -> tuple[int, ...]:
    """Places as a flat run of ints, the only shape `Pending.data` keeps."""
    return tuple(v for place in places for v in place)


def unflat(values: Sequence[int | str]) -> list[Place]:
    ints = [int(v) for v in values]
    return [(ints[i], ints[i + 1]) for i in range(0, len(ints), 2)]


def leave_library(game: PowerTable, place: Place) -> int:
    """Takes the top card at `place` off the library; a tap on it ends with it."""
    card = game.library.take(place)
    game.tapped.pop(card, None)
    return card


def complete(game: PowerTable, seat: int, places: Iterable[Place]) -> None:
    """The completion check over the places a power changed (still inside the library)."""
    rows = len(game.library.rows)
    inside = [place for place in dict.fromkeys(places) if 0 <= place[0] < rows and place[1] != 0]
    if inside:
        game.complete_genres(inside, seat)
