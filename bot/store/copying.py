"""`shelfie-bot copy-db`: a whole database copied into another, SQLite to PostgreSQL or back.

Every table of the schema is copied row for row, ids included, from one snapshot of the source into one transaction
of the target: the copy is all there or not at all. Both are opened (so migrated) first, so they have the same
tables and columns whatever version the source file was at.
"""
from __future__ import annotations

from collections.abc import Mapping

from bot.store.database import COPY_FIRST, Store
from bot.store.failures import StoreError


class CopyRefused(StoreError):
    """The copy was not made: the target already holds data (and replacing it was not asked), or it is the source."""


async def row_counts(store: Store) -> dict[str, int]:
    """How many rows each table of the store holds."""
    tables = await store._db.tables()
    async with store._db.read() as db:
        return {table: int((await db.fetch(f"SELECT COUNT(*) FROM {table}"))[0][0]) for table in sorted(tables)}


async def copy_rows(source: Store, target: Store, *, replace: bool = False) -> Mapping[str, int]:
    """Copy every row of `source` into `target`; returns the rows copied per table. CopyRefused when `target` holds
    any row and `replace` is false; with `replace`, the target's rows are deleted in the same transaction."""
    tables = await source._db.tables()
    target_tables = await target._db.tables()
    if {t: set(c) for t, c in tables.items()} != {t: set(c) for t, c in target_tables.items()}:
        raise CopyRefused("the two databases' tables differ: are both at the same schema version?")
    order = [COPY_FIRST, *sorted(table for table in tables if table != COPY_FIRST)]
    copied: dict[str, int] = {}
    async with target._db.write() as out:
        filled = [table for table in order if (await out.fetch(f"SELECT COUNT(*) FROM {table}"))[0][0]]
        if filled and not replace:
            raise CopyRefused(f"the target already holds data (tables {', '.join(filled)}); nothing was copied")
        for table in reversed(filled):
            await out.execute(f"DELETE FROM {table}")
        async with source._db.read() as src:
            for table in order:
                columns = tables[table]
                rows = await src.fetch(f"SELECT {', '.join(columns)} FROM {table} ORDER BY 1")
                await out.copy_rows(table, columns, [tuple(row) for row in rows])
                copied[table] = len(rows)
        await target._db.after_copy(out)
    await target.analyze()  # the shard processes started on the copy plan with its real sizes at once
    return copied
