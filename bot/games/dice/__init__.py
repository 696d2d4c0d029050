"""The Dice Game's Discord face (My Shelfie: The Dice Game): its command group, the click-only turn on the turn
message, the typed path and its words."""

KIND = "dice"
"""Its kind in engine.registry, the first part of its custom ids."""

from bot.games.dice.face import FACE  # noqa: E402 - its modules read KIND from here

__all__ = ["FACE", "KIND"]
