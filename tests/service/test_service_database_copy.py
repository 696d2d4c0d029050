"""copy-db: a live bot's SQLite database copied into PostgreSQL holds every row and game it held, goes on there, and
copies back the same; a target that holds data is refused unless replacing was asked; the audit finds a bad copy."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.service import GameOptions, GuildSettings, TableService
from bot.service.database_copy import copy_database
from bot.service.rating import rate_game
from bot.store import Store
from bot.store.copying import CopyRefused
from tests.raw_database import raw_execute
from tests.service.conftest import ANN, BOB, CAT, GUILD, Clock, lobby, play_first_legal, play_to_end, started


async def a_live_database(database: str | Path, clock: Clock) -> dict[str, int]:
    """A finished rated game (results, stats, ratings), an active game with a computer (deadlines, announcements),
    an open lobby and a server's settings."""
    svc = await TableService.open(database, clock=clock, rater=rate_game, seeds=iter(range(50, 99)).__next__)
    try:
        finished = (await play_to_end(svc, await started(svc, ANN, BOB, channel=1))).table
        active = (await play_first_legal(svc, await started(
            svc, ANN, CAT, computers=1, channel=2, options=GameOptions(players=3, turn_timeout=3600)))).table
        waiting = await lobby(svc, BOB, channel=3)
        await svc.set_guild_settings(GuildSettings(GUILD, turn_timeout=7200, locale="it"))
    finally:
        await svc.close()
    return {"finished": finished.game_id, "active": active.game_id, "lobby": waiting.game_id}


async def contents(database: str | Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in an order that does not depend on the database."""
    store = await Store.open(database)
    try:
        tables = await store._db.tables()
        return {table: sorted((tuple(row) for row in await store._fetchall(
            f"SELECT {', '.join(sorted(columns))} FROM {table}")), key=repr) for table, columns in tables.items()}
    finally:
        await store.close()


async def test_sqlite_to_postgresql_and_back_copies_every_row_and_the_games_go_on(
        tmp_path: Path, postgres_url: str, clock: Clock) -> None:
    live = tmp_path / "live.sqlite3"
    games = await a_live_database(live, clock)
    before = await contents(live)

    report = await copy_database(live, postgres_url, clock=clock)
    assert report.ok and not report.uneven_tables and not report.mismatches
    assert report.copied["games"] == 3 and report.copied["results"] == 2 and report.copied["moves"] > 10
    assert report.copied == report.source_rows == report.target_rows
    assert [audit.game_id for audit in report.audits] == sorted(games.values())
    assert await contents(postgres_url) == before

    back = tmp_path / "back.sqlite3"
    assert (await copy_database(postgres_url, back, clock=clock)).ok
    assert await contents(back) == before

    svc = await TableService.open(postgres_url, clock=clock, rater=rate_game)
    try:
        active = await svc.table(games["active"])
        assert (await play_first_legal(svc, active)).table.turn > active.turn
        assert (await svc.stats(GUILD, ANN, "shelfie")).games == 1
        assert (await svc.guild_settings(GUILD)).locale == "it"
        newer = await lobby(svc, CAT, channel=4)
        assert newer.game_id > max(games.values()), "new games get ids after the copied ones"
    finally:
        await svc.close()


async def test_a_target_holding_data_is_refused_unless_replacing_was_asked(
        tmp_path: Path, postgres_url: str, clock: Clock) -> None:
    live = tmp_path / "live.sqlite3"
    await a_live_database(live, clock)
    svc = await TableService.open(postgres_url, clock=clock)
    try:
        await lobby(svc, CAT, channel=9)
    finally:
        await svc.close()
    before = await contents(postgres_url)
    with pytest.raises(CopyRefused, match="already holds data"):
        await copy_database(live, postgres_url, clock=clock)
    assert await contents(postgres_url) == before, "a refused copy changes nothing"

    report = await copy_database(live, postgres_url, replace=True, clock=clock)
    assert report.ok
    assert await contents(postgres_url) == await contents(live), "nothing of what the target held is left"


async def test_a_copy_onto_itself_or_from_a_missing_file_is_refused(tmp_path: Path, clock: Clock) -> None:
    live = tmp_path / "live.sqlite3"
    await a_live_database(live, clock)
    with pytest.raises(CopyRefused, match="same database"):
        await copy_database(live, tmp_path / "." / "live.sqlite3", clock=clock)
    with pytest.raises(FileNotFoundError):
        await copy_database(tmp_path / "typo.sqlite3", tmp_path / "copy.sqlite3", clock=clock)
    assert not (tmp_path / "typo.sqlite3").exists()


async def test_the_audit_finds_a_game_whose_state_does_not_follow_from_its_log(
        tmp_path: Path, postgres_url: str, clock: Clock) -> None:
    live = tmp_path / "live.sqlite3"
    games = await a_live_database(live, clock)
    await raw_execute(live, "DELETE FROM moves WHERE game_id = ? AND seq = 1", games["active"])
    report = await copy_database(live, postgres_url, clock=clock)
    assert not report.ok and [audit.game_id for audit in report.mismatches] == [games["active"]]
