"""The real bot with real worker processes: a hard computer's moves and the turn pictures come from the workers,
exactly as the bot's own process would have drawn them."""
from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import render.shelfie as render
from test_game_driver import channel_messages, game_here, open_lobby, play_typed_move

from bot import ShelfieBot, create_bot
from bot.presenters.words import seat_names
from bot.service.workers import retire, workers

if TYPE_CHECKING:
    from conftest import Table

TURNS = 3


@pytest.fixture
async def simcord_bot(db_path: Path, opened_bots: list[ShelfieBot]) -> AsyncIterator[ShelfieBot]:
    """A bot with one worker process per lane; its workers stop with the test, as `close()` would stop them."""
    bot = create_bot(db_path, workers=1)
    opened_bots.append(bot)
    yield bot
    await retire(bot.workers)


async def test_a_game_against_a_hard_computer_is_played_and_drawn_by_the_workers(
        table: Table, caplog: pytest.LogCaptureFixture) -> None:
    pool = workers()
    assert pool is table.bot.workers and len(pool.pids()) == 2 and os.getpid() not in pool.pids()
    lobby = await open_lobby(table, table.alice, 2)
    chooser = await table.alice.click(lobby, label="Add bot")
    await table.alice.click(chooser.response, label="hard")
    with caplog.at_level(logging.WARNING, logger="shelfie.workers"):
        await table.alice.slash(table.channel, "shelfie start")
        for _ in range(TURNS):
            await play_typed_move(table)
            game = await game_here(table)
            assert game.current_seat.user_id == table.alice.id, "the hard computer has answered"
            posted = channel_messages(table.channel)[-1]
            sent = {a.filename: table.env.backend.cdn.get(a.url) for a in posted.attachments}
            drawn = {"board.png": render.render_board, "shelves.png": render.render_shelves}
            assert sent == {name: draw(game.game, seat_names=seat_names(game), last_move=game.game.last_report.move,
                                       locale="en") for name, draw in drawn.items()}
    assert not [r for r in caplog.records if r.name == "shelfie.workers"], "no call fell back to the bot's process"
