"""Moves, their notation for people, and the reasons a move is refused."""
from __future__ import annotations

import re
from itertools import permutations
from typing import Any, NamedTuple

from ..numbers import DIGITS, read_number
from ..protocol import ActionRefused
from .data import BOARD_SIZE, SHELF_COLS, cell_label

_COLS = "ABCDEFGHI"
MAX_NOTATION = 60
"""Longest move text read: "E4 to E6 and column 3" needs 21; more is not a move, whatever it holds."""
SHOWN_TOKEN = 20


class IllegalMove(ActionRefused):
    """A refused move or unreadable notation; `code` and `params` let the bot translate the English message."""

    kind = "shelfie"

    def __init__(self, message: str, code: str = "illegal", **params: Any) -> None:
        super().__init__(message, code, **params)


class Move(NamedTuple):
    """Tiles in placement order (first lands lowest) as 0-based (row, col), and a 0-based shelf column."""

    tiles: tuple[tuple[int, int], ...]
    column: int

    def __str__(self) -> str:
        return f"{self.tiles_text} {self.column + 1}"

    @property
    def tiles_text(self) -> str:
        return " ".join(cell_label(r, c) for r, c in self.tiles)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Reads "E4 E5 3", "e4,e5 3", "E4-E6 2" (a dash between two cells spans the cells between)."""
        tiles, column = _parse(text)
        if column is None:
            raise IllegalMove(
                f"Which shelf column? Add a number 1-{SHELF_COLS} after the tiles, like \"{_example(tiles)} 3\".",
                "no_column",
            )
        return cls(tiles, column)

    @staticmethod
    def parse_tiles(text: str) -> tuple[tuple[int, int], ...]:
        """Just the tiles, for commands that ask for the column separately."""
        tiles, column = _parse(text)
        if column is not None:
            raise IllegalMove(f"Give only board spaces here (like \"{_example(tiles)}\"), not a column number.",
                              "column_in_tiles")
        return tiles


def _example(tiles: tuple[tuple[int, int], ...]) -> str:
    return " ".join(cell_label(r, c) for r, c in tiles) or "E4 E5"


# ASCII digits only (engine.numbers): superscripts and other scripts' digits are no notation.
_TOKEN = re.compile(rf"[A-Za-z]\s*{DIGITS}+|{DIGITS}+|-|[A-Za-z]+|[^\sA-Za-z0-9,;/+&.!-]+")
_NUMBER = re.compile(rf"{DIGITS}+")
_CELL_TOKEN = re.compile(rf"([A-Za-z])\s*({DIGITS}+)")
_SPAN_WORDS = {"-", "to", "a"}
_FILLER = {"and", "e", "col", "column", "colonna"}


def _parse(text: str) -> tuple[tuple[tuple[int, int], ...], int | None]:
    if not isinstance(text, str) or not text.strip():
        raise IllegalMove("Write the tiles you take, like \"E4 E5 3\": board spaces A-I/1-9, then a shelf column 1-5.",
                          "empty")
    if len(text) > MAX_NOTATION:
        raise IllegalMove(f"That is too long for a move: write at most {MAX_NOTATION} characters, like \"E4 E5 3\".",
                          "too_long", limit=MAX_NOTATION)
    tiles: list[tuple[int, int]] = []
    column: int | None = None
    span_pending = False
    for token in _TOKEN.findall(text.replace("–", "-").replace("—", "-").replace("..", "-")):
        if token.lower() in _SPAN_WORDS:
            span_pending = bool(tiles)
        elif _NUMBER.fullmatch(token):
            if column is not None:
                raise IllegalMove("Give one shelf column only.", "two_columns")
            value = read_number(token)
            if value is None or not 1 <= value <= SHELF_COLS:
                raise IllegalMove(f"Shelf columns are 1-{SHELF_COLS}; {token} is not one.", "bad_column",
                                  column=token if value is None else value)
            column = value - 1
        elif cell_token := _CELL_TOKEN.fullmatch(token):
            if column is not None:
                raise IllegalMove("Put the shelf column last, after the tiles (like \"E4 E5 3\").", "column_not_last")
            cell = _cell(*cell_token.groups())
            tiles.extend(_span(tiles[-1], cell) if span_pending else [cell])
            span_pending = False
        elif token.lower() not in _FILLER:
            shown = token if len(token) <= SHOWN_TOKEN else token[: SHOWN_TOKEN - 1] + "…"
            raise IllegalMove(f"I can't read \"{shown}\": write board spaces like E4 (columns A-I, rows 1-9) "
                              f"and then a shelf column 1-{SHELF_COLS}.", "garbage", text=shown)
    if not tiles:
        raise IllegalMove("Name the tiles you take, like \"E4 E5\" (columns A-I, rows 1-9).", "no_tiles")
    return tuple(tiles), column


def _cell(letter: str, row_digits: str) -> tuple[int, int]:
    col = _COLS.find(letter.upper())
    row = read_number(row_digits, low=1, high=BOARD_SIZE)
    if col < 0 or row is None:
        label = f"{letter.upper()}{row_digits}"
        raise IllegalMove(f"{label} is not on the board: columns are A-I and rows 1-9.", "off_board", cell=label)
    return row - 1, col


def _span(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
    """Cells after `start` up to `end` along a row or column; anything else is left for the rules to refuse."""
    (r0, c0), (r1, c1) = start, end
    if r0 == r1 and c0 != c1:
        step = 1 if c1 > c0 else -1
        return [(r0, c) for c in range(c0 + step, c1 + step, step)]
    if c0 == c1 and r0 != r1:
        step = 1 if r1 > r0 else -1
        return [(r, c0) for r in range(r0 + step, r1 + step, step)]
    return [end]


def _lines() -> list[tuple[int, ...]]:
    """Every straight run of 1-3 board cells, as flat indices in reading order."""
    found: list[tuple[int, ...]] = []
    for r in range(BOARD_SIZE):
        for c in range(BOARD_SIZE):
            start = r * BOARD_SIZE + c
            found.append((start,))
            for length in (2, 3):
                if c + length <= BOARD_SIZE:
                    found.append(tuple(start + k for k in range(length)))
                if r + length <= BOARD_SIZE:
                    found.append(tuple(start + k * BOARD_SIZE for k in range(length)))
    return found


LINES: tuple[tuple[int, ...], ...] = tuple(_lines())
ORDERS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {line: tuple(permutations(line)) for line in LINES}
MOVES: dict[tuple[int, ...], tuple[Move, ...]] = {
    order: tuple(Move(tuple(divmod(i, BOARD_SIZE) for i in order), col) for col in range(SHELF_COLS))
    for orders in ORDERS.values()
    for order in orders
}
"""One shared immutable Move per (ordered pick, column): move generation allocates nothing."""
