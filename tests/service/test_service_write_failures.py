"""A step the database fails to write did not happen: the player is told so, nothing is announced, and the same
step played again afterwards goes through."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.service import NotSaved, TableService
from tests.service.conftest import ANN, BOB, play_first_legal, started


def _break_move_log(db_path: Path, broken: bool) -> None:
    """Another hand on the file makes every move-log insert fail inside SQLite (an error that is not a constraint)."""
    with sqlite3.connect(db_path) as raw:
        if broken:
            raw.execute("CREATE TRIGGER broken BEFORE INSERT ON moves BEGIN SELECT no_such_function(); END")
        else:
            raw.execute("DROP TRIGGER broken")


async def test_a_move_the_database_fails_to_write_is_refused_unannounced_and_can_be_played_again(
        svc: TableService, db_path: Path) -> None:
    table = await started(svc, ANN, BOB)
    announced = await svc.pending_announcements(table.game_id)
    _break_move_log(db_path, True)
    with pytest.raises(NotSaved):
        await play_first_legal(svc, table)
    assert (await svc.table(table.game_id)).turn == table.turn
    assert (await svc.table(table.game_id)).version == table.version
    assert await svc.pending_announcements(table.game_id) == announced
    _break_move_log(db_path, False)
    result = await play_first_legal(svc, table)
    assert result.table.turn == table.turn + 1
    assert [a.event for a in await svc.pending_announcements(table.game_id)] == [a.event for a in announced] + ["move"]
