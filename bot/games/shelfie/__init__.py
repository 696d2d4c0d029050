"""My Shelfie's Discord face: its command group, turn buttons, move builder and words."""

KIND = "shelfie"
"""Its kind in engine.registry, the first part of its custom ids."""

from bot.games.shelfie.face import FACE  # noqa: E402 - its modules read KIND from here

__all__ = ["FACE", "KIND"]
