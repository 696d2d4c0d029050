"""What every game's command group does the same way: find the channel's game, open a lobby (here or in a new
thread), the lobby verbs and resigning. A game's cog (bot/games/<game>/cog.py) adds only its own options and
turn commands."""

from __future__ import annotations

import logging
from dataclasses import replace

import discord
from babel.lists import format_list
from discord import app_commands

from bot.config import parse_turn_timeout
from bot.errors import permission_names
from bot.games.registry import FACES
from bot.i18n import language_of, t
from bot.logging_setup import context, game_event
from bot.presenters.refusals import refusal_text
from bot.presenters.words import command_text, game_name
from bot.quick_answers import Deferral, in_time
from bot.replies import defer_privately, guild_only, reply_private
from bot.service.errors import CorruptGame, ServiceError
from bot.service.models import GameOptions, Table
from bot.context import archive_quietly, channel_locale, display_name, missing_permissions, service_of
from bot.lobby import lobby_action
from bot.lobby_message import lobby_text, lobby_view
from bot.outbox import announce

log = logging.getLogger("shelfie.commands")

TIME_OPTION = 20
"""Longest turn time typed ("12h", "90m", "2d"): far more than any valid one needs."""


def option_descriptions(group: str, command: str, *options: str) -> dict[str, str]:
    """The English descriptions of a command's options, from the catalog that also holds their Italian ones
    (without one, discord.py would publish the placeholder "…")."""
    return {option: t(f"cmd.{group}.{command}.{option}.description") for option in options}


def _timeout_seconds(text: str | None) -> int | None:
    """The turn timeout typed in `new`, in seconds (None: the server default); ValueError outside 5m..7d."""
    return int(parse_turn_timeout(text).total_seconds()) if text else None


async def table_here(interaction: discord.Interaction, kind: str) -> Table | None:
    """This channel's game of `kind`, or None after saying there is none (or that the game here is another one,
    so `/dice roll` never acts on a My Shelfie game)."""
    if not await guild_only(interaction):
        return None
    table = await service_of(interaction.client).table_in_channel(interaction.channel_id or 0)
    if table is None:
        commands = format_list([f"`{command_text(game, 'new', interaction.locale)}`" for game in FACES], style="or",
                               locale=language_of(interaction.locale))
        await reply_private(interaction, t("reply.no_game_here", interaction.locale, commands=commands))
        return None
    if table.kind != kind:
        await reply_private(interaction, t("reply.other_game_here", interaction.locale,
                                           game=game_name(table.kind, interaction.locale),
                                           command=command_text(table.kind, "board", interaction.locale)))
        return None
    interaction.extras["game_id"] = table.game_id
    return table


async def started_table_here(interaction: discord.Interaction, kind: str) -> Table | None:
    """This channel's started game of `kind` (`board`, `shelf`: there is nothing to show before the start), or None
    after saying why not."""
    table = await table_here(interaction, kind)
    if table is not None and table.game is None:
        await reply_private(interaction, t("error.not_started", interaction.locale))
        return None
    return table


async def lobby_command(interaction: discord.Interaction, kind: str, action: str) -> None:
    """`/<game> join|leave|start|cancel`: what the lobby button of the same name does (cancel also closes a
    game that cannot be read)."""
    try:
        table = await table_here(interaction, kind)
    except CorruptGame as unreadable:
        if action != "cancel":
            raise
        await lobby_action(interaction, unreadable.params["game_id"], action)
        return
    if table is not None:
        await lobby_action(interaction, table.game_id, action)


async def open_lobby_here(interaction: discord.Interaction, kind: str, *, players: int, turn_timeout: str | None,
                          thread: bool, hints: bool, game: dict[str, object]) -> None:
    """`/<game> new`: a lobby of `kind` in this channel, or in a new public thread with `thread`."""
    if not await guild_only(interaction):
        return
    locale = interaction.locale
    missing = missing_permissions(interaction,
                                  new_thread=thread and not isinstance(interaction.channel, discord.Thread))
    if missing:
        await reply_private(interaction, t("reply.missing_permissions", locale, count=len(missing),
                                           permissions=permission_names(missing, locale)))
        return
    try:
        timeout = _timeout_seconds(turn_timeout)
    except ValueError:
        await reply_private(interaction, t("reply.bad_timeout", locale))
        return
    options = GameOptions(players=players, turn_timeout=timeout, thread=thread, hints=hints, game=game)
    try:
        if thread and not isinstance(interaction.channel, discord.Thread):
            await _open_in_new_thread(interaction, kind, options)
            return
        table = await service_of(interaction.client).open_lobby(
            interaction.guild_id or 0, interaction.channel_id or 0, interaction.user.id,
            display_name(interaction.user), replace(options, thread=False), kind=kind)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, locale))
        return
    interaction.extras["game_id"] = table.game_id
    game_event("lobby_open", game=table.game_id, guild=table.guild_id, user=interaction.user.id, players=players)
    language = channel_locale(interaction.client, table)
    sent = await interaction.response.send_message(lobby_text(table, language), view=lobby_view(table, language))
    message_id = sent.message_id or (await interaction.original_response()).id  # Discord names it in the response
    await service_of(interaction.client).set_lobby_message(table.game_id, message_id)


async def _open_in_new_thread(interaction: discord.Interaction, kind: str, options: GameOptions) -> None:
    """`thread:true`: the lobby and every later message of the game go to a new public thread. The thread
    comes first, so a thread Discord refuses leaves no lobby behind without a place to play."""
    service = service_of(interaction.client)
    await defer_privately(interaction)
    host = display_name(interaction.user)
    title = game_name(kind, interaction.guild_locale)
    try:
        place = await interaction.channel.create_thread(  # type: ignore[union-attr]
            name=f"{title} · {host}"[:100], type=discord.ChannelType.public_thread)
    except discord.HTTPException as error:
        log.warning("could not open a game thread: %s", error,
                    extra=context(None, interaction.guild_id, interaction.user.id))
        await interaction.followup.send(t("reply.thread_failed", interaction.locale), ephemeral=True)
        return
    try:
        table = await service.open_lobby(interaction.guild_id or 0, interaction.channel_id or 0,
                                         interaction.user.id, host, options, kind=kind, thread_id=place.id)
    except ServiceError:
        await archive_quietly(place)
        raise
    game_event("lobby_open", game=table.game_id, guild=table.guild_id, user=interaction.user.id, thread=place.id)
    language = channel_locale(interaction.client, table)
    message = await place.send(lobby_text(table, language), view=lobby_view(table, language))
    await service.set_lobby_message(table.game_id, message.id)
    await interaction.followup.send(t("reply.opened_thread", interaction.locale, thread=place.mention),
                                    ephemeral=True)


async def resign_here(interaction: discord.Interaction, kind: str) -> None:
    """`/<game> resign`: leave this channel's game for good; the channel hears it like any step."""
    table = await table_here(interaction, kind)
    if table is None:
        return
    try:
        result = await in_time(interaction, service_of(interaction.client).resign(table.game_id, interaction.user.id),
                               Deferral.PRIVATE)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, interaction.locale))
        return
    await reply_private(interaction, t("reply.resigned", interaction.locale))
    await announce(interaction, result)


class LobbyVerbs:
    """The lobby verbs every game's command group has, mixed into its GroupCog (`kind` names the game): the same
    as the lobby buttons of the same name."""

    kind: str

    @app_commands.command(name="join", description="Take a seat in this channel's lobby")
    async def join(self, interaction: discord.Interaction) -> None:
        await lobby_command(interaction, self.kind, "join")

    @app_commands.command(name="leave", description="Leave this channel's lobby")
    async def leave(self, interaction: discord.Interaction) -> None:
        await lobby_command(interaction, self.kind, "leave")

    @app_commands.command(name="start", description="Start the game (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await lobby_command(interaction, self.kind, "start")

    @app_commands.command(name="cancel", description="Cancel this channel's game (host or server admin)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await lobby_command(interaction, self.kind, "cancel")
