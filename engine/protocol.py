"""The game protocol: what the service, the store and the bot may know about any game.

Shaped like OpenSpiel's Game/State split. A game is a `GameRules` value (registered by kind in
`engine.registry`): a static `GameDescription` (what a lobby needs before any state exists), how to start,
load and replay a state, and its computer player. A state (`GameState`) says who may act now (a set of
seats), checks and applies actions (each apply returns the game's own report), says when it is over and
its `Outcome`, gives a per-seat view, and round-trips through `to_dict`/`from_dict`. An action has a text
form (`parse_action`, `str(action)`) that the move log stores. A refused action or unreadable action text
raises an `ActionRefused` (a ValueError with a `code` and `params` for translation).

The protocol is generic: `GameState[A, R, V]` over the game's action, report and view types, and
`GameRules[S, A]` over its state class and action type, so a game's own code (its computer player, its Discord
face) reads its state, actions and reports with their own types: `RULES.state_of(table.game)` narrows a state the
platform holds (typed `AnyState`) to the game's class once, checked.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

OptionValue = int | bool | str
REVISION = "revision"
"""The option naming the rules revision a game is played by (see `GameDescription.revision`)."""
FIRST_REVISION = 1
"""The revision of every game stored before its game had revisions (its options name none)."""
GENERIC_OPTIONS = frozenset({"players", "turn_timeout", "thread", "hints", REVISION})
"""Lobby options every game has (the platform handles them); a game's own options take other names."""


class ActionRefused(ValueError):
    """An action the rules refuse or text that is not an action; `code` and `params` name the reason, `kind` the
    game whose reason it is (each game's refusal class sets it), since two games may use one code for two
    different reasons."""

    kind: ClassVar[str] = ""

    def __init__(self, message: str, code: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class OptionError(ValueError):
    """A lobby option that is unknown or has a value its description does not allow."""

    def __init__(self, name: str, value: object, expected: str) -> None:
        super().__init__(f"option {name} must be {expected}, not {value!r}")
        self.name, self.value, self.expected = name, value, expected


@dataclass(frozen=True)
class OptionSpec:
    """One lobby option: its type ("choice" of values or "bool"), default and, for a choice, the values."""

    name: str
    type: Literal["choice", "bool"]
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()


@dataclass(frozen=True)
class CoopMeasure:
    """What a co-operative game's result counts (`Outcome.result`), or a solo game's (one seat against the game's
    own opponent), so the platform keeps and shows each server's best results without knowing the game: the
    measure's name per language, as a heading ("Cards left", "Points"), and which way is better."""

    names: dict[str, str]
    fewer_is_better: bool = True

    def name(self, locale: str) -> str:
        return self.names.get(locale, self.names["en"])


@dataclass(frozen=True)
class GameDescription:
    key: str
    names: dict[str, str]
    """The game's name per language ("en", "it")."""
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    cooperative: bool
    secret: str
    """What no seat may see; the views leave it out."""
    hints: bool = False
    """Whether a lobby may allow hints (the computer player suggesting a move to a person)."""
    measure: CoopMeasure | None = None
    """A co-operative game's measure of a table's result, required when `cooperative`; otherwise only a game with a
    solo mode (one seat, `min_players` 1) has one: the measure of its solo results."""
    revision: int = FIRST_REVISION
    """The rules revision new games are played by. A game changing how its rules play (not only how they look)
    raises it, and keeps playing the earlier revisions: a game is played by the revision it was created with (the
    platform stores it with the game's options, and hands it to `GameRules.new` as the option `REVISION`), so a
    game started before the change plays on, and its move log replays, by the rules it was played by."""

    def __post_init__(self) -> None:
        if self.cooperative and self.measure is None:
            raise ValueError(f"{self.key}: a co-operative game names its result's measure")
        if not self.cooperative and self.measure is not None and self.min_players != 1:
            raise ValueError(f"{self.key}: only a co-operative game or one with a solo mode names a result's measure")
        clash = sorted(GENERIC_OPTIONS & {spec.name for spec in self.options})
        if clash:
            raise ValueError(f"{self.key}: option {clash[0]!r} is a lobby option every game has")
        if isinstance(self.revision, bool) or not isinstance(self.revision, int) or self.revision < FIRST_REVISION:
            raise ValueError(f"{self.key}: a rules revision is a whole number from {FIRST_REVISION}")

    def name(self, locale: str) -> str:
        return self.names.get(locale, self.names["en"])

    @property
    def solo(self) -> bool:
        """Whether one seat may play alone against the game's own opponent, its results kept per setup by
        `measure` (not rated)."""
        return not self.cooperative and self.measure is not None

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option with its default filled in; an unknown name or a bad value raises OptionError naming it."""
        specs = {spec.name: spec for spec in self.options}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            raise OptionError(unknown[0], given[unknown[0]], f"one of the options {', '.join(specs) or '(none)'}")
        out: dict[str, Any] = {}
        for name, spec in specs.items():
            value = given.get(name, spec.default)
            if spec.type == "bool" and not isinstance(value, bool):
                raise OptionError(name, value, "true or false")
            if spec.type == "choice" and (isinstance(value, bool) or value not in spec.choices):
                raise OptionError(name, value, f"one of {', '.join(map(str, spec.choices))}")
            out[name] = value
        return out


class Termination(StrEnum):
    """How a game came to its outcome."""

    COMPLETED = "completed"
    """Played to its end by its rules (a co-operative table's loss by the rules too)."""
    RESIGNED = "resigned"
    """Resignations ended it: too few seats were left to play on (in a co-operative game, one seat resigning)."""
    UNFINISHED = "unfinished"
    """The game had not ended: the standing of a game the table stopped (every person left), as it stood."""


@dataclass(frozen=True)
class Outcome:
    """The result of a game: `termination` says how it came about.

    Ranked games: `scores[s]` per seat, `ranking` best first, `places[s]` from 1 (tied seats share a place
    when the rules share it), `winners`. Co-operative games also set `shared`: whether the table won
    together (every seat then has the same place); `result`: the table's result by the description's `measure`;
    and `setup`: the game's own options as played, a `random` pick resolved (the platform keeps the best results
    per player count and setup, since a result is only comparable with games set up the same way). A ranked game
    played alone against the game's own opponent (a solo mode) sets `result` and `setup` too: it is no ranked game
    against people, so the platform keeps it per setup, like a co-operative table's, instead of rating it."""

    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    places: tuple[int, ...]
    winners: frozenset[int]
    termination: Termination
    shared: bool | None = None
    result: int | None = None
    setup: tuple[tuple[str, OptionValue], ...] = ()


def ranked_termination(is_over: bool, n_players: int, resigned: Collection[int]) -> Termination:
    """How a ranked game ended whose seats play on after a resignation until one seat or none is left: once
    resignations leave at most one seat, they ended it."""
    if not is_over:
        return Termination.UNFINISHED
    return Termination.RESIGNED if resigned and n_players - len(resigned) <= 1 else Termination.COMPLETED


def ranked_outcome(scores: Sequence[int], left: Collection[int], *, ties: Literal["shared", "later_seat"],
                   termination: Termination) -> Outcome:
    """The one ranking rule of every ranked game: seats still playing by score, then the seats that left
    (also by score; they never win). `ties="later_seat"`: equal scores go to the seat later in turn order;
    `"shared"`: tied seats share the place, and every seat tied on the top score wins."""
    later_first = ties == "later_seat"

    def order(seats: list[int]) -> list[int]:
        return sorted(seats, key=lambda s: (-scores[s], -s if later_first else s))

    staying = order([s for s in range(len(scores)) if s not in left])
    gone = order([s for s in range(len(scores)) if s in left])
    places = [0] * len(scores)
    for position, s in enumerate(staying):
        tied = not later_first and position > 0 and scores[staying[position - 1]] == scores[s]
        places[s] = places[staying[position - 1]] if tied else position + 1
    for position, s in enumerate(gone, start=len(staying) + 1):
        places[s] = len(staying) + 1 if not later_first else position
    top = [s for s in staying if places[s] == 1]
    return Outcome(tuple(scores), tuple(staying + gone), tuple(places), frozenset(top), termination)


A = TypeVar("A")
"""A game's action: a value whose str() is its text form (parse_action(str(a)) == a)."""
R_co = TypeVar("R_co", covariant=True)
"""What a game's apply and resign report."""
V_co = TypeVar("V_co", covariant=True)
"""What one seat may see of a game (its `view`)."""


class GameState(Protocol[A, R_co, V_co]):
    """One game's state, as the platform uses it. A game's state class has more (its own board, cards...)."""

    n_players: int
    resigned: frozenset[int]
    turn: int
    """Whole turns played so far: a turn of several steps (roll, keep, circle) counts once, when it ends. The
    platform runs a turn's time from this number's change, not from every step."""

    @property
    def to_act(self) -> frozenset[int]:
        """The seats that may act now (empty once the game is over)."""
        ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[A]: ...

    def check(self, action: A, seat: int | None = None) -> None:
        """Raises ActionRefused with the first specific reason the action is refused."""
        ...

    def apply(self, action: A, seat: int | None = None) -> R_co:
        """Plays the action (nothing changes when it is refused); returns the game's report of what happened."""
        ...

    def resign(self, seat: int) -> R_co: ...

    def standing(self, left: Collection[int] = ()) -> Outcome:
        """The ranking as the game stands (the platform scores a game every person abandoned); `left` are seats
        the table counts as gone besides the resigned ones."""
        ...

    def outcome(self, left: Collection[int] = ()) -> Outcome | None:
        """The standing once the game is over; None while it goes on."""
        ...

    def score_breakdown(self, seat: int) -> dict[str, Any]:
        """The seat's points by part, as the game's pictures and words show them; "total" is its score."""
        ...

    def view(self, seat: int) -> V_co: ...

    def to_dict(self) -> dict[str, Any]: ...

    def copy(self) -> GameState[A, R_co, V_co]: ...


AnyState = GameState[Any, Any, Any]
"""A state of any registered game, as the platform holds it."""
S = TypeVar("S", bound=AnyState)


@dataclass(frozen=True)
class GameRules(Generic[S, A]):
    """Everything the platform needs to run one kind of game (one line of `engine.registry`): `S` is the game's
    state class, `A` its action type."""

    description: GameDescription
    state: type[S]
    """The game's state class: what `new` and `from_dict` make."""
    new: Callable[[int, int, Mapping[str, Any]], S]
    """(players, seed, the game's checked options) -> the starting state. The platform adds the option `REVISION`:
    the rules revision the game is played by (`GameDescription.revision`, or an earlier one for a game created
    before it); without it, the description's."""
    from_dict: Callable[[dict[str, Any]], S]
    """A stored state back; anything damaged raises ValueError."""
    parse_action: Callable[[str], A]
    """The move log's text back to an action; raises ActionRefused."""
    choose: Callable[[S, str, int, int], A]
    """The computer player: (state, level, seed, seat) -> a legal action for `seat`, one of the seats that may act
    now (where several may, as in a start every seat makes privately, each decides its own step)."""
    levels: tuple[str, ...]
    """The computer player's levels, weakest first."""
    stand_in: str
    """The level that plays an absent person's expired turn."""
    hint_level: str
    """The level that suggests a move to a person asking for a hint: the game's strongest level that answers
    within 1 s a decision (p95 on the bench, `python -m bench ai`), since the person waits for it."""

    def __post_init__(self) -> None:
        for role, level in (("stand-in", self.stand_in), ("hint", self.hint_level)):
            if level not in self.levels:
                raise ValueError(f"{self.key}: the {role} level {level!r} is not one of its levels")

    @property
    def key(self) -> str:
        return self.description.key

    def state_of(self, game: AnyState | None) -> S:
        """A state the platform holds (a table's `game`) as this game's own class: what a game's face reads it as.
        A state of another game, or none, is a caller's mistake (TypeError)."""
        if not isinstance(game, self.state):
            raise TypeError(f"{self.key}: a {type(game).__name__} is not a state of this game")
        return game
