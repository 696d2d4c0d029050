"""Restarts in the middle of a game, personal goals in DMs, and secrets that never reach the channel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from test_game_driver import (
    channel_messages,
    custom_ids,
    game_here,
    latest_turn_message,
    member,
    play_clicked_move,
    play_typed_move,
    start_game,
)

if TYPE_CHECKING:
    from conftest import Table

MAX_TURNS = 200


async def test_after_a_restart_buttons_an_open_builder_turn_order_and_goals_still_work(table: Table, restart) -> None:
    alice, bob = table.alice, table.bob
    await start_game(table, alice, [bob])
    first = await game_here(table)
    first_mover = member(table, first.current_seat.user_id)
    old_builder = (await first_mover.click(latest_turn_message(table.channel), label="Take tiles")).response
    for _ in range(3):
        await play_typed_move(table)
    before = await game_here(table)
    current_turn = latest_turn_message(table.channel)
    mover = member(table, before.current_seat.user_id)
    other = bob if mover is alice else alice
    open_builder = (await mover.click(current_turn, label="Take tiles")).response

    bot = await restart()
    assert bot is table.bot and bot.service is not None

    select_id = next(c for c in custom_ids(old_builder) if ":pick0:" in c)
    option = old_builder.components[0]["components"][0]["options"][0]["value"]
    stale = await first_mover.select(old_builder, [option], custom_id=select_id)
    assert stale.response.ephemeral and "earlier turn" in stale.response.content
    early = await other.click(current_turn, label="Take tiles")
    assert "not yours" in early.response.content
    goal = await mover.click(current_turn, label="My goal")
    assert goal.response.ephemeral and goal.response.attachments[0].filename.startswith("goal-")

    await play_clicked_move(table, open_builder)
    after = await game_here(table)
    assert after.turn == before.turn + 1
    assert after.current_seat.user_id == other.id, "turn order continues after the restart"
    assert other.mention in channel_messages(table.channel)[-1].content

    dm = alice.user.dm_channel.history()[-1]
    refreshed = await alice.user.click(dm, label="Refresh")
    assert refreshed.acknowledged
    updated = alice.user.dm_channel.history()[-1]
    assert updated.id == dm.id and "Shelfie Club" in updated.content and "#games" in updated.content
    assert updated.attachments[0].filename.startswith("goal-")


async def test_goal_typed_in_a_dm_shows_a_card_per_active_game(table: Table) -> None:
    alice, bob, carol = table.alice, table.bob, table.carol
    other_channel = table.guild.create_text_channel("more-games")
    await start_game(table, alice, [bob])
    lobby = await alice.slash(other_channel, "shelfie new", players=2)
    await carol.click(lobby.response, label="Join")
    await alice.click(lobby.response, label="Start")
    in_dm = await alice.user.slash("shelfie goal")
    assert in_dm.response is not None
    assert "**Shelfie Club** #games" in in_dm.response.content
    assert "**Shelfie Club** #more-games" in in_dm.response.content
    assert len(in_dm.response.attachments) == 2
    nothing = await table.dave.user.slash("shelfie goal")
    assert "no active games" in nothing.response.content


async def test_no_channel_message_shows_a_personal_goal_before_the_end(table: Table) -> None:
    alice, bob = table.alice, table.bob
    await start_game(table, alice, [bob], computers=2)
    secrets = set()
    for person in (alice, bob):
        dm = person.user.dm_channel.history()
        assert len(dm) == 1
        secrets.add(await dm[0].attachments[0].read())
    turns = 0
    while (await table.bot.service.table_in_channel(table.channel.id)) is not None:
        await play_typed_move(table)
        await bob.slash(table.channel, "shelfie board") if turns == 3 else None
        turns += 1
        assert turns < MAX_TURNS
    messages = channel_messages(table.channel)
    for message in messages[:-1]:
        assert "personal goal card" not in message.content.lower()
        for attachment in message.attachments:
            assert not attachment.filename.startswith("goal")
            assert await attachment.read() not in secrets
    final = messages[-1]
    assert "\n\n**Personal goals revealed**\n- " in final.content, "a heading after a blank line, then a list"
    assert sum(a.filename.startswith("goal-") for a in final.attachments) == 4
