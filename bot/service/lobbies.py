"""Lobbies: opening one (or a rematch), joining, computer seats, leaving and cancelling, before and during play."""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace

from engine.registry import rules_of

from bot.service.cache import Entry, GameCache, entry_from, table_of
from bot.service.refusals import (
    AlreadyJoined,
    AlreadyStarted,
    ChannelBusy,
    CorruptGame,
    GameOver,
    InvalidOption,
    LobbyFull,
    NotHost,
    NotInGame,
    NotStarted,
)
from bot.service.models import GameOptions, Rematch, Seat, Table
from bot.service.records import Records
from bot.service.seats import reindexed, seat_rows
from bot.store import EndReason, NewGame, OutboxEvent, PlaceTaken, RematchTaken, TableStatus

log = logging.getLogger(__name__)


def _place(channel_id: int, thread_id: int | None, options: GameOptions) -> int:
    """What a new lobby occupies: its own thread for a `thread` game (the bot opens the thread first), otherwise
    its channel."""
    if thread_id is not None:
        return thread_id
    if options.thread:
        raise ValueError("a thread game is opened with the thread_id of its thread")
    return channel_id


def require_lobby(table: Table) -> None:
    if table.status == TableStatus.ACTIVE:
        raise AlreadyStarted(table.game_id)
    if table.status != TableStatus.LOBBY:
        raise GameOver(table.game_id, table.status)


def _require_room(table: Table) -> None:
    """LobbyFull once every seat the lobby opened with is taken (its options were checked against its game when it
    opened, which set `players`)."""
    players = table.options.players
    assert players is not None
    if len(table.seats) >= players:
        raise LobbyFull(table.game_id, players)


class Lobbies:
    """Lobbies of every guild: each is stored with its expiry deadline (`lobby_timeout` seconds after it opens)."""

    def __init__(self, cache: GameCache, records: Records, *, clock: Callable[[], float], seeds: Callable[[], int],
                 lobby_timeout: int) -> None:
        self._cache = cache
        self._records = records
        self._clock = clock
        self._seeds = seeds
        self._lobby_timeout = lobby_timeout

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
            settings = await self._records.guild_settings(guild_id)
            options = replace(options, turn_timeout=settings.effective_turn_timeout)
        place = _place(channel_id, thread_id, options)
        seats = (Seat(0, host_id, host_name),)
        return await self._create(kind, guild_id, channel_id, thread_id, place, options, host_id, seats)

    async def _create(self, kind: str, guild_id: int, channel_id: int, thread_id: int | None, place: int | None,
                      options: GameOptions, host_id: int, seats: tuple[Seat, ...],
                      rematch_of: int | None = None) -> Table:
        """Insert the lobby with its expiry deadline (RematchTaken passes through for `rematch`)."""
        now = self._clock()
        expires = now + self._lobby_timeout
        new = NewGame(kind=kind, guild_id=guild_id, channel_id=channel_id, thread_id=thread_id, place_id=place,
                      options=options.to_dict(), host_id=host_id, seed=self._seeds(), seats=seat_rows(seats),
                      rematch_of=rematch_of, lobby_expires_at=expires)
        try:
            record = await self._cache.store.create_game(new, now=now)
        except PlaceTaken as exc:
            raise ChannelBusy(exc.place_id, exc.game_id) from exc
        entry = entry_from(record)
        self._cache.remember(entry)
        self._cache.deadline_stored(expires)
        return entry.table

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        async def decide(entry: Entry, refreshed: bool) -> Table:
            table = entry.table
            require_lobby(table)
            if table.seat_of(user_id) is not None:
                raise AlreadyJoined(game_id, user_id)
            _require_room(table)
            seats = (*table.seats, Seat(len(table.seats), user_id, name))
            return (await self._cache.save(entry, replace(table, seats=seats), seats_changed=True)).table

        async with self._cache.lock(game_id):
            return await self._cache.decided(game_id, decide)

    async def add_computer(self, game_id: int, by_user_id: int, level: str = "normal",
                           name: str | None = None) -> Table:
        """Host only. The default name is "Computer N"; the bot may pass a translated one."""
        async def decide(entry: Entry, refreshed: bool) -> Table:
            table = entry.table
            levels = rules_of(table.kind).levels
            if level not in levels:
                raise InvalidOption("level", level, ", ".join(levels))
            require_lobby(table)
            if by_user_id != table.host_id:
                raise NotHost(game_id, by_user_id, table.host_id)
            _require_room(table)
            number = sum(1 for s in table.seats if s.is_computer) + 1
            seat = Seat(len(table.seats), None, name or f"Computer {number}", level)
            return (await self._cache.save(entry, replace(table, seats=(*table.seats, seat)),
                                           seats_changed=True)).table

        async with self._cache.lock(game_id):
            return await self._cache.decided(game_id, decide)

    async def leave(self, game_id: int, user_id: int) -> Table:
        """Leave a lobby. A leaving host hands the lobby to the next person; with no person left it is cancelled."""
        async def decide(entry: Entry, refreshed: bool) -> Table:
            table = entry.table
            require_lobby(table)
            if table.seat_of(user_id) is None:
                raise NotInGame(game_id, user_id)
            seats = reindexed([s for s in table.seats if s.user_id != user_id])
            host_id = table.host_id
            status, reason = TableStatus.LOBBY, None
            if user_id == host_id:
                heir = next((s for s in seats if s.is_human), None)
                if heir is None:
                    status, reason = TableStatus.CANCELLED, EndReason.ABANDONED
                else:
                    assert heir.user_id is not None
                    host_id = heir.user_id
            new = replace(table, seats=seats, host_id=host_id, status=status, end_reason=reason)
            return (await self._cache.save(entry, new, seats_changed=True)).table

        async with self._cache.lock(game_id):
            return await self._cache.decided(game_id, decide)

    async def cancel(self, game_id: int, by_user_id: int, *, is_admin: bool = False) -> Table:
        """Host, or a user the caller vouches is a server admin. Nothing goes into stats.

        A game whose stored row cannot be read has no host to trust: only an admin can cancel it, and it
        ends as "corrupt" with `game=None` (and default options if those were unreadable too)."""
        async def decide(entry: Entry, refreshed: bool) -> Table:
            table = entry.table
            if not table.is_open:
                raise GameOver(game_id, table.status)
            if by_user_id != table.host_id and not is_admin:
                raise NotHost(game_id, by_user_id, table.host_id)
            announce = OutboxEvent.CANCEL if table.game is not None else None
            cancelled = replace(table, status=TableStatus.CANCELLED, end_reason=EndReason.CANCELLED)
            return (await self._cache.save(entry, cancelled, announce=announce)).table

        async with self._cache.lock(game_id):
            try:
                await self._cache.load(game_id)
            except CorruptGame:
                closed = await self._cancel_unreadable(game_id) if is_admin else None
                if closed is None:
                    raise
                return closed
            return await self._cache.decided(game_id, decide)

    async def _cancel_unreadable(self, game_id: int) -> Table | None:
        """None if the game is no longer open."""
        record = await self._cache.store.close_unreadable_game(game_id, now=self._clock())
        if record is None:
            return None
        log.warning("game %s: unreadable game cancelled by an admin", game_id)
        try:
            options = GameOptions.from_dict(record.game.options)
        except (TypeError, AttributeError):
            options = GameOptions()
        return table_of(record, options, None)

    async def rematch(self, game_id: int, by_user_id: int, *,
                      open_thread: Callable[[], Awaitable[int]] | None = None) -> Rematch:
        """A new lobby in the same place with the same seats (in turn order); whoever asks first is the host.

        One live rematch per game: a later call, from anyone, gets the lobby already opened (`opened=False`)
        while it is open or its game started; after it expired or was cancelled unstarted, a new one opens.
        A `thread` game's rematch gets a new thread from `open_thread()` (the bot opens it), called only
        when this call does open the rematch; calls on one game wait for each other, and the store's
        unique `rematch_of` settles a race with another process (the losing thread comes back as spare)."""
        async with self._cache.lock(game_id):
            existing = await self._cache.store.rematch_of(game_id)
            if existing is not None:
                return Rematch((await self._cache.load(existing)).table, opened=False)
            old = (await self._cache.load(game_id)).table
            if old.status == TableStatus.ACTIVE:
                raise AlreadyStarted(game_id)
            if old.status == TableStatus.LOBBY:
                raise NotStarted(game_id, old.kind)
            if old.seat_of(by_user_id) is None:
                raise NotInGame(game_id, by_user_id)
            seats = tuple(Seat(s.index, s.user_id, s.name, None if s.user_id is not None else s.level)
                          for s in old.seats)
            host = next(s for s in seats if s.user_id == by_user_id)
            seats = reindexed([host, *(s for s in seats if s is not host)])
            thread_id = await open_thread() if old.options.thread and open_thread is not None else None
            place = _place(old.channel_id, thread_id, old.options)
            options = replace(old.options, revision=rules_of(old.kind).description.revision)  # today's rules
            try:
                table = await self._create(old.kind, old.guild_id, old.channel_id, thread_id, place, options,
                                           by_user_id, seats, rematch_of=game_id)
            except RematchTaken as taken:
                assert taken.game_id is not None
                return Rematch((await self._cache.load(taken.game_id)).table, opened=False,
                               spare_thread_id=thread_id)
            return Rematch(table, opened=True)

    async def set_lobby_message(self, game_id: int, message_id: int) -> Table:
        return await self._cache.set_message(game_id, lobby_message_id=message_id)
