"""Every game the platform runs, by kind. `KINDS` is the one line that lists the games: each layer finds a
game's parts through it, by the kind's package (engine.<kind>.RULES here, render.<kind>.PICTURES,
bot.games.<kind>.FACE), so adding a game adds its folders and its kind here."""
from __future__ import annotations

import importlib
from typing import Any

from .protocol import GameRules

KINDS: tuple[str, ...] = ("shelfie", "dice", "librarians", "books")


def _rules(kind: str) -> GameRules[Any, Any]:
    rules: object = importlib.import_module(f"engine.{kind}").RULES
    if not isinstance(rules, GameRules) or rules.key != kind:
        raise TypeError(f"engine.{kind}.RULES must be the GameRules of kind {kind!r}")
    return rules


GAMES: dict[str, GameRules[Any, Any]] = {kind: _rules(kind) for kind in KINDS}


def rules_of(kind: str) -> GameRules[Any, Any]:
    """The registered game of this kind; an unknown kind raises KeyError naming it."""
    try:
        return GAMES[kind]
    except KeyError:
        raise KeyError(f"no game of kind {kind!r}; kinds are {', '.join(GAMES)}") from None
