"""What a user sees when a command or a button fails, and what the log keeps.

Users get one short ephemeral sentence in their language (with an error id
for unexpected failures); the log gets the traceback with game, guild and user.
"""

from __future__ import annotations

import functools
import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeVar

import discord
from discord import app_commands

from engine.protocol import ActionRefused

from bot.games.registry import FACES
from bot.i18n import DEFAULT_LANGUAGE, catalog, t
from bot.logging_setup import context
from bot.presenters.refusals import refusal_text
from bot.service.refusals import ServiceError
from bot.replies import reply_private

log = logging.getLogger("shelfie.errors")

_F = TypeVar("_F", bound=Callable[..., Awaitable[Any]])


def interaction_game_id(interaction: discord.Interaction) -> object | None:
    """The game an interaction is about: set by cogs in `interaction.extras['game_id']`, or a button's custom id."""
    game = interaction.extras.get("game_id")
    if game is not None:
        return game
    data: Mapping[str, object] = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    parts = custom_id.split(":")
    if len(parts) >= 3 and parts[0] in FACES:
        return parts[1][:20]
    return None


def permission_names(names: list[str], locale: object) -> str:
    """Discord's own names for permissions ("Manage Server"), in the reader's language when catalogued."""
    return ", ".join(
        t(f"permission.{name}", locale) if f"permission.{name}" in catalog(DEFAULT_LANGUAGE)
        else name.replace("_", " ").replace("guild", "server").title()
        for name in names
    )


def _expected_message(error: Exception, locale: object) -> str | None:
    """The answer for failures that are the user's or the server's situation, not a bug. A refusal from the
    service or the rules that no handler caught (an unknown or unreadable game behind an old button) still gets
    its own words."""
    if isinstance(error, (ServiceError, ActionRefused)):
        return refusal_text(error, locale)
    if isinstance(error, app_commands.BotMissingPermissions):
        return t("error.bot_missing_permissions", locale, permissions=permission_names(error.missing_permissions, locale))
    if isinstance(error, app_commands.MissingPermissions):
        return t("error.user_missing_permissions", locale, permissions=permission_names(error.missing_permissions, locale))
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("error.no_private_messages", locale)
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("error.cooldown", locale, seconds=max(1, round(error.retry_after)))
    return None


async def send_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Answer privately whether or not the interaction was already answered or deferred."""
    try:
        await reply_private(interaction, text)
    except discord.HTTPException:
        log.warning(
            "could not deliver an error reply (interaction expired or channel gone)",
            extra=context(interaction_game_id(interaction), interaction.guild_id, interaction.user.id),
        )


async def report_interaction_error(interaction: discord.Interaction, error: BaseException) -> str | None:
    """Tell the user briefly and log the traceback; returns the error id of an unexpected failure."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    locale = interaction.locale
    expected = _expected_message(error, locale) if isinstance(error, Exception) else None
    if expected is not None:
        await send_ephemeral(interaction, expected)
        return None
    error_id = secrets.token_hex(4)
    command = interaction.command.qualified_name if interaction.command else None
    data: Mapping[str, object] = interaction.data or {}
    custom_id = str(data.get("custom_id"))[:120]
    log.error(
        "error_id=%s unhandled error in %s",
        error_id,
        f"/{command}" if command else f"component {custom_id}",
        exc_info=error,
        extra=context(interaction_game_id(interaction), interaction.guild_id, interaction.user.id),
    )
    await send_ephemeral(interaction, t("error.unexpected", locale, error_id=error_id))
    return error_id


def reports_errors(callback: _F) -> _F:
    """Decorate a button/select callback so a failure answers the user instead of 'This interaction failed'.

    discord.py only logs exceptions raised in DynamicItem callbacks; this routes
    them through `report_interaction_error` like slash-command failures.
    """

    @functools.wraps(callback)
    async def guarded(self: Any, interaction: discord.Interaction, *args: Any, **kwargs: Any) -> Any:
        try:
            return await callback(self, interaction, *args, **kwargs)
        except Exception as error:  # noqa: BLE001 - every failure must reach the user and the log
            await report_interaction_error(interaction, error)
            return None

    return guarded  # type: ignore[return-value]


def install(tree: app_commands.CommandTree) -> None:
    """Make `report_interaction_error` the tree's global app-command error handler."""

    async def on_app_command_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report_interaction_error(interaction, error)

    tree.error(on_app_command_error)
