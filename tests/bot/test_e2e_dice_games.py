"""Whole Dice Games through the bot: one by clicks only, one by typed commands against a computer, and a My
Shelfie game beside a dice game in another channel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dice_driver import MAX_STEPS, click_step, dice_turn_message, ids_with, start_dice_game, typed_step
from test_game_driver import channel_messages, game_here, labels, play_typed_move, start_game

if TYPE_CHECKING:
    from conftest import Table


async def test_a_two_player_dice_game_is_played_by_clicks_only(table: Table) -> None:
    lobby = await start_dice_game(table, dice=6, row_lock=True)
    assert lobby.content.startswith("**My Shelfie: The Dice Game — new game**")
    assert "6 dice" in lobby.content and "rows lock too" in lobby.content
    first = dice_turn_message(table.channel)
    assert labels(first) == ["Roll"] and "it's your turn" in first.content
    game = await game_here(table)
    assert game.kind == "dice" and game.game.dice_count == 6 and game.game.row_lock
    steps = 0
    while (await table.bot.service.table_in_channel(table.channel.id)) is not None:
        await click_step(table)
        steps += 1
        assert steps < MAX_STEPS
    final = channel_messages(table.channel)[-1]
    assert "Game over!" in final.content and [a.filename for a in final.attachments] == ["final.png"]
    assert labels(final) == ["Rematch", "Replay"]
    collapsed = channel_messages(table.channel)[1:-1]
    assert collapsed and all(not m.attachments and not m.components for m in collapsed), \
        "every earlier step collapses to its line, so one live message is left"
    assert any("rolled:" in m.content for m in collapsed) and any("circled" in m.content for m in collapsed)
    stats = await table.alice.slash(table.channel, "games stats", game="dice")
    assert "My Shelfie: The Dice Game" in str(stats.response.embeds[0].to_dict())
    board = await table.alice.slash(table.channel, "games leaderboard", game="dice")
    assert board.response is not None and "alice" in str(board.response.embeds[0].to_dict())


async def test_a_dice_game_is_played_by_typed_commands_against_a_computer(table: Table) -> None:
    opened = await table.alice.slash(table.channel, "dice new", players=2, hints=True)
    chooser = await table.alice.click(opened.response, label="Add bot")
    assert labels(chooser.response) == ["easy", "normal", "hard"]
    await table.alice.click(chooser.response, label="normal")
    await table.alice.slash(table.channel, "dice start")
    hint = await table.alice.slash(table.channel, "dice hint")
    assert hint.response.ephemeral and hint.response.content.startswith("Suggestion: **")
    steps = 0
    while (await table.bot.service.table_in_channel(table.channel.id)) is not None:
        await typed_step(table)
        steps += 1
        assert steps < MAX_STEPS
    final = channel_messages(table.channel)[-1]
    assert "Game over!" in final.content
    assert any("🤖 Computer 1 (normal) circled" in m.content or "🤖 Computer 1 (normal) could circle nothing"
               in m.content for m in channel_messages(table.channel)), "the computer's steps are told"


async def test_a_shelfie_game_and_a_dice_game_run_at_once_in_two_channels(table: Table) -> None:
    dice_channel = table.guild.create_text_channel("dice")
    await start_game(table, table.alice, [table.bob])
    await start_dice_game(table, dice_channel)
    for _ in range(3):
        await play_typed_move(table)
        await typed_step(table, dice_channel)
    shelfie, dice = await game_here(table), await game_here(table, dice_channel)
    assert (shelfie.kind, shelfie.turn) == ("shelfie", 3) and (dice.kind, dice.turn) == ("dice", 3)
    wrong = await table.alice.slash(table.channel, "dice roll")
    assert wrong.response.ephemeral and "is My Shelfie: play it with its own commands, like `/shelfie board`" in wrong.response.content
    assert await table.alice.autocomplete(dice_channel, "shelfie take", "tiles", "") == []
    assert dice.current_seat.index == 1 and ids_with(dice_turn_message(dice_channel), "roll"), \
        "roll, keep, circle: the first seat's turn is over and the next one rolls"
