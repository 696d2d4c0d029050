"""Plain rows as the store reads and writes them; JSON columns arrive already parsed."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class TableStatus(StrEnum):
    """Where a game is in its life (the games table's `status`, as its CHECK lists them)."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"


OPEN_STATUSES = (TableStatus.LOBBY, TableStatus.ACTIVE)
"""A game in one of these occupies its channel or thread (the schema's unique index on place_id says the same)."""


class EndReason(StrEnum):
    """Why a game is no longer open (the games table's `end_reason`; None while it is)."""

    COMPLETED = "completed"
    """Played to its end by its rules (status finished)."""
    ABANDONED = "abandoned"
    """No person was left: every person resigned or was replaced, or the last person left a lobby."""
    CANCELLED = "cancelled"
    """The host or an admin cancelled it."""
    EXPIRED = "expired"
    """A lobby nobody started in time."""
    CORRUPT = "corrupt"
    """An admin cancelled a game whose stored row could not be read."""


class TurnKind(StrEnum):
    """Who made a move-log entry (the moves table's `kind`)."""

    MOVE = "move"
    """A person's move."""
    AUTO = "auto"
    """A computer seat's move."""
    TIMEOUT = "timeout"
    """The computer's move for a person whose turn expired."""
    RESIGN = "resign"
    """A seat resigned (the entry has no move)."""


class OutboxEvent(StrEnum):
    """The step an announcement of the outbox tells (the announcements table's `event`)."""

    START = "start"
    MOVE = "move"
    RESIGN = "resign"
    TIMEOUT = "timeout"
    REPLACED = "replaced"
    """A turn expired for the third time in a row: the computer plays that seat from now on."""
    CANCEL = "cancel"


class DeadlineKind(StrEnum):
    """What a stored deadline does when it falls due (the deadlines table's `kind`, as its CHECK lists them)."""

    REMINDER = "reminder"
    """Half the turn's time is gone."""
    FINAL_REMINDER = "final_reminder"
    """The turn is nearly over."""
    EXPIRY = "expiry"
    """The turn is over: the computer plays it."""
    LOBBY_EXPIRY = "lobby_expiry"
    """A lobby nobody started closes."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    position: int
    user_id: int | None
    name: str
    level: str | None = None
    expired_turns: int = 0


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    kind: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    place_id: int | None
    status: TableStatus
    end_reason: EndReason | None
    options: dict[str, Any]
    host_id: int
    seed: int
    created_at: float
    updated_at: float
    state: dict[str, Any] | None
    version: int
    turn: int
    lobby_message_id: int | None
    turn_message_id: int | None
    turn_started_at: float | None = None
    """When the current turn began (the commit that made it current); None before the game starts."""
    rematch_of: int | None = None
    """The finished game this lobby is the rematch of (a game has at most one live rematch: open or started)."""
    turn_ends_at: float | None = None
    """When the current turn runs out: its expiry deadline (None: no deadline runs, as while a computer plays)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    game: GameRow
    seats: tuple[SeatRow, ...]


@dataclass(frozen=True, slots=True)
class NewGame:
    guild_id: int
    channel_id: int
    thread_id: int | None
    place_id: int | None
    options: dict[str, Any]
    host_id: int
    seed: int
    seats: tuple[SeatRow, ...]
    kind: str = "shelfie"
    rematch_of: int | None = None
    lobby_expires_at: float | None = None
    """When the lobby closes if nobody starts it (a LOBBY_EXPIRY deadline stored with the lobby)."""


@dataclass(frozen=True, slots=True)
class FinishedRow:
    """A finished game as a server's history lists it: when it ended, and its end message (the last message the
    outbox posted for it; None when none went out)."""

    game_id: int
    finished_at: float
    end_message_id: int | None


@dataclass(frozen=True, slots=True)
class MoveRow:
    seq: int
    seat: int
    move: str | None
    kind: TurnKind
    at: float


@dataclass(frozen=True, slots=True)
class ShardSet:
    """The Discord shards one process serves: a guild belongs to shard `(guild_id >> 22) % count` (Discord's
    rule), so this process fires the deadlines and posts the outbox of exactly those guilds."""

    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or any(not 0 <= shard < self.count for shard in self.ids):
            raise ValueError(f"shard ids {sorted(self.ids)} do not fit a shard count of {self.count}")

    @property
    def everything(self) -> bool:
        """Whether every shard is here, so no guild is left out."""
        return len(self.ids) == self.count

    def shard_of(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.count

    def owns(self, guild_id: int) -> bool:
        return self.shard_of(guild_id) in self.ids


@dataclass(frozen=True, slots=True)
class DeadlineRow:
    game_id: int
    kind: DeadlineKind
    due_at: float
    turn: int
    attempts: int = 0
    """Failed firings so far (a retried deadline counts them; a new one starts at 0)."""


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One human's result in a finished game; recording it also folds it into player_stats."""

    seat: int
    user_id: int
    name: str
    points: int
    rank: int
    won: bool
    rating: tuple[float, float] | None = None
    prior_games: int | None = None
    """For a rated result: the player's finished-game count the rating was computed from (0: no stats row). The
    commit refuses with StatsChanged if another process finished one of their games since, so no rating update
    is lost; None records the result without that check."""
    ranked: bool = True
    """Whether it folds into player_stats (games, wins, points, best, rating: the figures of games against others
    and the leaderboard); False for a solo game, whose result is kept per setup in coop_results instead."""


@dataclass(frozen=True, slots=True)
class CoopResultRow:
    """A co-operative game played to its end: the table's shared result (what it counts and which way is better
    is the game's measure), kept per server, player count and `setup` (the game's own options as played). A solo
    game's result (one seat against the game's own opponent) is kept the same way, with 1 player."""

    players: int
    setup: dict[str, Any]
    result: int
    won: bool


@dataclass(frozen=True, slots=True)
class CoopBestRow:
    """The best result of one player count and setup in a server: the first game that reached it (`team` its
    seats) and how many games were played set up that way."""

    game_id: int
    players: int
    setup: dict[str, Any]
    result: int
    won: bool
    at: float
    games: int
    team: tuple[SeatRow, ...]


@dataclass(frozen=True, slots=True)
class CoopRecordRow:
    """One player's co-operative (or solo) games of one kind, player count and setup in a server: how many, their
    best result, whether any of them was won, the sum of their results and how many were won."""

    players: int
    setup: dict[str, Any]
    games: int
    best: int
    won: bool
    total: int
    wins: int = 0


@dataclass(frozen=True, slots=True)
class AnnouncementRow:
    """One channel announcement in the outbox: the step that committed game `version` played the move-log
    entries `first_seq..last_seq` (none when first_seq > last_seq). `event` names the step. Once posted,
    `message_id` is the message and `summary` the one line it collapses to when a newer message replaces it
    (None: nothing to collapse)."""

    game_id: int
    version: int
    event: OutboxEvent
    first_seq: int
    last_seq: int
    created_at: float = 0.0
    posted_at: float | None = None
    message_id: int | None = None
    summary: str | None = None
    secrets_closed: str | None = None
    """A start's secrets: None while unsent, else the comma-separated user ids whose DMs were closed."""
    sending_at: float | None = None
    """When it was first handed to Discord (None: never tried); it may be out though not marked posted."""
    sent_digest: str | None = None
    """A digest of the text last handed to Discord, to recognise that message in the channel."""

    @property
    def secrets_sent(self) -> bool:
        return self.secrets_closed is not None

    @property
    def closed_dms(self) -> frozenset[int]:
        """Who could not get the step's secrets by DM (empty while they are unsent)."""
        return frozenset(int(user_id) for user_id in (self.secrets_closed or "").split(",") if user_id)


@dataclass(frozen=True, slots=True)
class GameUpdate:
    """Everything one service step changes, committed in a single transaction.

    `None` leaves a column or child table untouched. `deadlines` replaces all the game's deadlines
    (a lobby's expiry goes when the game starts), `deadlines=()` clears them all. `seats` replaces
    every seat. `moves` are appended to the log, never rewritten.
    """

    game_id: int
    expected_version: int
    status: TableStatus | None = None
    end_reason: EndReason | None = None
    state: dict[str, Any] | None = None
    turn: int | None = None
    turn_started_at: float | None = None
    host_id: int | None = None
    seats: tuple[SeatRow, ...] | None = None
    moves: tuple[MoveRow, ...] = ()
    deadlines: tuple[DeadlineRow, ...] | None = None
    deadlines_turn: int | None = None
    """Keep the game's deadlines (their due times) for this step number instead, unclaimed (with `deadlines` None)."""
    results: tuple[ResultRow, ...] = ()
    coop: CoopResultRow | None = None
    """A co-operative game's shared result, recorded with its people's `results`."""
    announce: OutboxEvent | None = None
    """The event to record in the outbox for this step (its moves are the range announced), or None."""


@dataclass(frozen=True, slots=True)
class StatsRow:
    guild_id: int
    kind: str
    user_id: int
    name: str
    games: int
    wins: int
    points: int
    best: int
    mu: float | None
    sigma: float | None

    @property
    def average(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class GuildSettingsRow:
    guild_id: int
    turn_timeout: int | None
    locale: str | None
