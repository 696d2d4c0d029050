"""What every game's commands do the same way: find the channel's game, open a lobby (here or in a new thread),
the lobby verbs, show the board again, hint, resign, play a typed move. bot.game_group builds each game's command
group from these and the game's face manifest."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

import discord
from babel.lists import format_list

from bot.config import parse_turn_timeout
from bot.error_reporting import permission_names
from bot.games.registry import FACES, face_of
from bot.i18n import language_of, t
from bot.logging_setup import context, game_event
from bot.presenters.refusals import not_started_text, refusal_text
from bot.presenters.words import command_text, game_name, turn_clock
from bot.quick_answers import Deferral, step_in_time
from bot.replies import defer_privately, guild_only, reply_private
from bot.service import TableStatus
from bot.service.refusals import CorruptGame, ServiceError
from bot.service.models import GameOptions, Seat, Table
from engine.protocol import ActionRefused
from bot.context import archive_quietly, channel_locale, display_name, missing_permissions, service_of
from bot.lobby import begin_game, lobby_action
from bot.lobby_message import lobby_buttons, lobby_text, repost_lobby
from bot.live_view import turn_view
from bot.outbox import adopt_turn_message, announce
from bot.clicks.seats import seat_for_click

log = logging.getLogger("shelfie.commands")

A = TypeVar("A")
"""A game's action."""
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
        await reply_private(interaction, not_started_text(kind, interaction.locale))
        return None
    return table


async def seat_here(interaction: discord.Interaction, kind: str, *,
                    must_move: bool = False) -> tuple[Table, Seat] | None:
    """This channel's running game of `kind` and the asking person's seat in it (one that may act now, with
    `must_move`), or None after saying why not."""
    table = await table_here(interaction, kind)
    if table is None:
        return None
    return await seat_for_click(interaction, table.game_id, must_move=must_move)


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
    sent = await interaction.response.send_message(lobby_text(table, language), view=lobby_buttons(table, language))
    message_id = sent.message_id or (await interaction.original_response()).id  # Discord names it in the response
    await service_of(interaction.client).set_lobby_message(table.game_id, message_id)
    await _start_if_full(interaction, table)


async def _start_if_full(interaction: discord.Interaction, table: Table) -> None:
    """A lobby whose one seat is its host's (a solo game, `players:1`) has nobody to wait for: it starts at once,
    as if the host pressed Start."""
    if table.options.players != len(table.seats):
        return
    try:
        result = await service_of(interaction.client).start(table.game_id, interaction.user.id)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, interaction.locale))
        return
    game_event("started", game=table.game_id, guild=table.guild_id, user=interaction.user.id, seats=1)
    await begin_game(interaction, result)


async def _open_in_new_thread(interaction: discord.Interaction, kind: str, options: GameOptions) -> None:
    """`thread:true`: the lobby and every later message of the game go to a new public thread. The thread
    comes first, so a thread Discord refuses leaves no lobby behind without a place to play."""
    service = service_of(interaction.client)
    await defer_privately(interaction)
    host = display_name(interaction.user)
    title = game_name(kind, interaction.guild_locale)
    try:
        place = await interaction.channel.create_thread(  # type: ignore[union-attr, call-overload]
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
    message = await place.send(lobby_text(table, language), view=lobby_buttons(table, language))
    await service.set_lobby_message(table.game_id, message.id)
    await interaction.followup.send(t("reply.opened_thread", interaction.locale, thread=place.mention),
                                    ephemeral=True)
    await _start_if_full(interaction, table)


async def resign_here(interaction: discord.Interaction, kind: str) -> None:
    """`/<game> resign`: leave this channel's game for good; the channel hears it like any step, through the command's
    own answer where it can (bot.interaction_routes), else the person is told privately."""
    table = await table_here(interaction, kind)
    if table is None:
        return
    try:
        result = await step_in_time(interaction, lambda accepted: service_of(interaction.client).resign(
            table.game_id, interaction.user.id, accepted=accepted), Deferral.PUBLIC)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, interaction.locale))
        return
    await announce(interaction, result, told=t("reply.resigned", interaction.locale))


async def live_table(interaction: discord.Interaction, kind: str) -> Table | None:
    """This channel's running game of `kind`, for autocomplete (which may not answer with a message)."""
    table = await service_of(interaction.client).table_in_channel(interaction.channel_id or 0)
    if table is None or table.kind != kind or table.status != TableStatus.ACTIVE or table.game is None:
        return None
    return table


async def board_here(interaction: discord.Interaction, kind: str) -> None:
    """`/<game> board`: the live turn message again at the bottom of the channel (it takes over the buttons); in a
    lobby, the lobby message with its Join and Start buttons."""
    table = await table_here(interaction, kind)
    if table is None:
        return
    if table.game is None:
        await repost_lobby(interaction, table)
        return
    await interaction.response.defer(thinking=True)
    locale = channel_locale(interaction.client, table)
    lines, files = await face_of(kind).turn_message(table, None, locale)
    lines = [*lines, *turn_clock(table, locale)]
    view = turn_view(table, locale)
    buttons: dict[str, Any] = {"view": view} if view else {}
    shown = await interaction.followup.send("\n".join(lines) or t("error.game_over", locale), files=files,
                                            allowed_mentions=discord.AllowedMentions.none(), wait=True, **buttons)
    if table.status == TableStatus.ACTIVE:
        await adopt_turn_message(interaction.client, table, shown)


async def hint_here(interaction: discord.Interaction, kind: str) -> None:
    """`/<game> hint`: the computer's suggestion for the asking seat, privately, if the lobby allowed hints."""
    table = await table_here(interaction, kind)
    if table is None:
        return
    locale = interaction.locale
    if not table.options.hints:
        hints = t(f"cmd.{FACES[kind].group or kind}.new.hints.name", locale)
        await reply_private(interaction, t("reply.no_hints", locale,
                                           command=f"{command_text(kind, 'new', locale)} {hints}:true"))
        return
    found = await seat_for_click(interaction, table.game_id, must_move=True)
    if found is None:
        return
    await defer_privately(interaction)
    face = face_of(kind)
    try:
        action = await service_of(interaction.client).hint(table.game_id, interaction.user.id)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, locale))
        return
    await reply_private(interaction, await face.hint_text(table, found[1], action, locale))


async def play_typed(interaction: discord.Interaction, table: Table, read: Callable[[], A],
                     done: Callable[[A], str]) -> None:
    """A move typed in a game command: read (the reading may refuse it), played, announced: the command's answer is
    the turn message itself (a move slower than the grace of bot.quick_answers thinks in public first, and its turn
    completes that, as a typed start's does), else the player is told privately (`done`); a refusal is private, and
    thinks in public first only when it came after the move's checks (bot.quick_answers' `accepted`). A move typed
    before the turn the player saw changed (a burst, or a board they never saw) is out of date."""
    locale = interaction.locale
    try:
        action = read()
        sent_at = discord.utils.snowflake_time(interaction.id).timestamp()
        result = await step_in_time(interaction, lambda accepted: service_of(interaction.client).play(
            table.game_id, interaction.user.id, action, sent_at=sent_at, seen_turn=table.turn, accepted=accepted),
            Deferral.PUBLIC)
    except (ServiceError, ActionRefused) as refusal:
        await reply_private(interaction, refusal_text(refusal, locale))
        return
    await announce(interaction, result, told=done(action))
