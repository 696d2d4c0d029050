"""The static description of My Shelfie: what a lobby needs before any state exists."""
from __future__ import annotations

from ..protocol import GameDescription, OptionSpec
from .game import REFILL_RULES

DESCRIPTION = GameDescription(
    key="shelfie",
    names={"en": "My Shelfie", "it": "My Shelfie"},
    min_players=2,
    max_players=4,
    options=(
        OptionSpec("first_game", "bool", False),
        OptionSpec("refill", "choice", "isolated", REFILL_RULES),
    ),
    cooperative=False,
    secret="personal goal cards and the bag order",
    hints=True,
)
