"""The real bot on a PostgreSQL database (`--db postgresql://…`): a whole game typed through slash commands, with a
restart in the middle, ends with its stats and audits clean, as on the default SQLite file."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from bot.store import is_postgres_url
from test_e2e_typed_game import assert_final_message, play_to_the_end
from test_game_driver import game_here, play_typed_move, start_game

if TYPE_CHECKING:
    from conftest import Table


@pytest.fixture
def db_path(postgres_url: str) -> str:
    """Every bot of this module (the first one and the restarted ones) opens this PostgreSQL database."""
    return postgres_url


async def test_a_whole_game_on_postgresql_survives_a_restart_and_audits(table: Table, restart) -> None:
    alice, bob = table.alice, table.bob
    await start_game(table, alice, [bob])
    game_id = (await game_here(table)).game_id
    for _ in range(3):
        await play_typed_move(table)
    played = (await game_here(table)).turn

    bot = await restart()
    assert bot is table.bot and is_postgres_url(bot.db_path)
    assert (await game_here(table)).turn == played, "every acknowledged move is still there after the restart"
    moves = await play_to_the_end(table)
    assert played + moves >= 10
    assert_final_message(table, [alice, bob])
    service = table.bot.service
    assert (await service.table(game_id)).status == "finished"
    assert (await service.audit(game_id)).ok
    for person in (alice, bob):
        stats = await service.stats(table.guild.id, person.id, "shelfie")
        assert stats is not None and stats.games == 1
