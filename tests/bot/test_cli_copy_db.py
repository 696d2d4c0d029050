"""`shelfie-bot copy-db FROM TO` as an operator runs it: what it prints, its exit status, and a refusal in one line."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.cli import main
from bot.service import GameOptions, TableService


async def a_game_with_moves(db: Path, moves: int) -> None:
    service = await TableService.open(db)
    try:
        lobby = await service.open_lobby(1, 10, 100, "ann", GameOptions(players=2), kind="shelfie")
        await service.join(lobby.game_id, 200, "ben")
        await service.start(lobby.game_id, 100)
        for _ in range(moves):
            table = await service.table(lobby.game_id)
            await service.play(lobby.game_id, table.current_seat.user_id, table.game.legal_moves()[0],
                               turn=table.turn)
    finally:
        await service.close()


def test_copy_db_into_postgresql_reports_the_rows_and_the_audit_then_refuses_to_copy_again(
        tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    live = tmp_path / "live.sqlite3"
    asyncio.run(a_game_with_moves(live, 3))
    assert main(["copy-db", str(live), postgres_url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Copied {live} to {postgres_url}:"
    assert "  games: 1 row" in out and "  moves: 3 rows" in out and "  seats: 2 rows" in out
    assert out[-1] == "Audit of the copy: 10 tables of 10 with as many rows as the source, 1 game replayed, 0 mismatches."

    assert main(["copy-db", str(live), postgres_url]) == 1
    refused = capsys.readouterr()
    assert refused.out == ""
    assert refused.err.startswith("shelfie-bot: the target already holds data (tables games, ")
    assert main(["copy-db", "--replace", str(live), postgres_url]) == 0


def test_copy_db_hides_the_password_of_a_url(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    live = tmp_path / "live.sqlite3"
    asyncio.run(a_game_with_moves(live, 0))
    assert main(["copy-db", str(live), f"postgresql://bot:secret@/shelfie?host={tmp_path}&port=1"]) == 1
    err = capsys.readouterr().err
    assert "cannot open the PostgreSQL database postgresql://bot:***@/shelfie" in err and "secret" not in err
