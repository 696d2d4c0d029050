"""Librarians' Discord face (the co-operative game with secret hands): its command group, the click-only turn
(Play → a card → a numbered spot → … → End turn) on the turn message and a private builder, the typed path,
hands in DMs and ephemeral answers, and its words."""

from bot.games.librarians.face import FACE
from bot.games.librarians.kind import KIND

__all__ = ["FACE", "KIND"]
