"""`/games help`: how to take a turn, in three lines (and how in each game whose turn goes another way), and how to
get hints, in the reader's language."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from engine.registry import rules_of

from bot.cogs.games import GROUP_NAME
from bot.games.registry import FACES
from bot.i18n import language_of, lookup, t


async def show_help(interaction: discord.Interaction) -> None:
    locale = interaction.locale
    embed = discord.Embed(title=t("help.title", locale), description=t("help.text", locale))
    for kind in FACES:  # a game whose turn goes another way says how in a field of its own (`help.turn.<kind>`)
        turn_help = lookup(f"help.turn.{kind}", locale)
        if turn_help is not None:
            embed.add_field(name=rules_of(kind).description.name(language_of(locale)), value=turn_help,
                            inline=False)
    embed.add_field(name=t("help.hints_title", locale), value=t("help.hints", locale), inline=False)
    embed.add_field(name=t("help.looking_back_title", locale), value=t("help.looking_back", locale), inline=False)
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Join the /games group bot.cogs.games registered (extensions that join it load last)."""
    group = bot.tree.get_command(GROUP_NAME)
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("the /games group must be registered before bot.cogs.meta")
    group.add_command(
        app_commands.Command(name="help", description="How to take a turn, in three lines", callback=show_help)
    )
