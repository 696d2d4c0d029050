"""Small helpers every message module shares: the service, the channel of a game, names and pings."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable

import discord

from bot.presenters.user_text import NAME_LIMIT, clipped, quoted
from bot.service import TableService
from bot.service.models import Table

log = logging.getLogger("shelfie.messages")

CHANNEL_PERMISSIONS = ("view_channel", "send_messages", "attach_files")
THREAD_PERMISSIONS = ("view_channel", "send_messages_in_threads", "attach_files")
NEW_THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")


def missing_permissions(interaction: discord.Interaction, *, new_thread: bool) -> list[str]:
    """What the bot lacks where the interaction came from to run a game there (sending, pictures) and, with
    `new_thread`, to open a thread for it: asked before a lobby is opened, so none is left without a place."""
    granted = interaction.app_permissions
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = list(THREAD_PERMISSIONS if in_thread else CHANNEL_PERMISSIONS)
    if new_thread:
        needed.extend(NEW_THREAD_PERMISSIONS)
    return [name for name in dict.fromkeys(needed) if not getattr(granted, name)]


async def archive_quietly(thread: discord.Thread) -> None:
    """A thread the bot opened for a lobby that was refused, closed or lost a race: tidy it away if Discord
    lets us (archived threads leave the channel's thread list)."""
    try:
        await thread.edit(archived=True)
    except discord.HTTPException:
        log.warning("could not archive the unused game thread %s", thread.id)


def service_of(client: discord.Client) -> TableService:
    """The bot's table service (`ShelfieBot.service`, open from setup_hook to close)."""
    service = getattr(client, "service", None)
    if not isinstance(service, TableService):
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


def display_name(user: discord.abc.User) -> str:
    """The name a game shows and stores for a person, cut to Discord's own name length."""
    return clipped(getattr(user, "display_name", None) or user.name, NAME_LIMIT)


NAMES_KEPT = 1024
"""Server and channel names of other shards' games a process remembers (it asked Discord for each once)."""
_fetched_names: OrderedDict[int, str] = OrderedDict()


def place_names(client: discord.Client, table: Table) -> tuple[str, str]:
    """The game's server and channel by name, for a DM that must say which game it is about: from the gateway's
    servers, else as `learn_place_names` found them; only what Discord would not say is named by its id."""
    guild = client.get_guild(table.guild_id)
    channel = client.get_channel(table.place_id)
    guild_name = guild.name if guild else _fetched_names.get(table.guild_id, str(table.guild_id))
    channel_name = getattr(channel, "name", None) or _fetched_names.get(table.place_id, str(table.place_id))
    return quoted(guild_name), quoted(channel_name)


async def learn_place_names(client: discord.Client, table: Table) -> None:
    """Before a DM names a game: DMs reach the process of shard 0, whose gateway holds only its own shards'
    servers, so another shard's server and channel are asked of Discord (once, then remembered)."""
    if client.get_guild(table.guild_id) is None:
        await _fetch_name(client.fetch_guild, table.guild_id)
    if client.get_channel(table.place_id) is None:
        await _fetch_name(client.fetch_channel, table.place_id)


async def _fetch_name(fetch: Callable[[int], Awaitable[object]], snowflake: int) -> None:
    if snowflake in _fetched_names:
        return
    try:
        name = getattr(await fetch(snowflake), "name", None)
    except discord.HTTPException:
        return
    if name:
        _fetched_names[snowflake] = str(name)
        while len(_fetched_names) > NAMES_KEPT:
            _fetched_names.popitem(last=False)
