"""A Place for All My Books' Discord face: its command group, the click-only turn (Take your turn → a private
builder offering only legal choices, part by part, then Confirm), the keep-3 of 5 chosen privately by every seat,
the typed path (`/books play` with autocomplete), Little Projects in DMs and ephemeral answers, the rules and
every card of the product's own set, and its words."""

from bot.games.books.face import FACE
from bot.games.books.kind import KIND

__all__ = ["FACE", "KIND"]
