"""Online backup of the live database with SQLite's backup API (safe while the bot runs)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path


def backup_database(source: Path, target: Path) -> int:
    """Copy `source` to `target` consistently, even mid-write; returns the number of games copied.

    The copy goes to a temporary file that is checked and then renamed, so a
    failed backup never leaves a half-written file at `target`.
    """
    if not source.is_file():
        raise FileNotFoundError(f"no database at {source}")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    live = sqlite3.connect(source, timeout=30)
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
