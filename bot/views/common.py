"""Small helpers every message module shares: the service, the channel of a game, private replies."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import t
from bot.presenters.user_text import NAME_LIMIT, clipped, fit_content
from bot.service import TableService
from bot.service.models import Table

log = logging.getLogger("shelfie.views")


log = logging.getLogger("shelfie.views")


async def archive_quietly(thread: discord.Thread) -> None:
    """A thread the bot opened for a lobby that was refused, closed or lost a race: tidy it away if Discord
    lets us (archived threads leave the channel's thread list)."""
    try:
        await thread.edit(archived=True)
    except discord.HTTPException:
        log.warning("could not archive the unused game thread %s", thread.id)


def service_of(client: discord.Client) -> TableService:
    service = getattr(client, "service", None)
    if service is None:
        raise RuntimeError("the table service is not open")
    return service


async def place_of(client: discord.Client, table: Table) -> discord.abc.Messageable:
    """The channel or thread where the game's messages go."""
    channel = client.get_channel(table.place_id)
    if channel is None:
        channel = await client.fetch_channel(table.place_id)
    assert isinstance(channel, discord.abc.Messageable)
    return channel


def channel_locale(client: discord.Client, table: Table) -> str:
    """Messages the whole channel reads: the language chosen in `/games settings`, else the server's Discord one."""
    chosen: dict[int, str] = getattr(client, "server_locales", {})
    if table.guild_id in chosen:
        return chosen[table.guild_id]
    guild = client.get_guild(table.guild_id)
    return str(guild.preferred_locale) if guild is not None else "en"


def pings(*user_ids: int | None) -> discord.AllowedMentions:
    """Mentions allowed to notify exactly these users: the bot's default pings nobody, so a player's name that
    looks like a mention (`<@id>`, `@everyone`) never reaches anyone."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=user_id) for user_id in dict.fromkeys(user_ids) if user_id])


async def reply_private(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already answered or deferred, within Discord's limit.

    After a public "thinking" defer, Discord makes the first followup complete that public message whatever
    flags it carries, so the answer would show to everyone: the thinking message first becomes a neutral note,
    the answer follows as its own ephemeral message, and the note is deleted."""
    content = fit_content(content)
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=True, **kwargs)
        return
    public = await _thinking_in_public(interaction)
    if public:
        await interaction.edit_original_response(content=t("reply.answered_privately", interaction.locale))
    await interaction.followup.send(content, ephemeral=True, **kwargs)
    if public:
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            log.info("could not delete a public thinking message after a private answer")


async def _thinking_in_public(interaction: discord.Interaction) -> bool:
    """Whether the interaction was deferred with a public "thinking" message that no answer has completed yet."""
    if interaction.response.type is not discord.InteractionResponseType.deferred_channel_message:
        return False
    try:
        original = await interaction.original_response()
    except discord.HTTPException:
        return False
    return original.flags.loading and not original.flags.ephemeral


def display_name(user: discord.abc.User) -> str:
    """The name a game shows and stores for a person, cut to Discord's own name length."""
    return clipped(getattr(user, "display_name", None) or user.name, NAME_LIMIT)
