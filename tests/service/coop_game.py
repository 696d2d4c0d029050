"""A tiny co-operative game for the platform's tests: seats take turns adding 1 to a shared count; the table wins
together when the count reaches its target, and loses when a seat says "give up". Its result is the steps still
missing (fewer is better, 0 is a win), kept per target. Shaped by engine.protocol."""
from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engine.protocol import ActionRefused, CoopMeasure, GameDescription, GameRules, OptionSpec, Outcome, Termination

DESCRIPTION = GameDescription(key="coop", names={"en": "Count together", "it": "Contiamo insieme"},
                              min_players=2, max_players=3, options=(OptionSpec("target", "choice", 4, (4, 6)),),
                              cooperative=True, secret="nothing",
                              measure=CoopMeasure({"en": "Steps missing", "it": "Passi mancanti"}))


class Count:
    def __init__(self, n_players: int, target: int) -> None:
        self.n_players, self.target = n_players, target
        self.count, self.current, self.gave_up, self.turn = 0, 0, False, 0
        self.resigned: frozenset[int] = frozenset()

    @property
    def is_over(self) -> bool:
        return self.gave_up or self.count >= self.target

    @property
    def to_act(self) -> frozenset[int]:
        return frozenset() if self.is_over else frozenset({self.current})

    def legal_actions(self) -> list[str]:
        return [] if self.is_over else ["add", "give up"]

    def check(self, action: Any, seat: int | None = None) -> None:
        if self.is_over or action not in ("add", "give up") or (seat is not None and seat != self.current):
            raise ActionRefused(f"{action!r} is not allowed now", "illegal")

    def apply(self, action: Any, seat: int | None = None) -> str:
        self.check(action, seat)
        self.count += action == "add"
        self.gave_up = action == "give up"
        self.current = (self.current + 1) % self.n_players
        self.turn += 1
        return action

    def resign(self, seat: int) -> None:
        self.resigned = self.resigned | {seat}

    def standing(self, left: Collection[int] = ()) -> Outcome:
        won = self.count >= self.target
        seats = tuple(range(self.n_players))
        termination = Termination.COMPLETED if self.is_over else Termination.UNFINISHED
        return Outcome((self.count,) * self.n_players, seats, (1,) * self.n_players,
                       frozenset(seats) if won else frozenset(), termination, shared=won,
                       result=max(0, self.target - self.count), setup=(("target", self.target),))

    def outcome(self, left: Collection[int] = ()) -> Outcome | None:
        return self.standing(left) if self.is_over else None

    def score_breakdown(self, seat: int) -> dict[str, Any]:
        return {"total": self.count}

    def view(self, seat: int) -> dict[str, Any]:
        return self.to_dict()

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n_players, "target": self.target, "count": self.count, "current": self.current,
                "gave_up": self.gave_up, "resigned": sorted(self.resigned)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Count:
        game = cls(d["n"], d["target"])
        game.count, game.current, game.gave_up = d["count"], d["current"], d["gave_up"]
        game.resigned = frozenset(d["resigned"])
        return game

    def copy(self) -> Count:
        return Count.from_dict(self.to_dict())


def _new(players: int, seed: int, options: Mapping[str, Any]) -> Count:
    return Count(players, options["target"])


def _parse(text: str) -> str:
    if text not in ("add", "give up"):
        raise ActionRefused(f"{text!r} is not an action", "notation")
    return text


def _choose(game: Count, level: str, seed: int, seat: int) -> str:
    return "add"


RULES = GameRules(description=DESCRIPTION, state=Count, new=_new, from_dict=Count.from_dict, parse_action=_parse,
                  choose=_choose, levels=("normal",), stand_in="normal", hint_level="normal")
