"""The Dice Game's Discord face (My Shelfie: The Dice Game): its command group, the click-only turn on the turn
message, the typed path and its words."""

from bot.games.dice.face import FACE
from bot.games.dice.kind import KIND

__all__ = ["FACE", "KIND"]
