"""Every game the platform runs, by kind: the one place that lists the games (adding a game adds a line)."""
from __future__ import annotations

from .dice.platform import RULES as DICE
from .librarians.platform import RULES as LIBRARIANS
from .protocol import GameRules
from .shelfie.platform import RULES as SHELFIE

GAMES: dict[str, GameRules] = {rules.key: rules for rules in (SHELFIE, DICE, LIBRARIANS)}


def rules_of(kind: str) -> GameRules:
    """The registered game of this kind; an unknown kind raises KeyError naming it."""
    try:
        return GAMES[kind]
    except KeyError:
        raise KeyError(f"no game of kind {kind!r}; kinds are {', '.join(GAMES)}") from None
