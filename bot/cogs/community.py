"""`/games settings`: a server's default turn timeout and the language of the messages a whole channel reads.

The chosen language is kept in `bot.server_locales` (guild id -> locale), loaded from the database as each
server becomes available to the bot, so code that writes to a channel reads it without a database round trip.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.cogs.games import AUTOCOMPLETE_LIMIT, GROUP_NAME
from bot.config import parse_turn_timeout
from bot.i18n import t
from bot.presenters.words import duration_text
from bot.service.models import GuildSettings
from bot.replies import reply_private
from bot.context import service_of

SERVER_LANGUAGE = "server"
"""The `language` choice that drops the server's own choice and follows its Discord language again."""
TIMEOUT_SUGGESTIONS = ("5m", "30m", "1h", "6h", "12h", "1d", "2d", "3d", "7d")


def _timeout_seconds(text: str) -> int | None:
    """Seconds for '90m', '12h', '2d' within the allowed range, else None."""
    try:
        return int(parse_turn_timeout(text).total_seconds())
    except ValueError:
        return None


def _in_a_server(interaction: discord.Interaction) -> bool:
    """Settings belong to a server: in a DM say so, before the permission check misreads it as missing rights."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return True


def _language_name(chosen: str | None, locale: object) -> str:
    return t(f"settings.language.{chosen or SERVER_LANGUAGE}", locale)


def settings_embed(settings: GuildSettings, locale: object, *, changed: bool) -> discord.Embed:
    embed = discord.Embed(title=t("settings.title", locale),
                          description=t("settings.saved" if changed else "settings.current", locale))
    embed.add_field(name=t("settings.turn_timeout", locale),
                    value=duration_text(settings.effective_turn_timeout, locale), inline=True)
    embed.add_field(name=t("settings.language", locale), value=_language_name(settings.locale, locale), inline=True)
    return embed


def remember_language(client: discord.Client, guild_id: int, locale: str | None) -> None:
    locales: dict[int, str] = getattr(client, "server_locales")
    if locale is None:
        locales.pop(guild_id, None)
    else:
        locales[guild_id] = locale


class ServerLanguages(commands.Cog):
    """Loads the servers' chosen channel languages when the bot connects and when it joins a server."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def _load(self, guild: discord.Guild) -> None:
        remember_language(self.bot, guild.id, (await service_of(self.bot).guild_settings(guild.id)).locale)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        for guild in self.bot.guilds:
            await self._load(guild)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self._load(guild)


@app_commands.describe(turn_timeout="Default time per turn for new games, like 30m, 12h or 2d",
                       language="Language of the messages the whole channel reads")
@app_commands.choices(language=[
    app_commands.Choice(name=locale_str("English", key="settings.language.en"), value="en"),
    app_commands.Choice(name=locale_str("Italiano", key="settings.language.it"), value="it"),
    app_commands.Choice(name=locale_str("The server's Discord language", key="settings.language.server"),
                        value=SERVER_LANGUAGE),
])
@app_commands.checks.has_permissions(manage_guild=True)
@app_commands.check(_in_a_server)
async def settings(interaction: discord.Interaction, turn_timeout: str | None = None,
                   language: str | None = None) -> None:
    """Without options: show the settings. New games take the timeout; running games keep theirs."""
    locale = interaction.locale
    assert interaction.guild_id is not None, "the _in_a_server check runs first"
    service = service_of(interaction.client)
    current = await service.guild_settings(interaction.guild_id)
    if turn_timeout is None and language is None:
        await reply_private(interaction, "", embed=settings_embed(current, locale, changed=False))
        return
    timeout = current.turn_timeout
    if turn_timeout is not None:
        timeout = _timeout_seconds(turn_timeout)
        if timeout is None:
            await reply_private(interaction, t("reply.bad_timeout", locale))
            return
    chosen = current.locale if language is None else (None if language == SERVER_LANGUAGE else language)
    saved = await service.set_guild_settings(replace(current, turn_timeout=timeout, locale=chosen))
    remember_language(interaction.client, interaction.guild_id, saved.locale)
    await reply_private(interaction, "", embed=settings_embed(saved, locale, changed=True))


async def settings_timeouts(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Common turn times by name; what was typed comes first when it is a valid time."""
    locale = interaction.locale
    typed = current.strip().lower()
    values = [value for value in TIMEOUT_SUGGESTIONS if value.startswith(typed) or not typed]
    if typed and typed not in values and _timeout_seconds(typed) is not None:
        values.insert(0, typed)
    return [app_commands.Choice(name=duration_text(_timeout_seconds(value) or 0, locale), value=value)
            for value in values][:AUTOCOMPLETE_LIMIT]


async def setup(bot: commands.Bot) -> None:
    """Join the /games group bot.cogs.games registered (extensions that join it load last)."""
    group = bot.tree.get_command(GROUP_NAME)
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("the /games group must be registered before bot.cogs.community")
    command: app_commands.Command[Any, ..., None] = app_commands.Command(name="settings", callback=settings,
                                   description="Server defaults: turn time and channel language (admins)")
    command.autocomplete("turn_timeout")(settings_timeouts)
    group.add_command(command)
    await bot.add_cog(ServerLanguages(bot))
