"""What a hostile user or a forged payload can send: option values Discord's client never would, text of any
length, numbers in any script, custom ids from other games, servers and messages.

Every one gets a specific private answer (never the generic apology, which the `unexpected_errors` guard
would catch) and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from forged import forged_click, forged_slash
from test_game_driver import channel_messages, game_here, latest_turn_message, member, open_lobby, start_game

from bot.service import GameOptions

if TYPE_CHECKING:
    from conftest import Table

STRING, INTEGER, BOOLEAN, USER = 3, 4, 5, 6
NOTHING_CHANGED = "Nothing was changed."


async def test_option_values_discord_never_sends_are_refused_and_change_nothing(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    mover = member(table, game.current_seat.user_id)
    before = channel_messages(table.channel)
    forged = {
        "column as text": [{"name": "tiles", "type": STRING, "value": "A4"},
                           {"name": "column", "type": INTEGER, "value": "three"}],
        "column as true": [{"name": "tiles", "type": STRING, "value": "A4"},
                           {"name": "column", "type": INTEGER, "value": True}],
        "column out of range": [{"name": "tiles", "type": STRING, "value": "A4"},
                                {"name": "column", "type": INTEGER, "value": 99999999999999999999}],
        "tiles of 2,000 characters": [{"name": "tiles", "type": STRING, "value": "Z" * 2000},
                                      {"name": "column", "type": INTEGER, "value": 1}],
        "tiles as a number": [{"name": "tiles", "type": STRING, "value": 45},
                              {"name": "column", "type": INTEGER, "value": 1}],
        "an option the command lacks": [{"name": "tiles", "type": STRING, "value": "A4"},
                                        {"name": "column", "type": INTEGER, "value": 1},
                                        {"name": "sneaky", "type": STRING, "value": "x"}],
        "the column missing": [{"name": "tiles", "type": STRING, "value": "A4"}],
    }
    for case, options in forged.items():
        result = await forged_slash(mover, table.channel, "shelfie take", options)
        assert result.ephemeral, case
        assert NOTHING_CHANGED in result.response.content, (case, result.response.content)
        assert len(result.response.content) < 300, case
    assert "`column`" in (await forged_slash(mover, table.channel, "shelfie take", forged["column as true"])
                          ).response.content
    assert (await game_here(table)).turn == game.turn
    assert channel_messages(table.channel) == before


async def test_a_forged_option_is_refused_in_the_readers_language(table: Table, user_locale) -> None:
    user_locale(table.alice, "it")
    refused = await forged_slash(table.alice, table.channel, "shelfie new",
                                 [{"name": "players", "type": INTEGER, "value": 0}])
    assert refused.ephemeral
    assert refused.response.content == ("Questo valore di `giocatori` non si può usare: deve essere un numero intero "
                                        "da 2 a 4. Non è cambiato nulla.")


async def test_forged_lobby_and_settings_options_are_never_stored(table: Table) -> None:
    other = table.guild.create_text_channel("other")
    for options in (
        [{"name": "refill", "type": STRING, "value": "bogus"}],
        [{"name": "players", "type": INTEGER, "value": 9}],
        [{"name": "players", "type": STRING, "value": "4"}],
        [{"name": "first_game", "type": BOOLEAN, "value": "yes"}],
        [{"name": "turn_timeout", "type": STRING, "value": "1" * 5000}],
    ):
        result = await forged_slash(table.alice, other, "shelfie new", options)
        assert result.ephemeral and NOTHING_CHANGED in result.response.content, options
    assert await table.bot.service.table_in_channel(other.id) is None

    admins = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(table.env.create_user("erin"), roles=[admins])
    before = await table.bot.service.guild_settings(table.guild.id)
    for language in ("xx", "it" * 2500, 7):
        result = await forged_slash(admin, table.channel, "games settings",
                                    [{"name": "language", "type": STRING, "value": language}])
        assert result.ephemeral and "one of the choices offered" in result.response.content
    assert await table.bot.service.guild_settings(table.guild.id) == before
    assert table.guild.id not in table.bot.server_locales

    stranger = await forged_slash(table.alice, table.channel, "games stats",
                                  [{"name": "player", "type": USER, "value": "123456789012345678"}])
    assert stranger.ephemeral and NOTHING_CHANGED in stranger.response.content


async def test_numbers_of_any_length_or_script_get_a_specific_answer(table: Table) -> None:
    overflow = await table.alice.slash(table.channel, "shelfie new", turn_timeout="99999999999999d")
    assert overflow.ephemeral and "5 minutes" in overflow.response.content
    superscript_time = await table.alice.slash(table.channel, "shelfie new", turn_timeout="²h")
    assert superscript_time.ephemeral
    assert await table.bot.service.table_in_channel(table.channel.id) is None

    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    superscript_seat = await table.alice.slash(table.channel, "shelfie shelf", player="²")
    assert superscript_seat.ephemeral and "²" in superscript_seat.response.content
    mover = member(table, game.current_seat.user_id)
    digits = await mover.slash(table.channel, "shelfie take", tiles="E" + "9" * 59, column=1)
    assert digits.ephemeral and "not on the board" in digits.response.content
    column = await mover.slash(table.channel, "shelfie take", tiles="E4 " + "3" * 50, column=1)
    assert column.ephemeral and len(column.response.content) < 300
    other_digits = await mover.slash(table.channel, "shelfie take", tiles="E٤ E５", column=1)
    assert other_digits.ephemeral and "can't read" in other_digits.response.content
    assert (await game_here(table)).turn == game.turn


async def test_text_typed_back_in_a_refusal_is_cut_short(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    mover = member(table, game.current_seat.user_id)
    garbage = await mover.slash(table.channel, "shelfie take", tiles="Q" + "x" * 59, column=1)
    assert garbage.ephemeral and "can't read" in garbage.response.content
    assert "x" * 20 not in garbage.response.content and "…" in garbage.response.content
    unknown_goal = await table.alice.slash(table.channel, "shelfie rules", goal="*" * 100)
    assert unknown_goal.ephemeral and len(unknown_goal.response.content) < 300
    nobody = await table.alice.slash(table.channel, "shelfie shelf", player="y" * 100)
    assert nobody.ephemeral and "y" * 50 not in nobody.response.content


async def test_lists_that_grow_with_use_stay_inside_one_message(table: Table) -> None:
    """Sixteen games (more than 2,000 characters of list): `/games list` and the goal cards in a DM say how
    many more there are instead of failing."""
    alice = table.alice
    for number in range(16):
        channel = table.guild.create_text_channel(f"room-{number}")
        lobby = await alice.slash(channel, "shelfie new", players=2)
        chooser = await alice.click(lobby.response, label="Add bot")
        await alice.click(chooser.response, label="easy")
        await alice.click(lobby.response, label="Start")
    listed = await alice.slash(table.channel, "games list")
    assert listed.ephemeral and len(listed.response.content) <= 2000
    shown = listed.response.content.count("<#")
    assert 0 < shown < 16 and f"…and {16 - shown} more." in listed.response.content

    cards = await alice.user.slash("shelfie goal")
    files = [attachment.filename for attachment in cards.response.attachments]
    assert len(files) == 10 and len(set(files)) == 10
    assert len(cards.response.content) <= 2000 and "…and 6 more." in cards.response.content


async def test_clicks_forged_from_another_server_channel_or_message_are_refused(table: Table) -> None:
    lobby = await open_lobby(table, table.alice, 2)
    game_id = (await game_here(table)).game_id
    elsewhere = table.env.create_guild("Elsewhere")
    their_channel = elsewhere.create_text_channel("theirs")
    mallory = elsewhere.add_member(table.env.create_user("mallory"))
    their_lobby = await open_lobby_in(mallory, their_channel)

    cancel = await forged_click(mallory, their_lobby, f"shelfie:{game_id}:cancel")
    assert cancel.ephemeral and "doesn't belong to a game of this channel" in cancel.response.content
    side_channel = table.guild.create_text_channel("side")
    side = await table.carol.slash(side_channel, "shelfie new", players=2)
    joined = await forged_click(table.bob, side.response, f"shelfie:{game_id}:join")
    assert "doesn't belong to a game of this channel" in joined.response.content
    assert (await game_here(table)).status == "lobby" and len((await game_here(table)).seats) == 1

    await table.bob.click(lobby, label="Join")
    await table.alice.click(lobby, label="Start")
    turn = latest_turn_message(table.channel)
    before = (turn.content, [a.filename for a in turn.attachments])
    refresh = await forged_click(table.alice, turn, f"shelfie:{game_id}:refresh")
    assert refresh.ephemeral and "doesn't belong to a game of this channel" in refresh.response.content
    confirm = await forged_click(table.alice, turn, f"shelfie:{game_id}:ok:0:E4:0")
    assert confirm.ephemeral and "can't do that from this message" in confirm.response.content
    take_on_lobby = await forged_click(table.alice, lobby, f"shelfie:{game_id}:take:0")
    assert "can't do that from this message" in take_on_lobby.response.content
    cancel_on_turn = await forged_click(table.alice, turn, f"shelfie:{game_id}:cancel")
    assert "can't do that from this message" in cancel_on_turn.response.content
    after = latest_turn_message(table.channel)
    assert after.id == turn.id and (after.content, [a.filename for a in after.attachments]) == before
    assert (await game_here(table)).status == "active" and (await game_here(table)).turn == 0

    chooser = await table.carol.click(side.response, label="Add bot")
    await table.carol.click(chooser.response, label="easy")
    await table.carol.click(side.response, label="Start")
    own_card = table.carol.user.dm_channel.history()[-1]
    outsider = await forged_click(table.carol.user, own_card, f"shelfie:{game_id}:refresh")
    assert outsider.ephemeral and "another player's game card" in outsider.response.content
    assert table.carol.user.dm_channel.history()[-1].content == own_card.content


async def test_unknown_malformed_or_oversized_custom_ids_get_a_clear_answer(table: Table) -> None:
    lobby = await open_lobby(table, table.alice, 2)
    game_id = (await game_here(table)).game_id
    for custom_id in (f"shelfie:{game_id}:explode", f"shelfie:{game_id}:join:²", "shelfie:" + "9" * 300 + ":join",
                      f"shelfie:{game_id}:join" + ":x" * 60, "shelfie:", f"shelfie:{game_id}:pick0:0",
                      "shelfie:9999999999999999999:goal", "shelfie:9223372036854775808:join"):
        result = await forged_click(table.bob, lobby, custom_id)
        assert result.ephemeral and "I don't recognise this button" in result.response.content, custom_id
    wrong_select = await forged_click(table.bob, lobby, f"shelfie:{game_id}:join", values=["x"])
    assert "I don't recognise this button" in wrong_select.response.content
    assert len((await game_here(table)).seats) == 1


async def open_lobby_in(host, channel):
    result = await host.slash(channel, "shelfie new", players=2)
    assert not result.response.ephemeral
    return result.response


async def test_a_button_id_written_before_games_had_kinds_still_works_and_a_kind_without_a_face_is_unknown(
        table: Table) -> None:
    """`shelfie:<game_id>:<action>` is what every My Shelfie message carried before custom ids named the kind
    (and still does: the kind is "shelfie"); an id of a kind the bot has no face for is no game's button."""
    lobby = await open_lobby(table, table.alice, 2)
    game_id = (await game_here(table)).game_id
    await forged_click(table.bob, lobby, f"dice:{game_id}:join")
    assert len((await game_here(table)).seats) == 1
    await forged_click(table.bob, lobby, f"shelfie:{game_id}:join")
    assert [seat.user_id for seat in (await game_here(table)).seats] == [table.alice.id, table.bob.id]


async def test_numbers_larger_than_the_store_holds_are_refused_wherever_a_user_can_send_them(table: Table) -> None:
    """SQLite's integers end at 2**63-1: a game id, a turn or a user id beyond it (only a forged payload carries
    one) gets the same private answer as any other impossible value, never the apology of an OverflowError."""
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    mover = member(table, game.current_seat.user_id)
    builder = await mover.click(latest_turn_message(table.channel), label="Take tiles")
    for turn in ("9" * 24, "9" * 19, str(2**63 - 1), str(game.turn + 1)):
        confirm = await forged_click(mover, builder.response, f"shelfie:{game.game_id}:ok:{turn}:E4:0")
        assert confirm.response.ephemeral and "earlier turn" in confirm.response.content, turn
    assert (await game_here(table)).turn == game.turn

    huge = str(2**63)
    for options, resolved in (
        ([{"name": "player", "type": USER, "value": huge}], {"users": {huge: {"id": huge, "username": "x"}}}),
    ):
        result = await forged_slash(table.alice, table.channel, "games stats", options, resolved)
        assert result.ephemeral and NOTHING_CHANGED in result.response.content


async def test_an_action_forged_onto_another_kind_of_private_message_is_refused(table: Table) -> None:
    """Every private message counts only for the prompt it was made with: a move-builder action on the level
    chooser or the cancel question, or the cancel question's answer on the move builder, changes nothing."""
    lobby = await open_lobby(table, table.alice, 2)
    game_id = (await game_here(table)).game_id
    chooser = await table.alice.click(lobby, label="Add bot")
    forged = await forged_click(table.alice, chooser.response, f"shelfie:{game_id}:clear:0")
    assert forged.ephemeral and "can't do that from this message" in forged.response.content
    await table.alice.click(chooser.response, label="easy")
    await table.alice.click(lobby, label="Start")

    question = await table.alice.slash(table.channel, "shelfie cancel")
    assert [c for c in question.response.components], "the cancel question has its buttons"
    game = await game_here(table)
    for action in (f"ok:{game.turn}:E4:0", f"clear:{game.turn}", f"back:{game.turn}:E4"):
        forged = await forged_click(table.alice, question.response, f"shelfie:{game_id}:{action}")
        assert "can't do that from this message" in forged.response.content, action
    builder = await table.alice.click(latest_turn_message(table.channel), label="Take tiles")
    cancel = await forged_click(table.alice, builder.response, f"shelfie:{game_id}:cancel_yes")
    assert "can't do that from this message" in cancel.response.content
    assert (await game_here(table)).status == "active" and (await game_here(table)).turn == game.turn


async def test_a_lobby_action_before_the_lobby_message_is_known_is_taken_only_from_that_lobby(table: Table) -> None:
    """A lobby whose message id is not stored yet (the moment between posting it and storing its id) still
    takes a Join only from a message made as its lobby, not from any public message of the channel."""
    lobby = await table.bot.service.open_lobby(table.guild.id, table.channel.id, table.alice.id, "alice",
                                               GameOptions(players=2), kind="shelfie")
    chatter = await table.carol.send(table.channel, "anyone up for a game?")
    joined = await forged_click(table.bob, chatter, f"shelfie:{lobby.game_id}:join")
    assert joined.ephemeral and "can't do that from this message" in joined.response.content
    assert len((await game_here(table)).seats) == 1
