"""What the channel sees when a turn runs long (reminders, the computer playing for an absent player),
and games in their own thread."""

from __future__ import annotations

from typing import TYPE_CHECKING

from test_game_driver import channel_messages, game_here, member, play_typed_move, start_game, start_thread_game

if TYPE_CHECKING:
    from conftest import Table

TEN_MINUTES = 600


async def test_half_time_reminder_then_the_computer_plays_for_the_absent_player(table: Table) -> None:
    await start_game(table, table.alice, [table.bob], turn_timeout="10m")
    game = await game_here(table)
    absent = member(table, game.current_seat.user_id)
    other = table.bob if absent is table.alice else table.alice
    before = len(channel_messages(table.channel))

    await table.env.advance_time(TEN_MINUTES / 2 + 1)
    reminder = channel_messages(table.channel)[-1]
    assert len(channel_messages(table.channel)) == before + 1
    assert reminder.content.startswith(f"⏰ {absent.mention}, it's still your turn")

    await table.env.advance_time(TEN_MINUTES / 2)
    posted = channel_messages(table.channel)[-1]
    assert f"**{absent.name}**'s time ran out, so the computer played for them" in posted.content
    assert f"{other.mention}, it's your turn (turn 2)" in posted.content
    assert [a.filename for a in posted.attachments] == ["board.png", "shelves.png"]
    assert (await game_here(table)).turn == 1


async def test_a_game_in_its_own_thread_leaves_the_channel_free(table: Table) -> None:
    opened = await table.alice.slash(table.channel, "shelfie new", players=2, thread=True)
    assert opened.response.ephemeral and "Lobby open in <#" in opened.response.content
    thread = table.channel.threads[0]
    lobby = thread.history()[-1]
    assert "My Shelfie — new game" in lobby.content
    await table.bob.click(lobby, label="Join")
    await table.alice.click(lobby, label="Start")
    assert "The game begins!" in thread.history()[-1].content
    second = await table.carol.slash(table.channel, "shelfie new", players=2)
    assert not second.response.ephemeral, "the channel itself can host another game"
    while await table.bot.service.table_in_channel(thread.id) is not None:
        await play_typed_move(table, thread)
    assert "Game over!" in thread.history()[-1].content
    archived = await table.bot.fetch_channel(thread.id)
    assert archived.archived, "the thread is archived when the game ends"


async def test_a_thread_the_bot_may_not_archive_still_ends_with_the_score_sheet(table: Table) -> None:
    thread = await start_thread_game(table)
    table.env.inject_error("PATCH", f"/channels/{thread.id}", status=403, code=50013, message="Missing Permissions")
    while await table.bot.service.table_in_channel(thread.id) is not None:
        await play_typed_move(table, thread)
    assert "Game over!" in thread.history()[-1].content
    assert not (await table.bot.fetch_channel(thread.id)).archived


async def test_a_thread_discord_refuses_leaves_no_lobby_behind(table: Table) -> None:
    table.env.inject_error("POST", f"/channels/{table.channel.id}/threads", status=403, code=50013,
                           message="Missing Permissions")
    refused = await table.alice.slash(table.channel, "shelfie new", players=2, thread=True)
    assert refused.ephemeral
    assert refused.response.content.startswith("I could not open a thread for the game here, so no game was opened.")
    assert await table.bot.service.tables_of(table.alice.id) == []
    again = await table.alice.slash(table.channel, "shelfie new", players=2)
    assert not again.response.ephemeral, "the channel is free for a game"


def reminders(table: Table) -> list:
    return [m for m in channel_messages(table.channel) if m.content.startswith("⏰")]


async def test_a_reminder_discord_failed_to_take_is_posted_once_after_a_restart(table: Table, restart) -> None:
    await start_game(table, table.alice, [table.bob], turn_timeout="10m")
    absent = member(table, (await game_here(table)).current_seat.user_id)
    table.env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=503, times=None)
    await table.env.advance_time(TEN_MINUTES / 2 + 1)
    assert reminders(table) == [], "Discord refused the reminder"
    table.env.backend.faults.clear()

    await restart()
    await table.env.settle()
    [reminder] = reminders(table)
    assert reminder.content.startswith(f"⏰ {absent.mention}, it's still your turn")
    await table.env.advance_time(61)  # the outbox's next pass
    assert reminders(table) == [reminder], "posted once"


async def test_a_reminder_fired_by_a_process_killed_before_posting_it_is_posted_once_after_a_restart(
        table: Table, restart) -> None:
    await start_game(table, table.alice, [table.bob], turn_timeout="10m")
    absent = member(table, (await game_here(table)).current_seat.user_id)
    service = table.bot.service
    # What a process killed right after firing the reminder leaves behind: its deadline gone, nothing posted.
    [fired] = await service.fire_due(service.clock() + TEN_MINUTES / 2 + 1)
    assert fired.seat.user_id == absent.id and reminders(table) == []

    await restart()
    await table.env.settle()
    [reminder] = reminders(table)
    assert reminder.content.startswith(f"⏰ {absent.mention}, it's still your turn")
    await table.env.advance_time(61)
    assert reminders(table) == [reminder], "posted once"
