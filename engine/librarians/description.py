"""The static description of Librarians: what a lobby needs before any state exists."""
from __future__ import annotations

from ..protocol import CoopMeasure, GameDescription
from .data import MAX_PLAYERS, MIN_PLAYERS

DESCRIPTION = GameDescription(
    key="librarians",
    names={"en": "Librarians", "it": "Librarians"},
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(),
    cooperative=True,
    secret="the hands and the deck order",
    hints=True,
    measure=CoopMeasure({"en": "Cards left", "it": "Carte rimaste"}),
)
