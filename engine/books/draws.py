"""Every random thing in a game: books from the bag, shuffles of the decks and of the Library's leftover books.

Each draw uses its own generator, seeded by the game's seed and the count of draws so far (`Tabletop.draws`),
so replaying the move log from the same seed redraws the same books and deals the same cards. A deck's order is
kept in the state (top = last): a card drawn is the one the shuffle put there. An empty deck is refilled by
shuffling its discards (books.md: H); an empty bag gives nothing."""
from __future__ import annotations

import random
from collections.abc import Sequence

from .data import COLOURS
from .state import Tabletop


def rng(table: Tabletop) -> random.Random:
    """A fresh generator for the next random event; counts it."""
    generator = random.Random(f"books/{table.seed}/{table.draws}")
    table.draws += 1
    return generator


def draw_books(table: Tabletop, n: int) -> str:
    """Up to `n` random books from the bag (fewer when it runs out), in the order drawn."""
    drawn = []
    generator = rng(table)
    for _ in range(n):
        left = [colour for colour in COLOURS for _ in range(table.bag.get(colour, 0))]
        if not left:
            break
        book = generator.choice(left)
        table.bag[book] -= 1
        drawn.append(book)
    return "".join(drawn)


def shuffled(table: Tabletop, items: Sequence[str]) -> list[str]:
    """`items` in a random order."""
    out = list(items)
    rng(table).shuffle(out)
    return out


def draw_project(table: Tabletop) -> str | None:
    """The Little Projects deck's top card, refilled from the discards when empty; None when both are empty."""
    if not table.lp_deck and table.lp_discard:
        table.lp_deck, table.lp_discard = shuffled(table, table.lp_discard), []
    return table.lp_deck.pop() if table.lp_deck else None


def draw_neat(table: Tabletop) -> str | None:
    """The Other Neat Stuff deck's top card, refilled from the discards when empty; None when both are empty."""
    if not table.ns_deck and table.ns_discard:
        table.ns_deck, table.ns_discard = shuffled(table, table.ns_discard), []
    return table.ns_deck.pop() if table.ns_deck else None


def return_books(table: Tabletop, books: str) -> None:
    """Books back into the bag (a Wild goes back to the supply)."""
    for book in books:
        if book in COLOURS:
            table.bag[book] = table.bag.get(book, 0) + 1
        else:
            table.supply.wilds += 1
