"""What the store needs from a database, and which one a setting names.

The Store writes every query once, in SQL both databases read, with `?` placeholders; a backend runs it on its
database: `sqlite_backend` (one aiosqlite connection, the embedded default) or `postgres_backend` (an asyncpg pool,
for several processes on one server). A backend maps its driver's failures onto the store's errors, so nothing
above bot/store sees sqlite3 or asyncpg.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, Protocol

POSTGRES_SCHEMES = ("postgresql://", "postgres://")

Row = Any
"""A result row: indexable by position and by column name, iterable over its values, with `keys()`
(sqlite3.Row and asyncpg.Record both are)."""


def is_postgres_url(target: str | Path) -> bool:
    """True when the database setting names a PostgreSQL server rather than a SQLite file."""
    return isinstance(target, str) and target.strip().lower().startswith(POSTGRES_SCHEMES)


def database_target(text: str) -> str | Path:
    """The database a setting (SHELFIE_DB, --db) names: a PostgreSQL URL as given, else a SQLite file's path."""
    return text.strip() if is_postgres_url(text) else Path(text).expanduser()


def describe_database(target: str | Path) -> str:
    """The database as an operator may see it in logs and messages: a URL without its password.

    The password is whatever stands between the user's colon and the last `@`, even when it holds characters a URL
    reserves (`@ / :` unencoded), which a URL parser would read as part of the host or path and so show."""
    if not is_postgres_url(target):
        return str(target)
    scheme, _, rest = str(target).strip().partition("://")
    userinfo, at, location = rest.rpartition("@")
    user, colon, password = userinfo.partition(":")
    if not (at and colon and password):
        return str(target).strip()
    return f"{scheme}://{user}:***@{location}"


def password_unparsable(url: str) -> bool:
    """True when the URL's password holds a character a URL reserves there (`@ / : ? #`), unencoded: the driver
    would read part of it as the host, port or database (and name that part in its error)."""
    userinfo = url.strip().partition("://")[2].rpartition("@")[0]
    return any(mark in userinfo.partition(":")[2] for mark in "@/:?#")


class Session(Protocol):
    """Statements inside one transaction (or one read snapshot) of a backend."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    async def execute_later(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Run one statement whose outcome nobody reads: the backend may hold it back until the transaction's next
        statement or its commit and send them together (SQLite: one trip to its thread); a failure then surfaces
        there, still inside the transaction."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per row of parameters (like `execute_later`, it may be held back)."""

    async def change_one(self, sql: str, params: Sequence[Any], refusal: Exception) -> None:
        """Run one statement that must change exactly one row (a compare-and-set), else the transaction fails with
        `refusal` and writes nothing; like `execute_later`, it may be held back, so a move's commit is one trip."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run one query; all its rows."""

    async def copy_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Insert many rows into one table as fast as the database allows (copy-db)."""


class Backend(Protocol):
    """One database the store runs on."""

    dialect: str
    """"sqlite" or "postgresql": the few statements that differ pick their text by it."""

    def write(self) -> AbstractAsyncContextManager[Session]:
        """One transaction, committed when the block ends, rolled back if it raises. A constraint the data broke is
        ConstraintViolated; any other failure of the database is WriteFailed; both leave nothing written."""

    def read(self) -> AbstractAsyncContextManager[Session]:
        """Several queries that see one snapshot, even while other processes write."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """One query on its own."""

    async def schema_version(self) -> int:
        ...

    async def migrate(self, scripts: Sequence[str]) -> None:
        """Bring the schema to version len(scripts), running the scripts not applied yet, each in its own
        transaction with its new version number; refuse a database newer than this code."""

    async def tables(self) -> Mapping[str, tuple[str, ...]]:
        """Every table of the store's schema (not the migration bookkeeping) and its columns."""

    async def after_copy(self, session: Session) -> None:
        """Make the database ready to go on after rows were copied in with their ids (copy-db)."""

    async def close(self) -> None:
        ...


def check_schema_version(version: int, latest: int) -> None:
    """A database migrated by newer code may hold what this code cannot read: refuse to start on it."""
    if version > latest:
        raise RuntimeError(f"database schema {version} is newer than this code ({latest})")
