"""A Place for All My Books as the platform runs it: the `RULES` engine.registry finds by its kind."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..protocol import REVISION, GameRules
from .actions import Action, parse_action
from .ai import LEVELS, choose
from .description import DESCRIPTION
from .game import BooksGame


def _new(players: int, seed: int, options: Mapping[str, Any]) -> BooksGame:
    return BooksGame.new(players, seed=seed, level=options["level"],
                         revision=options.get(REVISION, DESCRIPTION.revision))


def _choose(game: BooksGame, level: str, seed: int, seat: int) -> Action:
    return choose(game, level, seed=seed, seat=seat)


RULES = GameRules[BooksGame, Action](
    description=DESCRIPTION,
    state=BooksGame,
    new=_new,
    from_dict=BooksGame.from_dict,
    parse_action=parse_action,
    choose=_choose,
    levels=tuple(LEVELS),
    stand_in="hard",
    hint_level="hard",  # hard: 465 ms p95 of CPU a step at level 1 (README, Performance)
)
