"""The store's connection: what a statement hands back can be dropped on the event loop's thread at any moment.

Under load the bot failed a move's commit with `sqlite3.InterfaceError: bad parameter or other API misuse`:
an earlier move-log insert's cursor, released on the event loop's thread, reset the connection's cached
insert statement while the database thread was binding it for the next move. Here the database thread is
held inside that bind (converting a parameter) while the earlier result is released, every time.
"""
from __future__ import annotations

import asyncio
import gc
import threading
from pathlib import Path

from bot.store.connection import connect

INSERT = "INSERT INTO moves (seq) VALUES (?)"


class HeldParameter:
    """A parameter whose conversion, on the database thread in the middle of a statement, waits for the test."""

    def __init__(self, value: int) -> None:
        self.value = value
        self.converting = threading.Event()
        self.resume = threading.Event()

    def __conform__(self, protocol: object) -> int:
        self.converting.set()
        self.resume.wait(10)
        return self.value


async def test_a_result_released_on_the_event_loop_mid_statement_leaves_the_statement_working(
        tmp_path: Path) -> None:
    db = await connect(tmp_path / "store.sqlite3", isolation_level=None)
    try:
        await db.execute("CREATE TABLE moves (seq INTEGER)")
        earlier = await db.executemany(INSERT, [(1,)])
        await db.execute("SELECT 1")  # the database thread lets go of `earlier`: the event loop holds it last
        held = HeldParameter(2)
        insert = asyncio.ensure_future(db.executemany(INSERT, [(held,), (3,)]))
        await asyncio.to_thread(held.converting.wait, 10)
        del earlier  # released here, on the event loop's thread, while the database thread binds the same statement
        gc.collect()
        held.resume.set()
        await insert
        rows = await db.execute_fetchall("SELECT seq FROM moves ORDER BY seq")
    finally:
        await db.close()
    assert [row[0] for row in rows] == [1, 2, 3]

