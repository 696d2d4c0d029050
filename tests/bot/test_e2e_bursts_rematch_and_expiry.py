"""Through the real bot: a burst of typed takes plays once, Rematch opens one lobby however often and however
fast it is clicked, a lobby nobody starts closes, and letting every turn run out is scored as a loss."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import discord
import pytest
from conftest import arriving_together
from test_game_driver import (assert_move_answered, channel_messages, game_here, labels, member, private_answer,
                              start_game)

import bot.lobby_message as lobby_message
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

if TYPE_CHECKING:
    import simcord
    from conftest import Table

BOARD_CHANGED = ("The board changed since you typed this (it is your turn again): look at the newest turn message "
                 "and type it again.")
TEN_MINUTES = 600
LOBBY_TIMEOUT = 10 * 60
"""The operator's SHELFIE_LOBBY_TIMEOUT for these tests (simcord would take long to reach the 24 h default)."""


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    return {"lobby_timeout": timedelta(seconds=LOBBY_TIMEOUT)}


async def finish_by_resigning(table: Table, place: simcord.ChannelHandle) -> Any:
    """Bob resigns the two-player game in `place`: Alice wins, the score sheet with Rematch is posted."""
    resigned = await table.bob.slash(place, "shelfie resign")
    assert_move_answered(resigned, "You resigned", place)
    final = place.history()[-1]
    assert labels(final) == ["Rematch", "Replay"]
    return final


async def test_a_burst_of_typed_takes_against_the_computer_plays_only_the_first(table: Table) -> None:
    await start_game(table, table.alice, [], computers=1)
    game = await game_here(table)
    assert game.current_seat is not None and game.current_seat.user_id == table.alice.id and game.game is not None
    moves = game.game.legal_moves()[:3]
    before = len(channel_messages(table.channel))
    async with arriving_together(table.env, answered_after=1.0):
        takes = [await table.alice.slash(table.channel, "shelfie take", tiles=m.tiles_text, column=m.column + 1)
                 for m in moves]
    first, *later = takes
    assert_move_answered(first, "Done:", table.channel)
    for refused in (private_answer(take) for take in later):
        assert refused.content.startswith(BOARD_CHANGED), refused
    after = await game_here(table)
    assert after.turn == game.turn + 2, "Alice's first take and the computer's answer, nothing more"
    assert len(channel_messages(table.channel)) == before + 1, "one turn message for the one move played"
    assert after.current_seat is not None and after.current_seat.user_id == table.alice.id
    assert (await table.bot.service.audit(after.game_id)).ok


async def test_a_take_typed_after_the_computer_answered_plays(table: Table) -> None:
    await start_game(table, table.alice, [], computers=1)
    for _ in range(2):
        game = await game_here(table)
        assert game.game is not None
        move = game.game.legal_moves()[0]
        take = await table.alice.slash(table.channel, "shelfie take", tiles=move.tiles_text, column=move.column + 1)
        assert_move_answered(take, "Done:", table.channel)
        assert (await game_here(table)).turn == game.turn + 2


async def rematch_clicks(table: Table, final: Any, together: bool) -> list[Any]:
    clickers = (table.alice, table.bob, table.carol)
    if not together:
        return [(await person.click(final, label="Rematch")).response for person in clickers]
    async with arriving_together(table.env):
        results = [await person.click(final, label="Rematch") for person in clickers]
    return [r.response for r in results]


def assert_one_rematch(replies: list[Any], place: int) -> None:
    opened, *pointed = replies
    assert all(r is not None and r.ephemeral for r in replies)
    assert opened.content == f"A new lobby with the same players is open: <#{place}>."
    assert [r.content for r in pointed] == [f"This game's rematch was already opened: <#{place}>."] * 2


@pytest.mark.parametrize("together", [False, True], ids=["one-after-another", "at-once"])
async def test_rematch_of_a_thread_game_opens_one_thread_and_lobby(
        table: Table, together: bool) -> None:
    await table.alice.slash(table.channel, "shelfie new", players=2, thread=True)
    [thread] = table.channel.threads
    lobby = thread.history()[-1]
    await table.bob.click(lobby, label="Join")
    await table.alice.click(lobby, label="Start")
    final = await finish_by_resigning(table, thread)

    replies = await rematch_clicks(table, final, together)
    threads = table.channel.threads
    assert len(threads) == 2, "one new thread, however many clicks"
    rematch_thread = next(t for t in threads if t.id != thread.id)
    assert_one_rematch(replies, rematch_thread.id)
    lobbies = [m for m in rematch_thread.history() if "My Shelfie — new game" in m.content]
    assert len(lobbies) == 1 and labels(lobbies[0])[:2] == ["Join", "Leave"]


@pytest.mark.parametrize("together", [False, True], ids=["one-after-another", "at-once"])
async def test_rematch_of_a_channel_game_opens_one_lobby(
        table: Table, together: bool) -> None:
    await start_game(table, table.alice, [table.bob])
    final = await finish_by_resigning(table, table.channel)
    before = len(channel_messages(table.channel))

    replies = await rematch_clicks(table, final, together)
    assert_one_rematch(replies, table.channel.id)
    posted = channel_messages(table.channel)[before:]
    assert len(posted) == 1 and "My Shelfie — new game" in posted[0].content
    assert table.channel.threads == []


async def test_a_lobby_nobody_starts_closes_after_the_lobby_timeout_even_across_a_restart(
        table: Table, restart: Callable[[], Awaitable[Any]]) -> None:
    opened = await table.alice.slash(table.channel, "shelfie new", players=3)
    await table.bob.slash(table.channel, "shelfie join")
    await restart()  # the restarted bot has the default 24 h: the deadline stored with the lobby still holds
    await table.env.advance_time(LOBBY_TIMEOUT - 60)
    lobby = table.channel.history()[-1]
    assert lobby.id == opened.response.id and labels(lobby)[0] == "Join", "still open a minute before the end"

    await table.env.advance_time(60)
    lobby = table.channel.history()[-1]
    assert lobby.id == opened.response.id, "the lobby message is edited, nothing is posted"
    assert "This lobby closed after 10 minutes: nobody started it." in lobby.content
    assert labels(lobby) == []
    again = await table.carol.slash(table.channel, "shelfie new", players=2)
    assert not again.response.ephemeral, "the channel is free for a new game"
    await table.env.advance_time(LOBBY_TIMEOUT)
    assert "closed after" not in channel_messages(table.channel)[-1].content, "the closed lobby fires once"


async def test_a_thread_lobby_that_closes_archives_its_thread(table: Table) -> None:
    await table.alice.slash(table.channel, "shelfie new", players=2, thread=True)
    [thread] = table.channel.threads
    await table.env.advance_time(LOBBY_TIMEOUT)
    assert "nobody started it" in thread.history()[-1].content
    assert (await table.bot.fetch_channel(thread.id)).archived


async def test_letting_every_turn_run_out_is_scored_as_a_loss(table: Table) -> None:
    await start_game(table, table.alice, [], computers=1, turn_timeout="10m")
    for _ in range(3):
        assert (await game_here(table)).current_seat.user_id == table.alice.id
        await table.env.advance_time(TEN_MINUTES)
    final = channel_messages(table.channel)[-1]
    assert "alice missed 3 turns in a row" in final.content
    assert "This game ended: no human players are left." in final.content
    alice_line = next(line for line in final.content.splitlines() if line.startswith("2.") and "alice" in line)
    assert alice_line.endswith("— timed out, replaced by the computer")
    stats = await table.alice.slash(table.channel, "games stats")
    fields = {field.name: field.value for field in stats.response.embeds[0].fields}
    assert fields["Games"] == "1" and fields["Wins"].startswith("0"), fields


async def test_a_deadline_that_fails_does_not_lose_the_others_of_its_batch(
        table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Two lobbies close in the same batch and telling the first one fails with an error that is not Discord's:
    the second lobby still says it closed (lobby expiries are not in the outbox, so a skipped one is lost), and
    the failure is logged with its game."""
    await table.alice.slash(table.channel, "shelfie new", players=2)
    failing = (await game_here(table)).game_id
    other = table.guild.create_text_channel("other")
    await table.bob.slash(other, "shelfie new", players=2)
    real_refresh = lobby_message.refresh_lobby

    async def breaks_for_the_first(client: Any, closed: Any, *args: Any) -> None:
        if closed.game_id == failing:
            raise RuntimeError("a bug in telling one lobby")
        await real_refresh(client, closed, *args)

    monkeypatch.setattr(lobby_message, "refresh_lobby", breaks_for_the_first)
    await table.env.advance_time(LOBBY_TIMEOUT)
    assert "nobody started it" in other.history()[-1].content
    assert "nobody started it" not in table.channel.history()[-1].content
    assert any(f"game {failing}: could not announce" in r.getMessage() for r in caplog.records)


async def test_a_take_typed_twice_before_the_other_player_moves_says_whose_turn_it_is_in_the_typists_language(
        table: Table, user_locale) -> None:
    """A typed take has no button to use again: its refusal says the board changed, whose turn it is now and to
    type again, instead of the button's "this message is from an earlier turn"."""
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    typist = member(table, game.current_seat.user_id)
    other = next(s for s in game.seats if s.user_id != typist.id)
    user_locale(typist, "it")
    moves = game.game.legal_moves()[:2]
    async with arriving_together(table.env):
        takes = [await typist.slash(table.channel, "shelfie take", tiles=m.tiles_text, column=m.column + 1)
                 for m in moves]
    played, refused = takes[0], private_answer(takes[1])
    assert_move_answered(played, "Fatto:", table.channel)
    assert refused.content == (
        f"Il tabellone è cambiato da quando l'hai scritto (ora è il turno di **{other.name}**): guarda l'ultimo "
        "messaggio del turno e scrivilo di nuovo. Non è cambiato nulla.")
    assert (await game_here(table)).turn == game.turn + 1


async def test_a_rematch_thread_discord_refuses_opens_nothing_and_says_so_and_a_later_click_works(
        table: Table) -> None:
    await table.alice.slash(table.channel, "shelfie new", players=2, thread=True)
    [thread] = table.channel.threads
    await table.bob.click(thread.history()[-1], label="Join")
    await table.alice.click(thread.history()[-1], label="Start")
    final = await finish_by_resigning(table, thread)
    table.env.inject_error("POST", f"/channels/{table.channel.id}/threads", status=403, code=50013,
                           message="Missing Permissions", times=1)
    refused = await table.alice.click(final, label="Rematch")
    assert refused.response.ephemeral and refused.response.content.startswith(
        "Discord refused the rematch's thread or lobby message, so no rematch was opened.")
    assert [t.id for t in table.channel.threads] == [thread.id]
    opened = await table.alice.click(final, label="Rematch")
    assert opened.response.content.startswith("A new lobby with the same players is open")
    assert len(table.channel.threads) == 2


async def test_a_rematch_where_the_bot_may_not_post_pictures_names_the_missing_permission(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    final = await finish_by_resigning(table, table.channel)
    bot_id = table.env.bot.user.id
    table.env.backend.get_channel(table.channel.id).overwrites.append(
        Overwrite(target_id=bot_id, type=OverwriteType.MEMBER, deny=discord.Permissions(attach_files=True).value))
    before = len(channel_messages(table.channel))
    refused = await table.bob.click(final, label="Rematch")
    assert refused.response.ephemeral
    assert "I need the Attach Files permission" in refused.response.content
    assert len(channel_messages(table.channel)) == before
    assert (await table.bot.service.table_in_channel(table.channel.id)) is None
