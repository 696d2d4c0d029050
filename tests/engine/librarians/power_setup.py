"""Positions for the power tests: a built game (tests.engine.librarians.positions) plus a power held by a seat."""
from __future__ import annotations

import pytest

from engine.librarians import COLOUR_OF_GENRE, Choose, IllegalAction, LibrariansGame, Report, UsePower, colour_of


def playing(g: LibrariansGame, genre: str) -> None:
    """Makes `genre` its colour's genre this game."""
    genres = list(g.genres)
    genres[COLOUR_OF_GENRE[genre]] = genre
    g.genres = tuple(genres)


def holding(g: LibrariansGame, seat: int, genre: str) -> int:
    """Makes `genre` its colour's genre this game and gives `seat` one of its cards, received on an earlier turn
    (taken from the deck, else the discard); returns the card."""
    playing(g, genre)
    colour = COLOUR_OF_GENRE[genre]
    pile = g.deck if any(colour_of(c) == colour for c in g.deck) else g.discard
    card = next(c for c in pile if colour_of(c) == colour)
    pile.remove(card)
    g.held[seat].append(card)
    return card


def use(g: LibrariansGame, genre: str) -> Report:
    """The seat to play uses its held card of `genre`."""
    card = next(c for c in g.held[g.current_seat] if g.genre_of(c) == genre)
    return g.apply(UsePower(card))


def choose(g: LibrariansGame, *options: str) -> None:
    for option in options:
        g.apply(Choose(option))


def top_text(g: LibrariansGame, row: int, x: int) -> str | None:
    """"Ar" for the top card at (row, x) (row from 0), None when empty."""
    card = g.library.top((row, x))
    if card is None:
        return None
    text = g.card_text(card)
    return text[0] + "rgbpyk"[colour_of(card)]


def row_text(g: LibrariansGame, row: int) -> dict[int, str]:
    """Every place of a row as {x: "Ar"} (tops only)."""
    return {x: top_text(g, row, x) for x in sorted(g.library.rows[row].cells)}  # type: ignore[misc]


def refused(g: LibrariansGame, action: object, code: str) -> None:
    """The action is refused with `code` and nothing in the game changes."""
    before = g.to_dict()
    with pytest.raises(IllegalAction) as refusal:
        g.apply(action)  # type: ignore[arg-type]
    assert refusal.value.code == code and g.to_dict() == before


def use_refused(g: LibrariansGame, genre: str, code: str) -> None:
    card = next(c for c in g.held[g.current_seat] if g.genre_of(c) == genre)
    refused(g, UsePower(card), code)
