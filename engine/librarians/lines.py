"""What unfinished lines of one colour promise: a planner's judge that builds toward completed genres.

A completed genre takes 4 books out of the library (room for the cards still to come, and they count as played)
and gives the table a power; Romance alone takes 5 cards out of the deck. So a hard teammate values windows of 4
places in a line (a row, a column, a diagonal) that hold books of one colour and nothing else, and whose empty
places can still take a card of that colour by the shelf's order: 2 of 4 a little, 3 of 4 more. Red lines are
never built (their powers harm the table). Reads only the library, as every seat sees it.
"""
from __future__ import annotations

from .cards import colour_of
from .data import LETTER_POOLS, LINE_LENGTH, RED
from .library import DIRECTIONS, Library, Place
from .openness import UNSEEN_SCALE, open_rows, top_letters
from .planner import Planner
from .unseen import chance_unseen, expected_unseen
from .view import LibrariansView

PROMISE = (0.0, 0.0, 0.6, 2.0)
"""The worth of a window by how many of its 4 places hold a book of its colour (0-3)."""
_POOL_LETTERS = tuple(tuple(sorted(set(pool))) for pool in LETTER_POOLS)
TOP_PLACES = 4
"""What a stack top counts as, in places for its letter: every later card of that letter may go on it."""
SHUT_OUT_COST = 12.0
"""What a letter with no place left costs (no stack of it, no empty place touching the library that it fits),
times the chance that a card still to play carries it (1 for a card this seat keeps): every card must be laid for
the table to win, and only a completion taking books out could still open a place for it."""
ROW_OPEN = 0.25
"""What a row still open for a letter is worth, times the letter's weight among the unseen cards (a letter that
tops a stack counts every row): the places a letter has saturate at four (engine.librarians.openness.PLACE_VALUE),
but a row shut for it early stays shut, so closing a row counts even while a letter has places elsewhere."""
GENRE_WEIGHT = {"romance": 1.5}
"""How much more a line of this genre is worth than another (Romance takes 5 cards out of the deck); 1 else."""


def line_promise(library: Library, weights: dict[int, float]) -> float:
    """The sum over open windows of one non-red colour of PROMISE[books in it] times that colour's weight
    (`weights`: colour -> how much its power is worth to the table; colours left out count nothing)."""
    cells: dict[Place, int] = {}
    """Per place of the reach: the colour of its top book (0-5), or -1 for an empty place (bounds in `empty`)."""
    empty: dict[Place, tuple[int, int]] = {}
    for place, top, low, high in library.spot_table():
        if top < 0:
            cells[place] = -1
            empty[place] = (low, high)
    books: list[tuple[Place, int]] = []
    for r, row in enumerate(library.rows):
        for x, stack in row.cells.items():
            colour = colour_of(stack[-1])
            cells[(r, x)] = colour
            if colour in weights and colour != RED and weights[colour]:
                books.append(((r, x), colour))
    total = 0.0
    seen: set[tuple[int, int, int, int]] = set()
    for (r0, x0), colour in books:
        pool = _POOL_LETTERS[colour]
        weight = weights[colour]
        for dr, dx in DIRECTIONS:
            # Only windows holding a second book of the colour further along count (one book promises nothing):
            # the first such book within reach, past empty places only.
            for far in range(1, LINE_LENGTH):
                cell = cells.get((r0 + far * dr, x0 + far * dx))
                if cell is None or cell >= 0:
                    break
            if cell != colour:
                continue
            for start in range(far - (LINE_LENGTH - 1), 1):
                r, x = r0 + start * dr, x0 + start * dx
                key = (r, x, dr * 3 + dx, colour)
                if key in seen:
                    continue
                seen.add(key)
                count = 0
                for k in range(LINE_LENGTH):
                    place = (r + k * dr, x + k * dx)
                    cell = cells.get(place)
                    if cell is None:
                        break
                    if cell >= 0:
                        if cell != colour:
                            break
                        count += 1
                    else:
                        low, high = empty[place]
                        if not any(low <= letter <= high for letter in pool):
                            break
                else:
                    total += weight * PROMISE[min(count, LINE_LENGTH - 1)]
    return total

class LinePlanner(Planner):
    """Normal's turn planner (engine.librarians.planner) whose judge of a position also counts the promise of
    its unfinished lines of one colour, weighs the letters the unseen cards may carry by what the seen cards
    say of them (engine.librarians.unseen), not by their pools alone, counts a letter that tops a stack as
    TOP_PLACES places (it keeps a place however many cards of it come; an empty place takes one card), counts
    every row still open for each letter (ROW_OPEN), and charges SHUT_OUT_COST for each letter left no place at
    all that a card still to play may carry. (Openness alone weighs such a letter by its share of the unseen
    cards: early in a game, with fifty of them, shutting a letter out cost less than laying a card is worth, and
    the lost tables were shut out that way.)"""

    def __init__(self, view: LibrariansView) -> None:
        super().__init__(view)
        self.weights = expected_unseen(self.letters, UNSEEN_SCALE)
        self.line_weights = {colour: GENRE_WEIGHT.get(genre, 1.0) for colour, genre in enumerate(view.genres)}
        self.at_risk = chance_unseen(self.letters)

    def place_counts(self, library: Library) -> list[int]:
        counts = super().place_counts(library)
        if self.rules.placing["stacking"]:
            for letter in top_letters(library):
                counts[letter] = max(counts[letter], TOP_PLACES)
        return counts

    def library_value(self, library: Library, counts: list[int], kept: list[int]) -> float:
        shut = sum(1.0 if letter in kept else self.at_risk[letter]
                   for letter, count in enumerate(counts) if not count)
        rows = open_rows(library, self.rules.placing)
        if self.rules.placing["stacking"]:
            for letter in top_letters(library):
                rows[letter] = len(library.rows)
        room = sum(weight * open_ for weight, open_ in zip(self.weights, rows))
        return (super().library_value(library, counts, kept) + line_promise(library, self.line_weights)
                + ROW_OPEN * room - SHUT_OUT_COST * shut)
