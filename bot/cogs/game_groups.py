"""Every game's `/<game>` command group, built from its face manifest (bot.game_group)."""

from __future__ import annotations

from discord.ext import commands

from bot.game_group import game_group
from bot.games.registry import FACES


async def setup(bot: commands.Bot) -> None:
    for manifest in FACES.values():
        bot.tree.add_command(game_group(manifest))
