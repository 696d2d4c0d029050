"""My Shelfie's Discord face: its command group, turn buttons, move builder and words."""

from bot.games.shelfie.face import FACE
from bot.games.shelfie.kind import KIND

__all__ = ["FACE", "KIND"]
