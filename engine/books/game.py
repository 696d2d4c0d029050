"""The state of one game of A Place for All My Books: `BooksGame`, the platform's GameState over the table
(engine.books.state.Tabletop). Its steps are engine.books.steps, played on a copy so a refusal changes nothing
and `check` is exact."""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..protocol import Outcome
from .actions import Action, IllegalAction
from .flow import run_tasks
from .legal import legal_actions
from .revision import CLAIMED_AT_ONCE, CURRENT
from .scoring import breakdown, standing
from .serial import from_dict, to_dict
from .setup import deal
from .state import Tabletop, Task
from .steps import Report, acting, claim_counts, claimed_since, play, refuse
from .view import BooksView, view_of

__all__ = ["BooksGame", "Report"]


class BooksGame(Tabletop):
    """One game (its fields: engine.books.state.Tabletop). Seat `first` starts; with one seat, Penelope plays
    after each of its turns."""

    @classmethod
    def new(cls, n_players: int, *, seed: int, level: int = 1, revision: int = CURRENT) -> BooksGame:
        """A new game; `revision`: the rules revision it is played by (engine.books.revision; today's by default)."""
        game = cls()
        deal(game, n_players, seed, level, revision)
        return game

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def to_act(self) -> frozenset[int]:
        """The seat whose step comes next, plus every seat that has not yet kept its 3 Little Projects (they keep
        privately, in any order)."""
        return acting(self)

    def legal_actions(self) -> list[Action]:
        return legal_actions(self)

    def check(self, action: Action, seat: int | None = None) -> None:
        """Raises IllegalAction with the first specific reason the step is refused."""
        refuse(self.copy(), action, seat)

    def apply(self, action: Action, seat: int | None = None) -> Report:
        """Plays the step; on a refusal nothing changes."""
        trial = self.copy()
        report = play(trial, action, seat)
        self.__dict__.update(trial.__dict__)
        return report

    def resign(self, seat: int) -> Report:
        """The seat leaves (its meeple leaves the board, its dealt cards are discarded); play goes on without it
        until one seat or none is left. A solo player resigning loses."""
        if self.over:
            raise IllegalAction("The game is over.", "game_over")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n_players \
                or seat in self.resigned:
            raise IllegalAction(f"Seat {seat} is not playing.", "not_playing", seat=seat)
        turn, claims = self.turn, claim_counts(self)
        self.resigned = self.resigned | {seat}
        player = self.players[seat]
        self.lp_discard += player.dealt
        player.dealt, player.location = [], None
        if self.n_players - len(self.resigned) < (2 if self.n_players > 1 else 1):
            self.over, self.pending, self.tasks = True, None, []
        elif seat == self.current:
            # the turn ends here: from CLAIMED_AT_ONCE on, with its check of the other seats' accomplishments
            ends = [Task("majors", seat)] if self.revision >= CLAIMED_AT_ONCE else []
            self.pending, self.tasks = None, [*ends, Task("pass", seat)]
            run_tasks(self)
        elif self.pending is not None and self.pending.seat == seat:
            self.pending = None
            self.tasks = [task for task in self.tasks if task.seat != seat]
            run_tasks(self)
        return Report(seat, None, claimed=claimed_since(self, claims), turn_over=self.turn != turn or self.over,
                      game_over=self.over)

    def standing(self, left: Collection[int] = ()) -> Outcome:
        """By score, a tie by the most books, then shared (solo: against Penelope)."""
        return standing(self, left)

    def outcome(self, left: Collection[int] = ()) -> Outcome | None:
        return self.standing(left) if self.over else None

    def score_breakdown(self, seat: int) -> dict[str, Any]:
        return breakdown(self, seat)

    def view(self, seat: int | None) -> BooksView:
        """What `seat` may see: everything public and its own hand; None: what everyone may see."""
        return view_of(self, seat)

    def public_view(self) -> BooksView:
        return view_of(self, None)

    def to_dict(self) -> dict[str, Any]:
        return to_dict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> BooksGame:
        """Reads a state written by to_dict; anything damaged raises ValueError."""
        game = cls()
        from_dict(game, d)
        return game

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BooksGame) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]
