"""What the lobby's buttons and verbs do: join, leave, add a computer, start (and the game's beginning), cancel,
rematch. The message they change is bot/lobby_message.py's."""

from __future__ import annotations

import logging

import discord
from engine.registry import rules_of

from bot.error_reporting import permission_names
from bot.i18n import t
from bot.logging_setup import context, game_event
from bot.presenters.refusals import refusal_text
from bot.presenters.words import game_name, seat_label, turn_order_text
from bot.service import TableStatus
from bot.service.refusals import NotHost, ServiceError
from bot.service.models import Seat, StartResult, Table
from bot.quick_answers import Deferral, in_time, step_in_time
from bot.replies import defer_privately, reply_private
from bot.context import archive_quietly, channel_locale, display_name, missing_permissions, place_of, service_of
from bot.clicks.routing import GameButton, Handler, Origin, handles, view_of
from bot.lobby_message import lobby_buttons, lobby_text, refresh_lobby
from bot.outbox import announce, closed_dm_notices, dms_closed_text, flush_game, start_secrets

log = logging.getLogger("shelfie.lobby")

THREAD_NAME_LIMIT = 100
"""Discord's limit on a thread's name."""


async def begin_game(interaction: discord.Interaction, result: StartResult) -> None:
    """After start: lobby shows the order, each person gets their goal by DM, the first turn is posted — as the
    answer to a typed start where it can be (a "thinking" message everyone sees first when the lobby and the DMs
    are slow), else the person is told privately that the game is on."""
    client = interaction.client
    table = result.table

    async def prepared() -> list[Seat]:
        await refresh_lobby(client, table, interaction)
        return await start_secrets(client, table)

    closed = await in_time(interaction, prepared(), Deferral.PUBLIC)
    locale = channel_locale(client, table)
    intro = [t("turn.game_start", locale, order=turn_order_text(table, locale)),
             *closed_dm_notices(closed, table.kind, locale)]
    typed = interaction.type is discord.InteractionType.application_command
    await announce(interaction, result, intro=intro, told=t("reply.started", interaction.locale) if typed else None)
    if any(seat.user_id == interaction.user.id for seat in closed):
        await interaction.followup.send(
            dms_closed_text(table.kind, interaction.user.mention, interaction.locale), ephemeral=True
        )


async def lobby_action(interaction: discord.Interaction, game_id: int, action: str, level: str | None = None, *,
                       confirmed: bool = False) -> None:
    """Join, leave, add a computer, start or cancel, from a button or a slash command.

    Cancelling a game that has started asks first (`confirmed` once the player said yes)."""
    service = service_of(interaction.client)
    user = interaction.user
    locale = interaction.locale
    try:
        if action == "join":
            table = await service.join(game_id, user.id, display_name(user))
            reply = t("reply.joined", locale, n=len(table.seats))
        elif action == "leave":
            table = await service.leave(game_id, user.id)
            reply = t("reply.left", locale)
        elif action == "botlevel":
            assert level is not None
            current = await service.table(game_id)
            number = sum(1 for s in current.seats if s.is_computer) + 1
            name = t("computer.name", channel_locale(interaction.client, current), n=number)
            table = await service.add_computer(game_id, user.id, level, name=name)
            reply = t("reply.bot_added", locale, name=seat_label(table.seats[-1], locale))
        elif action == "start":
            # Computer seats before the first person play inside start(): Discord is answered in time (a typed
            # start's "thinking" everyone sees, which its first turn message completes).
            if interaction.type is discord.InteractionType.component:
                await interaction.response.defer()
                result = await service.start(game_id, user.id)
            else:
                result = await step_in_time(interaction, lambda accepted: service.start(
                    game_id, user.id, accepted=accepted), Deferral.PUBLIC)
            game_event("started", game=game_id, guild=result.table.guild_id, user=user.id,
                       seats=len(result.table.seats))
            await begin_game(interaction, result)
            return
        elif action == "cancel":
            if not confirmed and await _asked_to_confirm(interaction, game_id):
                return
            table = await service.cancel(game_id, user.id, is_admin=_is_admin(interaction))
            reply = t("reply.cancelled", locale)
            await flush_game(interaction.client, game_id)
        else:
            raise LookupError(action)
    except ServiceError as refusal:
        if action == "botlevel" or confirmed:
            await close_prompt(interaction, refusal_text(refusal, locale))
            return
        await reply_private(interaction, refusal_text(refusal, locale))
        return
    game_event(f"lobby_{action}", game=game_id, guild=table.guild_id, user=user.id, seats=len(table.seats))
    await refresh_lobby(interaction.client, table, interaction)
    if action == "botlevel" or confirmed:
        await close_prompt(interaction, reply)
        return
    await reply_private(interaction, reply)


async def close_prompt(interaction: discord.Interaction, content: str) -> None:
    """A private prompt that has been used (the Add bot level chooser, the cancel question) keeps only its
    answer, no buttons."""
    if interaction.type is discord.InteractionType.component and not interaction.response.is_done():
        await interaction.response.edit_message(content=content, view=None)
    else:
        await reply_private(interaction, content)


async def _asked_to_confirm(interaction: discord.Interaction, game_id: int) -> bool:
    """A started game ends for every player at once, so its host or an admin is asked first, privately.

    A lobby is cancelled at once; so is a game that cannot be read (only an admin may close it, and the
    service says so). Someone who may not cancel hears that now, not after confirming."""
    try:
        table = await service_of(interaction.client).table(game_id)
    except ServiceError:
        return False
    if table.status != TableStatus.ACTIVE:
        return False
    if interaction.user.id != table.host_id and not _is_admin(interaction):
        raise NotHost(game_id, interaction.user.id, table.host_id)
    locale = interaction.locale
    await reply_private(interaction, t("cancel.ask", locale), view=view_of(
        GameButton(table.kind, game_id, "cancel_yes", label=t("button.cancel_game", locale),
                   style=discord.ButtonStyle.danger),
        GameButton(table.kind, game_id, "cancel_no", label=t("button.keep_playing", locale),
                   style=discord.ButtonStyle.secondary),
    ))
    return True


@handles("cancel_yes", Origin.PRIVATE, prompt="cancel")
async def _cancel_confirmed(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                            values: tuple[str, ...]) -> None:
    """The question keeps only its answer: the game cancelled, or why it could not be."""
    await lobby_action(interaction, game_id, "cancel", confirmed=True)


@handles("cancel_no", Origin.PRIVATE, prompt="cancel")
async def _cancel_declined(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                           values: tuple[str, ...]) -> None:
    await close_prompt(interaction, t("cancel.kept", interaction.locale))


def _is_admin(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and (permissions.manage_guild or permissions.administrator))


def _lobby_button(action: str) -> Handler:
    """Join, Leave, Start and Cancel clicks do exactly what the slash commands of the same name do."""

    async def on_click(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                       values: tuple[str, ...]) -> None:
        await lobby_action(interaction, game_id, action)

    return handles(action, Origin.LOBBY)(on_click)


@handles("bot", Origin.LOBBY)
async def _choose_level(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                        values: tuple[str, ...]) -> None:
    """Only the host may add a computer: say so at once instead of after the level is chosen."""
    table = await service_of(interaction.client).table(game_id)
    locale = interaction.locale
    if interaction.user.id != table.host_id:
        await reply_private(interaction, t("error.not_host", locale, host=f"<@{table.host_id}>"))
        return
    levels = rules_of(table.kind).levels
    buttons = [GameButton(table.kind, game_id, "botlevel", level, label=t(f"level.{level}", locale))
               for level in levels]
    await reply_private(interaction, t("lobby.choose_level", locale), view=view_of(*buttons))


@handles("botlevel", Origin.PRIVATE, prompt="level")
async def _add_bot(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                   values: tuple[str, ...]) -> None:
    rules = rules_of((await service_of(interaction.client).table(game_id)).kind)
    if len(args) != 1 or args[0] not in rules.levels:  # the chooser offers the game's own levels only
        await reply_private(interaction, t("component.not_offered", interaction.locale))
        return
    await lobby_action(interaction, game_id, "botlevel", args[0])


def rematch_thread_name(kind: str, game_id: int, locale: object) -> str:
    """The rematch's own thread: the game's name (its description's, not a name written here) and the game it
    follows."""
    return f"{game_name(kind, locale)} {game_id}+"[:THREAD_NAME_LIMIT]


@handles("rematch", Origin.TURN)
async def _rematch(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                   values: tuple[str, ...]) -> None:
    """Same seats, new lobby: in the same channel, or in a new thread for a game that had its own thread.
    One live rematch per game: a later click, from anyone, is pointed to the lobby already opened. Like
    `new`, it first asks whether the bot may post (and open a thread) here, and a thread Discord refuses
    opens no lobby."""
    client = interaction.client
    service = service_of(client)
    locale = interaction.locale
    old = await service.table(game_id)
    if old.status != TableStatus.FINISHED:  # only a finished game's last message offers Rematch
        await reply_private(interaction, t("component.not_offered", locale))
        return
    missing = missing_permissions(interaction, new_thread=old.options.thread)
    if missing:
        await reply_private(interaction, t("reply.missing_permissions", locale, count=len(missing),
                                           permissions=permission_names(missing, locale)))
        return
    await defer_privately(interaction)

    async def open_thread() -> int:
        parent = client.get_channel(old.channel_id) or await client.fetch_channel(old.channel_id)
        thread = await parent.create_thread(  # type: ignore[union-attr, call-overload]
            name=rematch_thread_name(old.kind, game_id, channel_locale(client, old)),
            type=discord.ChannelType.public_thread)
        return thread.id

    try:
        rematch = await service.rematch(game_id, interaction.user.id, open_thread=open_thread)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, locale))
        return
    except discord.HTTPException as error:
        log.warning("could not open a rematch thread: %s", error,
                    extra=context(game_id, old.guild_id, interaction.user.id))
        await reply_private(interaction, t("reply.rematch_failed", locale))
        return
    table = rematch.table
    if rematch.spare_thread_id is not None:
        await _close_spare_thread(client, rematch.spare_thread_id, table)
    if not rematch.opened:
        await reply_private(interaction, t("reply.rematch_exists", locale, place=f"<#{table.place_id}>"))
        return
    channel_language = channel_locale(client, table)
    try:
        channel = await place_of(client, table)
        message = await channel.send(lobby_text(table, channel_language), view=lobby_buttons(table, channel_language))
    except discord.HTTPException as error:
        # A lobby nobody can see would hold the place and block the next rematch until it expired.
        log.warning("could not post the rematch lobby: %s", error,
                    extra=context(table.game_id, table.guild_id, interaction.user.id))
        await service.cancel(table.game_id, interaction.user.id)
        if table.thread_id is not None:
            await _close_spare_thread(client, table.thread_id, table)
        await reply_private(interaction, t("reply.rematch_failed", locale))
        return
    await service.set_lobby_message(table.game_id, message.id)
    await reply_private(interaction, t("reply.rematch", locale, place=f"<#{table.place_id}>"))


async def _close_spare_thread(client: discord.Client, thread_id: int, table: Table) -> None:
    """A thread opened for a rematch another process opened first: archive it, so no empty game thread stays."""
    try:
        thread = client.get_channel(thread_id) or await client.fetch_channel(thread_id)
    except discord.HTTPException:
        log.warning("could not find the unused rematch thread %s", thread_id,
                    extra=context(table.game_id, table.guild_id, None))
        return
    if isinstance(thread, discord.Thread):
        await archive_quietly(thread)


CLICKS: tuple[Handler, ...] = (
    *(_lobby_button(action) for action in ("join", "leave", "start", "cancel")),
    _choose_level, _add_bot, _cancel_confirmed, _cancel_declined, _rematch,
)
"""The buttons every game's lobby and last message share."""
