"""Another hand on a test's database, behind the store's back (a bad disk, a careless manual edit, an old version of
the bot), on either backend: `database` is a SQLite file path or a PostgreSQL URL (tests/postgres.py)."""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import asyncpg

from bot.store import is_postgres_url
from bot.store.postgres_backend import numbered
from bot.store.schema import MIGRATIONS


async def raw_fetch(database: str | Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Run one statement (`?` placeholders) on its own connection; its rows."""
    if not is_postgres_url(database):
        with sqlite3.connect(database) as raw:
            return [tuple(row) for row in raw.execute(sql, params)]
    conn = await asyncpg.connect(str(database))
    try:
        return [tuple(row) for row in await conn.fetch(numbered(sql), *params)]
    finally:
        await conn.close()


async def raw_execute(database: str | Path, sql: str, *params: Any) -> None:
    await raw_fetch(database, sql, *params)


async def break_writes(database: str | Path, when: str) -> None:
    """From now on every write `when` ("BEFORE INSERT ON moves") fails inside the database with an error that is not
    a constraint (mend_writes undoes it)."""
    if not is_postgres_url(database):
        await raw_execute(database, f"CREATE TRIGGER broken {when} BEGIN SELECT no_such_function(); END")
        return
    await raw_execute(database, "CREATE OR REPLACE FUNCTION broken() RETURNS trigger LANGUAGE plpgsql"
                                " AS $$ BEGIN RAISE EXCEPTION 'the disk is broken'; END $$")
    await raw_execute(database, f"CREATE TRIGGER broken {when} FOR EACH ROW EXECUTE FUNCTION broken()")


async def mend_writes(database: str | Path, when: str) -> None:
    if not is_postgres_url(database):
        await raw_execute(database, "DROP TRIGGER broken")
    else:
        await raw_execute(database, f"DROP TRIGGER broken ON {when.rpartition(' ')[2]}")


async def old_database(database: str | Path, version: int) -> None:
    """An empty database as a bot of schema `version` left it (the first `version` migrations, in its dialect)."""
    if not is_postgres_url(database):
        with sqlite3.connect(database) as raw:
            raw.executescript("".join(m.sqlite for m in MIGRATIONS[:version]) + f"PRAGMA user_version = {version};")
        raw.close()
        return
    conn = await asyncpg.connect(str(database))
    try:
        for migration in MIGRATIONS[:version]:
            await conn.execute(migration.postgresql)
        await conn.execute(f"CREATE TABLE schema_version (version INTEGER NOT NULL);"
                           f" INSERT INTO schema_version VALUES ({version})")
    finally:
        await conn.close()
