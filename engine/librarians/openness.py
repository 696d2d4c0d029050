"""How open a library stays for the table: the computer teammates' measure of a position.

A teammate loses the game for everyone when it cannot lay 2 cards, and nobody knows the others' hands. So a good
library keeps many places for every letter the unseen cards may carry: per letter, the places that touch the
library where it fits (empty cells within the row's alphabetical bounds, and stacks of the same letter), counted
with diminishing returns (a second place matters, a fifth hardly), weighted by how many unseen cards are likely to
carry that letter. Everything here reads only what a seat may know (its view's library and hand).
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence

from .cards import colour_of
from .data import BOOKS, LETTER_POOLS
from .effects import Placing
from .library import Library

LETTERS = 26
UNSEEN_SCALE = 20.0
"""The unseen cards counted as this many, however many there are: about the teammates' hands and the next draws."""
PLACE_VALUE = (0.0, 2.5, 3.1, 3.4, 3.5)
"""What having 0, 1, 2, 3, 4+ places for a letter is worth: the first place matters most (a letter with no place
left is a card some seat may be stuck with; 20 seeded 3-seat games: 16 won, 1.1 cards left on average, against
13 and 1.55 when the first place counted 1.0)."""


def unseen_letters(letters: Sequence[int]) -> list[float]:
    """Per letter, the share of the cards this seat cannot see (letter -1 in its view) expected to carry it, scaled
    to `UNSEEN_SCALE` cards: each unseen card's colour is known from its id, its letter is one of that colour's
    pool. (A fixed total keeps positions comparable when a power takes cards out of the game.)"""
    weights = [0.0] * LETTERS
    unseen = [card for card in range(BOOKS) if letters[card] < 0]
    for card in unseen:
        pool = LETTER_POOLS[colour_of(card)]
        for letter in pool:
            weights[letter] += UNSEEN_SCALE / len(pool) / len(unseen)
    return weights


def top_letters(library: Library) -> Iterator[int]:
    """The letter on top of each placed card or stack: with stacking on, every later card of it may go there."""
    letters = library.letters
    for row in library.rows:
        for stack in row.cells.values():
            yield letters[stack[-1]]


def place_counts(library: Library, placing: Placing) -> list[int]:
    """Per letter, the places of the library it may go to by `placing` that touch a book or a shelf card (a place
    that touches nothing needs a second card to bridge it, so it hardly helps a teammate). A stack on any card
    (Self-Help, one turn) is not counted: only the places left for the turns after it."""
    diff = [0] * (LETTERS + 1)
    counts = [0] * LETTERS
    if placing["stacking"]:
        for letter in top_letters(library):
            counts[letter] += 1
    for _, low, high in _windows(library, placing["alphabet"]):
        diff[low] += 1
        diff[high + 1] -= 1
    running = 0
    for letter in range(LETTERS):
        running += diff[letter]
        counts[letter] += running
    return counts


def open_rows(library: Library, placing: Placing) -> list[int]:
    """Per letter, the rows with a place for it that touches the library (as `place_counts` counts them; stacks
    left out). A row closes for a letter for good once two books either side of it lie side by side (or either
    side of the shelf card): only a completion or a power taking books out opens it again."""
    marks = [[False] * LETTERS for _ in library.rows]
    for r, low, high in _windows(library, placing["alphabet"]):
        row = marks[r]
        for letter in range(low, high + 1):
            row[letter] = True
    return [sum(row[letter] for row in marks) for letter in range(LETTERS)]


def _windows(library: Library, alphabet: bool) -> Iterator[tuple[int, int, int]]:
    """Each empty place that touches a book or a shelf card: its row and the letters that fit it (low, high)."""
    rows = library.rows
    letters = library.letters
    lo, hi = library.extent()
    for r, row in enumerate(rows):
        cells = row.cells
        occupied = sorted(cells)
        tops = [letters[cells[x][-1]] for x in occupied]
        near = {-1, 1}
        for x in occupied:
            near.add(x - 1)
            near.add(x + 1)
        if r > 0:
            near.update(rows[r - 1].cells)
        if r + 1 < len(rows):
            near.update(rows[r + 1].cells)
        for x in near:
            if x == 0 or x in cells or not lo - 1 <= x <= hi + 1:
                continue
            if not alphabet:
                low, high = 0, LETTERS - 1
            else:
                i = bisect_left(occupied, x)
                left = tops[i - 1] if i else -1
                right = tops[i] if i < len(tops) else LETTERS
                if row.arrow < 0:
                    left, right = (-1 if right == LETTERS else right), (LETTERS if left < 0 else left)
                low, high = max(left, 0), min(right, LETTERS - 1)
            if low <= high:
                yield r, low, high


def openness(counts: Sequence[int], weights: Sequence[float], hand: Iterable[int], hand_weight: float) -> float:
    """The worth of a library for the table: the unseen letters' places, plus the places of the cards this seat
    keeps in hand (known for sure, so weighted `hand_weight` each)."""
    value = sum(weight * PLACE_VALUE[min(count, 4)] for weight, count in zip(weights, counts) if weight)
    return value + hand_weight * sum(PLACE_VALUE[min(counts[letter], 4)] for letter in hand)
