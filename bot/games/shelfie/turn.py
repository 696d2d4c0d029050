"""Turn messages' buttons and the private answers behind them (My goal, Shelves); the goal card for a DM.

Every move, from a click, a typed command, a computer or an expired turn, is announced by
`bot.outbox.post_turn`, so all of them look the same in the channel.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from engine.shelfie import RULES

from bot.games.shelfie.kind import KIND
from bot.i18n import t
from bot.games.shelfie.pictures import goal_picture, shelves_picture
from bot.presenters.refusals import not_started_text
from bot.presenters.user_text import lines_content
from bot.games.shelfie.words import goal_matches, shelf_line
from bot.presenters.words import seat_names
from bot.service.models import Seat, Table
from bot.replies import defer_privately, reply_private
from bot.context import place_names, service_of
from bot.clicks.routing import GameButton, Handler, Origin, handles, view_of
from bot.clicks.seats import seat_for_click

def turn_buttons(table: Table, locale: object) -> discord.ui.View | None:
    """Take tiles / My goal / Shelves while the game runs."""
    gid = table.game_id
    return view_of(
        GameButton(KIND, gid, "take", table.turn, label=t("button.take", locale), style=discord.ButtonStyle.primary),
        GameButton(KIND, gid, "goal", label=t("button.my_goal", locale)),
        GameButton(KIND, gid, "shelves", label=t("button.shelves", locale)),
    )


def goal_dm_text(client: discord.Client, table: Table, seat: Seat, locale: object) -> str | None:
    """The person's goal card with its matches, for their DM (sent at the start, redrawn by Refresh); None before
    the game has a board."""
    if table.game is None:
        return None
    guild_name, channel_name = place_names(client, table)
    matches, points = goal_matches(RULES.state_of(table.game), seat.index)
    return t("goal.dm", locale, guild=guild_name, channel=channel_name, matches=matches, points=points)


async def goal_card(table: Table, seat: Seat, locale: object) -> discord.File:
    return await goal_picture(RULES.state_of(table.game), seat.index, locale)


@handles("goal", Origin.TURN, kind=KIND)
async def _my_goal(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                   values: tuple[str, ...]) -> None:
    found = await seat_for_click(interaction, game_id)
    if found is None:
        return
    table, seat = found
    await show_goal(interaction, table, seat)


async def show_goal(interaction: discord.Interaction, table: Table, seat: Seat) -> None:
    """The player's own card with current matches, visible only to them."""
    game = RULES.state_of(table.game)
    locale = interaction.locale
    if not interaction.response.is_done():
        await defer_privately(interaction)
    matches, points = goal_matches(game, seat.index)
    await interaction.followup.send(
        t("goal.private", locale, matches=matches, points=points),
        file=await goal_picture(game, seat.index, locale),
        ephemeral=True,
    )


@handles("shelves", Origin.TURN, kind=KIND)
async def _shelves(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                   values: tuple[str, ...]) -> None:
    table = await service_of(interaction.client).table(game_id)
    if table.game is None:
        await reply_private(interaction, not_started_text(KIND, interaction.locale))
        return
    await show_shelves(interaction, table, table.seats)


async def show_shelves(interaction: discord.Interaction, table: Table, seats: Sequence[Seat]) -> None:
    """A picture of these seats' shelves, with their visible points also in words, for the reader only."""
    game = RULES.state_of(table.game)
    locale = interaction.locale
    if not interaction.response.is_done():
        await defer_privately(interaction)
    lines = [f"**{t('shelves.title', locale)}**"]
    lines.extend(shelf_line(game, seat, locale) for seat in seats)
    picture = await shelves_picture(game, seat_names(table), locale, [seat.index for seat in seats])
    await interaction.followup.send(lines_content(lines), file=picture, ephemeral=True)


CLICKS: tuple[Handler, ...] = (_my_goal, _shelves)
"""The turn message's My goal and Shelves buttons (the manifest lists them)."""
