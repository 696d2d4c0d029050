"""The static description of A Place for All My Books: what a lobby needs before any state exists."""
from __future__ import annotations

from ..protocol import CoopMeasure, GameDescription, OptionSpec
from .data import MAX_PLAYERS, MIN_PLAYERS, RIVAL_LEVELS
from .revision import CURRENT

DEFAULT_LEVEL = min(RIVAL_LEVELS)

DESCRIPTION = GameDescription(
    key="books",
    names={"en": "A Place for All My Books", "it": "Un posto per tutti i miei libri"},
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(OptionSpec("level", "choice", DEFAULT_LEVEL, tuple(sorted(RIVAL_LEVELS))),),
    cooperative=False,
    secret="the Little Projects in hand and dealt, the bag's draws and the decks' order",
    hints=True,
    measure=CoopMeasure({"en": "Points", "it": "Punti"}, fewer_is_better=False),
    revision=CURRENT,
)
"""`level` is Penelope's (1 easiest - 5): it matters only in the 1-seat solo game, whose points (`measure`) are
kept per level."""
