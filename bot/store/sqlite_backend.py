"""The embedded backend: one SQLite file, one aiosqlite connection, WAL.

One connection serialises statements anyway, so a lock around each operation keeps one coroutine's transaction from
interleaving with another coroutine's statements, and operations marked `priority.background()` wait for the others.
Operations are a handful of indexed statements each, so holding the lock is cheap; engine and AI work happen outside
it, in the service.
"""
from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.backend import Row, Session, check_schema_version
from bot.store.connection import BATCH, Step, connect
from bot.store.database_file import check_database_file
from bot.store.failures import ConstraintViolated, StoreError, WriteFailed
from bot.store.priority import PriorityLock

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 200


async def _pragma(conn: aiosqlite.Connection, sql: str) -> None:
    """Run a PRAGMA and close its cursor at once: an open cursor keeps the statement in progress and blocks COMMIT."""
    async with conn.execute(sql):
        pass


class SqliteSession:
    """Statements on the store's one connection, inside the transaction its lock holder opened. The statements
    whose outcome nobody reads (`execute_later`, `executemany`) wait for the next one that is read, or for the
    COMMIT (`finish`), and go to the database thread with it in one trip (connection.BATCH)."""

    __slots__ = ("_conn", "_pending")

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._pending: list[Step] = []

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self._conn.executemany(BATCH, self._with(("one", sql, tuple(params))))
        return int(cursor.rowcount)

    async def execute_later(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._pending.append(("one", sql, tuple(params)))

    async def change_one(self, sql: str, params: Sequence[Any], refusal: Exception) -> None:
        self._pending.append(("one", sql, tuple(params), refusal))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._pending.append(("many", sql, [tuple(row) for row in rows]))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._conn.execute_fetchall(BATCH, self._with(("one", sql, tuple(params)))))

    async def finish(self) -> None:
        """The statements still waiting, then the COMMIT."""
        await self._conn.executemany(BATCH, self._with(("commit", "", ())))

    def _with(self, step: Step) -> list[Step]:
        steps, self._pending = [*self._pending, step], []
        return steps

    async def copy_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        marks = ", ".join("?" * len(columns))
        await self.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)


class SqliteBackend:
    """A SQLite file. WAL checkpoints run on a second connection in the background every `CHECKPOINT_EVERY` commits
    (automatic checkpoints are off), so no move waits for pages being copied into the main file."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str, synchronous: str) -> None:
        self._conn = conn
        self._path = path
        self._synchronous = synchronous
        self._lock = PriorityLock()
        self._commits = 0
        self._checkpointer: aiosqlite.Connection | None = None
        self._checkpoint: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: str) -> SqliteBackend:
        """Open (creating if needed) the file.

        With WAL, `NORMAL` keeps every committed move through a killed or crashed process (the commit
        is in the OS's hands before `commit` returns) without an fsync per move; only a power cut or
        kernel crash may roll back the last moments, never corrupt the file. `FULL` fsyncs every
        commit to survive that too, at the disk's fsync latency per move (see bench/store.py).
        """
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError(f"synchronous must be FULL or NORMAL, not {synchronous!r}")
        # "IMMEDIATE": the driver opens the write transaction with the first write statement, in the
        # same round trip to the database thread (the store's lock keeps transactions from interleaving).
        check_database_file(Path(path))
        conn = None
        try:
            conn = await connect(path, isolation_level="IMMEDIATE")
            conn.row_factory = sqlite3.Row
            await conn.executescript(
                f"PRAGMA journal_mode=WAL; PRAGMA synchronous={synchronous}; PRAGMA foreign_keys=ON;"
                " PRAGMA busy_timeout=5000; PRAGMA wal_autocheckpoint=0;"
            )
        except BaseException as exc:
            if conn is not None:
                await conn.close()
            if isinstance(exc, sqlite3.Error):  # what check_database_file could not foresee, still naming the file
                raise StoreError(f"cannot open the SQLite database {path}: {exc}") from exc
            raise
        return cls(conn, str(path), synchronous)

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

    async def migrate(self, scripts: Sequence[str]) -> None:
        version = await self.schema_version()
        check_schema_version(version, len(scripts))
        for number in range(version + 1, len(scripts) + 1):
            try:
                await self._conn.executescript(
                    f"BEGIN IMMEDIATE;\n{scripts[number - 1]}\nPRAGMA user_version = {number};\nCOMMIT;")
            except BaseException:
                if self._conn.in_transaction:
                    await self._conn.rollback()
                raise
            log.info("store migrated to schema %d", number)

    async def schema_version(self) -> int:
        rows = await self.fetch("PRAGMA user_version")
        return int(rows[0][0]) if rows else 0

    @asynccontextmanager
    async def write(self) -> AsyncIterator[SqliteSession]:
        """If a statement or the COMMIT itself fails the transaction is rolled back, so nothing of it stays behind
        in an open transaction for the next write to commit (or to fail on again, every write after)."""
        async with self._lock:
            try:
                session = SqliteSession(self._conn)
                yield session
                await session.finish()
            except BaseException as exc:
                await self._conn.rollback()
                if isinstance(exc, sqlite3.IntegrityError):
                    raise ConstraintViolated(str(exc)) from exc
                if isinstance(exc, sqlite3.Error):
                    raise WriteFailed(str(exc)) from exc
                raise
        self._committed()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[SqliteSession]:
        """One read transaction: one snapshot even if another process (the `audit` command beside a running bot)
        writes in between."""
        async with self._lock:
            await _pragma(self._conn, "BEGIN DEFERRED")
            try:
                yield SqliteSession(self._conn)
            finally:
                await self._conn.rollback()

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._lock:
            return list(await self._conn.execute_fetchall(sql, tuple(params)))

    async def tables(self) -> dict[str, tuple[str, ...]]:
        names = [row[0] for row in await self.fetch(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        return {name: tuple(row[1] for row in await self.fetch(f"PRAGMA table_info({name})")) for name in names}

    async def after_copy(self, session: Session) -> None:
        """SQLite's next game id follows the largest stored one by itself."""
