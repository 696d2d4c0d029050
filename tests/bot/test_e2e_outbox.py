"""What reaches the channel when the bot crashes or Discord fails between a move and its post, when a
cancel races a move, when Confirm is clicked twice, and how little an old turn leaves behind."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pytest

from conftest import arriving_together
from dice_driver import dice_turn_message, start_dice_game
from test_game_driver import (
    assert_move_answered,
    channel_messages,
    custom_ids,
    game_here,
    labels,
    latest_turn_message,
    member,
    open_lobby,
    play_clicked_move,
    play_typed_move,
    start_game,
    start_thread_game,
)

from bot.outbox import post_turn

if TYPE_CHECKING:
    from conftest import Table


def with_buttons(table: Table) -> list:
    return [m for m in channel_messages(table.channel) if m.components]


async def test_a_move_whose_post_failed_is_announced_after_a_restart_and_its_buttons_work(table: Table,
                                                                                          restart) -> None:
    await start_game(table, table.alice, [table.bob])
    table.env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=503, times=None)
    before = channel_messages(table.channel)
    played = await play_clicked_move(table)
    assert "post it again" in played.followups[-1].content and played.followups[-1].ephemeral
    assert channel_messages(table.channel) == before, "Discord refused the turn message"
    table.env.backend.faults.clear()

    await restart()
    await table.env.settle()
    game = await game_here(table)
    waiting = member(table, game.current_seat.user_id)
    newest = channel_messages(table.channel)[-1]
    assert waiting.mention in newest.content and "took" in newest.content
    assert [m.id for m in with_buttons(table)] == [newest.id], "only the announced turn keeps buttons"
    builder = await waiting.click(newest, label="Take tiles")
    assert builder.response.ephemeral and "Choose 1 to 3 tiles" in builder.response.content


async def test_a_crash_between_commit_and_post_is_announced_after_the_restart(table: Table, restart) -> None:
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    # What a process killed right after the commit leaves behind: the move saved, nothing posted.
    await table.bot.service.play(game.game_id, game.current_seat.user_id, game.game.legal_moves()[0], turn=game.turn)
    before = channel_messages(table.channel)

    await restart()
    await table.env.settle()
    after = channel_messages(table.channel)
    assert len(after) == len(before) + 1
    game = await game_here(table)
    assert member(table, game.current_seat.user_id).mention in after[-1].content
    await play_clicked_move(table)
    assert (await game_here(table)).turn == 2


async def test_a_move_committed_before_a_cancel_posts_no_live_buttons_after_it(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    mover = game.current_seat.user_id
    # The move's handler is between its commit and its post when the host cancels.
    result = await table.bot.service.play(game.game_id, mover, game.game.legal_moves()[0], turn=game.turn)
    asked = await table.alice.slash(table.channel, "shelfie cancel")
    cancelled = await table.alice.click(asked.response, label="Cancel game")
    assert cancelled.response.ephemeral and cancelled.response.content == "Game cancelled."
    await post_turn(table.bot, result)

    messages = channel_messages(table.channel)
    assert messages[-1].content == "This game was cancelled."
    assert "took" in messages[-2].content and not messages[-2].attachments
    assert not any(":take:" in cid for m in messages for cid in custom_ids(m)), "no Take tiles after a cancel"


async def test_two_confirm_clicks_at_once_play_once_and_the_builder_shows_the_move(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    player = member(table, game.current_seat.user_id)
    move = next(m for m in game.game.legal_moves() if len(m.tiles) == 1)
    builder = (await player.click(latest_turn_message(table.channel), label="Take tiles")).response
    cell = f"{'ABCDEFGHI'[move.tiles[0][1]]}{move.tiles[0][0] + 1}"
    select_id = next(c for c in custom_ids(builder)
                     if any(cell in o["value"] for row in builder.components for s in row["components"]
                            if s.get("custom_id") == c for o in s.get("options", [])))
    builder = (await player.select(builder, [cell], custom_id=select_id)).response
    builder = (await player.click(builder, label=f"Column {move.column + 1}")).response
    assert "Confirm" in labels(builder)

    async with arriving_together(table.env):  # a double click on a slow connection
        first = await player.click(builder, label="Confirm")
        second = await player.click(builder, label="Confirm")
    assert (await game_here(table)).turn == 1, "played once"
    for click in (first, second):
        assert click.response.content.startswith("Played:"), click.response.content


async def test_only_the_newest_turn_keeps_its_picture_and_buttons_and_used_prompts_keep_none(table: Table) -> None:
    alice, bob = table.alice, table.bob
    lobby = await open_lobby(table, alice, 3)
    await bob.click(lobby, label="Join")
    chooser = await alice.click(lobby, label="Add bot")
    added = await alice.click(chooser.response, label="normal")
    assert added.response.id == chooser.response.id and not added.response.components
    assert "Computer 1" in added.response.content, "the used level chooser keeps only its answer"
    await alice.click(lobby, label="Start")
    for _ in range(4):
        await play_typed_move(table)

    messages = channel_messages(table.channel)
    started_lobby = messages[0]
    assert "The game has started" in started_lobby.content and not started_lobby.components
    turns = messages[1:]
    assert [m.id for m in with_buttons(table)] == [turns[-1].id]
    assert turns[-1].attachments and "your turn" in turns[-1].content
    for old in turns[:-1]:
        assert not old.attachments and "your turn" not in old.content
        assert "took" in old.content or "The game begins" in old.content


async def test_a_cancelled_lobby_keeps_no_buttons(table: Table) -> None:
    lobby = await open_lobby(table, table.alice, 2)
    await table.alice.click(lobby, label="Cancel")
    shown = channel_messages(table.channel)[0]
    assert "cancelled" in shown.content and not shown.components


async def test_the_board_shown_again_becomes_the_live_turn_and_the_one_above_collapses(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    await play_typed_move(table)
    turn_message = latest_turn_message(table.channel)
    board = (await table.carol.slash(table.channel, "shelfie board")).response
    assert [m.id for m in with_buttons(table)] == [board.id]
    assert "took" in channel_messages(table.channel)[-2].content
    game = await game_here(table)
    waiting = member(table, game.current_seat.user_id)
    assert (await waiting.click(board, label="Take tiles")).response.ephemeral
    await play_typed_move(table)
    assert [m.id for m in with_buttons(table)] == [channel_messages(table.channel)[-1].id]
    assert turn_message.id != board.id


async def test_a_turn_discord_failed_to_take_is_posted_again_a_minute_later_without_a_restart(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    table.env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=503, times=None)
    before = channel_messages(table.channel)
    await play_clicked_move(table)
    table.env.backend.faults.clear()
    assert channel_messages(table.channel) == before
    await table.env.advance_time(120)
    game = await game_here(table)
    newest = channel_messages(table.channel)[-1]
    assert member(table, game.current_seat.user_id).mention in newest.content
    assert [m.id for m in with_buttons(table)] == [newest.id]


async def test_a_thread_game_cancelled_after_its_start_ends_with_the_notice_and_an_archived_thread(table: Table) -> None:
    thread = await start_thread_game(table)
    asked = await table.alice.slash(thread, "shelfie cancel")
    await table.alice.click(asked.response, label="Cancel game")
    shown = [m for m in thread.history() if not m.flags.ephemeral]
    assert shown[-1].content == "This game was cancelled."
    assert not any(m.components for m in shown), "the started lobby and the collapsed turn keep no buttons"
    assert (await table.bot.fetch_channel(thread.id)).archived


async def test_a_crash_right_after_start_is_finished_after_the_restart(table: Table, restart) -> None:
    lobby = await open_lobby(table, table.alice, 2)
    await table.bob.click(lobby, label="Join")
    game = await game_here(table)
    # What a process killed right after the start's commit leaves behind: no lobby edit, no DM, no turn.
    await table.bot.service.start(game.game_id, table.alice.id)
    assert labels(channel_messages(table.channel)[0]) and not table.bob.user.dm_channel.history()

    await restart()
    await table.env.settle()
    messages = channel_messages(table.channel)
    assert "The game has started" in messages[0].content and not messages[0].components
    assert "The game begins!" in messages[-1].content and "Take tiles" in labels(messages[-1])
    for person in (table.alice, table.bob):
        assert person.user.dm_channel.history()[-1].attachments[0].filename.startswith("goal-")


async def test_a_deleted_turn_message_is_passed_over_quietly_when_the_next_step_collapses_it(
        table: Table, caplog: pytest.LogCaptureFixture) -> None:
    """Every restart of the sandbox logged a 404 "could not collapse" warning: the channel did not keep the old turn
    message. A turn message that is gone has nothing to collapse: the next step goes out, and no warning is logged."""
    await start_dice_game(table)
    live = dice_turn_message(table.channel)
    table.env.backend.delete_message(table.channel.id, live.id)
    mover = member(table, (await game_here(table)).current_seat.user_id)
    with caplog.at_level(logging.INFO, logger="shelfie.outbox"):
        rolled = await mover.slash(table.channel, "dice roll")
    assert_move_answered(rolled, "Done", table.channel)
    assert dice_turn_message(table.channel).id != live.id
    assert not [r for r in caplog.records if r.name == "shelfie.outbox" and r.levelno >= logging.WARNING]
    assert "nothing to collapse" in caplog.text
