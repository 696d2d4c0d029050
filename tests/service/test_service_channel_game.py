"""The game of a channel, as every interaction asks for it: right after each change, from memory or from disk."""
from __future__ import annotations

from pathlib import Path

from bot.service import GameOptions, TableService

from .conftest import ANN, BOB, CHANNEL, GUILD, NAMES, Clock, lobby, play_to_end, started


async def test_the_channel_game_follows_lobby_start_end_and_the_next_lobby(svc: TableService) -> None:
    opened = await lobby(svc, ANN, BOB)
    assert (await svc.table_in_channel(CHANNEL)).game_id == opened.game_id
    game = (await svc.start(opened.game_id, ANN)).table
    assert (await svc.table_in_channel(CHANNEL)).status == "active"
    finished = await play_to_end(svc, game)
    assert finished.table.status == "finished"
    assert await svc.table_in_channel(CHANNEL) is None
    rematch = (await svc.rematch(game.game_id, ANN)).table
    assert (await svc.table_in_channel(CHANNEL)).game_id == rematch.game_id
    await svc.cancel(rematch.game_id, ANN)
    assert await svc.table_in_channel(CHANNEL) is None


async def test_games_pushed_out_of_a_small_cache_are_still_found(db_path: Path, clock: Clock) -> None:
    service = await TableService.open(db_path, clock=clock, cache_size=1, seeds=iter(range(100, 200)).__next__)
    try:
        first = await started(service, ANN, BOB, channel=CHANNEL)
        second = await started(service, ANN, BOB, channel=CHANNEL + 1)
        assert (await service.table_in_channel(CHANNEL)).game_id == first.game_id
        assert (await service.table_in_channel(CHANNEL + 1)).game_id == second.game_id
        await service.cancel(first.game_id, ANN)
        assert await service.table_in_channel(CHANNEL) is None
        assert (await service.table_in_channel(CHANNEL + 1)).game_id == second.game_id
    finally:
        await service.close()


async def test_a_thread_game_belongs_to_its_thread_not_to_the_channel(svc: TableService) -> None:
    thread = 777
    table = await svc.open_lobby(GUILD, CHANNEL, ANN, NAMES[ANN], GameOptions(players=2, thread=True), thread_id=thread, kind="shelfie")
    assert (await svc.table_in_channel(thread)).game_id == table.game_id
    assert await svc.table_in_channel(CHANNEL) is None
