"""The outbox of channel announcements, as the service hands it to the bot.

Every step that changes what a channel should see (a start, a move chain, a resignation, an expired
turn, a cancel) records an announcement in the same transaction as the step. The bot posts the
pending ones of a game in order and marks each posted, so a crash between the commit and the post
delays an announcement, never loses it. After a restart the PlayResult with its reports is gone: the
turns are rebuilt by replaying the move log.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from engine.registry import rules_of

from bot.service.cache import Entry, GameCache
from bot.service.models import Announcement, GameOutbox, PlayedTurn, PlayResult, Seat, Table
from bot.service.replay import apply_entry, new_game
from bot.service.seats import final_standings, replaced
from bot.store import EndReason, MoveRow, OutboxEvent, ShardSet, TableStatus, TurnKind


OUTBOX_LEASE = 60.0
"""Seconds a process's claim on a game's pending announcements keeps another process from posting them too."""


class AnnouncementOutbox:
    """Reads and settles the outbox of this process's shards (`shards`, None: every guild), claimed under
    `claimer`."""

    def __init__(self, cache: GameCache, *, clock: Callable[[], float], shards: ShardSet | None,
                 claimer: str) -> None:
        self._cache = cache
        self._store = cache.store
        self._clock = clock
        self._shards = shards
        self._claimer = claimer

    async def outbox(self, game_id: int) -> GameOutbox:
        """The game's unposted announcements, in the order they must be posted, and its live one, in one read."""
        pending, live = await self._store.outbox(game_id)
        return GameOutbox(pending, live)

    async def games_to_announce(self, created_before: float) -> list[int]:
        """Games of this process's shards with an announcement older than `created_before` still waiting to be
        posted."""
        return await self._store.games_to_announce(created_before, self._shards)

    async def claim_outbox(self, game_id: int) -> bool:
        """Whether this process may post the game's pending announcements again now: another process serving the
        same shards (a rolling deploy) that claimed them first keeps them for OUTBOX_LEASE seconds."""
        return await self._store.claim_outbox(game_id, owner=self._claimer, now=self._clock(), lease=OUTBOX_LEASE)

    async def live_announcement(self, game_id: int) -> Announcement | None:
        """The posted announcement whose message is still shown in full (it collapses when a newer one posts)."""
        return await self._store.live_announcement(game_id)

    async def announcement_posted(self, announcement: Announcement, message_id: int | None,
                                  summary: str | None) -> None:
        await self._store.mark_posted(announcement.game_id, announcement.version, now=self._clock(),
                                      message_id=message_id, summary=summary)
        self._cache.shown(announcement.game_id, announcement.version, self._clock())

    async def announcement(self, game_id: int, version: int) -> Announcement | None:
        return await self._store.announcement(game_id, version)

    async def secrets_sent(self, announcement: Announcement, closed: Iterable[int]) -> None:
        """Record that the step's secrets went out (`closed`: the users whose DMs refused them), so posting the
        step again never sends them twice."""
        await self._store.mark_secrets_sent(announcement.game_id, announcement.version, closed)

    async def announcement_sending(self, announcement: Announcement, digest: str) -> None:
        """About to hand the announcement to Discord with text of this digest (see `announcement_posted`)."""
        now = self._clock()
        await self._store.mark_sending(announcement.game_id, announcement.version, now=now, digest=digest)
        self._cache.shown(announcement.game_id, announcement.version, now)

    async def announcement_moved(self, announcement: Announcement, message_id: int) -> None:
        await self._store.move_announcement(announcement.game_id, announcement.version, message_id)

    async def replayed_result(self, announcement: Announcement) -> PlayResult:
        """What the announced step played, rebuilt from the move log, with the game as it is now."""
        table = await self._cache.table(announcement.game_id)
        loaded = await self._store.load_game_with_moves(announcement.game_id)
        assert loaded is not None and table.game is not None
        record, moves = loaded
        wanted = [m for m in moves if m.seq <= announcement.last_seq]
        rules = rules_of(table.kind)
        game = new_game(table.kind, len(table.seats), record.game.seed, table.options)
        turns = []
        for row in wanted:
            report = apply_entry(rules, game, row)
            if row.seq >= announcement.first_seq:
                move = None if row.move is None else rules.parse_action(row.move)
                turns.append(PlayedTurn(table.seats[row.seat], row.kind, move, report))
        # an abandoned game scores who left
        scored = table.status == TableStatus.FINISHED or table.end_reason == EndReason.ABANDONED
        ended = scored and announcement.last_seq == table.turn
        return PlayResult(table, tuple(turns), final_standings(table) if ended else (),
                          _taken_over(announcement, table, moves) if announcement.event == OutboxEvent.REPLACED else ())

    async def was_played(self, game_id: int, turn: int, user_id: int, move: object) -> bool:
        """Whether the move-log entry after `turn` is this person's `move` (a repeated Confirm of a move
        that already went through). A turn the game has not reached (or below 0) was never played: only a
        forged custom id carries one, and it must not reach the store (SQLite's integers end at 2**63-1)."""
        if not 0 <= turn < (await self._cache.table(game_id)).turn:
            return False
        row = await self._store.move_at(game_id, turn + 1)
        if row is None or row.kind != TurnKind.MOVE or row.move != str(move):
            return False
        table = await self._cache.table(game_id)
        return row.seat < len(table.seats) and table.seats[row.seat].user_id == user_id

    async def set_turn_message(self, game_id: int, message_id: int) -> Table:
        """The bot's message for the current turn; its buttons are the live ones."""
        return await self._cache.set_message(game_id, turn_message_id=message_id)

    async def turn_posted(self, announcement: Announcement, message_id: int, summary: str | None,
                          collapsed: Announcement | None) -> None:
        """An announcement's message is out: marked posted with the summary it collapses to; with a summary it
        is the turn message (as set_turn_message), and `collapsed` (the previous live announcement, whose message
        was just collapsed) is settled, all in one commit. The commit touches no game state, so the game's next
        move (its player answers the message at once) does not wait for it: only the cached copy is updated under
        the game's lock, after it."""
        game_id = announcement.game_id
        await self._store.mark_posted_turn(game_id, announcement.version, now=self._clock(), message_id=message_id,
                                           summary=summary,
                                           collapsed_version=None if collapsed is None else collapsed.version)
        self._cache.shown(game_id, announcement.version, self._clock())
        if summary is not None:
            async with self._cache.lock(game_id):
                entry = await self._cache.load(game_id)
                self._cache.remember(Entry(replace(entry.table, turn_message_id=message_id), entry.seed))


def _taken_over(announcement: Announcement, table: Table, moves: Iterable[MoveRow]) -> tuple[Seat, ...]:
    """The seats an expiry's announcement took over: a seat taken over plays only as a computer seat from then on,
    so its last expired-turn entry in the log is in the step that took it over."""
    last = {row.seat: row.seq for row in moves if row.kind == TurnKind.TIMEOUT}
    return tuple(s for s in table.seats
                 if replaced(s) and announcement.first_seq <= last.get(s.index, -1) <= announcement.last_seq)
