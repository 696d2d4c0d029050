"""The store's aiosqlite connections, whose statements never leave the database thread.

aiosqlite runs every call on its connection's own thread but hands the resulting `sqlite3.Cursor` back to
the event loop, where it is dropped (or, for a call whose awaiting task was cancelled, dropped later,
whenever the loop gets to it). A cursor that still holds one of the connection's cached prepared
statements (an `executemany` cursor always does) then resets it from the event loop's thread while the
database thread may be running the same cached statement for another caller; CPython's sqlite3 module
does not guard that, and the statement in use fails with `sqlite3.InterfaceError: bad parameter or other
API misuse` (seen under load on the move-log insert). So every statement runs to its end on the database
thread, which closes its cursor there and hands back only plain values: its rows, row count and last row id.

Each call is a trip to the database thread and back, and each trip hands the GIL between the threads twice: under
load a profile of `bench load` put ~40% of the event loop's busy time in those handovers. `BATCH` runs several steps
of one transaction (statements, then maybe its COMMIT) in one trip: `execute`/`executemany`/`execute_fetchall` of
`BATCH` with a list of `(kind, sql, parameters)` steps, kind "one" (execute), "many" (executemany) or "commit";
what comes back is the last statement's outcome. A "one" step may carry a fourth item, an exception raised on the
database thread (ending the trip, its transaction to be rolled back) unless the statement changed exactly one row:
a compare-and-set travels with the statements that depend on it. aiosqlite hands both arguments to this connection
untouched.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import aiosqlite


BATCH = "-- the steps of one trip to the database thread"
Step = tuple[Any, ...]
"""(kind, sql, parameters) of a `BATCH`: kind "one", "many" or "commit" (whose sql and parameters are unused); a
"one" step may add the exception raised unless it changes exactly one row."""


class Finished:
    """What a statement leaves once its cursor is closed (read the way aiosqlite reads a cursor)."""

    __slots__ = ("_rows", "rowcount", "lastrowid")

    def __init__(self, cursor: sqlite3.Cursor | None) -> None:
        if cursor is None:  # a batch that ran no statement (a COMMIT alone)
            self._rows, self.rowcount, self.lastrowid = [], -1, None
            return
        try:
            self._rows = cursor.fetchall()
            self.rowcount = cursor.rowcount
            self.lastrowid = cursor.lastrowid
        finally:
            cursor.close()

    def fetchall(self) -> list[Any]:
        return self._rows

    def close(self) -> None:
        """Already closed on the database thread."""


class ThreadConfinedConnection(sqlite3.Connection):
    """A sqlite3 connection whose `execute` and `executemany` close their cursor before returning."""

    def execute(self, sql: str, parameters: Any = (), /) -> Any:
        if sql == BATCH:
            return self._batch(parameters)
        return Finished(super().execute(sql, parameters))

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Any:
        if sql == BATCH:
            return self._batch(parameters)
        return Finished(super().executemany(sql, parameters))

    def _batch(self, steps: Iterable[Step]) -> Finished:
        last = Finished(None)
        for kind, sql, parameters, *refusal in steps:
            if kind == "commit":
                self.commit()
            else:
                run = super().executemany if kind == "many" else super().execute
                last = Finished(run(sql, parameters))
                if refusal and last.rowcount != 1:
                    raise refusal[0]
        return last


async def connect(path: str | Path, *, isolation_level: str | None) -> aiosqlite.Connection:
    """An aiosqlite connection to `path` whose calls hand back no live cursor."""
    return await aiosqlite.connect(str(path), isolation_level=isolation_level, factory=ThreadConfinedConnection)
