"""Pending choices: what the acting seat must choose next, with every legal option, so the bot can show any step
(giving a completed genre's card, a power's steps) as a select or numbered buttons without knowing the power.

An option is a lowercase token without spaces; `Choose(token)` answers it ("choose seat:2" in the log). The core
builds and reads these token shapes (people's numbering: seats and rows from 1):

    seat:2          seat index 1            place:2:-3   row index 1, x -3       card:17   card id 17
    row:2           row index 1             any other word ("top", "bottom", "done", "left", "up" ...) as is

A power's steps choose their own `kind` ("<genre>.<step>", e.g. "thriller.from") and options; `data` carries
what earlier steps chose (ints and strings only, so the state stays JSON)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..numbers import LARGEST, read_number
from .library import Place

GIVE = "give"
"""The kind of the choice after a (non-red) genre is completed: which seat receives its card (data: (card,))."""


@dataclass(frozen=True)
class Pending:
    """A choice `seat` must make before anything else happens. `genre` names the power being resolved (None for
    a give); `data` is that power's memory of earlier steps."""

    kind: str
    seat: int
    options: tuple[str, ...]
    genre: str | None = None
    data: tuple[int | str, ...] = field(default=())
    step: int = 1
    """This step's number among the power's steps (from 1), for "step 2 of 4"."""
    steps: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "options": list(self.options), "genre": self.genre,
                "data": list(self.data), "step": self.step, "steps": self.steps}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Pending:
        options, data = d["options"], d["data"]
        if not isinstance(d["kind"], str) or not isinstance(d["seat"], int) or not isinstance(options, list) \
                or not all(isinstance(o, str) and o and " " not in o for o in options) \
                or not (d["genre"] is None or isinstance(d["genre"], str)) or not isinstance(data, list) \
                or not all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in data) \
                or not isinstance(d["step"], int) or not isinstance(d["steps"], int):
            raise ValueError(f"not a pending choice: {d!r}")
        return cls(d["kind"], d["seat"], tuple(options), d["genre"], tuple(data), d["step"], d["steps"])


def seat_option(seat: int) -> str:
    return f"seat:{seat + 1}"


def place_option(place: Place) -> str:
    return f"place:{place[0] + 1}:{place[1]}"


def card_option(card: int) -> str:
    return f"card:{card}"


def row_option(row: int) -> str:
    return f"row:{row + 1}"


def read_option(token: str) -> tuple[str, Any]:
    """("seat", 1) for "seat:2", ("place", (1, -3)) for "place:2:-3", ("card", 17), ("row", 1); any other token
    is ("word", token). Raises ValueError for a malformed seat/place/card/row token."""
    kind, _, rest = token.partition(":")
    if kind not in ("seat", "row", "card", "place"):
        return "word", token
    parts = rest.split(":")
    numbers = [number for number in (read_number(part, low=-LARGEST) for part in parts) if number is not None]
    if len(numbers) != len(parts) or len(numbers) != (2 if kind == "place" else 1):
        raise ValueError(f"not an option token: {token!r}")
    if kind == "card":
        return "card", numbers[0]
    return ("place", (numbers[0] - 1, numbers[1])) if kind == "place" else (kind, numbers[0] - 1)
