"""Personal goal cards in a DM with the bot: `/shelfie goal` typed there."""

from __future__ import annotations

import discord
from engine.shelfie import RULES

from bot.i18n import t
from bot.games.shelfie.pictures import goal_picture
from bot.presenters.user_text import capped_lines
from bot.games.shelfie.words import goal_matches
from bot.replies import reply_private
from bot.context import learn_place_names, place_names, service_of
from bot.service import TableStatus

MAX_FILES = 10
"""Discord's limit of attachments on one message."""


async def goal_cards_in_dm(interaction: discord.Interaction) -> None:
    """One card per active game of the user, each named by server and channel (only the user sees a DM).

    A message holds at most 10 pictures: past that the list says how many games are left out."""
    locale = interaction.locale
    tables = [table for table in await service_of(interaction.client).tables_of(interaction.user.id)
              if table.status == TableStatus.ACTIVE and table.game is not None]
    if not tables:
        await reply_private(interaction, t("goal.no_games", locale))
        return
    await interaction.response.defer(thinking=True)
    lines, files = [], []
    for table in tables[:MAX_FILES]:
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        game = RULES.state_of(table.game)
        await learn_place_names(interaction.client, table)
        guild_name, channel_name = place_names(interaction.client, table)
        matches, points = goal_matches(game, seat.index)
        lines.append(t("goal.in_dm_line", locale, guild=guild_name, channel=channel_name, matches=matches,
                       points=points))
        picture = await goal_picture(game, seat.index, locale)
        picture.filename = f"goal-game{table.game_id}.png"
        files.append(picture)
    shown = capped_lines(lines, t("list.more", locale), hidden=len(tables) - len(lines))
    await interaction.followup.send("\n".join(shown), files=files)
