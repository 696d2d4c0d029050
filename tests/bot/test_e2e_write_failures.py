"""A move the database fails to write: the player is told plainly it was not saved, the channel sees no move,
and the same move typed again once the database works goes through."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from test_game_driver import channel_messages, game_here, member, play_typed_move, private_answer, start_game

if TYPE_CHECKING:
    from conftest import Table


async def test_a_move_the_database_cannot_write_is_answered_as_not_saved_and_not_announced(
        table: Table, db_path: Path) -> None:
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    mover = member(table, game.current_seat.user_id)
    with sqlite3.connect(db_path) as raw:  # every move-log insert now fails inside SQLite
        raw.execute("CREATE TRIGGER broken BEFORE INSERT ON moves BEGIN SELECT no_such_function(); END")
    seen = len(channel_messages(table.channel))
    tiles = (await mover.autocomplete(table.channel, "shelfie take", "tiles", ""))[0]["value"]
    column = (await mover.autocomplete(table.channel, "shelfie take", "column", "", tiles=tiles))[0]["value"]
    refused = await mover.slash(table.channel, "shelfie take", tiles=tiles, column=column)
    assert private_answer(refused).content == (
        "Nothing was saved: the bot could not write that to its database, so nothing changed. "
        "Please try again in a moment.")
    assert len(channel_messages(table.channel)) == seen, "a move that was not saved is not announced"
    assert (await game_here(table)).turn == game.turn
    with sqlite3.connect(db_path) as raw:
        raw.execute("DROP TRIGGER broken")
    await play_typed_move(table)
    assert (await game_here(table)).turn == game.turn + 1
