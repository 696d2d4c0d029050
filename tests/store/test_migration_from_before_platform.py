"""A database written by the bot before games became kinds (schema 3, built by fixtures/make_before_platform.py
with that code) migrates: its My Shelfie games load and finish, its stats and ratings become My Shelfie's."""
from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from bot.service import GameOptions, TableService
from bot.store.schema import current_version
from engine.protocol import FIRST_REVISION
from tests.service.conftest import Clock, play_to_end

FIXTURE = Path(__file__).parent / "fixtures" / "before_platform.sqlite3"


async def test_an_old_database_migrates_and_its_game_in_progress_finishes(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    shutil.copy(FIXTURE, path)
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 3
    svc = await TableService.open(path, clock=Clock(1_900_000_000.0))
    try:
        ongoing = await svc.table_in_channel(10)
        assert ongoing is not None and ongoing.kind == "shelfie" and ongoing.status == "active" and ongoing.turn == 7
        assert ongoing.options == GameOptions(players=3, turn_timeout=3600, hints=True,
                                              game={"first_game": True, "refill": "isolated"}, revision=FIRST_REVISION)
        assert (await svc.audit(ongoing.game_id)).ok and (await svc.audit(1)).ok
        before = await svc.stats(1, 101, "shelfie")
        assert before is not None and before.games == 1 and before.kind == "shelfie"
        assert [r.user_id for r in await svc.leaderboard(1, "shelfie")] == [101, 102]

        result = await play_to_end(svc, ongoing)
        assert result.finished and len(result.standings) == 3
        after = await svc.stats(1, 101, "shelfie")
        assert after is not None and after.games == 2
        assert [s.kind for s in await svc.stats_by_game(1, 101)] == ["shelfie"]
        assert await svc.stats(1, 101, "dice") is None

        lobby = await svc.table_in_channel(12)
        assert lobby is not None and lobby.kind == "shelfie" and lobby.options.players == 4
    finally:
        await svc.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == current_version()
        assert set(raw.execute("SELECT DISTINCT kind FROM results")) == {("shelfie",)}
