"""Small helpers every message module shares: the service, the channel of a game, private replies."""

from __future__ import annotations

from typing import Any

import discord

from bot.service import TableService
from bot.service.models import Table


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
    """Messages the whole channel reads: the language chosen in `/shelfie settings`, else the server's Discord one."""
    chosen: dict[int, str] = getattr(client, "server_locales", {})
    if table.guild_id in chosen:
        return chosen[table.guild_id]
    guild = client.get_guild(table.guild_id)
    return str(guild.preferred_locale) if guild is not None else "en"


async def reply_private(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already answered or deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name
