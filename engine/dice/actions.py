"""Actions, their text form for people, and the two ways an action is refused (like python-chess).

`InvalidNotation` means the text cannot be read at all; `IllegalAction` means it reads fine but the rules
refuse it now. Both are `DiceError` (a ValueError) with a `code` and `params` the bot translates.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from ..numbers import DIGITS, read_number
from ..protocol import ActionRefused
from .data import COLUMNS, ITEM_TYPES, ROW_OF_NAME, ROWS
from .items import Item


class DiceError(ActionRefused):
    """A refused action or unreadable text; `code` and `params` let the bot translate the English message."""

    kind = "dice"


class InvalidNotation(DiceError):
    """The text is not an action at all."""


class IllegalAction(DiceError):
    """A well-formed action the rules refuse in this state."""


@dataclass(frozen=True)
class Roll:
    """The first roll of a turn: all dice."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Reroll:
    """Keep these dice (0-based, sorted) and roll the others again."""

    keep: tuple[int, ...] = ()

    def __str__(self) -> str:
        return "keep " + (" ".join(str(i + 1) for i in self.keep) if self.keep else "none")


@dataclass(frozen=True)
class Circle:
    """Circle these items (sorted (row, column), 0-based); the engine finds the dice."""

    items: tuple[Item, ...]

    def __str__(self) -> str:
        return "circle " + " ".join(item_label(item) for item in self.items)


@dataclass(frozen=True)
class Cross:
    """Cross out every open item of one row (only when nothing can be circled)."""

    row: int

    def __str__(self) -> str:
        return f"cross {ITEM_TYPES[self.row]}"


Action = Union[Roll, Reroll, Circle, Cross]


def item_label(item: Item) -> str:
    """"plants:3" for row plants, third column (3 dice)."""
    return f"{ITEM_TYPES[item[0]]}:{item[1] + 1}"


_VERBS = {
    "roll": "roll", "tira": "roll", "lancia": "roll",
    "keep": "keep", "tieni": "keep", "reroll": "reroll", "rilancia": "reroll", "ritira": "reroll",
    "circle": "circle", "cerchia": "circle",
    "cross": "cross", "barra": "cross",
}
_NONE = {"none", "nessuno", "nothing", "niente"}
_ALL = {"all", "tutti", "tutto"}
_ITEM = re.compile(rf"^([a-z]+)\s*[:=]?\s*({DIGITS}+)$")


def parse_action(text: str) -> Action:
    """Reads one action; words in English or Italian, any case, commas or spaces between parts.

    roll | tira                      first roll of the turn
    keep 1 3 5 | keep none | reroll  keep those dice (1-based, as shown), roll the rest again
    circle plants:3 cats:1           items as row name + column 1-5 ("plants 3", "plant:3", "piante:3")
    cross books | cross 3            cross out a row, by name or by number 1-5 from the top
    """
    if not isinstance(text, str) or not text.strip():
        raise InvalidNotation('Write an action: "roll", "keep 1 3", "circle plants:3 cats:1" or "cross books".',
                              "empty")
    words = text.lower().replace(",", " ").replace(";", " ").split()
    verb = _VERBS.get(words[0])
    rest = words[1:]
    if verb is None:
        raise InvalidNotation(f'"{words[0]}" is not an action: use roll, keep, circle or cross.', "unknown_verb",
                              word=words[0])
    if verb == "roll":
        if rest:
            raise InvalidNotation('"roll" takes nothing after it; to keep dice write "keep 1 3".', "roll_args")
        return Roll()
    if verb == "reroll":
        if rest and rest != ["all"] and rest != ["tutti"]:
            raise InvalidNotation('"reroll" rolls every die again; to keep some write "keep 1 3".', "reroll_args")
        return Reroll(())
    if verb == "keep":
        return Reroll(_dice_numbers(rest))
    if verb == "circle":
        return Circle(_items(rest))
    return Cross(_row(rest))


def _dice_numbers(words: list[str]) -> tuple[int, ...]:
    if not words:
        raise InvalidNotation('Which dice do you keep? Write their numbers, like "keep 1 3", or "keep none".',
                              "no_dice")
    if len(words) == 1 and words[0] in _NONE:
        return ()
    if len(words) == 1 and words[0] in _ALL:
        raise InvalidNotation("Keeping every die re-rolls nothing: circle items instead.", "keep_all")
    numbers: list[int] = []
    for word in words:
        die = read_number(word, low=1)
        if die is None:
            raise InvalidNotation(f'"{word}" is not a die number: dice are numbered from 1 as shown.', "bad_die",
                                  word=word)
        if die - 1 in numbers:
            raise InvalidNotation(f"Die {word} is named twice; name each die once.", "die_twice", die=die)
        numbers.append(die - 1)
    return tuple(sorted(numbers))


def _items(words: list[str]) -> tuple[Item, ...]:
    joined = " ".join(words)
    tokens = re.findall(rf"[a-z]+\s*[:=]?\s*{DIGITS}+|\S+", joined)
    if not tokens:
        raise InvalidNotation('Which items? Write a row and a column, like "circle plants:3 cats:1".', "no_items")
    items: list[Item] = []
    for token in tokens:
        match = _ITEM.match(token)
        if not match or match.group(1) not in ROW_OF_NAME:
            raise InvalidNotation(f'"{token}" is not an item: write a row ({", ".join(ITEM_TYPES)}) and a column '
                                  f'1-{COLUMNS}, like "plants:3".', "bad_item", text=token)
        column = read_number(match.group(2))
        if column is None or not 1 <= column <= COLUMNS:
            raise InvalidNotation(f"Columns are 1-{COLUMNS}; {match.group(2)} is not one.", "bad_column",
                                  column=match.group(2) if column is None else column)
        item = (ROW_OF_NAME[match.group(1)], column - 1)
        if item in items:
            raise InvalidNotation(f"{item_label(item)} is named twice; name each item once.", "item_twice",
                                  item=item_label(item))
        items.append(item)
    return tuple(sorted(items))


def _row(words: list[str]) -> int:
    if len(words) != 1:
        raise InvalidNotation(f'Name one row to cross out, like "cross books" ({", ".join(ITEM_TYPES)}).',
                              "one_row")
    word = words[0]
    row = read_number(word, low=1, high=ROWS)
    if row is not None:
        return row - 1
    if word in ROW_OF_NAME:
        return ROW_OF_NAME[word]
    raise InvalidNotation(f'"{word}" is not a row: use {", ".join(ITEM_TYPES)} or 1-{ROWS}.', "bad_row", word=word)
