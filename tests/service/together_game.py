"""A tiny game where several seats may act at once, for the platform's tests: every round each seat says "ready"
(each a turn of its own), in any order (the seats still to say it all may act); the game ends after its rounds, everyone placed alike.
Shaped by engine.protocol."""
from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engine.protocol import (
    ActionRefused,
    GameDescription,
    GameRules,
    OptionSpec,
    Outcome,
    ranked_outcome,
    ranked_termination,
)

DESCRIPTION = GameDescription(key="together", names={"en": "All at once", "it": "Tutti insieme"},
                              min_players=2, max_players=3, options=(OptionSpec("rounds", "choice", 2, (1, 2, 3)),),
                              cooperative=False, secret="nothing")


class Together:
    def __init__(self, n_players: int, rounds: int) -> None:
        self.n_players, self.rounds = n_players, rounds
        self.round, self.turn, self.ready, self.resigned = 0, 0, frozenset[int](), frozenset[int]()

    @property
    def is_over(self) -> bool:
        return self.round >= self.rounds

    @property
    def to_act(self) -> frozenset[int]:
        """Every seat that has not said ready this round (resigned seats never act)."""
        if self.is_over:
            return frozenset()
        return frozenset(range(self.n_players)) - self.ready - self.resigned

    def legal_actions(self) -> list[str]:
        return [] if self.is_over else ["ready"]

    def check(self, action: Any, seat: int | None = None) -> None:
        if self.is_over or action != "ready" or (seat is not None and seat not in self.to_act):
            raise ActionRefused(f"{action!r} is not allowed now", "illegal")

    def apply(self, action: Any, seat: int | None = None) -> str:
        self.check(action, seat)
        self.ready = self.ready | {min(self.to_act) if seat is None else seat}
        self.turn += 1
        if not self.to_act:
            self.round, self.ready = self.round + 1, frozenset()
        return action

    def resign(self, seat: int) -> None:
        self.resigned = self.resigned | {seat}
        if not self.to_act:
            self.round, self.ready = self.round + 1, frozenset()

    def standing(self, left: Collection[int] = ()) -> Outcome:
        return ranked_outcome([self.round] * self.n_players, left, ties="shared",
                              termination=ranked_termination(self.is_over, self.n_players, self.resigned))

    def outcome(self, left: Collection[int] = ()) -> Outcome | None:
        return self.standing(left) if self.is_over else None

    def score_breakdown(self, seat: int) -> dict[str, Any]:
        return {"total": self.round}

    def view(self, seat: int) -> dict[str, Any]:
        return self.to_dict()

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n_players, "rounds": self.rounds, "round": self.round, "turn": self.turn,
                "ready": sorted(self.ready),
                "resigned": sorted(self.resigned)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Together:
        game = cls(d["n"], d["rounds"])
        game.round, game.turn = d["round"], d["turn"]
        game.ready, game.resigned = frozenset(d["ready"]), frozenset(d["resigned"])
        return game

    def copy(self) -> Together:
        return Together.from_dict(self.to_dict())


def _new(players: int, seed: int, options: Mapping[str, Any]) -> Together:
    return Together(players, options["rounds"])


def _parse(text: str) -> str:
    if text != "ready":
        raise ActionRefused(f"{text!r} is not an action", "notation")
    return text


def _choose(game: Together, level: str, seed: int, seat: int) -> str:
    return "ready"


RULES = GameRules(description=DESCRIPTION, state=Together, new=_new, from_dict=Together.from_dict, parse_action=_parse,
                  choose=_choose, levels=("normal",), stand_in="normal", hint_level="normal")
