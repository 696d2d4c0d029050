"""Actions, their text form for the move log, and the two ways an action is refused (like python-chess).

Text forms (rows from 1, top first; x as in the library, negative left of the shelf card; seats from 1):

    play 17 r2 x-3      lay card 17 from your hand at row 2, column -3 (an empty cell or a stack top)
    undo                take back this turn's last placement (back to the last completion or power)
    end                 end the turn (at least 2 cards played, one connected library), then draw
    use 23              use the power of held card 23 (your own, on your turn)
    choose seat:2       answer the pending choice with one of its options (see engine.librarians.pending)
    concede             say the turn cannot be finished: the table loses (a computer teammate's last resort)

The log names absolute places and card ids, never spot numbers (those change as the library grows).
`InvalidNotation`: the text is not an action; `IllegalAction`: the rules refuse it now. Both are a
`LibrariansError` (engine.protocol.ActionRefused) with a `code` and `params` for translation.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from ..numbers import DIGITS, LARGEST, read_number
from ..protocol import ActionRefused
from .library import Place, place_text


class LibrariansError(ActionRefused):
    """A refused action or unreadable text; `code` and `params` let the bot translate the English message."""

    kind = "librarians"


class InvalidNotation(LibrariansError):
    """The text is not an action at all."""


class IllegalAction(LibrariansError):
    """A well-formed action the rules refuse in this state."""


@dataclass(frozen=True)
class Play:
    """Lay `card` (an id from the acting seat's hand) at `place` (row, x)."""

    card: int
    place: Place

    def __str__(self) -> str:
        return f"play {self.card} {place_text(self.place)}"


@dataclass(frozen=True)
class Undo:
    """Take back this turn's last placement (not past a completed genre or a power)."""

    def __str__(self) -> str:
        return "undo"


@dataclass(frozen=True)
class EndTurn:
    """End the turn: the library must be one connected group; the seat draws back up to the hand limit."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class UsePower:
    """Use the power of `card`, a completed genre's card the acting seat holds face up."""

    card: int

    def __str__(self) -> str:
        return f"use {self.card}"


@dataclass(frozen=True)
class Choose:
    """Answer the pending choice with `option`, one of `state.pending.options` (a token without spaces)."""

    option: str

    def __str__(self) -> str:
        return f"choose {self.option}"


@dataclass(frozen=True)
class Concede:
    """Say this turn cannot be finished: the table loses, as when the rules prove it. Legal only while the turn
    cannot end; not among `legal_actions` (never a move to pick among others): a computer teammate that found no
    way to finish its turn ends the game with it instead of trying placements without end."""

    def __str__(self) -> str:
        return "concede"


Action = Union[Play, Undo, EndTurn, UsePower, Choose, Concede]

_PLAY = re.compile(rf"^play\s+({DIGITS}+)\s+r({DIGITS}+)\s+x(-?{DIGITS}+)$")
_USE = re.compile(rf"^use\s+({DIGITS}+)$")
_CHOOSE = re.compile(r"^choose\s+(\S+)$")


def parse_action(text: str) -> Action:
    """Reads one action in the move log's text form (any case, extra spaces allowed)."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidNotation('Write an action: "play 17 r2 x-3", "undo", "end", "use 23" or "choose seat:2".',
                              "empty")
    words = " ".join(text.split())
    lowered = words.lower()
    if lowered == "undo":
        return Undo()
    if lowered == "end":
        return EndTurn()
    if lowered == "concede":
        return Concede()
    if match := _PLAY.match(lowered):
        card, row, x = (read_number(match.group(1)), read_number(match.group(2), low=1),
                        read_number(match.group(3), low=-LARGEST))
        if row is None and card is not None and x is not None:
            raise InvalidNotation("Rows are numbered from 1 (the top shelf).", "bad_row", row=match.group(2))
        if card is None or row is None or x is None:
            raise InvalidNotation(f'"{words[:40]}" is not an action of this game.', "malformed")
        return Play(card, (row - 1, x))
    if match := _USE.match(lowered):
        card = read_number(match.group(1))
        if card is None:
            raise InvalidNotation(f'"{words[:40]}" is not an action of this game.', "malformed")
        return UsePower(card)
    if match := _CHOOSE.match(lowered):
        return Choose(match.group(1))
    first = lowered.split()[0][:40]
    raise InvalidNotation(f'"{first}" is not an action: use play, undo, end, use or choose.', "unknown_verb",
                          word=first)
