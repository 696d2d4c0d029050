"""The store: every query of the bot, written once for both backends, and every multi-statement write in one
transaction.

`Store.open(target)` picks the backend from the database setting (a SQLite file path, or a postgresql:// URL; see
backend.py) and migrates it. Queries use `?` placeholders and SQL both databases read; where they differ the
statement picks its text by `self.dialect`.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bot.store.backend import Backend, Row, Session, is_postgres_url
from bot.store.failures import ConstraintViolated, CorruptRow, PlaceTaken, RematchTaken, StatsChanged, VersionConflict
from bot.store.records import (
    OPEN_STATUSES,
    AnnouncementRow,
    CoopBestRow,
    CoopRecordRow,
    DeadlineKind,
    DeadlineRow,
    EndReason,
    FinishedRow,
    GameRecord,
    GameRow,
    GameUpdate,
    GuildSettingsRow,
    MoveRow,
    NewGame,
    OutboxEvent,
    SeatRow,
    ShardSet,
    StatsRow,
    TableStatus,
    TurnKind,
)
from bot.store.schema import MIGRATIONS

_OPEN_SQL = "(" + ", ".join(f"'{status}'" for status in OPEN_STATUSES) + ")"
_PLACE_INDEX = ("games.place_id", "games_one_open_per_place")
"""How SQLite and PostgreSQL name the one-open-game-per-place index when a new game collides with it."""
_GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, thread_id, place_id, status, end_reason, options, host_id, seed,"
    " created_at, updated_at, state, version, turn, lobby_message_id, turn_message_id, turn_started_at, rematch_of,"
    f" (SELECT due_at FROM deadlines WHERE deadlines.game_id = games.id AND deadlines.kind = '{DeadlineKind.EXPIRY}')"
    " AS turn_ends_at"
)
_SEATS_SQL = "SELECT position, user_id, name, level, expired_turns FROM seats WHERE game_id = ? ORDER BY position"
_MOVES_SQL = "SELECT seq, seat, move, kind, at FROM moves WHERE game_id = ? ORDER BY seq"
_ANNOUNCEMENT_COLUMNS = ("game_id, version, event, first_seq, last_seq, created_at, posted_at, message_id, summary,"
                         " secrets_closed, sending_at, sent_digest")
_BETTER = {True: ("ASC", "MIN"), False: ("DESC", "MAX")}
"""A co-operative measure's order and aggregate of the best result, by whether fewer is better."""
_STATS_COLUMNS = "guild_id, kind, user_id, name, games, wins, points, best, mu, sigma"
_AVERAGE = "CAST(points AS DOUBLE PRECISION) / games"
_LEADERBOARD_ORDER = {
    "wins": f"wins DESC, {_AVERAGE} DESC, user_id",
    "average": f"{_AVERAGE} DESC, wins DESC, user_id",
    "rating": "mu - 3 * sigma DESC NULLS LAST, wins DESC, user_id",
}
COPY_FIRST = "games"
"""copy-db copies this table before the others, whose rows point at its rows."""


NEXT_DUE_WALK = 200
"""Deadlines `next_due` reads in due order before it looks further for one of its shards."""


async def _open_backend(target: str | Path, *, synchronous: str) -> Backend:
    """The backend a database setting names: a postgresql:// or postgres:// URL, else a SQLite file path (each
    imported only when named, so a SQLite bot never loads asyncpg)."""
    if is_postgres_url(target):
        from bot.store.postgres_backend import PostgresBackend

        return await PostgresBackend.connect(str(target).strip())
    from bot.store.sqlite_backend import SqliteBackend

    return await SqliteBackend.open(target, synchronous=synchronous)


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


def _game_row(row: Row) -> GameRow:
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
        status=TableStatus(row["status"]),
        end_reason=None if row["end_reason"] is None else EndReason(row["end_reason"]),
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
        turn_ends_at=row["turn_ends_at"],
    )


def _move_row(row: Row) -> MoveRow:
    return MoveRow(row[0], row[1], row[2], TurnKind(row[3]), row[4])


def _announcement_row(row: Row) -> AnnouncementRow:
    return AnnouncementRow(row[0], row[1], OutboxEvent(row[2]), *tuple(row)[3:])


def _deadline_row(row: Row) -> DeadlineRow:
    return DeadlineRow(row[0], DeadlineKind(row[1]), *tuple(row)[2:])


def _seats(rows: Iterable[Row]) -> tuple[SeatRow, ...]:
    return tuple(SeatRow(r[0], r[1], r[2], r[3], r[4]) for r in rows)


def _stats_row(row: Row) -> StatsRow:
    return StatsRow(**{key: row[key] for key in row.keys()})


class Store:
    """Async access to the bot's database. Open with `await Store.open(target)`."""

    def __init__(self, backend: Backend) -> None:
        self._db = backend
        self.dialect = backend.dialect

    @classmethod
    async def open(cls, target: str | Path, *, synchronous: str = "NORMAL") -> Store:
        """Open (creating a SQLite file if needed) and migrate the database. `synchronous` is SQLite's durability
        (see SqliteBackend.open); PostgreSQL commits are durable (fsynced) whatever it says."""
        backend = await _open_backend(target, synchronous=synchronous)
        try:
            await backend.migrate([migration.script(backend.dialect) for migration in MIGRATIONS])
        except BaseException:
            await backend.close()
            raise
        return cls(backend)

    async def close(self) -> None:
        await self._db.close()

    async def schema_version(self) -> int:
        return await self._db.schema_version()

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        return await self._db.fetch(sql, tuple(params))

    async def _fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        rows = await self._fetchall(sql, params)
        return rows[0] if rows else None

    # games --------------------------------------------------------------------------------------

    async def create_game(self, new: NewGame, *, now: float) -> GameRecord:
        """Insert a lobby with its first seats (and its expiry deadline); PlaceTaken if the channel/thread
        has an open game, RematchTaken if `new.rematch_of` already has its rematch."""
        try:
            async with self._db.write() as db:
                [inserted] = await db.fetch(
                    "INSERT INTO games (kind, guild_id, channel_id, thread_id, place_id, status, options,"
                    " host_id, seed, created_at, updated_at, rematch_of)"
                    " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?) RETURNING id",
                    (new.kind, new.guild_id, new.channel_id, new.thread_id, new.place_id, _dumps(new.options),
                     new.host_id, new.seed, now, now, new.rematch_of),
                )
                game_id = int(inserted[0])
                await self._insert_seats(db, game_id, new.seats)
                if new.lobby_expires_at is not None:
                    await db.execute("INSERT INTO deadlines (game_id, kind, due_at, turn) VALUES (?, ?, ?, 0)",
                                     (game_id, DeadlineKind.LOBBY_EXPIRY, new.lobby_expires_at))
        except ConstraintViolated as exc:
            # A rematch racing another one may also collide on the place (the same channel): the rematch wins.
            rematch = None if new.rematch_of is None else await self.rematch_of(new.rematch_of)
            if rematch is not None:
                assert new.rematch_of is not None
                raise RematchTaken(new.rematch_of, rematch) from exc
            if not any(name in exc.detail for name in _PLACE_INDEX):
                raise
            assert new.place_id is not None
            raise PlaceTaken(new.place_id, await self.open_game_at(new.place_id)) from exc
        row = GameRow(
            id=game_id, kind=new.kind, guild_id=new.guild_id, channel_id=new.channel_id, thread_id=new.thread_id,
            place_id=new.place_id, status=TableStatus.LOBBY, end_reason=None, options=dict(new.options),
            host_id=new.host_id, seed=new.seed, created_at=now, updated_at=now, state=None, version=0, turn=0,
            lobby_message_id=None, turn_message_id=None, rematch_of=new.rematch_of,
        )
        return GameRecord(row, tuple(new.seats))

    async def add_lobby_expiries(self, due_at: float) -> int:
        """Give every open lobby that has no expiry deadline (one opened before lobbies expired) one at `due_at`;
        returns how many got one."""
        async with self._db.write() as db:
            return await db.execute(
                "INSERT INTO deadlines (game_id, kind, due_at, turn)"
                " SELECT id, CAST(? AS TEXT), CAST(? AS DOUBLE PRECISION), 0 FROM games"
                " WHERE status = 'lobby' AND id NOT IN (SELECT game_id FROM deadlines WHERE kind = ?)"
                # shard processes starting at once all run this: the ones that come second add nothing
                " ON CONFLICT DO NOTHING",
                (DeadlineKind.LOBBY_EXPIRY, due_at, DeadlineKind.LOBBY_EXPIRY))

    async def rematch_of(self, game_id: int) -> int | None:
        """The id of the lobby (or later game) opened as the rematch of this game and still alive, if any: one
        cancelled or expired before it started does not count (the unique index `games_one_live_rematch` says
        the same), so a new rematch may be opened after it."""
        row = await self._fetchone("SELECT id FROM games WHERE rematch_of = ?"
                                   " AND (status != 'cancelled' OR state IS NOT NULL)", (game_id,))
        return None if row is None else int(row[0])

    @staticmethod
    async def _insert_seats(db: Session, game_id: int, seats: Iterable[SeatRow]) -> None:
        await db.executemany(
            "INSERT INTO seats (game_id, position, user_id, name, level, expired_turns) VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, s.position, s.user_id, s.name, s.level, s.expired_turns) for s in seats],
        )

    async def load_game(self, game_id: int) -> GameRecord | None:
        """The game and its seats, or None if there is no such game; CorruptRow if unreadable."""
        loaded = await self._load_game(game_id, with_moves=False)
        return None if loaded is None else loaded[0]

    async def load_game_with_moves(self, game_id: int) -> tuple[GameRecord, list[MoveRow]] | None:
        """The game, its seats and its whole move log from one snapshot (for an audit); CorruptRow if unreadable."""
        return await self._load_game(game_id, with_moves=True)

    async def _load_game(self, game_id: int, *, with_moves: bool) -> tuple[GameRecord, list[MoveRow]] | None:
        async with self._db.read() as db:
            rows = list(await db.fetch(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)))
            if not rows:
                return None
            seat_rows = await db.fetch(_SEATS_SQL, (game_id,))
            move_rows = await db.fetch(_MOVES_SQL, (game_id,)) if with_moves else []
        return GameRecord(_game_row(rows[0]), _seats(seat_rows)), [_move_row(r) for r in move_rows]

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

    async def finished_games(self, guild_id: int, *, user_id: int | None = None, kind: str | None = None,
                             offset: int = 0, limit: int = 10) -> tuple[list[FinishedRow], int]:
        """A page of the guild's finished games (of one player's seats, of one kind), newest first, with their end
        messages, and how many there are in all."""
        where = "g.guild_id = ? AND g.status = 'finished'"
        params: list[Any] = [guild_id]
        if kind is not None:
            where += " AND g.kind = ?"
            params.append(kind)
        if user_id is not None:
            where += " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?)"
            params.append(user_id)
        async with self._db.read() as db:
            [count] = await db.fetch(f"SELECT COUNT(*) FROM games g WHERE {where}", tuple(params))
            rows = await db.fetch(
                "SELECT g.id, g.updated_at, (SELECT a.message_id FROM announcements a WHERE a.game_id = g.id"
                " AND a.message_id IS NOT NULL ORDER BY a.version DESC LIMIT 1)"
                f" FROM games g WHERE {where} ORDER BY g.updated_at DESC, g.id DESC LIMIT ? OFFSET ?",
                (*params, limit, offset))
        return [FinishedRow(int(r[0]), r[1], r[2]) for r in rows], int(count[0])

    async def last_finished_at(self, guild_id: int, place_id: int) -> int | None:
        """The id of the game finished last in this channel or thread (a game of a thread counts in its thread)."""
        row = await self._fetchone(
            "SELECT id FROM games WHERE guild_id = ? AND status = 'finished' AND COALESCE(thread_id, channel_id) = ?"
            " ORDER BY updated_at DESC, id DESC LIMIT 1", (guild_id, place_id))
        return None if row is None else int(row[0])

    async def game_ids(self) -> list[int]:
        """Every stored game, oldest first (lobbies, active, finished and cancelled alike)."""
        return [int(row[0]) for row in await self._fetchall("SELECT id FROM games ORDER BY id")]

    async def analyze(self) -> None:
        """Refresh PostgreSQL's table statistics now, as its autovacuum does on a live server a while after a bulk
        load (copy-db, a benchmark's fill); until then its planner may pick plans made for empty tables. SQLite keeps
        no statistics unless asked and plans by its indexes alone: nothing to do."""
        if self.dialect == "postgresql":
            async with self._db.write() as db:
                await db.execute("ANALYZE")

    async def size_bytes(self) -> int:
        """The database's size on disk (SQLite: its pages, without a WAL not yet checkpointed)."""
        if self.dialect == "postgresql":
            [row] = await self._fetchall("SELECT pg_database_size(current_database())")
            return int(row[0])
        [count] = await self._fetchone("PRAGMA page_count") or (0,)
        [size] = await self._fetchone("PRAGMA page_size") or (0,)
        return int(count) * int(size)

    async def count_games(self, status: TableStatus) -> int:
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
        async with self._db.write() as db:
            await db.change_one(f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?",
                                (*params, gid, update.expected_version), VersionConflict(gid, update.expected_version))
            if update.seats is not None:
                await db.execute_later("DELETE FROM seats WHERE game_id = ?", (gid,))
                await self._insert_seats(db, gid, update.seats)
            if update.moves:
                await db.executemany(
                    "INSERT INTO moves (game_id, seq, seat, move, kind, at) VALUES (?, ?, ?, ?, ?, ?)",
                    [(gid, m.seq, m.seat, m.move, m.kind, m.at) for m in update.moves],
                )
            if update.deadlines is not None:
                await db.execute_later("DELETE FROM deadlines WHERE game_id = ?", (gid,))
                await db.executemany(
                    "INSERT INTO deadlines (game_id, kind, due_at, turn) VALUES (?, ?, ?, ?)",
                    [(gid, d.kind, d.due_at, d.turn) for d in update.deadlines],
                )
            elif update.deadlines_turn is not None:
                await db.execute_later("UPDATE deadlines SET turn = ?, attempts = 0, claimed_by = NULL,"
                                       " claimed_until = NULL WHERE game_id = ?", (update.deadlines_turn, gid))
            if update.results:
                await self._record_results(db, update, now)
            if update.coop is not None:
                await self._record_coop(db, update, now)
            if update.announce is not None:
                await self._record_announcement(db, update, now)
        return update.expected_version + 1

    @staticmethod
    async def _record_announcement(db: Session, update: GameUpdate, now: float) -> None:
        if update.moves:
            first, last = update.moves[0].seq, update.moves[-1].seq
        else:
            first = (update.turn or 0) + 1
            last = first - 1
        await db.execute_later(
            "INSERT INTO announcements (game_id, version, event, first_seq, last_seq, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (update.game_id, update.expected_version + 1, update.announce, first, last, now),
        )

    async def _record_results(self, db: Session, update: GameUpdate, now: float) -> None:
        """Results and their players' stats, players in user id order: two games with players in common finishing
        at once (two processes on PostgreSQL) lock their stats rows in the same order, so neither waits on the
        other in a deadlock; the counters add up in place, whichever commits first."""
        [row] = await db.fetch("SELECT guild_id, kind FROM games WHERE id = ?", (update.game_id,))
        guild_id, kind = row[0], row[1]
        results = sorted(update.results, key=lambda r: (r.user_id, r.seat))
        await db.executemany(
            "INSERT INTO results (game_id, seat, guild_id, kind, user_id, points, rank, won, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(update.game_id, r.seat, guild_id, kind, r.user_id, r.points, r.rank, int(r.won), now) for r in results],
        )
        # Counters are increments; a rating is written only over the stats it was computed from (`prior_games`),
        # so a game of the same player finished meanwhile by another process refuses this one (StatsChanged).
        for r in results:
            if not r.ranked:
                continue
            changed = await db.execute(
                "INSERT INTO player_stats (guild_id, kind, user_id, name, games, wins, points, best, mu, sigma)"
                " VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET name = excluded.name,"
                " games = player_stats.games + 1, wins = player_stats.wins + excluded.wins,"
                " points = player_stats.points + excluded.points,"
                " best = CASE WHEN excluded.best > player_stats.best THEN excluded.best ELSE player_stats.best END,"
                " mu = COALESCE(excluded.mu, player_stats.mu), sigma = COALESCE(excluded.sigma, player_stats.sigma)"
                " WHERE CAST(? AS INTEGER) IS NULL OR player_stats.games = ?",
                (guild_id, kind, r.user_id, r.name, int(r.won), r.points, r.points, r.rating[0] if r.rating else None,
                 r.rating[1] if r.rating else None, r.prior_games, r.prior_games),
            )
            if changed != 1:
                raise StatsChanged(update.game_id)

    @staticmethod
    async def _record_coop(db: Session, update: GameUpdate, now: float) -> None:
        coop = update.coop
        assert coop is not None
        await db.execute_later(
            "INSERT INTO coop_results (game_id, guild_id, kind, players, setup, result, won, at)"
            " SELECT id, guild_id, kind, CAST(? AS INTEGER), CAST(? AS TEXT), CAST(? AS INTEGER), CAST(? AS INTEGER),"
            " CAST(? AS DOUBLE PRECISION) FROM games WHERE id = ?",
            (coop.players, _dumps(coop.setup), coop.result, int(coop.won), now, update.game_id),
        )

    async def close_unreadable_game(self, game_id: int, *, now: float) -> GameRecord | None:
        """Cancel an open game whose row cannot be read (end_reason "corrupt"), freeing its channel or thread
        and dropping its deadlines, without parsing its JSON. Returns what is still readable (unreadable
        options come back empty, the state as None), or None if no open game has this id."""
        async with self._db.write() as db:
            changed = await db.execute(
                "UPDATE games SET status = 'cancelled', end_reason = 'corrupt', place_id = NULL,"
                f" version = version + 1, updated_at = ? WHERE id = ? AND status IN {_OPEN_SQL}",
                (now, game_id),
            )
            if changed != 1:
                return None
            await db.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
            [row] = await db.fetch(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
            seat_rows = await db.fetch(_SEATS_SQL, (game_id,))
        try:
            options = _loads_object(game_id, "options", row["options"], nullable=False)
        except CorruptRow:
            options = {}
        assert options is not None
        game = GameRow(**{**{key: row[key] for key in row.keys()}, "status": TableStatus(row["status"]),
                          "end_reason": EndReason(row["end_reason"]), "options": options, "state": None})
        return GameRecord(game, _seats(seat_rows))

    async def set_message_ids(self, game_id: int, *, lobby_message_id: int | None = None,
                              turn_message_id: int | None = None) -> None:
        """Remember the bot's messages for a game; not game state, so no version bump."""
        async with self._db.write() as db:
            if lobby_message_id is not None:
                await db.execute("UPDATE games SET lobby_message_id = ? WHERE id = ?", (lobby_message_id, game_id))
            if turn_message_id is not None:
                await db.execute("UPDATE games SET turn_message_id = ? WHERE id = ?", (turn_message_id, game_id))

    # the outbox of announcements --------------------------------------------------------------

    async def outbox(self, game_id: int) -> tuple[list[AnnouncementRow], AnnouncementRow | None]:
        """The game's announcements not yet posted, oldest first (the order they must be posted in), and its live
        one (as `live_announcement`), in one query: what posting the game's outbox starts from."""
        rows = [_announcement_row(r) for r in await self._fetchall(
            f"SELECT {_ANNOUNCEMENT_COLUMNS} FROM announcements WHERE game_id = ?"
            " AND (posted_at IS NULL OR summary IS NOT NULL) ORDER BY version", (game_id,))]
        live = [row for row in rows if row.posted_at is not None]
        return [row for row in rows if row.posted_at is None], live[-1] if live else None

    async def games_to_announce(self, created_before: float, shards: ShardSet | None = None) -> list[int]:
        """Games (of guilds in `shards`, None: all) with an announcement or a fired reminder recorded at or before
        this time and still not posted."""
        mine, params = _of_shards(shards, "g.guild_id")
        rows = await self._fetchall(
            "SELECT w.game_id FROM (SELECT game_id FROM announcements WHERE posted_at IS NULL AND created_at <= ?"
            " UNION SELECT game_id FROM reminders WHERE created_at <= ?) w JOIN games g ON g.id = w.game_id"
            f" WHERE {mine} ORDER BY w.game_id",
            (created_before, created_before, *params))
        return [int(r[0]) for r in rows]

    async def live_announcement(self, game_id: int) -> AnnouncementRow | None:
        """The newest posted announcement whose message still waits to be collapsed to its summary."""
        row = await self._fetchone(
            f"SELECT {_ANNOUNCEMENT_COLUMNS} FROM announcements WHERE game_id = ? AND summary IS NOT NULL"
            " ORDER BY version DESC LIMIT 1", (game_id,))
        return None if row is None else _announcement_row(row)

    async def mark_posted(self, game_id: int, version: int, *, now: float, message_id: int | None,
                          summary: str | None) -> None:
        """The announcement is out (or given up: `message_id` None); `summary` is what its message collapses to."""
        async with self._db.write() as db:
            await db.execute_later(
                "UPDATE announcements SET posted_at = ?, message_id = ?, summary = ? WHERE game_id = ? AND version = ?",
                (now, message_id, summary, game_id, version))

    async def mark_posted_turn(self, game_id: int, version: int, *, now: float, message_id: int,
                               summary: str | None, collapsed_version: int | None) -> None:
        """mark_posted, and in the same transaction what follows a posted message: with a summary it is the game's
        turn message (its buttons are the live ones), and the announcement `collapsed_version` (the previous live
        one) no longer waits to be collapsed. One commit and at most two statements on every move."""
        async with self._db.write() as db:
            await db.execute_later(
                "UPDATE announcements SET posted_at = CASE WHEN version = ? THEN ? ELSE posted_at END,"
                " message_id = CASE WHEN version = ? THEN ? ELSE message_id END,"
                " summary = CASE WHEN version = ? THEN CAST(? AS TEXT) END"
                " WHERE game_id = ? AND version IN (?, ?)",
                (version, now, version, message_id, version, summary, game_id, version, collapsed_version))
            if summary is not None:
                await db.execute_later("UPDATE games SET turn_message_id = ? WHERE id = ?", (message_id, game_id))

    async def announcement(self, game_id: int, version: int) -> AnnouncementRow | None:
        """One announcement of the outbox, posted or not."""
        row = await self._fetchone(
            f"SELECT {_ANNOUNCEMENT_COLUMNS} FROM announcements WHERE game_id = ? AND version = ?", (game_id, version))
        return None if row is None else _announcement_row(row)

    async def mark_secrets_sent(self, game_id: int, version: int, closed: Iterable[int]) -> None:
        """The step's secrets went out by DM; `closed` are the users whose DMs refused them."""
        async with self._db.write() as db:
            await db.execute("UPDATE announcements SET secrets_closed = ? WHERE game_id = ? AND version = ?",
                             (",".join(str(user_id) for user_id in closed), game_id, version))

    async def mark_sending(self, game_id: int, version: int, *, now: float, digest: str) -> None:
        """The announcement is being handed to Discord with this text (`digest`): from now on it may be out even
        if it is never marked posted. `sending_at` keeps the first attempt's time."""
        async with self._db.write() as db:
            await db.execute_later("UPDATE announcements SET sending_at = COALESCE(sending_at, ?), sent_digest = ?"
                             " WHERE game_id = ? AND version = ?", (now, digest, game_id, version))

    async def move_announcement(self, game_id: int, version: int, message_id: int) -> None:
        """The announcement's live message is now this one (the turn was shown again further down)."""
        async with self._db.write() as db:
            await db.execute("UPDATE announcements SET message_id = ? WHERE game_id = ? AND version = ?",
                             (message_id, game_id, version))

    async def game_version(self, game_id: int) -> int | None:
        """The stored game's version (None: no such game): a process checks its cached copy is current with it."""
        row = await self._fetchone("SELECT version FROM games WHERE id = ?", (game_id,))
        return None if row is None else int(row[0])

    async def move_at(self, game_id: int, seq: int) -> MoveRow | None:
        """One entry of the move log."""
        row = await self._fetchone("SELECT seq, seat, move, kind, at FROM moves WHERE game_id = ? AND seq = ?",
                                   (game_id, seq))
        return None if row is None else _move_row(row)

    # deadlines ----------------------------------------------------------------------------------

    async def next_due(self, shards: ShardSet | None = None) -> float | None:
        """When the earliest deadline of a game in `shards` (None: any) may be claimed: its due time, or the end of
        the lease of a process that claimed it (always after its due time: a deadline is claimed once due).

        The deadlines are walked in due order, NEXT_DUE_WALK at a time from the earliest, and only the walked ones
        are looked up in their games; only when none of those is of these shards are all of them read. (PostgreSQL's
        planner cannot estimate the shard condition, and with the join alone it reads every game of the shards.)"""
        mine, params = _of_shards(shards, "g.guild_id")
        unclaimed = "SELECT d.due_at, d.game_id FROM deadlines d WHERE d.claimed_until IS NULL ORDER BY d.due_at"
        claimed = ("SELECT d.claimed_until AS due_at, d.game_id FROM deadlines d WHERE d.claimed_until IS NOT NULL"
                   " ORDER BY d.claimed_until")

        def earliest(walk: str) -> str:
            """The earliest of these shards among the walked deadlines, and how many were walked."""
            return (f"(SELECT MIN(w.due_at) FROM ({walk}) w JOIN games g ON g.id = w.game_id WHERE {mine}),"
                    f" (SELECT COUNT(*) FROM ({walk}) w)")

        bounded = f" LIMIT {NEXT_DUE_WALK}"
        row = await self._fetchone(f"SELECT {earliest(unclaimed + bounded)}, {earliest(claimed + bounded)}",
                                   (*params, *params))
        assert row is not None
        times = []
        for walk, found, walked in ((unclaimed, row[0], row[1]), (claimed, row[2], row[3])):
            if found is None and walked == NEXT_DUE_WALK:
                found = (await self._fetchone(f"SELECT {earliest(walk)}", params) or (None,))[0]
            if found is not None:
                times.append(float(found))
        return min(times, default=None)

    async def claim_due(self, now: float, *, owner: str, lease: float, shards: ShardSet | None = None,
                        limit: int = 100) -> list[DeadlineRow]:
        """Claim up to `limit` deadlines of games in `shards` (None: any) that are due at `now` and not claimed by a
        live lease, oldest first: they are `owner`'s to fire until `now + lease`. One conditional update, so two
        processes never claim the same deadline; one whose claimer died is claimed again after its lease.

        The lease is checked again on the row being updated: on PostgreSQL a second process whose subquery saw the
        row unclaimed waits for the first one's claim to commit and then skips the row, instead of claiming it
        too (its subquery's snapshot is not read again); there the subquery also passes over rows another claim
        holds locked (SKIP LOCKED) rather than wait for them."""
        mine, params = _of_shards(shards, "g.guild_id")
        skip_locked = " FOR UPDATE OF d SKIP LOCKED" if self.dialect == "postgresql" else ""
        async with self._db.write() as db:
            rows = await db.fetch(
                "UPDATE deadlines SET claimed_by = ?, claimed_until = ?"
                " WHERE (claimed_until IS NULL OR claimed_until <= ?) AND (game_id, kind) IN ("
                " SELECT d.game_id, d.kind FROM deadlines d JOIN games g ON g.id = d.game_id"
                f" WHERE d.due_at <= ? AND (d.claimed_until IS NULL OR d.claimed_until <= ?) AND {mine}"
                f" ORDER BY d.due_at LIMIT ?{skip_locked})"
                " RETURNING game_id, kind, due_at, turn, attempts",
                (owner, now + lease, now, now, now, *params, limit))
        return sorted((_deadline_row(r) for r in rows), key=lambda d: (d.due_at, d.game_id, d.kind))

    async def overdue(self, before: float, shards: ShardSet | None = None) -> int:
        """How many deadlines of games in `shards` were due before `before` and are still waiting (the health
        check's backlog)."""
        mine, params = _of_shards(shards, "g.guild_id")
        row = await self._fetchone(
            f"SELECT COUNT(*) FROM deadlines d JOIN games g ON g.id = d.game_id WHERE d.due_at < ? AND {mine}",
            (before, *params))
        return int(row[0]) if row else 0

    async def deadlines_of(self, game_id: int) -> list[DeadlineRow]:
        rows = await self._fetchall(
            "SELECT game_id, kind, due_at, turn, attempts FROM deadlines WHERE game_id = ?"
            " ORDER BY due_at, kind", (game_id,)
        )
        return [_deadline_row(r) for r in rows]

    async def claim_outbox(self, game_id: int, *, owner: str, now: float, lease: float) -> bool:
        """Make the game's pending announcements `owner`'s to post until `now + lease`, unless another owner's lease
        on them is still running; True when they are `owner`'s. One conditional update: of two processes asking
        at once, one gets them."""
        async with self._db.write() as db:
            return await db.execute(
                "UPDATE games SET outbox_claimed_by = ?, outbox_claimed_until = ? WHERE id = ?"
                " AND (outbox_claimed_until IS NULL OR outbox_claimed_until <= ? OR outbox_claimed_by = ?)",
                (owner, now + lease, game_id, now, owner)) == 1

    async def claimers(self, now: float) -> list[str]:
        """Who holds a live claim (a deadline's, or a game's outbox), each once."""
        rows = await self._fetchall(
            "SELECT claimed_by FROM deadlines WHERE claimed_until > ?"
            " UNION SELECT outbox_claimed_by FROM games WHERE outbox_claimed_until > ?", (now, now))
        return sorted(row[0] for row in rows if row[0] is not None)

    async def release_claims(self, owner: str) -> int:
        """End every claim `owner` holds (a process that stops, or one that died): what it held is free to be
        claimed at once. Returns how many claims were ended."""
        async with self._db.write() as db:
            deadlines = await db.execute("UPDATE deadlines SET claimed_by = NULL, claimed_until = NULL"
                                         " WHERE claimed_by = ?", (owner,))
            outboxes = await db.execute("UPDATE games SET outbox_claimed_by = NULL, outbox_claimed_until = NULL"
                                        " WHERE outbox_claimed_by = ?", (owner,))
        return deadlines + outboxes

    async def take_deadline(self, deadline: DeadlineRow) -> bool:
        """Delete the deadline if it is still pending; True means this caller fires it (exactly once)."""
        async with self._db.write() as db:
            return await db.execute(
                "DELETE FROM deadlines WHERE game_id = ? AND kind = ? AND turn = ?",
                (deadline.game_id, deadline.kind, deadline.turn),
            ) == 1

    async def fire_reminder(self, deadline: DeadlineRow, now: float) -> bool:
        """Delete a reminder's deadline and record the reminder as waiting to be posted, in one transaction (a
        process that dies before posting it leaves it to the next outbox pass); True means this caller fired it."""
        async with self._db.write() as db:
            if await db.execute("DELETE FROM deadlines WHERE game_id = ? AND kind = ? AND turn = ?",
                                (deadline.game_id, deadline.kind, deadline.turn)) != 1:
                return False
            await db.execute(
                "INSERT INTO reminders (game_id, kind, turn, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (game_id)"
                " DO UPDATE SET kind = excluded.kind, turn = excluded.turn, created_at = excluded.created_at",
                (deadline.game_id, deadline.kind, deadline.turn, now))
            return True

    async def pending_reminder(self, game_id: int) -> DeadlineRow | None:
        """The game's fired reminder still waiting to be posted (`due_at`: when it fired), if any."""
        row = await self._fetchone("SELECT game_id, kind, created_at, turn FROM reminders WHERE game_id = ?",
                                   (game_id,))
        return None if row is None else _deadline_row((*row, 0))

    async def reminder_posted(self, reminder: DeadlineRow) -> None:
        """The reminder is out (or no longer worth posting): it stops waiting, unless a newer one replaced it."""
        async with self._db.write() as db:
            await db.execute("DELETE FROM reminders WHERE game_id = ? AND kind = ? AND turn = ?",
                             (reminder.game_id, reminder.kind, reminder.turn))

    async def retry_deadline(self, deadline: DeadlineRow, due_at: float) -> bool:
        """Move a deadline whose firing failed to `due_at`, one more attempt counted. Only the row as it was read
        moves (same turn, same attempts): False if it was fired, replaced or retried meanwhile."""
        async with self._db.write() as db:
            return await db.execute(
                "UPDATE deadlines SET due_at = ?, attempts = attempts + 1, claimed_by = NULL, claimed_until = NULL"
                " WHERE game_id = ? AND kind = ? AND turn = ? AND attempts = ?",
                (due_at, deadline.game_id, deadline.kind, deadline.turn, deadline.attempts),
            ) == 1

    # guild settings and stats -------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettingsRow:
        row = await self._fetchone("SELECT turn_timeout, locale FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if row is None:
            return GuildSettingsRow(guild_id, None, None)
        return GuildSettingsRow(guild_id, row[0], row[1])

    async def save_guild_settings(self, settings: GuildSettingsRow) -> None:
        async with self._db.write() as db:
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
        if not ids:
            return {}
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
            " FROM coop_results WHERE guild_id = ? AND kind = ?) AS ranked"
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
        """A player's co-operative (or solo) results of one kind in the guild, per player count and setup, best
        first."""
        order, best = _BETTER[fewer_is_better]
        rows = await self._fetchall(
            f"SELECT c.players, c.setup, COUNT(*) AS games, {best}(c.result) AS best, SUM(c.result) AS total,"
            " MAX(c.won) AS won, SUM(c.won) AS wins"
            " FROM coop_results c JOIN results r ON r.game_id = c.game_id AND r.user_id = ?"
            f" WHERE c.guild_id = ? AND c.kind = ? GROUP BY c.players, c.setup ORDER BY best {order}, games DESC,"
            " c.players",
            (user_id, guild_id, kind),
        )
        return [CoopRecordRow(players=r["players"], setup=json.loads(r["setup"]), games=r["games"], best=r["best"],
                              won=bool(r["won"]), total=r["total"], wins=r["wins"]) for r in rows]
