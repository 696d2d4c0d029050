"""Librarians as the platform runs it: the `RULES` engine.registry finds by its kind."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..protocol import GameRules
from .actions import Action, parse_action
from .ai import LEVELS, choose
from .data import COLOURS
from .description import DESCRIPTION
from .game import LibrariansGame


def _new(players: int, seed: int, options: Mapping[str, Any]) -> LibrariansGame:
    return LibrariansGame.new(players, seed=seed, genres={c: options[c] for c in COLOURS if c in options})


def _choose(game: LibrariansGame, level: str, seed: int, seat: int) -> Action:
    """One seat acts at a time here: `seat` is the seat to act."""
    return choose(game, level, seed=seed)


RULES = GameRules[LibrariansGame, Action](
    description=DESCRIPTION,
    state=LibrariansGame,
    new=_new,
    from_dict=LibrariansGame.from_dict,
    parse_action=parse_action,
    choose=_choose,
    levels=tuple(LEVELS),
    stand_in="hard",
    hint_level="hard",  # hard: a whole turn 517 ms p95 of CPU (README, Performance)
)
