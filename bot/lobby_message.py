"""The lobby message: seats filling up in place, with Join / Leave / Add bot / Start / Cancel, and what it says once
the lobby started, was cancelled or expired. The outbox edits it too (a start posted after a crash)."""

from __future__ import annotations

import logging

import discord
from engine.registry import rules_of

from bot.clicks.routing import GameButton, view_of
from bot.context import archive_quietly, channel_locale, place_of, service_of
from bot.games.registry import face_of
from bot.i18n import t
from bot.logging_setup import context
from bot.presenters.words import command_text, game_name, rounded_duration_text, seat_label, turn_order_text
from bot.service import EndReason, TableStatus
from bot.service.models import Table

log = logging.getLogger("shelfie.lobby")


def lobby_text(table: Table, locale: object) -> str:
    lines = [
        f"**{t('lobby.title', locale, game=game_name(table.kind, locale))}**",
        t("lobby.body", locale, host=f"<@{table.host_id}>", players=table.options.players),
        f"{t('lobby.options', locale)}: {face_of(table.kind).options_text(table.options, locale)}",
        f"{t('lobby.seats', locale, count=len(table.seats), players=table.options.players)}:",
    ]
    lines.extend(f"{seat.index + 1}. {seat_label(seat, locale)}" for seat in table.seats)
    if table.status != TableStatus.LOBBY:
        lines.append("")  # a line right under a numbered list reads as part of its last item in Discord
    if table.end_reason == EndReason.EXPIRED:
        lived = rounded_duration_text(table.updated_at - table.created_at, locale)
        lines.append(t("lobby.expired", locale, after=lived, command=command_text(table.kind, "new", locale)))
    elif table.status == TableStatus.CANCELLED:
        lines.append(t("lobby.cancelled", locale))
    elif table.status != TableStatus.LOBBY:
        lines.append(t("lobby.started", locale, order=turn_order_text(table, locale)))
    return "\n".join(lines)


def lobby_buttons(table: Table, locale: object) -> discord.ui.View:
    """The buttons of an open lobby (a lobby's options are checked against its game: `players` is set). Start is
    enabled by the rule the service starts by: the game's fewest players."""
    players = table.options.players
    full = players is not None and len(table.seats) >= players
    gid = table.game_id
    return view_of(
        GameButton(table.kind, gid, "join", label=t("button.join", locale), style=discord.ButtonStyle.primary,
                   disabled=full),
        GameButton(table.kind, gid, "leave", label=t("button.leave", locale)),
        GameButton(table.kind, gid, "bot", label=t("button.add_bot", locale), disabled=full),
        GameButton(table.kind, gid, "start", label=t("button.start", locale), style=discord.ButtonStyle.success,
                   disabled=len(table.seats) < rules_of(table.kind).description.min_players),
        GameButton(table.kind, gid, "cancel", label=t("button.cancel", locale), style=discord.ButtonStyle.danger),
    )


async def refresh_lobby(client: discord.Client, table: Table, interaction: discord.Interaction | None = None) -> None:
    """Edit the lobby message in place: as the answer to a click on it, or through the REST API otherwise."""
    locale = channel_locale(client, table)
    content = lobby_text(table, locale)
    view = lobby_buttons(table, locale) if table.status == TableStatus.LOBBY else None
    message = interaction.message if interaction is not None else None
    if interaction is not None and message is not None and message.id == table.lobby_message_id \
            and not interaction.response.is_done():
        await interaction.response.edit_message(content=content, view=view)
        return
    if table.lobby_message_id is None:
        return
    try:
        channel = await place_of(client, table)
        lobby = channel.get_partial_message(table.lobby_message_id)  # type: ignore[attr-defined]
        await lobby.edit(content=content, view=view)
    except discord.NotFound:
        log.info("the lobby message is gone; not updated", extra=context(table.game_id, table.guild_id, None))
    except discord.HTTPException:
        log.warning("could not update the lobby message", extra=context(table.game_id, table.guild_id, None))


async def repost_lobby(interaction: discord.Interaction, table: Table) -> None:
    """`/<game> board` in a lobby: the lobby again at the bottom of the channel with its buttons, which leave the
    old message — one scrolled away, or gone (the sandbox's channel after a restart)."""
    locale = channel_locale(interaction.client, table)
    sent = await interaction.response.send_message(lobby_text(table, locale), view=lobby_buttons(table, locale))
    await _lobby_moved(interaction.client, table, sent.message_id or (await interaction.original_response()).id)


async def post_lobby_again(client: discord.Client, table: Table) -> None:
    """The lobby posted anew in its place with its buttons, which leave the old message: a sandbox started again
    with its games kept has a channel with none of the old messages."""
    locale = channel_locale(client, table)
    place = await place_of(client, table)
    message = await place.send(lobby_text(table, locale), view=lobby_buttons(table, locale))
    await _lobby_moved(client, table, message.id)


async def _lobby_moved(client: discord.Client, table: Table, message_id: int) -> None:
    """The lobby's message is now `message_id`: stored, and the old one (if it is still there) loses its buttons."""
    old = table.lobby_message_id
    await service_of(client).set_lobby_message(table.game_id, message_id)
    if old is None or old == message_id:
        return
    try:
        channel = await place_of(client, table)
        await channel.get_partial_message(old).edit(view=None)  # type: ignore[attr-defined]
    except discord.NotFound:
        pass  # the old lobby message is gone: nothing left to take the buttons from
    except discord.HTTPException:
        log.warning("could not take the buttons off the old lobby message", extra=context(table.game_id,
                                                                                          table.guild_id, None))


async def close_expired_lobby(client: discord.Client, table: Table) -> None:
    """Nobody started the lobby in time: its message says so and loses its buttons; its own thread is archived."""
    await refresh_lobby(client, table)
    if table.thread_id is None:
        return
    try:
        thread = await place_of(client, table)
    except discord.HTTPException:
        return  # the thread is gone already
    if isinstance(thread, discord.Thread):
        await archive_quietly(thread)
