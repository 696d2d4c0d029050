"""The operator's backup of a SQLite database file (`shelfie-bot backup`), directly on the file.

It uses the sqlite3 module synchronously because it runs from the command line, possibly next to a running bot:
SQLite's backup API copies a consistent snapshot even while the bot writes. (A PostgreSQL database is backed up
with pg_dump.)
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from bot.store.database_file import check_database_file


def _connect_existing(path: Path) -> sqlite3.Connection:
    if not path.is_file():
        raise FileNotFoundError(f"no database at {path}")
    return sqlite3.connect(path, timeout=30)


def backup_database(source: Path, target: Path) -> int:
    """Copy `source` to `target` consistently, even mid-write; returns the number of games copied.

    The copy goes to a temporary file that is checked and then renamed, so a
    failed backup never leaves a half-written file at `target`.
    """
    partial = target.with_name(target.name + ".partial")
    check_database_file(target)
    live = _connect_existing(source)
    partial.unlink(missing_ok=True)
    try:
        copy = sqlite3.connect(partial)
        try:
            live.backup(copy, pages=256)
            status = copy.execute("PRAGMA integrity_check").fetchone()[0]
            if status != "ok":
                raise sqlite3.DatabaseError(f"backup failed its integrity check: {status}")
            games = copy.execute("SELECT count(*) FROM games").fetchone()[0]
        finally:
            copy.close()
    finally:
        live.close()
    os.replace(partial, target)
    return int(games)
