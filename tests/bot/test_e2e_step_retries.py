"""A step retried after a crash is not applied twice: when the bot dies between a step's commit and its post,
nobody is answered and the channel does not show the step; the player types again, or clicks a button of the
message the channel still shows. That step is judged against
the state the player was shown: the bot posts the waiting announcement and refuses it, saying what went through.
The same in every game, whatever the step."""

from __future__ import annotations

from typing import Any

from conftest import Table
from dice_driver import start_dice_game
from librarians_driver import start_librarians
from test_game_driver import assert_move_answered, channel_messages, game_here, member, private_answer, start_game

from bot.service import TableService


async def commit_unposted(service: TableService, table: Table) -> Any:
    """The player to move's first legal step, saved as by a bot killed before it answered or posted it."""
    game = await game_here(table)
    action = game.game.legal_actions()[0]
    await service.play(game.game_id, game.current_seat.user_id, action)
    return action, member(table, game.current_seat.user_id)


async def assert_refused_and_shown(table: Table, retried: Any, step: str, turn: int) -> None:
    game = await game_here(table)
    said = private_answer(retried).content
    assert f"Your **{step}** already went through" in said, said
    assert game.turn == turn, "applied once"
    pending = await table.bot.service.outbox(game.game_id)
    assert not pending.pending and channel_messages(table.channel)[-1].id == game.turn_message_id, \
        "the channel shows the step now"


async def test_a_dice_keep_retyped_after_a_crash_is_refused_and_the_channel_shows_it(table: Table) -> None:
    await start_dice_game(table)
    player = member(table, (await game_here(table)).current_seat.user_id)
    assert_move_answered(await player.slash(table.channel, "dice roll"), "Done", table.channel)
    game = await game_here(table)
    await table.bot.service.play(game.game_id, player.user.id, "keep 1")
    retried = await player.slash(table.channel, "dice keep", dice="1")
    await assert_refused_and_shown(table, retried, "keep 1", game.turn + 1)


async def test_a_my_shelfie_take_retyped_after_a_crash_is_refused_and_the_channel_shows_it(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    move, player = await commit_unposted(table.bot.service, table)
    retried = await player.slash(table.channel, "shelfie take", tiles=move.tiles_text, column=move.column + 1)
    await assert_refused_and_shown(table, retried, str(move), 1)


async def test_a_librarians_step_typed_before_the_last_one_was_shown_is_refused_and_the_channel_shows_it(
        table: Table) -> None:
    await start_librarians(table, people=2, computers=0)
    turn = (await game_here(table)).turn
    action, player = await commit_unposted(table.bot.service, table)
    retried = await player.slash(table.channel, "librarians end")
    await assert_refused_and_shown(table, retried, str(action), turn + 1)


async def test_a_my_shelfie_button_clicked_after_a_crash_is_refused_and_the_channel_shows_it(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    shown = channel_messages(table.channel)[-1]
    move, player = await commit_unposted(table.bot.service, table)
    clicked = await player.click(shown, label="Take tiles")
    await assert_refused_and_shown(table, clicked, str(move), 1)


async def test_a_dice_button_clicked_after_a_crash_is_refused_and_the_channel_shows_it(table: Table) -> None:
    await start_dice_game(table)
    shown = channel_messages(table.channel)[-1]
    game = await game_here(table)
    player = member(table, game.current_seat.user_id)
    await table.bot.service.play(game.game_id, player.user.id, "roll")
    clicked = await player.click(shown, label="Roll")
    await assert_refused_and_shown(table, clicked, "roll", game.turn + 1)
