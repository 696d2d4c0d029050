"""The plain values the table service hands out: options, seats, tables, results and events.

They are frozen snapshots. `Table.game` is the engine state (any registered game, through the
protocol) the service never mutates after handing it out (each step works on a copy), so a caller
may keep and read it, but must not mutate it either. A game's own code reads it as its state class through
its rules (`RULES.state_of(table.game)`), and a played turn as `PlayedTurn[its action, its report]`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from engine.protocol import FIRST_REVISION, REVISION, AnyState, GameDescription, OptionError

from bot.service.refusals import InvalidOption
from bot.store.records import (
    OPEN_STATUSES,
    AnnouncementRow,
    CoopBestRow,
    CoopRecordRow,
    EndReason,
    StatsRow,
    TableStatus,
    TurnKind,
)

MIN_TURN_TIMEOUT = 5 * 60
MAX_TURN_TIMEOUT = 7 * 24 * 3600
DEFAULT_TURN_TIMEOUT = 24 * 3600
DEFAULT_LOBBY_TIMEOUT = 24 * 3600
LARGEST_ID = 2**63 - 1
"""SQLite's largest integer: a game id, turn or Discord snowflake above it can only be forged, and looking it up
would raise OverflowError in the store instead of finding nothing."""
"""A lobby nobody starts closes this long after it opened (the operator's SHELFIE_LOBBY_TIMEOUT)."""


def check_turn_timeout(seconds: int | None) -> None:
    if seconds is None:
        return
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not MIN_TURN_TIMEOUT <= seconds <= MAX_TURN_TIMEOUT:
        raise InvalidOption("turn_timeout", seconds, f"{MIN_TURN_TIMEOUT}-{MAX_TURN_TIMEOUT} seconds")


@dataclass(frozen=True, slots=True)
class GameOptions:
    """What a game's `new` command chose. `players` is the number of seats (None: the game's most); a game may
    start with fewer. `game` holds the game's own options, checked and completed by its description.

    `turn_timeout=None` means the guild default (the operator's default if the guild set none); the
    lobby stores the resolved number of seconds. `revision` is the rules revision the game is played by, fixed when
    its lobby is created (the game's current one); None before that.
    """

    players: int | None = None
    turn_timeout: int | None = None
    thread: bool = False
    hints: bool = False
    game: Mapping[str, Any] = field(default_factory=dict)
    revision: int | None = None

    def checked(self, description: GameDescription) -> GameOptions:
        """These options for that game, its own options completed with their defaults; InvalidOption otherwise."""
        players = description.max_players if self.players is None else self.players
        low, high = description.min_players, description.max_players
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise InvalidOption("players", players, ", ".join(map(str, range(low, high))) + f" or {high}")
        check_turn_timeout(self.turn_timeout)
        for name in ("thread", "hints"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidOption(name, getattr(self, name), "true or false")
        if self.hints and not description.hints:
            raise InvalidOption("hints", self.hints, "false")
        revision = description.revision if self.revision is None else self.revision
        if isinstance(revision, bool) or not isinstance(revision, int) \
                or not FIRST_REVISION <= revision <= description.revision:
            raise InvalidOption(REVISION, revision, f"a rules revision {FIRST_REVISION}-{description.revision}")
        try:
            game = description.check_options(self.game)
        except OptionError as exc:
            raise InvalidOption(exc.name, exc.value, exc.expected) from exc
        return replace(self, players=players, game=game, revision=revision)

    def rules_options(self) -> dict[str, Any]:
        """What the game's rules start a game from (`GameRules.new`): its own options and the rules revision, once
        fixed."""
        return {**self._revision(), **self.game}

    def to_dict(self) -> dict[str, Any]:
        """One flat mapping, as the store has always kept it (the game's own options beside the lobby's), with the
        rules revision only when it is not the first: `from_dict` reads none as the first, and a game of the first
        revision stays readable by a release from before revisions (a rolling deploy's old process, a rollback)."""
        revision = {} if self.revision == FIRST_REVISION else self._revision()
        return {"players": self.players, "turn_timeout": self.turn_timeout, "thread": self.thread,
                "hints": self.hints, **revision, **self.game}

    def _revision(self) -> dict[str, int]:
        return {} if self.revision is None else {REVISION: self.revision}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameOptions:
        """A stored game's options; a key it lacks (an option added after the game was stored) takes its default
        once `checked` against the game, but the rules revision: a game stored before it had one is played by its
        game's first revision."""
        generic = {name: d[name] for name in ("players", "turn_timeout", "thread", "hints") if name in d}
        game = {k: v for k, v in d.items() if k not in generic and k != REVISION}
        return cls(**generic, game=game, revision=d.get(REVISION, FIRST_REVISION))


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat. In a lobby `index` is the join order; once started it is the engine seat (0 plays first).

    A computer seat has `level`; a human replaced after 3 expired turns keeps `user_id` and gains a level.
    """

    index: int
    user_id: int | None
    name: str
    level: str | None = None
    expired_turns: int = 0

    @property
    def is_computer(self) -> bool:
        return self.level is not None

    @property
    def is_human(self) -> bool:
        """A person plays this seat now (not a computer, not a replaced absentee)."""
        return self.level is None


@dataclass(frozen=True, slots=True)
class Table:
    """A game as stored. `turn` counts move-log entries (moves, resignations, computer and timeout
    moves): a client sends back the `turn` it showed, so a click made on an older turn is refused as stale.
    `game` is the engine state once started (None in a lobby)."""

    game_id: int
    kind: str
    """The registered game (engine.registry) this table plays."""
    guild_id: int
    channel_id: int
    thread_id: int | None
    status: TableStatus
    end_reason: EndReason | None
    options: GameOptions
    host_id: int
    seats: tuple[Seat, ...]
    game: AnyState | None
    version: int
    turn: int
    lobby_message_id: int | None
    turn_message_id: int | None
    created_at: float
    updated_at: float
    turn_started_at: float | None = None
    """When the current turn began (epoch seconds, the service clock); a typed move sent before is out of date."""
    rematch_of: int | None = None
    turn_ends_at: float | None = None
    """When the current turn runs out (epoch seconds): its expiry deadline, which every step of one turn keeps. None
    when no deadline runs: a lobby, a finished game, a computer to act, a game without a turn time."""

    @property
    def place_id(self) -> int:
        """The channel or thread where the game's messages go."""
        return self.thread_id if self.thread_id is not None else self.channel_id

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def acting(self) -> tuple[Seat, ...]:
        """The seats that may act now (usually one), while the game is active."""
        if self.status != TableStatus.ACTIVE or self.game is None or self.game.is_over:
            return ()
        return tuple(self.seats[i] for i in sorted(self.game.to_act))

    @property
    def current_seat(self) -> Seat | None:
        """Whose turn it is (the first of the seats that may act), while the game is active."""
        acting = self.acting
        return acting[0] if acting else None

    @property
    def first_seat(self) -> Seat | None:
        """The first player (seat 0, who holds the first-player marker) once the game has started."""
        return self.seats[0] if self.game is not None else None

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)


A = TypeVar("A")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class PlayedTurn(Generic[A, R]):
    """One move-log entry just applied. kind: move (a person), auto (a computer seat),
    timeout (the computer for an absent person), resign (move is None). `move` is the game's action and
    `report` the game's report of what it changed: the service hands out `PlayedTurn[Any, Any]`, and a game's
    face reads the turns of its own tables as `PlayedTurn[its action, its report]`."""

    seat: Seat
    kind: TurnKind
    move: A | None
    report: R


@dataclass(frozen=True, slots=True)
class Standing:
    """Final place of one seat (`rank` from 1; seats the rules tie share it); `breakdown` is the engine's
    score_breakdown (its "total" is `total`). In a co-operative game every seat has rank 1 and `won` is the
    table's shared result."""

    seat: Seat
    rank: int
    total: int
    breakdown: dict[str, Any]
    won: bool
    resigned: bool
    replaced: bool = False
    """The person missed 3 turns in a row and a computer finished for them: ranked last, like a resignation."""


@dataclass(frozen=True, slots=True)
class PlayResult:
    """The table after the call, every turn it applied in order, and the final standings if it ended."""

    table: Table
    turns: tuple[PlayedTurn[Any, Any], ...]
    standings: tuple[Standing, ...] = ()
    taken_over: tuple[Seat, ...] = ()
    """The people whose seats the computer took over in this step (an expired turn, their third in a row): one
    expiry may take over several seats that act at once."""

    @property
    def finished(self) -> bool:
        return self.table.status == TableStatus.FINISHED


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game in a server's history: the table as it ended, its final standings (best first), when it
    ended and its end message (None when none went out)."""

    table: Table
    standings: tuple[Standing, ...]
    finished_at: float
    end_message_id: int | None


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """One page of a server's finished games, newest first: `offset` of them come before it, `total` in all."""

    games: tuple[FinishedGame, ...]
    offset: int
    total: int


@dataclass(frozen=True, slots=True)
class ReplayedStep:
    """One move-log entry of a finished game played again: what it did, the game right after it, and when it was
    played."""

    turn: PlayedTurn[Any, Any]
    game: AnyState
    at: float


@dataclass(frozen=True, slots=True)
class GameReplay:
    """A finished game played again from its seed and move log: the table as it ended, the game at its start, then
    every entry of the log in order."""

    table: Table
    start: AnyState
    steps: tuple[ReplayedStep, ...]


@dataclass(frozen=True, slots=True)
class StartResult(PlayResult):
    """`turns` holds the computer turns played before the first person's turn."""


@dataclass(frozen=True, slots=True)
class TurnReminder:
    """A person's turn is half gone (`final=False`) or nearly over (`final=True`)."""

    table: Table
    seat: Seat
    expires_at: float
    final: bool


@dataclass(frozen=True, slots=True)
class TurnTimedOut:
    """A person's turn expired and the computer played it for them (for every person whose time ran out: several
    seats may act at once).

    `result.turns[0]` is the first of them's timeout move; later turns are the others' and computer seats that
    followed. `result.taken_over` lists the seats that became computer seats (3 expiries in a row);
    `result.table.end_reason == EndReason.ABANDONED` says the game ended because no person is left.
    """

    result: PlayResult


@dataclass(frozen=True, slots=True)
class LobbyExpired:
    """Nobody started the lobby in time: it is closed (cancelled, `end_reason=EndReason.EXPIRED`), its place is free."""

    table: Table


DeadlineEvent = TurnReminder | TurnTimedOut | LobbyExpired


@dataclass(frozen=True, slots=True)
class Rematch:
    """The rematch lobby of a finished game. `opened` is False when an earlier click had already opened it;
    `spare_thread_id` is a thread this call opened but lost to a concurrent rematch (the caller closes it)."""

    table: Table
    opened: bool
    spare_thread_id: int | None = None


@dataclass(frozen=True, slots=True)
class AuditResult:
    game_id: int
    ok: bool
    moves: int
    problem: str | None = None


PlayerStats = StatsRow
"""A player's results in one guild: the store's row is already a plain value, so the service hands it on."""

CoopBest = CoopBestRow
"""A server's best shared result at one player count and setup of a co-operative game (a plain store row too)."""

CoopRecord = CoopRecordRow
"""A player's shared results at one player count and setup of a co-operative game."""

Announcement = AnnouncementRow
"""One outbox entry of a channel announcement; also a plain store row handed on as it is."""


@dataclass(frozen=True, slots=True)
class GameOutbox:
    """What posting a game's outbox starts from: its announcements still to post, in the order they must be posted,
    and its live one (posted, its message not yet collapsed to its summary), if any."""

    pending: list[Announcement]
    live: Announcement | None


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    turn_timeout: int | None = None
    locale: str | None = None
    operator_turn_timeout: int = DEFAULT_TURN_TIMEOUT
    """What new lobbies get when the server set no turn time: the operator's SHELFIE_TURN_TIMEOUT."""

    @property
    def effective_turn_timeout(self) -> int:
        return self.turn_timeout if self.turn_timeout is not None else self.operator_turn_timeout


@dataclass(frozen=True, slots=True)
class RatingEntry:
    """What a rating hook gets for each person in a finished game: prior rating (None if new) and rank (1 = best).

    `seats` is how many seats the game had: the ranks no person holds were computer seats."""

    user_id: int
    rating: tuple[float, float] | None
    rank: int
    seats: int = 0
