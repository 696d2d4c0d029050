"""A SQLite database this process cannot write is named in the answer, with what to do: SQLite's own words ("unable
to open database file") name no path. The usual case is a folder bind-mounted into the container, which the image's
user may not write."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

UNPRIVILEGED = 65534
"""The user the commands run as when the tests run as root, who may write anywhere (nobody, on Debian)."""


def shelfie_bot(*args: str, db: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`shelfie-bot ARGS` with SHELFIE_DB=db, as a user without root's right to write anywhere."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("DISCORD_", "SHELFIE_"))}
    environment["SHELFIE_DB"] = str(db)
    command = [str(Path(sys.executable).with_name("shelfie-bot")), *args]
    if os.getuid() == 0:
        command = ["setpriv", f"--reuid={UNPRIVILEGED}", f"--regid={UNPRIVILEGED}", "--clear-groups", *command]
    return subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True, timeout=120)


def user() -> int:
    return UNPRIVILEGED if os.getuid() == 0 else os.getuid()


@pytest.fixture
def folders() -> Iterator[tuple[Path, Path]]:
    """A folder the commands may write, and one they may only read (like a bind mount owned by another user)."""
    top = Path(tempfile.mkdtemp(prefix="shelfie-db-"))
    writable, read_only = top / "writable", top / "read-only"
    writable.mkdir()
    read_only.mkdir()
    os.chmod(top, 0o755)
    os.chmod(writable, 0o777)
    os.chmod(read_only, 0o555)
    try:
        yield writable, read_only
    finally:
        os.chmod(read_only, 0o755)
        shutil.rmtree(top)


def test_a_database_in_a_folder_the_process_cannot_write_is_named_with_what_to_do(
        folders: tuple[Path, Path]) -> None:
    writable, read_only = folders
    db = read_only / "shelfie.sqlite3"
    result = shelfie_bot("audit", db=db, cwd=writable)
    assert result.returncode == 1
    assert result.stderr == (
        f"shelfie-bot: cannot open the SQLite database {db}: this process (user id {user()}) cannot write to its "
        f"folder {read_only} (owned by user id {os.getuid()}), where SQLite also keeps the database's journal "
        f"files; give this user write access to {read_only} (for a folder Docker bind-mounts: sudo chown -R "
        f"{user()} on the host folder, or use a named volume), or name a database in a folder it can write\n")
    assert not db.exists()


def test_a_database_file_the_process_cannot_write_is_named(folders: tuple[Path, Path]) -> None:
    writable, _ = folders
    db = writable / "shelfie.sqlite3"
    db.touch()
    os.chmod(db, 0o444)
    result = shelfie_bot("audit", db=db, cwd=writable)
    assert result.returncode == 1
    assert result.stderr.startswith(f"shelfie-bot: cannot open the SQLite database {db}: this process (user id "
                                    f"{user()}) cannot read and write the file (owned by user id {os.getuid()}); "
                                    f"give this user write access to {db} ")


def test_a_backup_into_a_folder_the_process_cannot_write_names_it_and_writes_nothing(
        folders: tuple[Path, Path]) -> None:
    writable, read_only = folders
    db = writable / "shelfie.sqlite3"
    assert shelfie_bot("audit", db=db, cwd=writable).returncode == 0, "a database to back up"
    result = shelfie_bot("backup", str(read_only / "copy.sqlite3"), db=db, cwd=writable)
    assert result.returncode == 1
    assert result.stderr.startswith(f"shelfie-bot: cannot open the SQLite database {read_only / 'copy.sqlite3'}: "
                                    f"this process (user id {user()}) cannot write to its folder {read_only} ")
    assert list(read_only.iterdir()) == []
