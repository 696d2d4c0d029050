"""What a sandbox started again with --db says about the games kept from before: only what is still open once the
deadlines that ran out while it was stopped have fired."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from test_sandbox import Sandbox, _played


def test_a_kept_lobby_is_posted_again_and_not_counted_once_its_time_ran_out(tmp_path: Path) -> None:
    """A kept lobby was not posted again (the page's channel starts empty), and the banner said "1 open lobby" for
    a lobby its overdue expiry closed moments later."""
    first = Sandbox(("sandbox", "--db", "games.sqlite3"), tmp_path)
    try:
        first.client.open_page()
        _played(first.client.run_command("dice new", players="2"))
        assert "Kept from earlier" not in "".join(first.output)
    finally:
        assert first.stop() == 0
    second = Sandbox(("sandbox", "--db", "games.sqlite3"), tmp_path)
    try:
        assert "Kept from earlier: 0 games in play, 1 open lobby." in "".join(second.output), "the lobby is kept"
        page = second.client.open_page()
        welcome, lobby = [page["messages"][message_id] for message_id in page["timeline"]]
        assert "Kept from earlier" in welcome["content"]
        assert "new game" in lobby["content"] and lobby["components"], "the kept lobby is posted again, with buttons"
    finally:
        assert second.stop() == 0
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:  # the lobby's time runs out while stopped
        expired = db.execute("UPDATE deadlines SET due_at = 1 WHERE kind = 'lobby_expiry'").rowcount
    assert expired == 1

    third = Sandbox(("sandbox", "--db", "games.sqlite3"), tmp_path)
    try:
        started = "".join(third.output)
        assert "Games are kept in" in started and "open lobb" not in started and "Kept from earlier" not in started
    finally:
        assert third.stop() == 0
