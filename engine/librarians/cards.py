"""The generated card set: 66 books (colour by id, letter drawn from the colour's pool) and 12 shelf arrows.

Card ids are 0..65; card `i` has colour `i // BOOKS_PER_COLOUR` (so colour never needs storing) and the letter
the game's seed gave it (`letters[i]`, an alphabet position 0..25). Shelf cards are 0..11 with an arrow each:
RIGHT (+1) means A→Z runs left to right along that shelf, LEFT (-1) right to left."""
from __future__ import annotations

import random
from dataclasses import dataclass

from .data import BOOKS, BOOKS_PER_COLOUR, COLOURS, LETTER_POOLS, SHELF_CARDS

RIGHT = 1
LEFT = -1
ARROW_NAMES = {RIGHT: "right", LEFT: "left"}
ARROW_OF_NAME = {name: arrow for arrow, name in ARROW_NAMES.items()}


def colour_of(card: int) -> int:
    """The colour index of book `card` (fixed by its id)."""
    return card // BOOKS_PER_COLOUR


def letter_text(letter: int) -> str:
    """"A" for 0 … "Z" for 25."""
    return chr(ord("A") + letter)


@dataclass(frozen=True)
class Card:
    """A book as people see it: id, colour index, letter (0..25); `number` is its alphabet position A=1 … Z=26."""

    id: int
    colour: int
    letter: int

    @property
    def colour_name(self) -> str:
        return COLOURS[self.colour]

    @property
    def letter_text(self) -> str:
        return letter_text(self.letter)

    @property
    def number(self) -> int:
        return self.letter + 1


def generate_letters(rng: random.Random) -> tuple[int, ...]:
    """Each colour's 11 letters: every pool entry once, the rest drawn from the pool, shuffled within the colour."""
    letters: list[int] = []
    for pool in LETTER_POOLS:
        drawn = list(pool) + [rng.choice(pool) for _ in range(BOOKS_PER_COLOUR - len(pool))]
        rng.shuffle(drawn)
        letters.extend(drawn)
    assert len(letters) == BOOKS
    return tuple(letters)


def generate_arrows(rng: random.Random) -> tuple[int, ...]:
    """A random horizontal arrow for each of the 12 shelf cards."""
    return tuple(rng.choice((RIGHT, LEFT)) for _ in range(SHELF_CARDS))


def hand_order(card: Card) -> tuple[int, int]:
    """How a hand is listed wherever its owner reads it (the words, the picture, the builder's select):
    alphabetically, two cards of one letter by id."""
    return (card.letter, card.id)
