"""Turn messages' buttons and the private answers behind them (My goal, Shelves), goal DMs.

Every move, from a click, a typed command, a computer or an expired turn, is announced by
`bot.outbox.post_turn`, so all of them look the same in the channel.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

import discord

from bot.games.shelfie import KIND
from bot.i18n import t
from bot.logging_setup import context
from bot.games.shelfie.pictures import goal_picture, shelves_picture
from bot.presenters.user_text import lines_content
from bot.games.shelfie.words import goal_matches, shelf_line
from bot.presenters.words import seat_names
from bot.service.models import Seat, Table
from bot.replies import defer_privately, reply_private
from bot.context import channel_locale, place_names, service_of
from bot.clicks.routing import GameButton, Origin, handles, view_of
from bot.clicks.seats import seat_for_click

log = logging.getLogger("shelfie.turn")


def turn_view(table: Table, locale: object) -> discord.ui.View | None:
    """Take tiles / My goal / Shelves while the game runs; Rematch on the final score sheet."""
    gid = table.game_id
    if table.status == "finished":
        return view_of(GameButton(KIND, gid, "rematch", label=t("button.rematch", locale),
                                  style=discord.ButtonStyle.primary))
    if table.status != "active":
        return None
    return view_of(
        GameButton(KIND, gid, "take", table.turn, label=t("button.take", locale), style=discord.ButtonStyle.primary),
        GameButton(KIND, gid, "goal", label=t("button.my_goal", locale)),
        GameButton(KIND, gid, "shelves", label=t("button.shelves", locale)),
    )


def goal_dm_text(table: Table, seat: Seat, guild_name: str, channel_name: str, locale: object) -> str:
    assert table.game is not None
    matches, points = goal_matches(table.game, seat.index)
    return t("goal.dm", locale, guild=guild_name, channel=channel_name, matches=matches, points=points)


async def send_goal_dms(client: discord.Client, table: Table) -> list[Seat]:
    """Each person's goal card by DM, with a Refresh button; returns the seats whose DMs are closed."""
    game = table.game
    assert game is not None
    locale = channel_locale(client, table)
    guild_name, channel_name = place_names(client, table)

    async def send(seat: Seat) -> Seat | None:
        assert seat.user_id is not None
        try:
            # The DM channel by id: no GET /users/{id} first (the bot caches no users with its intents).
            dm = await client.create_dm(discord.Object(seat.user_id))
            await dm.send(
                goal_dm_text(table, seat, guild_name, channel_name, locale),
                file=await goal_picture(game, seat.index, locale),
                view=view_of(GameButton(KIND, table.game_id, "refresh", label=t("button.refresh", locale))),
            )
        except discord.Forbidden:
            log.info("DMs closed for a player", extra=context(table.game_id, table.guild_id, seat.user_id))
            return seat
        except discord.HTTPException:
            log.warning("could not DM a goal card", exc_info=True,
                        extra=context(table.game_id, table.guild_id, seat.user_id))
            return seat
        return None

    people = [seat for seat in table.seats if seat.user_id is not None and seat.level is None]
    failed = await asyncio.gather(*(send(seat) for seat in people))
    return [seat for seat in failed if seat is not None]


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
    assert table.game is not None
    locale = interaction.locale
    if not interaction.response.is_done():
        await defer_privately(interaction)
    matches, points = goal_matches(table.game, seat.index)
    await interaction.followup.send(
        t("goal.private", locale, matches=matches, points=points),
        file=await goal_picture(table.game, seat.index, locale),
        ephemeral=True,
    )


@handles("shelves", Origin.TURN, kind=KIND)
async def _shelves(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                   values: tuple[str, ...]) -> None:
    table = await service_of(interaction.client).table(game_id)
    if table.game is None:
        await reply_private(interaction, t("error.not_started", interaction.locale))
        return
    await show_shelves(interaction, table, table.seats)


async def show_shelves(interaction: discord.Interaction, table: Table, seats: Sequence[Seat]) -> None:
    """A picture of these seats' shelves, with their visible points also in words, for the reader only."""
    game = table.game
    assert game is not None
    locale = interaction.locale
    if not interaction.response.is_done():
        await defer_privately(interaction)
    lines = [f"**{t('shelves.title', locale)}**"]
    lines.extend(shelf_line(game, seat, locale) for seat in seats)
    picture = await shelves_picture(game, seat_names(table), locale, [seat.index for seat in seats])
    await interaction.followup.send(lines_content(lines), file=picture, ephemeral=True)
