"""The games this process has in memory, read through to the store, and the versioned save of a game's step.

Games load lazily into an LRU; a per-game asyncio lock orders the calls on one game, and the store's version
compare-and-set keeps a stale writer (another process) from overwriting a newer state.

Another process may change a game this one has cached (two processes on one shard during a rolling deploy; any
game of another shard, which reaches this process only through DMs): no decision rests on a copy older than the
stored game. A step is decided on the cached copy and, when that refuses it or its commit finds a newer version,
decided again on the stored game (`decided`: the cache costs nothing when it is current); a deadline fires on the
stored game (`load(current=True)`); a game of a guild outside this process's shards is read for its stored version
whenever it is used.
"""
from __future__ import annotations

import asyncio
import logging
import math
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TypeVar

from engine.protocol import AnyState
from engine.registry import rules_of

from bot.service.refusals import Conflict, CorruptGame, NotSaved, ServiceError, UnknownGame
from bot.service.models import LARGEST_ID, GameOptions, Seat, Table
from bot.service.schedule import turn_deadlines
from bot.service.seats import seat_rows
from bot.store import (
    CoopResultRow,
    CorruptRow,
    DeadlineKind,
    DeadlineRow,
    GameRecord,
    GameUpdate,
    MoveRow,
    OutboxEvent,
    ResultRow,
    ShardSet,
    Store,
    TableStatus,
    VersionConflict,
    WriteFailed,
)

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Entry:
    """A cached game: its table and the seed it was created with (which the table does not show)."""

    table: Table
    seed: int


def table_of(record: GameRecord, options: GameOptions, game: AnyState | None) -> Table:
    """The table a stored game's record shows, with its options and game already rebuilt."""
    row = record.game
    return Table(
        game_id=row.id, kind=row.kind, guild_id=row.guild_id, channel_id=row.channel_id, thread_id=row.thread_id,
        status=row.status, end_reason=row.end_reason, options=options, host_id=row.host_id,
        seats=tuple(Seat(s.position, s.user_id, s.name, s.level, s.expired_turns) for s in record.seats),
        game=game, version=row.version, turn=row.turn, lobby_message_id=row.lobby_message_id,
        turn_message_id=row.turn_message_id, created_at=row.created_at, updated_at=row.updated_at,
        turn_started_at=row.turn_started_at, rematch_of=row.rematch_of, turn_ends_at=row.turn_ends_at,
    )


def entry_from(record: GameRecord) -> Entry:
    """A stored game rebuilt; CorruptGame when its row cannot be (any failure means the row is corrupt)."""
    row = record.game
    try:
        rules = rules_of(row.kind)
        options = GameOptions.from_dict(row.options).checked(rules.description)
        game = rules.from_dict(row.state) if row.state is not None else None
    except Exception as exc:  # any failure to rebuild a stored row means that row is corrupt
        log.error("game %s: state cannot be rebuilt: %r", row.id, exc)
        raise CorruptGame(row.id, f"state cannot be rebuilt: {exc}") from exc
    if row.status == TableStatus.ACTIVE and game is None:
        raise CorruptGame(row.id, "an active game without state")
    if game is not None and game.n_players != len(record.seats):
        raise CorruptGame(row.id, f"{len(record.seats)} seats for a {game.n_players}-player state")
    return Entry(table_of(record, options, game), row.seed)


def _same_turn(old: Table, new: Table) -> bool:
    """Whether `new` is a later step of the turn `old` is in: both active, the same people to act, and the game
    counts no whole turn played in between."""
    def acting(table: Table) -> frozenset[int]:
        return frozenset(s.index for s in table.acting if s.is_human)

    return (old.status == new.status == TableStatus.ACTIVE and old.game is not None and new.game is not None
            and old.game.turn == new.game.turn and acting(old) == acting(new))


def _deadlines(table: Table, now: float) -> tuple[DeadlineRow, ...]:
    """A turn's deadlines while a person may act (one set per turn, however many seats act in it)."""
    if not any(seat.is_human for seat in table.acting) or table.options.turn_timeout is None:
        return ()
    due = turn_deadlines(now, table.options.turn_timeout)
    return tuple(DeadlineRow(table.game_id, kind, at, table.turn) for kind, at in due.items())


def _expiry(deadlines: tuple[DeadlineRow, ...] | None) -> float | None:
    """When the turn these deadlines were made for runs out (None: no deadline runs)."""
    return next((d.due_at for d in deadlines or () if d.kind == DeadlineKind.EXPIRY), None)


class GameCache:
    """Games by id in an LRU of `size` entries, the open game of each place, the per-game locks, and the commit
    of a step (which tells the deadline listeners of the deadlines it stored)."""

    def __init__(self, store: Store, *, clock: Callable[[], float], size: int, shards: ShardSet | None = None) -> None:
        if size < 1:
            raise ValueError("cache_size must be at least 1")
        self.store = store
        self._clock = clock
        self._shards = shards
        self._size = size
        self._games: OrderedDict[int, Entry] = OrderedDict()
        # place id -> id of the open game cached for it: every interaction asks for its channel's game, and
        # answering from memory keeps that (and the defer that follows) out of the database's queue.
        self._open_at: dict[int, int] = {}
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._listeners: list[Callable[[float], None]] = []
        # game id -> (version, when that version's announcement began to go out): what its players could see.
        self._shown: dict[int, tuple[int, float]] = {}
        self._unshown_listeners: list[Callable[[int], None]] = []

    def clear(self) -> None:
        self._games.clear()
        self._open_at.clear()
        self._shown.clear()

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def remember(self, entry: Entry) -> None:
        game_id = entry.table.game_id
        known = self._games.get(game_id)
        if known is not None and known.table.version > entry.table.version:
            return  # a read that raced a commit must not put the older state back
        self._games[game_id] = entry
        self._games.move_to_end(game_id)
        if entry.table.is_open:
            self._open_at[entry.table.place_id] = game_id
        elif self._open_at.get(entry.table.place_id) == game_id:
            del self._open_at[entry.table.place_id]
        while len(self._games) > self._size:
            evicted_id, evicted = self._games.popitem(last=False)
            if self._open_at.get(evicted.table.place_id) == evicted_id:
                del self._open_at[evicted.table.place_id]

    async def load(self, game_id: int, *, current: bool = False) -> Entry:
        """The game, from the cache unless the store holds a newer version: checked with `current`, and always for
        a game of a guild outside this process's shards (another process serves its moves)."""
        if not 0 <= game_id <= LARGEST_ID:
            raise UnknownGame(game_id)
        entry = self._games.get(game_id)
        if entry is not None and (current or not self._serves(entry.table.guild_id)):
            if await self.store.game_version(game_id) != entry.table.version:
                self._games.pop(game_id, None)
                entry = None
        if entry is not None:
            self._games.move_to_end(game_id)
            return entry
        try:
            record = await self.store.load_game(game_id)
        except CorruptRow as exc:
            log.error("game %s: %s", game_id, exc)
            raise CorruptGame(game_id, exc.reason) from exc
        if record is None:
            raise UnknownGame(game_id)
        entry = entry_from(record)
        self.remember(entry)
        return entry

    def _serves(self, guild_id: int) -> bool:
        return self._shards is None or self._shards.owns(guild_id)

    async def decided(self, game_id: int, decide: Callable[[Entry, bool], Awaitable[T]]) -> T:
        """`decide(entry, refreshed)` on the cached game; when it refuses (a ServiceError, a Conflict at its commit
        included) and the store holds a newer version than the copy it was decided on, decided again on the
        stored game (`refreshed` True). Call it holding the game's lock."""
        entry = await self.load(game_id)
        try:
            return await decide(entry, False)
        except ServiceError:
            stored = await self.load(game_id, current=True)
            if stored.table.version == entry.table.version:
                raise
        log.info("game %s: decided again on the stored version %s (another process changed it)", game_id,
                 stored.table.version)
        return await decide(stored, True)

    async def table(self, game_id: int) -> Table:
        return (await self.load(game_id)).table

    async def table_in_channel(self, channel_id: int) -> Table | None:
        """The lobby or active game of this channel or thread, if any: from the cache when it holds it open."""
        cached = self._games.get(self._open_at.get(channel_id, 0))
        if cached is not None and cached.table.is_open and cached.table.place_id == channel_id:
            self._games.move_to_end(cached.table.game_id)
            return cached.table
        game_id = await self.store.open_game_at(channel_id)
        return None if game_id is None else (await self.load(game_id)).table

    async def tables_of(self, user_id: int, guild_id: int | None = None) -> list[Table]:
        """The user's lobbies and active games, oldest first; a corrupted one is logged and left out."""
        tables = []
        for game_id in await self.store.open_games_of(user_id, guild_id):
            try:
                tables.append((await self.load(game_id)).table)
            except CorruptGame:
                continue
        return tables

    async def save(self, entry: Entry, table: Table, *, moves: tuple[MoveRow, ...] = (),
                   results: tuple[ResultRow, ...] = (), coop: CoopResultRow | None = None,
                   seats_changed: bool = False, announce: OutboxEvent | None = None) -> Entry:
        """Commit `table` as the successor of `entry` (one transaction) and cache it; `announce` records the
        step's channel announcement in the outbox within that transaction."""
        now = self._clock()
        old = entry.table
        # A step within the same seats' same turn (a dice roll before the circling, a resignation out of turn) keeps
        # the turn's own due times, moved to the new step's number, so a turn's time runs from when the turn began,
        # not from its latest step; a new turn gets its own.
        kept = _same_turn(old, table)
        deadlines = None if table.status == TableStatus.LOBBY or kept else _deadlines(table, now)
        if table.status == TableStatus.ACTIVE and (table.turn != old.turn or old.status != TableStatus.ACTIVE):
            table = replace(table, turn_started_at=now)
        table = replace(table, turn_ends_at=old.turn_ends_at if kept else _expiry(deadlines))
        update = GameUpdate(
            game_id=old.game_id, expected_version=old.version, status=table.status, end_reason=table.end_reason,
            state=table.game.to_dict() if table.game is not None and table.game is not old.game else None,
            turn=table.turn, turn_started_at=table.turn_started_at if table.turn_started_at != old.turn_started_at
            else None, host_id=table.host_id, seats=seat_rows(table.seats) if seats_changed else None,
            moves=moves, deadlines=deadlines, deadlines_turn=table.turn if kept else None, results=results,
            coop=coop, announce=announce,
        )
        try:
            version = await self.store.commit(update, now=now)
        except VersionConflict as exc:
            self._games.pop(old.game_id, None)
            raise Conflict(old.game_id) from exc
        except WriteFailed as exc:
            self._games.pop(old.game_id, None)
            log.error("game %s: the step was not saved (rolled back): %s", old.game_id, exc, exc_info=exc)
            raise NotSaved(old.game_id) from exc
        except BaseException:
            self._games.pop(old.game_id, None)  # unknown outcome: the next call rereads the database
            raise
        saved = Entry(replace(table, version=version, updated_at=now), entry.seed)
        self.remember(saved)
        if deadlines:
            self.deadline_stored(min(d.due_at for d in deadlines))
        return saved

    async def set_message(self, game_id: int, *, lobby_message_id: int | None = None,
                          turn_message_id: int | None = None) -> Table:
        """Store the id of the bot's lobby or turn message (no new version: no game state changes)."""
        async with self.lock(game_id):
            entry = await self.load(game_id)
            await self.store.set_message_ids(game_id, lobby_message_id=lobby_message_id,
                                             turn_message_id=turn_message_id)
            table = entry.table
            if lobby_message_id is not None:
                table = replace(table, lobby_message_id=lobby_message_id)
            if turn_message_id is not None:
                table = replace(table, turn_message_id=turn_message_id)
            saved = Entry(table, entry.seed)
            self.remember(saved)
            return saved.table

    def add_deadline_listener(self, listener: Callable[[float], None]) -> None:
        """`listener(due_at)` runs whenever a move stores new turn deadlines (the dispatcher uses it)."""
        self._listeners.append(listener)

    def remove_deadline_listener(self, listener: Callable[[float], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def deadline_stored(self, due_at: float) -> None:
        for listener in list(self._listeners):
            listener(due_at)

    def shown(self, game_id: int, version: int, at: float) -> None:
        """The announcement of the game's `version` began to go out at `at` (the first time counts)."""
        known = self._shown.get(game_id)
        if known is None or known[0] < version:
            self._shown[game_id] = (version, at)
            while len(self._shown) > self._size:
                del self._shown[next(iter(self._shown))]

    async def shown_at(self, game_id: int, version: int) -> float | None:
        """When the game's `version` began to be shown in its channel: infinity while its announcement waits to be
        posted, None when that version announced nothing (a game older than the outbox)."""
        known = self._shown.get(game_id)
        if known is not None and known[0] == version:
            return known[1]
        announcement = await self.store.announcement(game_id, version)
        if announcement is None:
            return None
        at = announcement.sending_at if announcement.sending_at is not None else announcement.posted_at
        if at is None:
            return math.inf
        self.shown(game_id, version, at)
        return at

    def add_unshown_listener(self, listener: Callable[[int], None]) -> None:
        """`listener(game_id)` runs when a step is refused because the game's channel is behind (the bot posts the
        pending announcements then)."""
        self._unshown_listeners.append(listener)

    def announcement_wanted(self, game_id: int) -> None:
        for listener in list(self._unshown_listeners):
            listener(game_id)
