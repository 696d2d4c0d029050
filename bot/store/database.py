"""The SQLite store: one aiosqlite connection, WAL, every multi-statement write in one transaction.

One connection serialises statements anyway, so an asyncio lock around each operation keeps one
coroutine's transaction from interleaving with another coroutine's statements. Operations are a
handful of indexed statements each, so holding the lock is cheap; engine and AI work happen
outside it, in the service.
"""
from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.connection import connect
from bot.store.errors import CorruptRow, PlaceTaken, RematchTaken, StatsChanged, VersionConflict, WriteFailed
from bot.store.records import (
    LOBBY_EXPIRY,
    OPEN_STATUSES,
    AnnouncementRow,
    CoopBestRow,
    CoopRecordRow,
    DeadlineRow,
    GameRecord,
    GameRow,
    GameUpdate,
    GuildSettingsRow,
    MoveRow,
    NewGame,
    SeatRow,
    ShardSet,
    StatsRow,
)
from bot.store.schema import MIGRATIONS

log = logging.getLogger(__name__)

_OPEN_SQL = "(" + ", ".join(f"'{status}'" for status in OPEN_STATUSES) + ")"
CHECKPOINT_EVERY = 200
_GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, thread_id, place_id, status, end_reason, options, host_id, seed,"
    " created_at, updated_at, state, version, turn, lobby_message_id, turn_message_id, turn_started_at, rematch_of"
)
_SEATS_SQL = "SELECT position, user_id, name, level, expired_turns FROM seats WHERE game_id = ? ORDER BY position"
_MOVES_SQL = "SELECT seq, seat, move, kind, at FROM moves WHERE game_id = ? ORDER BY seq"
_ANNOUNCEMENT_COLUMNS = ("game_id, version, event, first_seq, last_seq, created_at, posted_at, message_id, summary,"
                         " secrets_closed, sending_at, sent_digest")
_BETTER = {True: ("ASC", "MIN"), False: ("DESC", "MAX")}
"""A co-operative measure's order and aggregate of the best result, by whether fewer is better."""
_STATS_COLUMNS = "guild_id, kind, user_id, name, games, wins, points, best, mu, sigma"
_LEADERBOARD_ORDER = {
    "wins": "wins DESC, CAST(points AS REAL) / games DESC, user_id",
    "average": "CAST(points AS REAL) / games DESC, wins DESC, user_id",
    "rating": "mu - 3 * sigma DESC NULLS LAST, wins DESC, user_id",
}


def _of_shards(shards: ShardSet | None, guild_column: str) -> tuple[str, list[Any]]:
    """A WHERE condition (and its parameters) keeping the rows whose guild is in `shards`; always true for None."""
    if shards is None or shards.everything:
        return "1 = 1", []
    marks = ", ".join("?" * len(shards.ids))
    return f"(({guild_column} >> 22) % ?) IN ({marks})", [shards.count, *sorted(shards.ids)]


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _loads_object(game_id: int, column: str, text: str | None, *, nullable: bool) -> dict[str, Any] | None:
    if text is None:
        if nullable:
            return None
        raise CorruptRow(game_id, f"{column} is missing")
    try:
        value = json.loads(text)
    except (ValueError, TypeError) as exc:
        raise CorruptRow(game_id, f"{column} is not valid JSON ({exc})") from exc
    if not isinstance(value, dict):
        raise CorruptRow(game_id, f"{column} is not a JSON object")
    return value


def _game_row(row: sqlite3.Row) -> GameRow:
    game_id = row["id"]
    options = _loads_object(game_id, "options", row["options"], nullable=False)
    assert options is not None
    return GameRow(
        id=game_id,
        kind=row["kind"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        place_id=row["place_id"],
        status=row["status"],
        end_reason=row["end_reason"],
        options=options,
        host_id=row["host_id"],
        seed=row["seed"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        state=_loads_object(game_id, "state", row["state"], nullable=True),
        version=row["version"],
        turn=row["turn"],
        lobby_message_id=row["lobby_message_id"],
        turn_message_id=row["turn_message_id"],
        turn_started_at=row["turn_started_at"],
        rematch_of=row["rematch_of"],
    )


def _seats(rows: Iterable[sqlite3.Row]) -> tuple[SeatRow, ...]:
    return tuple(SeatRow(r[0], r[1], r[2], r[3], r[4]) for r in rows)


def _stats_row(row: sqlite3.Row) -> StatsRow:
    return StatsRow(**{key: row[key] for key in row.keys()})


async def _pragma(conn: aiosqlite.Connection, sql: str) -> None:
    """Run a PRAGMA and close its cursor at once: an open cursor keeps the statement in progress and blocks COMMIT."""
    async with conn.execute(sql):
        pass


class Store:
    """Async access to the bot's single SQLite file. Open with `await Store.open(path)`.

    WAL checkpoints run on a second connection in the background every `CHECKPOINT_EVERY` commits
    (automatic checkpoints are off), so no move waits for pages being copied into the main file.
    """

    def __init__(self, conn: aiosqlite.Connection, path: str, synchronous: str) -> None:
        self._conn = conn
        self._path = path
        self._synchronous = synchronous
        self._lock = asyncio.Lock()
        self._commits = 0
        self._checkpointer: aiosqlite.Connection | None = None
        self._checkpoint: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: str = "NORMAL") -> Store:
        """Open (creating if needed) and migrate the database.

        With WAL, `NORMAL` keeps every committed move through a killed or crashed process (the commit
        is in the OS's hands before `commit` returns) without an fsync per move; only a power cut or
        kernel crash may roll back the last moments, never corrupt the file. `FULL` fsyncs every
        commit to survive that too, at the disk's fsync latency per move (see bench/store.py).
        """
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError(f"synchronous must be FULL or NORMAL, not {synchronous!r}")
        # "IMMEDIATE": the driver opens the write transaction with the first write statement, in the
        # same round trip to the database thread (the store's lock keeps transactions from interleaving).
        conn = await connect(path, isolation_level="IMMEDIATE")
        try:
            conn.row_factory = sqlite3.Row
            await conn.executescript(
                f"PRAGMA journal_mode=WAL; PRAGMA synchronous={synchronous}; PRAGMA foreign_keys=ON;"
                " PRAGMA busy_timeout=5000; PRAGMA wal_autocheckpoint=0;"
            )
            store = cls(conn, str(path), synchronous)
            await store._migrate()
        except BaseException:
            await conn.close()
            raise
        return store

    async def close(self) -> None:
        if self._checkpoint is not None:
            await asyncio.gather(self._checkpoint, return_exceptions=True)
        if self._checkpointer is not None:
            await self._checkpointer.close()
        async with self._lock:
            try:
                await _pragma(self._conn, "PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                await self._conn.close()

    def _committed(self) -> None:
        self._commits += 1
        if self._commits >= CHECKPOINT_EVERY and (self._checkpoint is None or self._checkpoint.done()):
            self._commits = 0
            self._checkpoint = asyncio.get_running_loop().create_task(self._run_checkpoint())

    async def _run_checkpoint(self) -> None:
        try:
            if self._checkpointer is None:
                self._checkpointer = await connect(self._path, isolation_level=None)
                await _pragma(self._checkpointer, f"PRAGMA synchronous={self._synchronous}")
                await _pragma(self._checkpointer, "PRAGMA busy_timeout=5000")
            await _pragma(self._checkpointer, "PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            log.exception("background WAL checkpoint failed; the next one retries")

    async def _migrate(self) -> None:
        version = await self.schema_version()
        if version > len(MIGRATIONS):
            raise RuntimeError(f"database schema {version} is newer than this code ({len(MIGRATIONS)})")
        for number in range(version + 1, len(MIGRATIONS) + 1):
            script = MIGRATIONS[number - 1]
            try:
                await self._conn.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
            except BaseException:
                if self._conn.in_transaction:
                    await self._conn.rollback()
                raise
            log.info("store migrated to schema %d", number)

    async def schema_version(self) -> int:
        row = await self._fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction; if a statement or the COMMIT itself fails it is rolled back, so nothing of it stays
        behind in an open transaction for the next write to commit (or to fail on again, every write after).
        A failure of the database other than a constraint (which callers read) is WriteFailed."""
        async with self._lock:
            try:
                yield self._conn
                await self._conn.commit()
            except BaseException as exc:
                await self._conn.rollback()
                if isinstance(exc, sqlite3.Error) and not isinstance(exc, sqlite3.IntegrityError):
                    raise WriteFailed(str(exc)) from exc
                raise

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            return list(await self._conn.execute_fetchall(sql, tuple(params)))

    async def _fetchone(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        rows = await self._fetchall(sql, params)
        return rows[0] if rows else None

    # games --------------------------------------------------------------------------------------

    async def create_game(self, new: NewGame, *, now: float) -> GameRecord:
        """Insert a lobby with its first seats (and its expiry deadline); PlaceTaken if the channel/thread
        has an open game, RematchTaken if `new.rematch_of` already has its rematch."""
        try:
            async with self._write() as db:
                cur = await db.execute(
                    "INSERT INTO games (kind, guild_id, channel_id, thread_id, place_id, status, options,"
                    " host_id, seed, created_at, updated_at, rematch_of)"
                    " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?)",
                    (new.kind, new.guild_id, new.channel_id, new.thread_id, new.place_id, _dumps(new.options),
                     new.host_id, new.seed, now, now, new.rematch_of),
                )
                game_id = cur.lastrowid
                assert game_id is not None
                await self._insert_seats(db, game_id, new.seats)
                if new.lobby_expires_at is not None:
                    await db.execute("INSERT INTO deadlines (game_id, kind, due_at, turn) VALUES (?, ?, ?, 0)",
                                     (game_id, LOBBY_EXPIRY, new.lobby_expires_at))
        except sqlite3.IntegrityError as exc:
            # A rematch racing another one may also collide on the place (the same channel): the rematch wins.
            rematch = None if new.rematch_of is None else await self.rematch_of(new.rematch_of)
            if rematch is not None:
                assert new.rematch_of is not None
                raise RematchTaken(new.rematch_of, rematch) from exc
            if "games.place_id" not in str(exc):
                raise
            assert new.place_id is not None
            raise PlaceTaken(new.place_id, await self.open_game_at(new.place_id)) from exc
        row = GameRow(
            id=game_id, kind=new.kind, guild_id=new.guild_id, channel_id=new.channel_id, thread_id=new.thread_id,
            place_id=new.place_id, status="lobby", end_reason=None, options=dict(new.options), host_id=new.host_id,
            seed=new.seed, created_at=now, updated_at=now, state=None, version=0, turn=0,
            lobby_message_id=None, turn_message_id=None, rematch_of=new.rematch_of,
        )
        return GameRecord(row, tuple(new.seats))

    async def add_lobby_expiries(self, due_at: float) -> int:
        """Give every open lobby that has no expiry deadline (one opened before lobbies expired) one at `due_at`;
        returns how many got one."""
        async with self._write() as db:
            cur = await db.execute(
                "INSERT INTO deadlines (game_id, kind, due_at, turn) SELECT id, ?, ?, 0 FROM games"
                " WHERE status = 'lobby' AND id NOT IN (SELECT game_id FROM deadlines WHERE kind = ?)",
                (LOBBY_EXPIRY, due_at, LOBBY_EXPIRY))
            added = cur.rowcount
        self._committed()
        return added

    async def rematch_of(self, game_id: int) -> int | None:
        """The id of the lobby (or later game) opened as the rematch of this game and still alive, if any: one
        cancelled or expired before it started does not count (the unique index `games_one_live_rematch` says
        the same), so a new rematch may be opened after it."""
        row = await self._fetchone("SELECT id FROM games WHERE rematch_of = ?"
                                   " AND (status != 'cancelled' OR state IS NOT NULL)", (game_id,))
        return None if row is None else int(row[0])

    @staticmethod
    async def _insert_seats(db: aiosqlite.Connection, game_id: int, seats: Iterable[SeatRow]) -> None:
        await db.executemany(
            "INSERT INTO seats (game_id, position, user_id, name, level, expired_turns) VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, s.position, s.user_id, s.name, s.level, s.expired_turns) for s in seats],
        )

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """Several SELECTs in one read transaction: one snapshot even if another process (the `audit`
        command beside a running bot) writes in between."""
        async with self._lock:
            await _pragma(self._conn, "BEGIN DEFERRED")
            try:
                yield self._conn
            finally:
                await self._conn.rollback()

    async def load_game(self, game_id: int) -> GameRecord | None:
        """The game and its seats, or None if there is no such game; CorruptRow if unreadable."""
        loaded = await self._load_game(game_id, with_moves=False)
        return None if loaded is None else loaded[0]

    async def load_game_with_moves(self, game_id: int) -> tuple[GameRecord, list[MoveRow]] | None:
        """The game, its seats and its whole move log from one snapshot (for an audit); CorruptRow if unreadable."""
        return await self._load_game(game_id, with_moves=True)

    async def _load_game(self, game_id: int, *, with_moves: bool) -> tuple[GameRecord, list[MoveRow]] | None:
        async with self._read() as db:
            rows = list(await db.execute_fetchall(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)))
            if not rows:
                return None
            seat_rows = await db.execute_fetchall(_SEATS_SQL, (game_id,))
            move_rows = await db.execute_fetchall(_MOVES_SQL, (game_id,)) if with_moves else []
        return GameRecord(_game_row(rows[0]), _seats(seat_rows)), [MoveRow(*r) for r in move_rows]

    async def open_game_at(self, place_id: int) -> int | None:
        """The id of the lobby or active game in this channel or thread, if any."""
        row = await self._fetchone(
            f"SELECT id FROM games WHERE place_id = ? AND status IN {_OPEN_SQL}", (place_id,)
        )
        return None if row is None else int(row[0])

    async def open_games_of(self, user_id: int, guild_id: int | None = None) -> list[int]:
        """Ids of the lobby/active games where this user holds a seat, oldest first."""
        sql = (
            "SELECT g.id FROM seats s JOIN games g ON g.id = s.game_id"
            f" WHERE s.user_id = ? AND g.status IN {_OPEN_SQL}"
        )
        params: list[Any] = [user_id]
        if guild_id is not None:
            sql += " AND g.guild_id = ?"
            params.append(guild_id)
        rows = await self._fetchall(sql + " ORDER BY g.id", params)
        return [int(r[0]) for r in rows]

    async def count_games(self, status: str) -> int:
        row = await self._fetchone("SELECT COUNT(*) FROM games WHERE status = ?", (status,))
        return int(row[0]) if row else 0

    async def commit(self, update: GameUpdate, *, now: float) -> int:
        """Apply one step atomically (compare-and-set on the version) and return the new version.

        VersionConflict if the row moved on since `expected_version` was read: nothing is written.
        """
        sets = ["version = version + 1", "updated_at = ?"]
        params: list[Any] = [now]
        for column, value in (("status", update.status), ("end_reason", update.end_reason),
                              ("turn", update.turn), ("turn_started_at", update.turn_started_at),
                              ("host_id", update.host_id)):
            if value is not None:
                sets.append(f"{column} = ?")
                params.append(value)
        if update.state is not None:
            sets.append("state = ?")
            params.append(_dumps(update.state))
        if update.status is not None and update.status not in OPEN_STATUSES:
            sets.append("place_id = NULL")
        gid = update.game_id
        async with self._write() as db:
            cur = await db.execute(
                f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?",
                (*params, gid, update.expected_version),
            )
            if cur.rowcount != 1:
                raise VersionConflict(gid, update.expected_version)
            if update.seats is not None:
                await db.execute("DELETE FROM seats WHERE game_id = ?", (gid,))
                await self._insert_seats(db, gid, update.seats)
            if update.moves:
                await db.executemany(
                    "INSERT INTO moves (game_id, seq, seat, move, kind, at) VALUES (?, ?, ?, ?, ?, ?)",
                    [(gid, m.seq, m.seat, m.move, m.kind, m.at) for m in update.moves],
                )
            if update.deadlines is not None:
                await db.execute("DELETE FROM deadlines WHERE game_id = ?", (gid,))
                await db.executemany(
                    "INSERT INTO deadlines (game_id, kind, due_at, turn) VALUES (?, ?, ?, ?)",
                    [(gid, d.kind, d.due_at, d.turn) for d in update.deadlines],
                )
            if update.results:
                await self._record_results(db, update, now)
            if update.coop is not None:
                await self._record_coop(db, update, now)
            if update.announce is not None:
                await self._record_announcement(db, update, now)
        self._committed()
        return update.expected_version + 1

    @staticmethod
    async def _record_announcement(db: aiosqlite.Connection, update: GameUpdate, now: float) -> None:
        if update.moves:
            first, last = update.moves[0].seq, update.moves[-1].seq
        else:
            first = (update.turn or 0) + 1
            last = first - 1
        await db.execute(
            "INSERT INTO announcements (game_id, version, event, first_seq, last_seq, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (update.game_id, update.expected_version + 1, update.announce, first, last, now),
        )

    async def _record_results(self, db: aiosqlite.Connection, update: GameUpdate, now: float) -> None:
        [row] = await db.execute_fetchall("SELECT guild_id, kind FROM games WHERE id = ?", (update.game_id,))
        guild_id, kind = row[0], row[1]
        await db.executemany(
            "INSERT INTO results (game_id, seat, guild_id, kind, user_id, points, rank, won, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(update.game_id, r.seat, guild_id, kind, r.user_id, r.points, r.rank, int(r.won), now)
             for r in update.results],
        )
        # Counters are increments; a rating is written only over the stats it was computed from (`prior_games`),
        # so a game of the same player finished meanwhile by another process refuses this one (StatsChanged).
        cur = await db.executemany(
            "INSERT INTO player_stats (guild_id, kind, user_id, name, games, wins, points, best, mu, sigma)"
            " SELECT ?1, ?8, ?2, ?3, 1, ?4, ?5, ?5, ?6, ?7 WHERE true"
            " ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET name = ?3, games = games + 1, wins = wins + ?4,"
            " points = points + ?5, best = MAX(best, ?5), mu = COALESCE(?6, mu), sigma = COALESCE(?7, sigma)"
            " WHERE ?9 IS NULL OR games = ?9",
            [(guild_id, r.user_id, r.name, int(r.won), r.points, r.rating[0] if r.rating else None,
              r.rating[1] if r.rating else None, kind, r.prior_games) for r in update.results],
        )
        if cur.rowcount != len(update.results):
            raise StatsChanged(update.game_id)

    @staticmethod
    async def _record_coop(db: aiosqlite.Connection, update: GameUpdate, now: float) -> None:
        coop = update.coop
        assert coop is not None
        await db.execute(
            "INSERT INTO coop_results (game_id, guild_id, kind, players, setup, result, won, at)"
            " SELECT id, guild_id, kind, ?, ?, ?, ?, ? FROM games WHERE id = ?",
            (coop.players, _dumps(coop.setup), coop.result, int(coop.won), now, update.game_id),
        )

    async def close_unreadable_game(self, game_id: int, *, now: float) -> GameRecord | None:
        """Cancel an open game whose row cannot be read (end_reason "corrupt"), freeing its channel or thread
        and dropping its deadlines, without parsing its JSON. Returns what is still readable (unreadable
        options come back empty, the state as None), or None if no open game has this id."""
        async with self._write() as db:
            cur = await db.execute(
                "UPDATE games SET status = 'cancelled', end_reason = 'corrupt', place_id = NULL,"
                f" version = version + 1, updated_at = ? WHERE id = ? AND status IN {_OPEN_SQL}",
                (now, game_id),
            )
            if cur.rowcount != 1:
                return None
            await db.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
            [row] = await db.execute_fetchall(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
            seat_rows = await db.execute_fetchall(_SEATS_SQL, (game_id,))
        self._committed()
        try:
            options = _loads_object(game_id, "options", row["options"], nullable=False)
        except CorruptRow:
            options = {}
        assert options is not None
        game = GameRow(**{**{key: row[key] for key in row.keys()}, "options": options, "state": None})
        return GameRecord(game, _seats(seat_rows))

    async def set_message_ids(self, game_id: int, *, lobby_message_id: int | None = None,
                              turn_message_id: int | None = None) -> None:
        """Remember the bot's messages for a game; not game state, so no version bump."""
        async with self._write() as db:
            if lobby_message_id is not None:
                await db.execute("UPDATE games SET lobby_message_id = ? WHERE id = ?", (lobby_message_id, game_id))
            if turn_message_id is not None:
                await db.execute("UPDATE games SET turn_message_id = ? WHERE id = ?", (turn_message_id, game_id))

    # the outbox of announcements --------------------------------------------------------------

    async def unposted_announcements(self, game_id: int) -> list[AnnouncementRow]:
        """The game's announcements not yet posted, oldest first (the order they must be posted in)."""
        rows = await self._fetchall(
            f"SELECT {_ANNOUNCEMENT_COLUMNS} FROM announcements WHERE game_id = ? AND posted_at IS NULL"
            " ORDER BY version", (game_id,))
        return [AnnouncementRow(*r) for r in rows]

    async def games_to_announce(self, created_before: float, shards: ShardSet | None = None) -> list[int]:
        """Games (of guilds in `shards`, None: all) with an announcement recorded at or before this time and still
        not posted."""
        mine, params = _of_shards(shards, "g.guild_id")
        rows = await self._fetchall(
            "SELECT DISTINCT a.game_id FROM announcements a JOIN games g ON g.id = a.game_id"
            f" WHERE a.posted_at IS NULL AND a.created_at <= ? AND {mine} ORDER BY a.game_id",
            (created_before, *params))
        return [int(r[0]) for r in rows]

    async def live_announcement(self, game_id: int) -> AnnouncementRow | None:
        """The newest posted announcement whose message still waits to be collapsed to its summary."""
        row = await self._fetchone(
            f"SELECT {_ANNOUNCEMENT_COLUMNS} FROM announcements WHERE game_id = ? AND summary IS NOT NULL"
            " ORDER BY version DESC LIMIT 1", (game_id,))
        return None if row is None else AnnouncementRow(*row)

    async def mark_posted(self, game_id: int, version: int, *, now: float, message_id: int | None,
                          summary: str | None) -> None:
        """The announcement is out (or given up: `message_id` None); `summary` is what its message collapses to."""
        async with self._write() as db:
            await db.execute(
                "UPDATE announcements SET posted_at = ?, message_id = ?, summary = ? WHERE game_id = ? AND version = ?",
                (now, message_id, summary, game_id, version))

    async def mark_posted_turn(self, game_id: int, version: int, *, now: float, message_id: int,
                               summary: str | None, collapsed_version: int | None) -> None:
        """mark_posted, and in the same transaction what follows a posted message: with a summary it is the game's
        turn message (its buttons are the live ones), and the announcement `collapsed_version` (the previous live
        one) no longer waits to be collapsed. One commit instead of three on every move."""
        async with self._write() as db:
            await db.execute(
                "UPDATE announcements SET posted_at = ?, message_id = ?, summary = ? WHERE game_id = ? AND version = ?",
                (now, message_id, summary, game_id, version))
            if summary is not None:
                await db.execute("UPDATE games SET turn_message_id = ? WHERE id = ?", (message_id, game_id))
            if collapsed_version is not None:
                await db.execute("UPDATE announcements SET summary = NULL WHERE game_id = ? AND version = ?",
                                 (game_id, collapsed_version))

    async def announcement(self, game_id: int, version: int) -> AnnouncementRow | None:
        """One announcement of the outbox, posted or not."""
        row = await self._fetchone(
            f"SELECT {_ANNOUNCEMENT_COLUMNS} FROM announcements WHERE game_id = ? AND version = ?", (game_id, version))
        return None if row is None else AnnouncementRow(*row)

    async def mark_secrets_sent(self, game_id: int, version: int, closed: Iterable[int]) -> None:
        """The step's secrets went out by DM; `closed` are the users whose DMs refused them."""
        async with self._write() as db:
            await db.execute("UPDATE announcements SET secrets_closed = ? WHERE game_id = ? AND version = ?",
                             (",".join(str(user_id) for user_id in closed), game_id, version))

    async def mark_sending(self, game_id: int, version: int, *, now: float, digest: str) -> None:
        """The announcement is being handed to Discord with this text (`digest`): from now on it may be out even
        if it is never marked posted. `sending_at` keeps the first attempt's time."""
        async with self._write() as db:
            await db.execute("UPDATE announcements SET sending_at = COALESCE(sending_at, ?), sent_digest = ?"
                             " WHERE game_id = ? AND version = ?", (now, digest, game_id, version))

    async def move_announcement(self, game_id: int, version: int, message_id: int) -> None:
        """The announcement's live message is now this one (the turn was shown again further down)."""
        async with self._write() as db:
            await db.execute("UPDATE announcements SET message_id = ? WHERE game_id = ? AND version = ?",
                             (message_id, game_id, version))

    async def move_at(self, game_id: int, seq: int) -> MoveRow | None:
        """One entry of the move log."""
        row = await self._fetchone("SELECT seq, seat, move, kind, at FROM moves WHERE game_id = ? AND seq = ?",
                                   (game_id, seq))
        return None if row is None else MoveRow(*row)

    # deadlines ----------------------------------------------------------------------------------

    async def next_due(self, shards: ShardSet | None = None) -> float | None:
        """When the earliest deadline of a game in `shards` (None: any) may be claimed: its due time, or the end of
        the lease of a process that claimed it."""
        mine, params = _of_shards(shards, "g.guild_id")
        row = await self._fetchone(
            "SELECT MIN(CASE WHEN d.claimed_until > d.due_at THEN d.claimed_until ELSE d.due_at END)"
            f" FROM deadlines d JOIN games g ON g.id = d.game_id WHERE {mine}", params)
        return None if row is None or row[0] is None else float(row[0])

    async def claim_due(self, now: float, *, owner: str, lease: float, shards: ShardSet | None = None,
                        limit: int = 100) -> list[DeadlineRow]:
        """Claim up to `limit` deadlines of games in `shards` (None: any) that are due at `now` and not claimed by a
        live lease, oldest first: they are `owner`'s to fire until `now + lease`. One conditional update, so two
        processes never claim the same deadline; one whose claimer died is claimed again after its lease."""
        mine, params = _of_shards(shards, "g.guild_id")
        async with self._write() as db:
            rows = await db.execute_fetchall(
                "UPDATE deadlines SET claimed_by = ?, claimed_until = ? WHERE (game_id, kind) IN ("
                " SELECT d.game_id, d.kind FROM deadlines d JOIN games g ON g.id = d.game_id"
                f" WHERE d.due_at <= ? AND (d.claimed_until IS NULL OR d.claimed_until <= ?) AND {mine}"
                " ORDER BY d.due_at LIMIT ?)"
                " RETURNING game_id, kind, due_at, turn, attempts",
                (owner, now + lease, now, now, *params, limit))
        return sorted((DeadlineRow(*r) for r in rows), key=lambda d: (d.due_at, d.game_id, d.kind))

    async def overdue(self, before: float, shards: ShardSet | None = None) -> int:
        """How many deadlines of games in `shards` were due before `before` and are still waiting (the health
        check's backlog)."""
        mine, params = _of_shards(shards, "g.guild_id")
        row = await self._fetchone(
            f"SELECT COUNT(*) FROM deadlines d JOIN games g ON g.id = d.game_id WHERE d.due_at < ? AND {mine}",
            (before, *params))
        return int(row[0]) if row else 0

    async def due_deadlines(self, now: float, limit: int = 100) -> list[DeadlineRow]:
        rows = await self._fetchall(
            "SELECT game_id, kind, due_at, turn, attempts FROM deadlines WHERE due_at <= ? ORDER BY due_at LIMIT ?",
            (now, limit),
        )
        return [DeadlineRow(*r) for r in rows]

    async def deadlines_of(self, game_id: int) -> list[DeadlineRow]:
        rows = await self._fetchall(
            "SELECT game_id, kind, due_at, turn, attempts FROM deadlines WHERE game_id = ? ORDER BY due_at", (game_id,)
        )
        return [DeadlineRow(*r) for r in rows]

    async def take_deadline(self, deadline: DeadlineRow) -> bool:
        """Delete the deadline if it is still pending; True means this caller fires it (exactly once)."""
        async with self._write() as db:
            cur = await db.execute(
                "DELETE FROM deadlines WHERE game_id = ? AND kind = ? AND turn = ?",
                (deadline.game_id, deadline.kind, deadline.turn),
            )
            return cur.rowcount == 1

    async def retry_deadline(self, deadline: DeadlineRow, due_at: float) -> bool:
        """Move a deadline whose firing failed to `due_at`, one more attempt counted. Only the row as it was read
        moves (same turn, same attempts): False if it was fired, replaced or retried meanwhile."""
        async with self._write() as db:
            cur = await db.execute(
                "UPDATE deadlines SET due_at = ?, attempts = attempts + 1, claimed_by = NULL, claimed_until = NULL"
                " WHERE game_id = ? AND kind = ? AND turn = ? AND attempts = ?",
                (due_at, deadline.game_id, deadline.kind, deadline.turn, deadline.attempts),
            )
            return cur.rowcount == 1

    # guild settings and stats -------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettingsRow:
        row = await self._fetchone("SELECT turn_timeout, locale FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if row is None:
            return GuildSettingsRow(guild_id, None, None)
        return GuildSettingsRow(guild_id, row[0], row[1])

    async def save_guild_settings(self, settings: GuildSettingsRow) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, turn_timeout, locale) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET turn_timeout = excluded.turn_timeout, locale = excluded.locale",
                (settings.guild_id, settings.turn_timeout, settings.locale),
            )

    async def player_stats(self, guild_id: int, user_id: int, kind: str) -> StatsRow | None:
        row = await self._fetchone(
            f"SELECT {_STATS_COLUMNS} FROM player_stats WHERE guild_id = ? AND kind = ? AND user_id = ?",
            (guild_id, kind, user_id),
        )
        return None if row is None else _stats_row(row)

    async def player_stats_by_kind(self, guild_id: int, user_id: int) -> list[StatsRow]:
        """The player's stats in this guild for every kind of game they finished, most played first."""
        rows = await self._fetchall(
            f"SELECT {_STATS_COLUMNS} FROM player_stats WHERE guild_id = ? AND user_id = ? AND games > 0"
            " ORDER BY games DESC, kind",
            (guild_id, user_id),
        )
        return [_stats_row(r) for r in rows]

    async def stats_of(self, guild_id: int, kind: str, user_ids: Iterable[int]) -> dict[int, StatsRow]:
        """The stats rows (games so far, rating) of these players at this kind of game in this guild, in one query:
        what a finishing game rates from and the `prior_games` its commit checks."""
        ids = list(user_ids)
        marks = ", ".join("?" * len(ids))
        rows = await self._fetchall(
            f"SELECT {_STATS_COLUMNS} FROM player_stats WHERE guild_id = ? AND kind = ? AND user_id IN ({marks})",
            (guild_id, kind, *ids),
        )
        return {int(r["user_id"]): _stats_row(r) for r in rows}

    async def leaderboard(self, guild_id: int, kind: str, *, order: str = "wins", limit: int = 10) -> list[StatsRow]:
        if order not in _LEADERBOARD_ORDER:
            raise ValueError(f"order must be one of {', '.join(_LEADERBOARD_ORDER)}")
        rows = await self._fetchall(
            f"SELECT {_STATS_COLUMNS} FROM player_stats"
            f" WHERE guild_id = ? AND kind = ? AND games > 0 ORDER BY {_LEADERBOARD_ORDER[order]} LIMIT ?",
            (guild_id, kind, limit),
        )
        return [_stats_row(r) for r in rows]

    async def coop_bests(self, guild_id: int, kind: str, *, fewer_is_better: bool, limit: int = 10) -> list[CoopBestRow]:
        """The guild's best result at each player count and setup of a co-operative kind (the earliest game that
        reached it), fewest players first, with the seats of that game."""
        order = _BETTER[fewer_is_better][0]
        rows = await self._fetchall(
            "SELECT game_id, players, setup, result, won, at, games FROM ("
            " SELECT game_id, players, setup, result, won, at,"
            f" ROW_NUMBER() OVER (PARTITION BY players, setup ORDER BY result {order}, at, game_id) AS place,"
            " COUNT(*) OVER (PARTITION BY players, setup) AS games"
            " FROM coop_results WHERE guild_id = ? AND kind = ?)"
            f" WHERE place = 1 ORDER BY players, result {order}, at LIMIT ?",
            (guild_id, kind, limit),
        )
        teams: dict[int, list[SeatRow]] = {r["game_id"]: [] for r in rows}
        if teams:
            marks = ", ".join("?" * len(teams))
            for seat in await self._fetchall(
                    f"SELECT game_id, position, user_id, name, level, expired_turns FROM seats"
                    f" WHERE game_id IN ({marks}) ORDER BY game_id, position", tuple(teams)):
                teams[seat[0]].append(SeatRow(*tuple(seat)[1:]))
        return [CoopBestRow(game_id=r["game_id"], players=r["players"], setup=json.loads(r["setup"]),
                            result=r["result"], won=bool(r["won"]), at=r["at"], games=r["games"],
                            team=tuple(teams[r["game_id"]])) for r in rows]

    async def coop_records(self, guild_id: int, user_id: int, kind: str, *,
                           fewer_is_better: bool) -> list[CoopRecordRow]:
        """A player's co-operative results of one kind in the guild, per player count and setup, best first."""
        order, best = _BETTER[fewer_is_better]
        rows = await self._fetchall(
            f"SELECT c.players, c.setup, COUNT(*) AS games, {best}(c.result) AS best, SUM(c.result) AS total,"
            f" MAX(c.won) AS won FROM coop_results c JOIN results r ON r.game_id = c.game_id AND r.user_id = ?"
            f" WHERE c.guild_id = ? AND c.kind = ? GROUP BY c.players, c.setup ORDER BY best {order}, games DESC,"
            " c.players",
            (user_id, guild_id, kind),
        )
        return [CoopRecordRow(players=r["players"], setup=json.loads(r["setup"]), games=r["games"], best=r["best"],
                              won=bool(r["won"]), total=r["total"]) for r in rows]
