"""The co-operative counting game (tests/service/coop_game.py) with a computer player that never ends its turn:
"wait" is legal and changes nothing. Leaving ends the game for the table, as in Librarians."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.protocol import GameRules

from tests.service.coop_game import DESCRIPTION, Count, _new, _parse

WAIT = "wait"


class Dither(Count):
    def legal_actions(self) -> list[str]:
        return [*super().legal_actions(), WAIT] if not self.is_over else []

    def check(self, action: Any, seat: int | None = None) -> None:
        super().check("add" if action == WAIT else action, seat)

    def apply(self, action: Any, seat: int | None = None) -> str:
        if action != WAIT:
            return super().apply(action, seat)
        self.check(action, seat)
        return action

    def resign(self, seat: int) -> None:
        super().resign(seat)
        self.gave_up = True

    def copy(self) -> Dither:
        return Dither.from_dict(self.to_dict())


def _new_dither(players: int, seed: int, options: Any) -> Dither:
    return Dither.from_dict(_new(players, seed, options).to_dict())


def _parse_dither(text: str) -> str:
    return text if text == WAIT else _parse(text)


def _choose(game: Dither, level: str, seed: int, seat: int) -> str:
    return WAIT


RULES = GameRules(description=replace(DESCRIPTION, key="dither"), state=Dither, new=_new_dither,
                  from_dict=Dither.from_dict, parse_action=_parse_dither, choose=_choose, levels=("normal",),
                  stand_in="normal", hint_level="normal")
