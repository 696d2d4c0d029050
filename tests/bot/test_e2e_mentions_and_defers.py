"""Real-Discord details: names that look like mentions ping nobody, and an error after a public "thinking"
defer stays private."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from test_game_driver import channel_messages, game_here, start_game

if TYPE_CHECKING:
    from conftest import Table

TEN_MINUTES = 600


def _policy(table: Table, message) -> tuple[bool, frozenset[int] | None, frozenset[int] | None]:
    """(may ping @everyone, users it may ping (None: anyone mentioned), roles it may ping) of a sent message."""
    allowed = table.env.backend.get_message(message.channel.id, message.id).allowed_mentions
    return allowed.everyone, allowed.users, allowed.roles


async def test_names_that_look_like_mentions_ping_nobody_and_turns_ping_only_the_next_player(table: Table) -> None:
    mallory = table.guild.add_member(table.env.create_user("<@123456789012345678>"))
    eve = table.guild.add_member(table.env.create_user("@everyone"))
    role = table.guild.create_role("Players")
    lobby = await mallory.slash(table.channel, "shelfie new", players=2, turn_timeout="10m")
    await eve.slash(table.channel, "shelfie join")
    await mallory.slash(table.channel, "shelfie start")
    game = await game_here(table)
    mover = member_of(game.current_seat.user_id, mallory, eve)

    assert _policy(table, lobby.response.message) == (False, frozenset(), frozenset())
    turn = channel_messages(table.channel)[-1]
    assert "<@123456789012345678>" in turn.content and "@everyone" in turn.content
    assert _policy(table, turn) == (False, frozenset({mover.id}), frozenset())

    await table.env.advance_time(TEN_MINUTES / 2 + 1)
    reminder = channel_messages(table.channel)[-1]
    assert mover.mention in reminder.content
    assert _policy(table, reminder) == (False, frozenset({mover.id}), frozenset())

    shelf = await eve.slash(table.channel, "shelfie shelf", player=f"<@&{role.id}> @everyone")
    assert shelf.ephemeral
    board = await eve.slash(table.channel, "shelfie board")
    assert _policy(table, board.response.message) == (False, frozenset(), frozenset())
    everything = [*channel_messages(table.channel), *(m for m in table.channel.history() if m.flags.ephemeral)]
    assert all(not _policy(table, message)[0] and _policy(table, message)[1] is not None for message in everything)


def member_of(user_id: int | None, *members):
    return next(person for person in members if person.id == user_id)


@pytest.mark.allow_errors
async def test_an_error_after_a_public_thinking_defer_is_shown_only_to_its_user(table: Table) -> None:
    await table.alice.slash(table.channel, "shelfie new", players=2)
    await table.bob.slash(table.channel, "shelfie join")
    await table.alice.slash(table.channel, "shelfie start")
    before = channel_messages(table.channel)
    table.env.inject_error("POST", "/webhooks/*", status=500, times=1)
    board = await table.bob.slash(table.channel, "shelfie board")
    (apology,) = board.followups
    assert apology.ephemeral and "Sorry, something went wrong" in apology.content
    assert board.response is None or board.response.ephemeral, "the public thinking message is gone"
    assert channel_messages(table.channel) == before
    assert [type(error).__name__ for error in table.env.errors] == ["CommandInvokeError"]


async def test_the_dms_closed_notice_pings_exactly_the_people_it_is_for(table: Table) -> None:
    """The start message tells Bob and Carol their DMs are closed: it may ping them and the player to move,
    nobody else (a name that looks like a mention still pings nobody)."""
    for closed in (table.bob, table.carol):
        table.env.inject_error("POST", f"/channels/{closed.user.dm_channel.id}/messages", status=403, code=50007,
                               message="Cannot send messages to this user", times=None)
    await start_game(table, table.alice, [table.bob, table.carol])
    game = await game_here(table)
    first = channel_messages(table.channel)[-1]
    for closed in (table.bob, table.carol):
        assert f"{closed.mention}, I couldn't send you your personal goal card" in first.content
    told = {table.bob.id, table.carol.id, game.current_seat.user_id}
    assert _policy(table, first) == (False, frozenset(told), frozenset())
