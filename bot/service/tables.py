"""TableService: lobbies, seats, turns, computer players, deadlines and stats over the store."""
from __future__ import annotations

import asyncio
import logging
import math
import os
import random
import secrets
import socket
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from engine.protocol import ActionRefused, CoopMeasure, GameState
from engine.registry import rules_of

from bot.service.announcements import AnnouncementOutbox, apply_entry, new_game
from bot.service.deadlines import EXPIRIES_BEFORE_REPLACEMENT, EXPIRY, firing_retry_delay, turn_deadlines
from bot.service.errors import (
    AlreadyJoined,
    AlreadyStarted,
    BoardChanged,
    ChannelBusy,
    ComputerBusy,
    Conflict,
    CorruptGame,
    GameOver,
    HintsOff,
    IllegalMoveError,
    InvalidOption,
    LobbyFull,
    NotEnoughPlayers,
    NotHost,
    NotInGame,
    NotSaved,
    NotStarted,
    NotYourTurn,
    StaleTurn,
    UnknownGame,
)
from bot.service.models import (
    DEFAULT_LOBBY_TIMEOUT,
    DEFAULT_TURN_TIMEOUT,
    LARGEST_ID,
    Announcement,
    AuditResult,
    DeadlineEvent,
    GameOptions,
    GuildSettings,
    LobbyExpired,
    PlayedTurn,
    CoopBest,
    CoopRecord,
    PlayerStats,
    PlayResult,
    RatingEntry,
    Rematch,
    Seat,
    Standing,
    StartResult,
    Table,
    TurnReminder,
    TurnTimedOut,
    check_turn_timeout,
)
from bot.service.workers import workers
from bot.store import (
    LOBBY_EXPIRY,
    CoopResultRow,
    CorruptRow,
    DeadlineRow,
    GameRecord,
    GameUpdate,
    GuildSettingsRow,
    MoveRow,
    NewGame,
    PlaceTaken,
    RematchTaken,
    ResultRow,
    SeatRow,
    ShardSet,
    StatsChanged,
    Store,
    VersionConflict,
    WriteFailed,
)

log = logging.getLogger(__name__)

Rater = Callable[[Sequence[RatingEntry]], Sequence[tuple[float, float]]]
"""Turns each person's prior rating and rank into a new (mu, sigma), in the same order."""

FIRE_BATCH = 100
RATING_ATTEMPTS = 5
"""Times a finishing game reads its players' ratings again when other processes keep finishing their games first."""
COMPUTER_STEPS_PER_TURN = 500
"""More actions than any real turn takes (a Librarians turn with every power is a few dozen)."""
CLAIM_LEASE = 60.0
"""Seconds a claimed deadline stays this process's to fire; one claimed by a process that died is claimed again
(by any process serving its shard) once this has passed."""


@dataclass(frozen=True, slots=True)
class _Entry:
    table: Table
    seed: int


@dataclass(slots=True)
class _Chain:
    """The move-log entries one call applies in memory (a person's move and the computer turns that
    follow), committed together: a crash keeps all of them or none."""

    table: Table
    rows: list[MoveRow] = field(default_factory=list)
    turns: list[PlayedTurn] = field(default_factory=list)
    standings: tuple[Standing, ...] = ()


def _coop_result(table: Table) -> CoopResultRow | None:
    """A co-operative game played to its end: the table's shared result by the game's measure, kept among the
    server's results of that player count and setup (a game every person left is not a result of the table)."""
    game = table.game
    outcome = game.outcome() if game is not None and table.status == "finished" else None
    if outcome is None or outcome.result is None or not rules_of(table.kind).description.cooperative:
        return None
    return CoopResultRow(players=game.n_players, setup=dict(outcome.setup), result=outcome.result,
                         won=bool(outcome.shared))


def _seat_rows(seats: Sequence[Seat]) -> tuple[SeatRow, ...]:
    return tuple(SeatRow(s.index, s.user_id, s.name, s.level, s.expired_turns) for s in seats)


def _reindexed(seats: Sequence[Seat]) -> tuple[Seat, ...]:
    return tuple(replace(s, index=i) for i, s in enumerate(seats))


def _derived_seed(seed: int, purpose: str) -> int:
    return random.Random(f"{purpose}:{seed}").getrandbits(63)


def _replaced(seat: Seat) -> bool:
    """A person whose seat a computer took over after 3 expired turns in a row."""
    return seat.user_id is not None and seat.level is not None


def _standings(game: GameState, seats: Sequence[Seat], cooperative: bool) -> tuple[Standing, ...]:
    """The game's own ranking, with the people who left (resigned, or replaced after timing out) behind every
    seat still playing: leaving is a loss, so letting every turn time out cannot dodge one. Only a seat still
    playing can win; in a co-operative game each of them has the table's shared result."""
    outcome = game.standing(left={s.index for s in seats if _replaced(s)})

    def standing(s: Seat) -> Standing:
        forfeited = s.index in game.resigned or _replaced(s)
        won = bool(outcome.shared) if cooperative else s.index in outcome.winners
        return Standing(seat=s, rank=outcome.places[s.index], total=outcome.scores[s.index],
                        breakdown=game.score_breakdown(s.index), won=won and not forfeited,
                        resigned=s.index in game.resigned, replaced=_replaced(s))

    return tuple(standing(seats[i]) for i in outcome.ranking)


SENT_AT_TOLERANCE = 1.0
"""Seconds a typed move's `sent_at` (Discord's clock) may fall before the turn's start (the service's clock):
the two clocks differ, and a bot clock ahead of Discord's must not refuse a move typed just after the turn
began. A burst sent before a change is still refused, by the turn it saw on arrival (`play`)."""


def _whole_ms(seconds: float) -> int:
    """Milliseconds, the resolution of a Discord snowflake's time."""
    return math.floor(round(seconds * 1000, 3))


def _place(channel_id: int, thread_id: int | None, options: GameOptions) -> int:
    """What a new lobby occupies: its own thread for a `thread` game (the bot opens the thread first), otherwise
    its channel."""
    if thread_id is not None:
        return thread_id
    if options.thread:
        raise ValueError("a thread game is opened with the thread_id of its thread")
    return channel_id


def _table(record: GameRecord, options: GameOptions, game: GameState | None) -> Table:
    row = record.game
    return Table(
        game_id=row.id, kind=row.kind, guild_id=row.guild_id, channel_id=row.channel_id, thread_id=row.thread_id,
        status=row.status, end_reason=row.end_reason, options=options, host_id=row.host_id,
        seats=tuple(Seat(s.position, s.user_id, s.name, s.level, s.expired_turns) for s in record.seats),
        game=game, version=row.version, turn=row.turn, lobby_message_id=row.lobby_message_id,
        turn_message_id=row.turn_message_id, created_at=row.created_at, updated_at=row.updated_at,
        turn_started_at=row.turn_started_at, rematch_of=row.rematch_of,
    )


def _has_person_left(game: GameState, seats: Sequence[Seat]) -> bool:
    return any(s.is_human and s.index not in game.resigned for s in seats)


def _same_turn(old: Table, new: Table) -> bool:
    """Whether `new` is a later step of the turn `old` is in: both active, the same people to act, and the game
    counts no whole turn played in between."""
    def acting(table: Table) -> frozenset[int]:
        return frozenset(s.index for s in table.acting if s.is_human)

    return (old.status == new.status == "active" and old.game is not None and new.game is not None
            and old.game.turn == new.game.turn and acting(old) == acting(new))


class TableService(AnnouncementOutbox):
    """The game tables of every guild, with no Discord in sight. See the package docstring for the contract."""

    def __init__(self, store: Store, *, clock: Callable[[], float], cache_size: int,
                 seeds: Callable[[], int], rater: Rater | None, default_turn_timeout: int,
                 lobby_timeout: int = DEFAULT_LOBBY_TIMEOUT, shards: ShardSet | None = None) -> None:
        if cache_size < 1:
            raise ValueError("cache_size must be at least 1")
        check_turn_timeout(default_turn_timeout)
        check_turn_timeout(lobby_timeout)  # the same range as a turn: 5 minutes to 7 days
        self._default_turn_timeout = default_turn_timeout
        self._lobby_timeout = lobby_timeout
        self._store = store
        self.clock = clock
        self._cache_size = cache_size
        self._cache: OrderedDict[int, _Entry] = OrderedDict()
        # place id -> id of the open game cached for it: every interaction asks for its channel's game, and
        # answering from memory keeps that (and the defer that follows) out of the database's queue.
        self._open_at: dict[int, int] = {}
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._seeds = seeds
        self._rater = rater
        self._listeners: list[Callable[[float], None]] = []
        self._finishing = asyncio.Lock()
        # The guilds whose deadlines and outbox this process serves (None: every guild, the one-process default),
        # and the name its deadline claims go under (unique per process start).
        self.shards = shards
        self.claimer = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

    @classmethod
    async def open(cls, db_path: str | Path, *, clock: Callable[[], float] = time.time, cache_size: int = 1024,
                   seeds: Callable[[], int] | None = None, rater: Rater | None = None,
                   synchronous: str = "NORMAL", default_turn_timeout: int | None = None,
                   lobby_timeout: int | None = None, shards: ShardSet | None = None) -> TableService:
        """Open the database (migrating it); nothing else to restore, games load when first touched.
        `synchronous="FULL"` also survives power cuts, at an fsync per move (see `Store.open`).
        `default_turn_timeout` (seconds): the operator's turn time for servers that set none (None: 24 h).
        `lobby_timeout` (seconds, same range): a lobby nobody starts closes this long after it opened (None: 24 h).
        `shards`: this process fires the deadlines and posts the outbox of these shards' guilds only (None: all)."""
        store = await Store.open(db_path, synchronous=synchronous)
        try:
            service = cls(store, clock=clock, cache_size=cache_size, seeds=seeds or (lambda: secrets.randbits(63)),
                          rater=rater, default_turn_timeout=default_turn_timeout or DEFAULT_TURN_TIMEOUT,
                          lobby_timeout=lobby_timeout or DEFAULT_LOBBY_TIMEOUT, shards=shards)
            # Lobbies opened before lobbies expired get the operator's timeout from now: an upgrade closes none.
            added = await store.add_lobby_expiries(clock() + service._lobby_timeout)
            if added:
                log.info("%d lobbies opened before the upgrade close %d s from now unless started", added,
                         service._lobby_timeout)
            return service
        except BaseException:
            await store.close()
            raise

    async def close(self) -> None:
        await self._store.close()
        self._cache.clear()
        self._open_at.clear()

    # ---- loading and saving -------------------------------------------------------------------------

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def _remember(self, entry: _Entry) -> None:
        game_id = entry.table.game_id
        known = self._cache.get(game_id)
        if known is not None and known.table.version > entry.table.version:
            return  # a read that raced a commit must not put the older state back
        self._cache[game_id] = entry
        self._cache.move_to_end(game_id)
        if entry.table.is_open:
            self._open_at[entry.table.place_id] = game_id
        elif self._open_at.get(entry.table.place_id) == game_id:
            del self._open_at[entry.table.place_id]
        while len(self._cache) > self._cache_size:
            evicted_id, evicted = self._cache.popitem(last=False)
            if self._open_at.get(evicted.table.place_id) == evicted_id:
                del self._open_at[evicted.table.place_id]

    async def _load(self, game_id: int) -> _Entry:
        if not 0 <= game_id <= LARGEST_ID:
            raise UnknownGame(game_id)
        entry = self._cache.get(game_id)
        if entry is not None:
            self._cache.move_to_end(game_id)
            return entry
        try:
            record = await self._store.load_game(game_id)
        except CorruptRow as exc:
            log.error("game %s: %s", game_id, exc)
            raise CorruptGame(game_id, exc.reason) from exc
        if record is None:
            raise UnknownGame(game_id)
        entry = self._entry_from(record)
        self._remember(entry)
        return entry

    @staticmethod
    def _entry_from(record: GameRecord) -> _Entry:
        row = record.game
        try:
            rules = rules_of(row.kind)
            options = GameOptions.from_dict(row.options).checked(rules.description)
            game = rules.from_dict(row.state) if row.state is not None else None
        except Exception as exc:  # any failure to rebuild a stored row means that row is corrupt
            log.error("game %s: state cannot be rebuilt: %r", row.id, exc)
            raise CorruptGame(row.id, f"state cannot be rebuilt: {exc}") from exc
        if row.status == "active" and game is None:
            raise CorruptGame(row.id, "an active game without state")
        if game is not None and game.n_players != len(record.seats):
            raise CorruptGame(row.id, f"{len(record.seats)} seats for a {game.n_players}-player state")
        return _Entry(_table(record, options, game), row.seed)

    def _deadlines(self, table: Table, now: float) -> tuple[DeadlineRow, ...]:
        """A turn's deadlines while a person may act (one set per turn, however many seats act in it)."""
        if not any(seat.is_human for seat in table.acting) or table.options.turn_timeout is None:
            return ()
        due = turn_deadlines(now, table.options.turn_timeout)
        return tuple(DeadlineRow(table.game_id, kind, at, table.turn) for kind, at in due.items())

    async def _save(self, entry: _Entry, table: Table, *, moves: tuple[MoveRow, ...] = (),
                    results: tuple[ResultRow, ...] = (), coop: CoopResultRow | None = None,
                    seats_changed: bool = False, announce: str | None = None) -> _Entry:
        """Commit `table` as the successor of `entry` (one transaction) and cache it; `announce` records the
        step's channel announcement in the outbox within that transaction."""
        now = self.clock()
        old = entry.table
        # A step within the same seats' same turn (a dice roll before the circling, a resignation out of turn) keeps
        # the turn's own due times, moved to the new step's number, so a turn's time runs from when the turn began,
        # not from its latest step; a new turn gets its own.
        kept = _same_turn(old, table)
        deadlines = None if table.status == "lobby" or kept else self._deadlines(table, now)
        if table.status == "active" and (table.turn != old.turn or old.status != "active"):
            table = replace(table, turn_started_at=now)
        update = GameUpdate(
            game_id=old.game_id, expected_version=old.version, status=table.status, end_reason=table.end_reason,
            state=table.game.to_dict() if table.game is not None and table.game is not old.game else None,
            turn=table.turn, turn_started_at=table.turn_started_at if table.turn_started_at != old.turn_started_at
            else None, host_id=table.host_id, seats=_seat_rows(table.seats) if seats_changed else None,
            moves=moves, deadlines=deadlines, deadlines_turn=table.turn if kept else None, results=results,
            coop=coop, announce=announce,
        )
        try:
            version = await self._store.commit(update, now=now)
        except VersionConflict as exc:
            self._cache.pop(old.game_id, None)
            raise Conflict(old.game_id) from exc
        except WriteFailed as exc:
            self._cache.pop(old.game_id, None)
            log.error("game %s: the step was not saved (rolled back): %s", old.game_id, exc, exc_info=exc)
            raise NotSaved(old.game_id) from exc
        except BaseException:
            self._cache.pop(old.game_id, None)  # unknown outcome: the next call rereads the database
            raise
        saved = _Entry(replace(table, version=version, updated_at=now), entry.seed)
        self._remember(saved)
        if deadlines:
            self._deadline_stored(min(d.due_at for d in deadlines))
        return saved

    def _deadline_stored(self, due_at: float) -> None:
        for listener in list(self._listeners):
            listener(due_at)

    # ---- lobby ------------------------------------------------------------------------------------------

    async def open_lobby(self, guild_id: int, channel_id: int, host_id: int, host_name: str,
                         options: GameOptions | None = None, *, kind: str, thread_id: int | None = None) -> Table:
        """A new lobby of the registered game `kind` with the host in the first seat (index 0). A `thread` game
        occupies its thread, not the channel: pass its `thread_id`."""
        try:
            rules = rules_of(kind)
        except KeyError as exc:
            raise InvalidOption("game", kind, "a registered game") from exc
        options = (options or GameOptions()).checked(rules.description)
        if options.turn_timeout is None:
            options = replace(options, turn_timeout=(await self.guild_settings(guild_id)).effective_turn_timeout)
        place = _place(channel_id, thread_id, options)
        seats = (Seat(0, host_id, host_name),)
        return await self._create(kind, guild_id, channel_id, thread_id, place, options, host_id, seats)

    async def _create(self, kind: str, guild_id: int, channel_id: int, thread_id: int | None, place: int | None,
                      options: GameOptions, host_id: int, seats: tuple[Seat, ...],
                      rematch_of: int | None = None) -> Table:
        """Insert the lobby with its expiry deadline (RematchTaken passes through for `rematch`)."""
        now = self.clock()
        expires = now + self._lobby_timeout
        new = NewGame(kind=kind, guild_id=guild_id, channel_id=channel_id, thread_id=thread_id, place_id=place,
                      options=options.to_dict(), host_id=host_id, seed=self._seeds(), seats=_seat_rows(seats),
                      rematch_of=rematch_of, lobby_expires_at=expires)
        try:
            record = await self._store.create_game(new, now=now)
        except PlaceTaken as exc:
            raise ChannelBusy(exc.place_id, exc.game_id) from exc
        entry = self._entry_from(record)
        self._remember(entry)
        self._deadline_stored(expires)
        return entry.table

    @staticmethod
    def _require_lobby(table: Table) -> None:
        if table.status == "active":
            raise AlreadyStarted(table.game_id)
        if table.status != "lobby":
            raise GameOver(table.game_id, table.status)

    @staticmethod
    def _require_active(table: Table) -> None:
        if table.status == "lobby":
            raise NotStarted(table.game_id)
        if table.status != "active":
            raise GameOver(table.game_id, table.status)

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        async with self._lock(game_id):
            entry = await self._load(game_id)
            table = entry.table
            self._require_lobby(table)
            if table.seat_of(user_id) is not None:
                raise AlreadyJoined(game_id, user_id)
            if len(table.seats) >= table.options.players:
                raise LobbyFull(game_id, table.options.players)
            seats = (*table.seats, Seat(len(table.seats), user_id, name))
            return (await self._save(entry, replace(table, seats=seats), seats_changed=True)).table

    async def add_computer(self, game_id: int, by_user_id: int, level: str = "normal",
                           name: str | None = None) -> Table:
        """Host only. The default name is "Computer N"; the bot may pass a translated one."""
        async with self._lock(game_id):
            entry = await self._load(game_id)
            table = entry.table
            levels = rules_of(table.kind).levels
            if level not in levels:
                raise InvalidOption("level", level, ", ".join(levels))
            self._require_lobby(table)
            if by_user_id != table.host_id:
                raise NotHost(game_id, by_user_id, table.host_id)
            if len(table.seats) >= table.options.players:
                raise LobbyFull(game_id, table.options.players)
            number = sum(1 for s in table.seats if s.is_computer) + 1
            seat = Seat(len(table.seats), None, name or f"Computer {number}", level)
            return (await self._save(entry, replace(table, seats=(*table.seats, seat)), seats_changed=True)).table

    async def leave(self, game_id: int, user_id: int) -> Table:
        """Leave a lobby. A leaving host hands the lobby to the next person; with no person left it is cancelled."""
        async with self._lock(game_id):
            entry = await self._load(game_id)
            table = entry.table
            self._require_lobby(table)
            if table.seat_of(user_id) is None:
                raise NotInGame(game_id, user_id)
            seats = _reindexed([s for s in table.seats if s.user_id != user_id])
            host_id = table.host_id
            status, reason = "lobby", None
            if user_id == host_id:
                heir = next((s for s in seats if s.is_human), None)
                if heir is None:
                    status, reason = "cancelled", "abandoned"
                else:
                    assert heir.user_id is not None
                    host_id = heir.user_id
            new = replace(table, seats=seats, host_id=host_id, status=status, end_reason=reason)
            return (await self._save(entry, new, seats_changed=True)).table

    async def cancel(self, game_id: int, by_user_id: int, *, is_admin: bool = False) -> Table:
        """Host, or a user the caller vouches is a server admin. Nothing goes into stats.

        A game whose stored row cannot be read has no host to trust: only an admin can cancel it, and it
        ends as "corrupt" with `game=None` (and default options if those were unreadable too)."""
        async with self._lock(game_id):
            try:
                entry = await self._load(game_id)
            except CorruptGame:
                closed = await self._cancel_unreadable(game_id) if is_admin else None
                if closed is None:
                    raise
                return closed
            table = entry.table
            if not table.is_open:
                raise GameOver(game_id, table.status)
            if by_user_id != table.host_id and not is_admin:
                raise NotHost(game_id, by_user_id, table.host_id)
            announce = "cancel" if table.game is not None else None
            return (await self._save(entry, replace(table, status="cancelled", end_reason="cancelled"),
                                     announce=announce)).table

    async def _cancel_unreadable(self, game_id: int) -> Table | None:
        """None if the game is no longer open."""
        record = await self._store.close_unreadable_game(game_id, now=self.clock())
        if record is None:
            return None
        log.warning("game %s: unreadable game cancelled by an admin", game_id)
        try:
            options = GameOptions.from_dict(record.game.options)
        except (TypeError, AttributeError):
            options = GameOptions()
        return _table(record, options, None)

    async def rematch(self, game_id: int, by_user_id: int, *,
                      open_thread: Callable[[], Awaitable[int]] | None = None) -> Rematch:
        """A new lobby in the same place with the same seats (in turn order); whoever asks first is the host.

        One live rematch per game: a later call, from anyone, gets the lobby already opened (`opened=False`)
        while it is open or its game started; after it expired or was cancelled unstarted, a new one opens.
        A `thread` game's rematch gets a new thread from `open_thread()` (the bot opens it), called only
        when this call does open the rematch; calls on one game wait for each other, and the store's
        unique `rematch_of` settles a race with another process (the losing thread comes back as spare)."""
        async with self._lock(game_id):
            existing = await self._store.rematch_of(game_id)
            if existing is not None:
                return Rematch((await self._load(existing)).table, opened=False)
            old = (await self._load(game_id)).table
            if old.status == "active":
                raise AlreadyStarted(game_id)
            if old.status == "lobby":
                raise NotStarted(game_id)
            if old.seat_of(by_user_id) is None:
                raise NotInGame(game_id, by_user_id)
            seats = tuple(Seat(s.index, s.user_id, s.name, None if s.user_id is not None else s.level)
                          for s in old.seats)
            host = next(s for s in seats if s.user_id == by_user_id)
            seats = _reindexed([host, *(s for s in seats if s is not host)])
            thread_id = await open_thread() if old.options.thread and open_thread is not None else None
            place = _place(old.channel_id, thread_id, old.options)
            try:
                table = await self._create(old.kind, old.guild_id, old.channel_id, thread_id, place, old.options, by_user_id,
                                           seats, rematch_of=game_id)
            except RematchTaken as taken:
                assert taken.game_id is not None
                return Rematch((await self._load(taken.game_id)).table, opened=False, spare_thread_id=thread_id)
            return Rematch(table, opened=True)

    async def set_lobby_message(self, game_id: int, message_id: int) -> Table:
        return await self._set_message(game_id, lobby_message_id=message_id)

    async def set_turn_message(self, game_id: int, message_id: int) -> Table:
        """The bot's message for the current turn; its buttons are the live ones."""
        return await self._set_message(game_id, turn_message_id=message_id)

    async def turn_posted(self, announcement: Announcement, message_id: int, summary: str | None,
                          collapsed: Announcement | None) -> None:
        """An announcement's message is out: marked posted with the summary it collapses to; with a summary it
        is the turn message (as set_turn_message), and `collapsed` (the previous live announcement, whose message
        was just collapsed) is settled, all in one commit. The commit touches no game state, so the game's next
        move (its player answers the message at once) does not wait for it: only the cached copy is updated under
        the game's lock, after it."""
        game_id = announcement.game_id
        await self._store.mark_posted_turn(game_id, announcement.version, now=self.clock(), message_id=message_id,
                                           summary=summary,
                                           collapsed_version=None if collapsed is None else collapsed.version)
        if summary is not None:
            async with self._lock(game_id):
                entry = await self._load(game_id)
                self._remember(_Entry(replace(entry.table, turn_message_id=message_id), entry.seed))

    async def _set_message(self, game_id: int, **ids: int) -> Table:
        async with self._lock(game_id):
            entry = await self._load(game_id)
            await self._store.set_message_ids(game_id, **ids)
            saved = _Entry(replace(entry.table, **ids), entry.seed)
            self._remember(saved)
            return saved.table

    # ---- play ---------------------------------------------------------------------------------------

    async def start(self, game_id: int, by_user_id: int) -> StartResult:
        """Host only. Seats are shuffled with the game's seed; seat 0 is the first player. Computer seats
        that come before the first person play at once and are reported in `turns`."""
        async with self._lock(game_id):
            entry = await self._load(game_id)
            table = entry.table
            self._require_lobby(table)
            if by_user_id != table.host_id:
                raise NotHost(game_id, by_user_id, table.host_id)
            if len(table.seats) < 2:
                raise NotEnoughPlayers(game_id, len(table.seats))
            order = list(table.seats)
            random.Random(_derived_seed(entry.seed, "seats")).shuffle(order)
            game = new_game(table.kind, len(order), entry.seed, table.options)
            chain = _Chain(replace(table, status="active", seats=_reindexed(order), game=game))
            await self._play_computers(chain, entry.seed)
            saved = await self._commit_chain(entry, chain, "start")
            return StartResult(saved.table, tuple(chain.turns), chain.standings)

    async def play(self, game_id: int, user_id: int, move: object, *, turn: int | None = None,
                   sent_at: float | None = None, seen_turn: int | None = None) -> PlayResult:
        """Apply a person's move (the game's action, or its text, parsed by the game), then every computer turn
        that follows.

        A typed move has no turn to quote: `sent_at` (epoch seconds, e.g. the creation time of the Discord
        interaction) refuses it as `BoardChanged` when the board changed after it was sent, so a burst of typed
        moves cannot play on boards the player never saw. Two checks: the turn changed while the move waited
        for the game (a burst: exact, one clock; `seen_turn` is the turn when the move arrived, read by the
        caller before it awaited anything else, else read here), or it was sent more than `SENT_AT_TOLERANCE`
        before the turn began (Discord's clock against the service's, in whole milliseconds, a snowflake's
        resolution)."""
        seen = seen_turn
        if sent_at is not None and seen is None:
            seen = (await self._load(game_id)).table.turn
        async with self._lock(game_id):
            entry = await self._load(game_id)
            table = entry.table
            seat = self._playing_seat(table, user_id)
            if turn is not None and turn != table.turn:
                raise StaleTurn(game_id, turn, table.turn)
            if sent_at is not None and (seen != table.turn or self._sent_before_turn(table, sent_at)):
                raise self._board_changed(table, user_id)
            current = table.current_seat
            assert current is not None and table.game is not None
            if seat not in table.acting:
                raise NotYourTurn(game_id, user_id, current.user_id, current.name)
            try:
                parsed = rules_of(table.kind).parse_action(move) if isinstance(move, str) else move
                table.game.check(parsed, seat.index)
            except ActionRefused as exc:
                raise IllegalMoveError(exc.code, str(exc), exc.params) from exc
            chain = _Chain(table)
            self._step(chain, seat, "move", parsed, replace(seat, expired_turns=0))
            return await self._finish(entry, chain, "move")

    @staticmethod
    def _sent_before_turn(table: Table, sent_at: float) -> bool:
        started = table.turn_started_at
        return started is not None and _whole_ms(sent_at) < _whole_ms(started - SENT_AT_TOLERANCE)

    @staticmethod
    def _board_changed(table: Table, user_id: int) -> BoardChanged:
        """The refusal of a typed move out of date: it says who acts now (None when the typist does again)."""
        current = table.current_seat
        yours = current is None or any(s.user_id == user_id for s in table.acting)
        return BoardChanged(table.game_id, table.turn - 1, table.turn, None if yours else current.name)

    async def resign(self, game_id: int, user_id: int) -> PlayResult:
        """Leave a started game for good; it goes on without the seat (ending when one seat remains, or
        as "abandoned" when only computers are left)."""
        async with self._lock(game_id):
            entry = await self._load(game_id)
            seat = self._playing_seat(entry.table, user_id)
            chain = _Chain(entry.table)
            self._step(chain, seat, "resign", None, seat)
            return await self._finish(entry, chain, "resign")

    async def hint(self, game_id: int, user_id: int) -> object:
        """A suggested action for the person asking, when their lobby allowed hints and they may act now: the
        game's computer player at its stand-in level, seeded by the turn (asking again suggests the same), in a
        worker process. Nothing changes; a worker stuck past its time limit (killed and restarted) is
        `ComputerBusy`, since unlike a computer's own turn a hint has no random legal move to fall back on."""
        table = (await self._load(game_id)).table
        seat = self._playing_seat(table, user_id)
        if not table.options.hints:
            raise HintsOff(game_id)
        current = table.current_seat
        if current is None or seat not in table.acting:
            raise NotYourTurn(game_id, user_id, current.user_id if current else None, current.name if current else "")
        rules = rules_of(table.kind)
        try:
            return await workers().think(rules.choose, table.game, rules.stand_in, table.turn)
        except TimeoutError as stuck:
            raise ComputerBusy(game_id) from stuck

    def _playing_seat(self, table: Table, user_id: int) -> Seat:
        self._require_active(table)
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotInGame(table.game_id, user_id)
        assert table.game is not None
        if not seat.is_human or seat.index in table.game.resigned:
            raise NotInGame(table.game_id, user_id)
        return seat

    async def _finish(self, entry: _Entry, chain: _Chain, event: str) -> PlayResult:
        """Let the computers answer, then commit the whole chain of moves (announced as `event`) at once."""
        await self._play_computers(chain, entry.seed)
        saved = await self._commit_chain(entry, chain, event)
        return PlayResult(saved.table, tuple(chain.turns), chain.standings)

    def _step(self, chain: _Chain, seat: Seat, kind: str, move: object | None, seat_after: Seat) -> None:
        """Apply one move-log entry to a copy of the game (the game handed out before stays untouched)."""
        table = chain.table
        assert table.game is not None
        game = table.game.copy()
        report = game.resign(seat.index) if move is None else game.apply(move, seat.index)
        seats = tuple(seat_after if s.index == seat.index else s for s in table.seats)
        status, reason = "active", None
        cooperative = rules_of(table.kind).description.cooperative
        if game.is_over:
            status, reason = "finished", "completed"
            chain.standings = _standings(game, seats, cooperative)
        elif not _has_person_left(game, seats):
            status, reason = "cancelled", "abandoned"
            chain.standings = _standings(game, seats, cooperative)  # every person left: each is scored a loss
        chain.table = replace(table, game=game, seats=seats, status=status, end_reason=reason, turn=table.turn + 1)
        chain.rows.append(MoveRow(chain.table.turn, seat.index, None if move is None else str(move), kind,
                                  self.clock()))
        chain.turns.append(PlayedTurn(seat, kind, move, report))

    async def _commit_chain(self, entry: _Entry, chain: _Chain, event: str) -> _Entry:
        table = chain.table
        seats_changed = table.seats != entry.table.seats
        if not chain.standings:
            return await self._save(entry, table, moves=tuple(chain.rows), seats_changed=seats_changed,
                                    announce=event)
        # Two games of one player finishing at once would both rate from the same prior rating and the
        # later write would win: finishing games read priors and save one at a time in this process, and a
        # game finished meanwhile by another process (StatsChanged: nothing written) means reading them again.
        async with self._finishing:
            for attempt in range(1, RATING_ATTEMPTS + 1):
                results = await self._results(table, chain.standings)
                try:
                    return await self._save(entry, table, moves=tuple(chain.rows), results=results,
                                            coop=_coop_result(table), seats_changed=seats_changed,
                                            announce=event)
                except StatsChanged:
                    log.info("game %s: a player's rating changed in another process; rating again (%d)",
                             table.game_id, attempt)
            raise NotSaved(table.game_id)

    async def _results(self, table: Table, standings: tuple[Standing, ...]) -> tuple[ResultRow, ...]:
        people = [(st, st.seat.user_id) for st in standings if st.seat.user_id is not None]
        ratings: list[tuple[float, float] | None] = [None] * len(people)
        counted: list[int | None] = [None] * len(people)
        if self._rater is not None and people and not rules_of(table.kind).description.cooperative:
            stats = await self._store.stats_of(table.guild_id, table.kind, [user for _, user in people])
            priors = {user: (row.mu, row.sigma) for user, row in stats.items()
                      if row.mu is not None and row.sigma is not None}
            ratings = list(self._rater(
                [RatingEntry(user, priors.get(user), st.rank, seats=len(standings)) for st, user in people]))
            counted = [stats[user].games if user in stats else 0 for _, user in people]
        return tuple(
            ResultRow(seat=st.seat.index, user_id=user, name=st.seat.name, points=st.total, rank=st.rank,
                      won=st.won, rating=rating, prior_games=prior)
            for (st, user), rating, prior in zip(people, ratings, counted)
        )

    async def _computer_move(self, table: Table, seat: Seat, seed: int, level: str) -> object:
        """The computer player's action for `seat`, chosen in a worker process; a failing computer player or
        worker falls back to a seeded legal action."""
        game = table.game
        assert game is not None
        seed = _derived_seed(seed, f"ai:{table.turn}")
        rules = rules_of(table.kind)
        try:
            move = await workers().think(rules.choose, game, level, seed)
            game.check(move, seat.index)
            return move
        except Exception:
            log.exception("game %s: computer (%s) failed to move; playing a random legal move", table.game_id, level)
            return random.Random(seed).choice(game.legal_actions())

    async def _play_computers(self, chain: _Chain, seed: int) -> None:
        """Computer seats act until only people may act or the game stops."""
        while chain.table.status == "active":
            game = chain.table.game
            assert game is not None
            seat = next((s for s in chain.table.acting if s.level is not None and s.index not in game.resigned), None)
            if seat is None:
                break
            await self._computer_turn(chain, seat, seed, seat.level, "auto", seat)

    async def _computer_turn(self, chain: _Chain, seat: Seat, seed: int, level: str, kind: str,
                             seat_after: Seat) -> None:
        """`seat` acts by the computer player at `level` until its turn is over. A computer player that has not
        ended one turn after COMPUTER_STEPS_PER_TURN actions resigns the seat: a game's computer that never
        finishes a turn must not spin the table, and the process serving it, forever."""
        steps, turn = 0, None
        while chain.table.status == "active" and seat.index in {s.index for s in chain.table.acting}:
            game = chain.table.game
            assert game is not None
            steps, turn = (steps + 1, turn) if game.turn == turn else (1, game.turn)
            if steps > COMPUTER_STEPS_PER_TURN:
                log.error("game %s: the computer (%s) of seat %d took %d actions without ending its turn; it resigns",
                          chain.table.game_id, level, seat.index, COMPUTER_STEPS_PER_TURN)
                self._step(chain, seat, "resign", None, seat_after)
                return
            move = await self._computer_move(chain.table, seat, seed, level)
            self._step(chain, seat, kind, move, seat_after)

    def _final_standings(self, table: Table) -> tuple[Standing, ...]:
        assert table.game is not None
        return _standings(table.game, table.seats, rules_of(table.kind).description.cooperative)

    # ---- deadlines ----------------------------------------------------------------------------------

    def add_deadline_listener(self, listener: Callable[[float], None]) -> None:
        """`listener(due_at)` runs whenever a move stores new turn deadlines (the dispatcher uses it)."""
        self._listeners.append(listener)

    def remove_deadline_listener(self, listener: Callable[[float], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    async def next_deadline(self) -> float | None:
        """When this process's next deadline may fire (a deadline claimed by another process: when its lease ends)."""
        return await self._store.next_due(self.shards)

    async def deadline_backlog(self, late: float) -> int:
        """How many of this process's deadlines are more than `late` seconds overdue (the health check's figure)."""
        return await self._store.overdue(self.clock() - late, self.shards)

    async def fire_due(self, now: float | None = None) -> list[DeadlineEvent]:
        """Fire every deadline of this process's shards due at `now` (default: the clock), each exactly once,
        oldest first: each is claimed in the store first, so another process never fires it too; one whose
        firing fails is kept and tried again later (see `_fire_failed`)."""
        now = self.clock() if now is None else now
        events: list[DeadlineEvent] = []
        batch = FIRE_BATCH
        while batch == FIRE_BATCH:
            due = await self._store.claim_due(now, owner=self.claimer, lease=CLAIM_LEASE, shards=self.shards,
                                              limit=FIRE_BATCH)
            batch = len(due)
            for deadline in due:
                try:
                    event = await self._fire(deadline)
                except Exception:
                    await self._fire_failed(deadline, now)
                    continue
                if event is not None:
                    events.append(event)
        return events

    async def _fire_failed(self, deadline: DeadlineRow, now: float) -> None:
        """A failed firing (a write the database refused) must not lose the turn's expiry: the deadline moves
        forward by a growing delay, so it is neither lost nor retried in a tight loop; after
        `FIRING_ATTEMPTS` failures it is dropped with an error naming the game."""
        failures = deadline.attempts + 1
        delay = firing_retry_delay(failures)
        if delay is None:
            log.exception("game %s: deadline %s (turn %s) failed %s times; dropping it",
                          deadline.game_id, deadline.kind, deadline.turn, failures)
            await self._store.take_deadline(deadline)
            return
        log.exception("game %s: deadline %s (turn %s) failed (attempt %s); retrying in %s s",
                      deadline.game_id, deadline.kind, deadline.turn, failures, delay)
        await self._store.retry_deadline(deadline, now + delay)

    async def _fire(self, deadline: DeadlineRow) -> DeadlineEvent | None:
        async with self._lock(deadline.game_id):
            entry = await self._load(deadline.game_id)
            table = entry.table
            if deadline.kind == LOBBY_EXPIRY:
                return await self._expire_lobby(entry, deadline)
            seat = next((s for s in table.acting if s.is_human), None)
            if table.turn != deadline.turn or seat is None:
                await self._store.take_deadline(deadline)  # left over from a turn already played
                return None
            if deadline.kind != EXPIRY:
                if not await self._store.take_deadline(deadline):
                    return None
                pending = await self._store.deadlines_of(table.game_id)
                expires = next((d.due_at for d in pending if d.kind == EXPIRY), deadline.due_at)
                return TurnReminder(table, seat, expires, final=deadline.kind != "reminder")
            stand_in = rules_of(table.kind).stand_in
            expired = seat.expired_turns + 1
            replaced = expired >= EXPIRIES_BEFORE_REPLACEMENT
            chain = _Chain(table)
            after = replace(seat, expired_turns=expired, level=stand_in if replaced else None)
            # The whole turn expired, not one step of it: in a game whose turn has steps (roll, keep, circle)
            # the stand-in plays on until the seat's turn is over.
            await self._computer_turn(chain, seat, entry.seed, stand_in, "timeout", after)
            return TurnTimedOut(seat, await self._finish(entry, chain, "replaced" if replaced else "timeout"), replaced)

    async def _expire_lobby(self, entry: _Entry, deadline: DeadlineRow) -> LobbyExpired | None:
        """Close a lobby nobody started (its place is free again); a lobby that started or closed meanwhile
        only loses the deadline."""
        if entry.table.status != "lobby":
            await self._store.take_deadline(deadline)
            return None
        closed = await self._save(entry, replace(entry.table, status="cancelled", end_reason="expired"))
        return LobbyExpired(closed.table)

    # ---- reading ------------------------------------------------------------------------------------

    async def table(self, game_id: int) -> Table:
        return (await self._load(game_id)).table

    async def table_in_channel(self, channel_id: int) -> Table | None:
        """The lobby or active game of this channel or thread, if any: from the cache when it holds it open."""
        cached = self._cache.get(self._open_at.get(channel_id, 0))
        if cached is not None and cached.table.is_open and cached.table.place_id == channel_id:
            self._cache.move_to_end(cached.table.game_id)
            return cached.table
        game_id = await self._store.open_game_at(channel_id)
        return None if game_id is None else (await self._load(game_id)).table

    async def tables_of(self, user_id: int, guild_id: int | None = None) -> list[Table]:
        """The user's lobbies and active games, oldest first; a corrupted one is logged and left out."""
        tables = []
        for game_id in await self._store.open_games_of(user_id, guild_id):
            try:
                tables.append((await self._load(game_id)).table)
            except CorruptGame:
                continue
        return tables

    async def count_games(self, status: str = "active") -> int:
        """How many games are in this status (an operator's figure: `python -m bench store` prints it)."""
        return await self._store.count_games(status)

    async def stored_game_ids(self) -> list[int]:
        """Every stored game, oldest first: what `shelfie-bot audit` replays."""
        return await self._store.game_ids()

    async def refresh_statistics(self) -> None:
        """After a bulk load, the database plans with up-to-date statistics (see `Store.analyze`)."""
        await self._store.analyze()

    async def storage_bytes(self) -> int:
        """The database's size on disk (an operator's figure: `python -m bench store` prints it)."""
        return await self._store.size_bytes()

    async def audit(self, game_id: int) -> AuditResult:
        """Replay the seed and the move log from scratch and compare with the stored state."""
        async with self._lock(game_id):
            try:
                loaded = await self._store.load_game_with_moves(game_id)
            except CorruptRow as exc:
                return AuditResult(game_id, False, 0, exc.reason)
            if loaded is None:
                raise UnknownGame(game_id)
            record, moves = loaded
        row = record.game
        if len(moves) != row.turn or [m.seq for m in moves] != list(range(1, len(moves) + 1)):
            return AuditResult(game_id, False, len(moves), f"log has {len(moves)} entries, game says {row.turn}")
        if row.state is None:
            ok = not moves
            return AuditResult(game_id, ok, 0, None if ok else "moves logged for a game that never started")
        try:
            rules = rules_of(row.kind)
            game = new_game(row.kind, len(record.seats), row.seed,
                            GameOptions.from_dict(row.options).checked(rules.description))
            for m in moves:
                apply_entry(rules, game, m)
        except (ValueError, KeyError, TypeError, InvalidOption) as exc:
            return AuditResult(game_id, False, len(moves), f"replay failed: {exc}")
        if game.to_dict() != row.state:
            return AuditResult(game_id, False, len(moves), "replayed state differs from the stored state")
        return AuditResult(game_id, True, len(moves))

    # ---- guilds and stats ---------------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._store.guild_settings(guild_id)
        return GuildSettings(guild_id, row.turn_timeout, row.locale, self._default_turn_timeout)

    async def set_guild_settings(self, settings: GuildSettings) -> GuildSettings:
        """Admin defaults for new lobbies (turn timeout in seconds, None = the operator's default) and the
        channel locale."""
        check_turn_timeout(settings.turn_timeout)
        await self._store.save_guild_settings(GuildSettingsRow(settings.guild_id, settings.turn_timeout,
                                                               settings.locale))
        return replace(settings, operator_turn_timeout=self._default_turn_timeout)

    async def stats(self, guild_id: int, user_id: int, kind: str) -> PlayerStats | None:
        """A player's results at one kind of game in this guild."""
        return await self._store.player_stats(guild_id, user_id, kind)

    async def stats_by_game(self, guild_id: int, user_id: int) -> list[PlayerStats]:
        """A player's results in this guild at every kind of game they finished, most played first."""
        return await self._store.player_stats_by_kind(guild_id, user_id)

    async def leaderboard(self, guild_id: int, kind: str, *, order: str = "wins",
                          limit: int = 10) -> list[PlayerStats]:
        """Best players of the guild at one kind of game by "wins", "average" or "rating" (conservative
        mu - 3 sigma)."""
        try:
            return await self._store.leaderboard(guild_id, kind, order=order, limit=limit)
        except ValueError as exc:
            raise InvalidOption("order", order, "wins, average or rating") from exc

    async def coop_bests(self, guild_id: int, kind: str, *, limit: int = 10) -> list[CoopBest]:
        """The guild's best shared result at each player count and setup of a co-operative game (no rating:
        the table wins or loses together), fewest players first."""
        measure = self._measure(kind)
        return await self._store.coop_bests(guild_id, kind, fewer_is_better=measure.fewer_is_better, limit=limit)

    async def coop_records(self, guild_id: int, user_id: int, kind: str) -> list[CoopRecord]:
        """A player's shared results at a co-operative game in this guild, per player count and setup, best
        first."""
        measure = self._measure(kind)
        return await self._store.coop_records(guild_id, user_id, kind, fewer_is_better=measure.fewer_is_better)

    @staticmethod
    def _measure(kind: str) -> CoopMeasure:
        measure = rules_of(kind).description.measure
        if measure is None:
            raise InvalidOption("game", kind, "a co-operative game")
        return measure
