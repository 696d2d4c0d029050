"""Build Librarians positions by hand: rows of books and hands written as "Ar" (letter A, red), "Qk" (Q, black)."""
from __future__ import annotations

from engine.librarians import BOOKS_PER_COLOUR, COLOURS, LibrariansGame, Library, Row

CODES = {"r": 0, "g": 1, "b": 2, "p": 3, "y": 4, "k": 5}
"""Colour initials; k is black."""
assert len(CODES) == len(COLOURS)


def build(rows: list[tuple[int, dict[int, str | list[str]]]], hands: list[list[str]], *, deck: int | None = None,
          held: list[list[str]] | None = None, seed: int = 0) -> LibrariansGame:
    """A game of len(hands) seats whose library rows (arrow, {x: card or [stack bottom..top]}), hands and held
    power cards are as written; every other card stays in the deck (the first `deck` of them, the rest
    discarded, when given).
    Seat 0 is to play at the start of its turn."""
    g = LibrariansGame.new(len(hands), seed=seed)
    letters = list(g.letters)
    free = {c: list(range(c * BOOKS_PER_COLOUR, (c + 1) * BOOKS_PER_COLOUR)) for c in range(len(COLOURS))}

    def card(code: str) -> int:
        chosen = free[CODES[code[1]]].pop(0)
        letters[chosen] = ord(code[0]) - ord("A")
        return chosen

    library_rows = []
    for shelf, (arrow, cells) in enumerate(rows):
        stacks = {x: [card(c) for c in ([spec] if isinstance(spec, str) else spec)] for x, spec in cells.items()}
        library_rows.append(Row(shelf, arrow, stacks))
    g.hands = [[card(c) for c in hand] for hand in hands]
    g.held = [[card(c) for c in cards] for cards in (held or [[] for _ in hands])]
    rest = [c for colour in free.values() for c in colour]
    g.deck = rest if deck is None else rest[:deck]
    g.discard = [] if deck is None else rest[deck:]
    g.letters = tuple(letters)
    g.library = Library(g.letters, library_rows)
    g.shelf_pile = list(range(len(rows), 12))
    g._start_turn(0)
    return g


def hand_card(g: LibrariansGame, seat: int, code: str) -> int:
    """The id of the first card in `seat`'s hand written `code`."""
    return next(c for c in g.hands[seat] if g.card_text(c)[0] == code[0] and g.card(c).colour == CODES[code[1]])
