"""Static Librarians data, read once from data/librarians.json (the only I/O the engine does)."""
from __future__ import annotations

from ..game_data import load_game_data

RAW = load_game_data("librarians")

COLOURS: tuple[str, ...] = tuple(RAW["colours"])
"""Colour index c is COLOURS[c]; a card's colour is its genre for the game."""
RED = COLOURS.index("red")
LETTER_POOLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ord(letter) - ord("A") for letter in RAW["letter_pools"][colour]) for colour in COLOURS)
"""Per colour, its letter pool as alphabet positions 0..25 (a pool may repeat a letter: purple has two O)."""
GENRES: dict[str, tuple[str, ...]] = {colour: tuple(RAW["genres"][colour]) for colour in COLOURS}
"""The four genres of each colour; the first is the default."""
DEFAULT_GENRES: tuple[str, ...] = tuple(GENRES[colour][0] for colour in COLOURS)
COLOUR_OF_GENRE: dict[str, int] = {genre: c for c, colour in enumerate(COLOURS) for genre in GENRES[colour]}
BOOKS_PER_COLOUR: int = RAW["books_per_colour"]
BOOKS: int = BOOKS_PER_COLOUR * len(COLOURS)
SHELF_CARDS: int = RAW["shelf_cards"]
STARTING_SHELVES: int = RAW["starting_shelves"]
HAND_LIMIT: int = RAW["hand_limit"]
MIN_CARDS_PER_TURN: int = RAW["min_cards_per_turn"]
MIN_HAND_LIMIT = MIN_CARDS_PER_TURN
"""True Crime never takes the hand limit below a turn's minimum."""
MAX_HAND_LIMIT = 6
"""Adventure raises the hand limit to at most 6."""
LINE_LENGTH: int = RAW["line_length"]
MIN_PLAYERS: int = RAW["players"]["min"]
MAX_PLAYERS: int = RAW["players"]["max"]
