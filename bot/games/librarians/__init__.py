"""Librarians' Discord face (the co-operative game with secret hands): its command group, the click-only turn
(Play → a card → a numbered spot → … → End turn) on the turn message and a private builder, the typed path,
hands in DMs and ephemeral answers, and its words."""

KIND = "librarians"
"""Its kind in engine.registry, the first part of its custom ids."""

from bot.games.librarians.face import FACE  # noqa: E402 - its modules read KIND from here

__all__ = ["FACE", "KIND"]
