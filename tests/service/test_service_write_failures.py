"""A step the database fails to write did not happen: the player is told so, nothing is announced, and the same
step played again afterwards goes through."""
from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import NotSaved, TableService
from tests.raw_database import break_writes, mend_writes
from tests.service.conftest import ANN, BOB, play_first_legal, started


async def test_a_move_the_database_fails_to_write_is_refused_unannounced_and_can_be_played_again(
        svc: TableService, db_path: Path) -> None:
    table = await started(svc, ANN, BOB)
    announced = (await svc.outbox(table.game_id)).pending
    await break_writes(db_path, "BEFORE INSERT ON moves")
    with pytest.raises(NotSaved):
        await play_first_legal(svc, table)
    assert (await svc.table(table.game_id)).turn == table.turn
    assert (await svc.table(table.game_id)).version == table.version
    assert (await svc.outbox(table.game_id)).pending == announced
    await mend_writes(db_path, "BEFORE INSERT ON moves")
    result = await play_first_legal(svc, table)
    assert result.table.turn == table.turn + 1
    assert [a.event for a in (await svc.outbox(table.game_id)).pending] == [a.event for a in announced] + ["move"]
