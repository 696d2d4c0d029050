"""The server backend: PostgreSQL through a pool of asyncpg connections, for several bot processes on one database.

Each write is one transaction on a connection of its own (READ COMMITTED): the game's compare-and-set
(`UPDATE games ... WHERE id = $1 AND version = $2`) waits for a concurrent writer of the same row and then finds
the version moved, so a stale writer in any process changes nothing. Reads that must agree with each other run in
one REPEATABLE READ snapshot. Queries arrive with `?` placeholders and are numbered `$1, $2, …` here, once each.
"""
from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any

import asyncpg

from bot.store.backend import Row, Session, check_schema_version, describe_database, password_unparsable
from bot.store.failures import ConstraintViolated, StoreError, WriteFailed

log = logging.getLogger(__name__)

POOL_SIZE = 10
"""Connections per process: transactions are a few short statements, so ten serve hundreds of moves a second."""
COMMAND_TIMEOUT = 30.0
"""A statement that takes longer than this fails (as WriteFailed when it writes) instead of hanging a move."""
MIGRATION_LOCK = 0x5348454C
"""The advisory lock id under which processes starting at once migrate one after the other ("SHEL")."""
_DATABASE_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError)
"""What a failed statement or a lost connection raises (a timeout is an OSError too)."""


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, …` (a `?` inside a quoted literal stays as it is)."""
    out: list[str] = []
    number = 0
    quoted = False
    for char in sql:
        if char == "'":
            quoted = not quoted
        if char == "?" and not quoted:
            number += 1
            out.append(f"${number}")
        else:
            out.append(char)
    return "".join(out)


def _rowcount(status: str) -> int:
    """The number of rows a command changed, from its status tag ("UPDATE 1", "INSERT 0 3", "DELETE 0")."""
    last = status.rpartition(" ")[2]
    return int(last) if last.isdigit() else 0


class PostgresSession:
    """Statements on one pooled connection, inside its transaction."""

    __slots__ = ("_conn",)

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rowcount(await self._conn.execute(numbered(sql), *params))

    async def execute_later(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self._conn.execute(numbered(sql), *params)

    async def change_one(self, sql: str, params: Sequence[Any], refusal: Exception) -> None:
        if await self.execute(sql, params) != 1:
            raise refusal

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        batch = [tuple(row) for row in rows]
        if batch:
            await self._conn.executemany(numbered(sql), batch)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._conn.fetch(numbered(sql), *params))

    async def copy_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await self._conn.copy_records_to_table(table, columns=list(columns), records=[tuple(r) for r in rows])


class PostgresBackend:
    """A database on a PostgreSQL server, shared by every process that opens it."""

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def connect(cls, url: str) -> PostgresBackend:
        if password_unparsable(url):
            raise StoreError(f"cannot open the PostgreSQL database {describe_database(url)}: its password holds @ / : "
                             "? or #, which a URL reserves; write them as %40 %2F %3A %3F %23, or leave the password "
                             "out of the URL and set PGPASSWORD")
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, command_timeout=COMMAND_TIMEOUT,
                                             server_settings={"application_name": "shelfie-bot"})
        except (*_DATABASE_ERRORS, ValueError) as exc:
            raise StoreError(f"cannot open the PostgreSQL database {describe_database(url)}: {exc}") from exc
        assert pool is not None
        return cls(pool)

    async def close(self) -> None:
        await self._pool.close()

    async def migrate(self, scripts: Sequence[str]) -> None:
        """One migration per transaction, each under the advisory lock: a second process starting at the same time
        waits, then finds the schema current."""
        while True:
            async with self._pool.acquire() as conn, conn.transaction():
                await conn.execute(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
                await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                version = await conn.fetchval("SELECT version FROM schema_version") or 0
                check_schema_version(version, len(scripts))
                if version == len(scripts):
                    return
                await conn.execute(scripts[version])
                if version == 0:
                    await conn.execute("INSERT INTO schema_version (version) VALUES (1)")
                else:
                    await conn.execute("UPDATE schema_version SET version = $1", version + 1)
            log.info("store migrated to schema %d", version + 1)

    async def schema_version(self) -> int:
        exists = await self._pool.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
        return int(await self._pool.fetchval("SELECT version FROM schema_version") or 0) if exists else 0

    @asynccontextmanager
    async def write(self) -> AsyncIterator[PostgresSession]:
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                yield PostgresSession(conn)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise ConstraintViolated(f"{exc.constraint_name or ''}: {exc}") from exc
        except _DATABASE_ERRORS as exc:
            raise WriteFailed(str(exc) or type(exc).__name__) from exc

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PostgresSession]:
        async with self._pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            yield PostgresSession(conn)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._pool.fetch(numbered(sql), *params))

    async def tables(self) -> dict[str, tuple[str, ...]]:
        rows = await self._pool.fetch(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND table_name != 'schema_version' ORDER BY table_name, ordinal_position")
        tables: dict[str, tuple[str, ...]] = {}
        for row in rows:
            tables[row[0]] = (*tables.get(row[0], ()), row[1])
        return tables

    async def after_copy(self, session: Session) -> None:
        """Game ids came with the rows: the next new game's id must follow the largest of them."""
        await session.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), COALESCE(MAX(id), 0) + 1, false)"
                              " FROM games")
