"""Why this process cannot use a SQLite database file, in words that name it: SQLite itself says only "unable to
open database file", whatever the path (a bind-mounted folder the container's user cannot write, most often)."""

from __future__ import annotations

import os
from pathlib import Path

from bot.store.failures import StoreError


def check_database_file(path: Path) -> None:
    """Raise StoreError naming the file, its folder and what to do when this process cannot create, read or write the
    file, or create its journal files beside it (SQLite's -wal and -shm files live in the same folder)."""
    reason = _unusable(path.absolute())
    if reason is not None:
        raise StoreError(f"cannot open the SQLite database {path}: {reason}")


def _unusable(path: Path) -> str | None:
    folder = path.parent
    user = f"this process (user id {os.getuid()})" if hasattr(os, "getuid") else "this process"
    if not folder.is_dir():
        return f"its folder {folder} does not exist; create it, or name a database in a folder that exists"
    if path.is_dir():
        return "that is a folder; name a file in it, such as shelfie.sqlite3"
    if not os.access(folder, os.W_OK | os.X_OK):
        return (f"{user} cannot write to its folder {folder} (owned by user id {folder.stat().st_uid}), where SQLite "
                f"also keeps the database's journal files; {_remedy(folder)}")
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        return (f"{user} cannot read and write the file (owned by user id {path.stat().st_uid}); {_remedy(path)}")
    return None


def _remedy(place: Path) -> str:
    uid = os.getuid() if hasattr(os, "getuid") else None
    chown = f"sudo chown -R {uid} on the host folder" if uid is not None else "change its owner on the host"
    return (f"give this user write access to {place} (for a folder Docker bind-mounts: {chown}, or use a named "
            "volume), or name a database in a folder it can write")
