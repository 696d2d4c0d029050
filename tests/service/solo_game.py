"""A tiny solo game for the platform's tests: one seat adds 1 to its count until it reaches the target (a win
against the game) or says "give up" (a loss). Its result is the count reached (more is better), kept per target.
The count itself is the co-operative test game's (tests.service.coop_game); only the description and the outcome
differ. Shaped by engine.protocol."""
from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from engine.protocol import CoopMeasure, GameDescription, GameRules, OptionSpec, Outcome, Termination

from tests.service import coop_game

DESCRIPTION = GameDescription(key="solo", names={"en": "Count alone", "it": "Contare da soli"},
                              min_players=1, max_players=1, options=(OptionSpec("target", "choice", 4, (4, 6)),),
                              cooperative=False, secret="nothing",
                              measure=CoopMeasure({"en": "Count", "it": "Conteggio"}, fewer_is_better=False))


class Alone(coop_game.Count):
    def standing(self, left: Collection[int] = ()) -> Outcome:
        won = self.count >= self.target and not left
        termination = Termination.COMPLETED if self.is_over else Termination.UNFINISHED
        return Outcome((self.count,), (0,), (1 if won else 2,), frozenset({0}) if won else frozenset(),
                       termination, result=self.count, setup=(("target", self.target),))

    def copy(self) -> Alone:
        return Alone.from_dict(self.to_dict())  # type: ignore[return-value]


def _new(players: int, seed: int, options: Mapping[str, Any]) -> Alone:
    return Alone(players, options["target"])


RULES = replace(coop_game.RULES, description=DESCRIPTION, state=Alone, new=_new, from_dict=Alone.from_dict)
