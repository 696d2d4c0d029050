"""The bot asks Discord only for what it uses: the servers, their channels and threads. People chatting in a game
channel, editing, reacting or typing send it nothing to parse or keep (the default intents would send all of it);
every game still runs, on its interactions alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from test_game_driver import game_here, member, start_game

if TYPE_CHECKING:
    from conftest import Table


def dropped(table: Table, event: str) -> int:
    return sum(1 for entry in table.env.backend.transcript if entry[:2] == ("DROPPED", event))


async def test_chat_in_a_game_channel_never_reaches_the_bot(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    before = dropped(table, "MESSAGE_CREATE")
    for line in ("good luck!", "who goes first?", "gg"):
        await table.bob.send(table.channel, line)
    game = await game_here(table)
    mover = member(table, game.current_seat.user_id)
    move = game.game.legal_moves()[0]
    answer = await mover.slash(table.channel, "shelfie take", tiles=move.tiles_text, column=move.column + 1)

    assert dropped(table, "MESSAGE_CREATE") - before >= 3, "the chat was not sent to the bot"
    assert answer.response is not None and move.tiles_text in answer.response.content, answer.response
    assert (await game_here(table)).turn == game.turn + 1
    assert table.bot.intents.value == 1 and not table.bot.cached_messages
