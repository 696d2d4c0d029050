"""The static description of the Dice Game: what a lobby needs before any state exists."""
from __future__ import annotations

from ..protocol import GameDescription, OptionSpec
from .data import DEFAULT_DICE, DICE_COUNTS, MAX_PLAYERS, MIN_PLAYERS

DESCRIPTION = GameDescription(
    key="dice",
    names={"en": "My Shelfie: The Dice Game", "it": "My Shelfie: Il gioco di dadi"},
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        OptionSpec("dice", "choice", DEFAULT_DICE, DICE_COUNTS),
        OptionSpec("row_lock", "bool", False),
    ),
    cooperative=False,
    secret="future rolls",
    hints=True,
)
