"""`/games settings`: server admins set the default turn time and the channel language; others cannot."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
import pytest
import simcord
from test_game_driver import channel_messages, game_here, labels, member, start_game

if TYPE_CHECKING:
    from conftest import Table


@pytest.fixture
def admin(table: Table) -> simcord.MemberActor:
    """erin, who holds a role with Manage Server."""
    role = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("erin"), roles=[role])


def fields(result: simcord.InteractionResult) -> dict[str, str]:
    (embed,) = result.response.embeds
    return {field.name: field.value for field in embed.fields}


async def test_an_admin_sees_then_changes_the_server_defaults(table: Table, admin: simcord.MemberActor) -> None:
    shown = await admin.slash(table.channel, "games settings")
    assert shown.ephemeral
    assert fields(shown) == {"Default turn time": "1 day",
                             "Language of channel messages": "The server's Discord language"}

    changed = await admin.slash(table.channel, "games settings", turn_timeout="2h", language="it")
    assert changed.ephemeral and "New games use this turn time" in changed.response.embeds[0].description
    assert fields(changed) == {"Default turn time": "2 hours", "Language of channel messages": "Italiano"}
    assert table.bot.server_locales[table.guild.id] == "it"

    lobby = await table.alice.slash(table.channel, "shelfie new", players=2)
    assert "2 ore per turno" in lobby.response.content
    game = await table.bot.service.table_in_channel(table.channel.id)
    assert game.options.turn_timeout == 2 * 3600

    back = await admin.slash(table.channel, "games settings", language="server")
    assert fields(back) == {"Default turn time": "2 hours",
                            "Language of channel messages": "The server's Discord language"}
    assert table.guild.id not in table.bot.server_locales


async def test_settings_survive_a_restart(table: Table, admin: simcord.MemberActor, restart) -> None:
    await admin.slash(table.channel, "games settings", turn_timeout="30m", language="it")
    bot = await restart()
    assert bot.server_locales[table.guild.id] == "it", "the language is loaded when the bot connects"
    shown = await admin.slash(table.channel, "games settings")
    assert fields(shown) == {"Default turn time": "30 minutes", "Language of channel messages": "Italiano"}


async def test_only_admins_change_settings(table: Table) -> None:
    refused = await table.bob.slash(table.channel, "games settings", turn_timeout="5m")
    assert refused.ephemeral
    assert refused.response.content == "You need these permissions to do that: Manage Server."
    assert [type(error).__name__ for error in table.env.errors] == ["MissingPermissions"]
    assert (await table.bot.service.guild_settings(table.guild.id)).turn_timeout is None


@pytest.mark.parametrize("typed", ["3m", "8d", "soon", "12 hours"])
async def test_a_turn_time_out_of_range_or_unreadable_changes_nothing(table: Table, admin: simcord.MemberActor,
                                                                      typed: str) -> None:
    refused = await admin.slash(table.channel, "games settings", turn_timeout=typed, language="it")
    assert refused.ephemeral
    assert refused.response.content == "Turn time must be between 5 minutes and 7 days, like 30m, 24h or 2d."
    settings = await table.bot.service.guild_settings(table.guild.id)
    assert (settings.turn_timeout, settings.locale) == (None, None)


async def test_turn_time_autocomplete_names_times_in_the_readers_language(table: Table, admin: simcord.MemberActor,
                                                                          user_locale) -> None:
    offered = await admin.autocomplete(table.channel, "games settings", "turn_timeout", "")
    assert [c["value"] for c in offered][:3] == ["5m", "30m", "1h"] and {"name": "7 days", "value": "7d"} in offered
    assert await admin.autocomplete(table.channel, "games settings", "turn_timeout", "90m") == [
        {"name": "90 minutes", "value": "90m"}]
    assert await admin.autocomplete(table.channel, "games settings", "turn_timeout", "9d") == []
    user_locale(admin, "it")
    italian = await admin.autocomplete(table.channel, "games settings", "turn_timeout", "2")
    assert italian == [{"name": "2 giorni", "value": "2d"}]


async def test_an_italian_admin_reads_italian(table: Table, admin: simcord.MemberActor, user_locale) -> None:
    user_locale(admin, "it")
    changed = await admin.slash(table.channel, "games settings", turn_timeout="3d")
    (embed,) = changed.response.embeds
    assert embed.title == "Impostazioni del server" and embed.description.startswith("Salvato.")
    assert fields(changed) == {"Tempo per turno predefinito": "3 giorni",
                               "Lingua dei messaggi del canale": "La lingua Discord del server"}
    refused = await admin.slash(table.channel, "games settings", turn_timeout="mai")
    assert refused.response.content.startswith("Il tempo per turno deve essere tra 5 minuti e 7 giorni")


async def test_the_chosen_language_speaks_to_the_whole_channel_of_an_english_server(
        table: Table, admin: simcord.MemberActor) -> None:
    await admin.slash(table.channel, "games settings", language="it")
    await start_game(table, table.alice, [table.bob], turn_timeout="10m")
    game = await game_here(table)
    mover = member(table, game.current_seat.user_id)
    turn = channel_messages(table.channel)[-1]
    assert f"{mover.mention}, tocca a te (turno 1)" in turn.content
    assert "Prendi tessere" in labels(turn)

    await table.env.advance_time(5 * 60 + 1)
    reminder = channel_messages(table.channel)[-1]
    assert reminder.content.startswith(f"⏰ {mover.mention}, tocca ancora a te in questa partita")

    await admin.slash(table.channel, "games settings", language="server")
    await table.env.advance_time(5 * 60)
    timed_out = channel_messages(table.channel)[-1]
    assert "time ran out, so the computer played for them" in timed_out.content, "back to the server's English"


async def test_settings_in_a_dm_say_they_belong_to_a_server(table: Table) -> None:
    answer = await table.alice.user.slash("games settings", turn_timeout="2h")
    assert answer.response.ephemeral and "Manage Server" not in answer.response.content
    assert answer.response.content == "This command works only in a server channel."
    assert [type(error).__name__ for error in table.env.errors] == ["NoPrivateMessage"]
