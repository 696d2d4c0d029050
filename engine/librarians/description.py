"""The static description of Librarians: what a lobby needs before any state exists."""
from __future__ import annotations

from ..protocol import CoopMeasure, GameDescription, OptionSpec
from .data import COLOURS, GENRES, MAX_PLAYERS, MIN_PLAYERS

RANDOM_GENRE = "random"
"""A colour's option value that lets the game's seed pick the genre at setup."""

GENRE_OPTIONS: tuple[OptionSpec, ...] = tuple(
    OptionSpec(colour, "choice", GENRES[colour][0], (*GENRES[colour], RANDOM_GENRE)) for colour in COLOURS)
"""One option per colour (`red` … `black`): its four genre ids, the rules page's default first, or `random`."""

DESCRIPTION = GameDescription(
    key="librarians",
    names={"en": "Librarians", "it": "Librarians"},
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=GENRE_OPTIONS,
    cooperative=True,
    secret="the hands and the deck order",
    hints=True,
    measure=CoopMeasure({"en": "Cards left", "it": "Carte rimaste"}),
)
