"""Secrets in DMs, for every game whose seats hold some (a goal card, a hand): each person's by DM when the game
starts, with a Refresh button that redraws it as it is now. The game's face says what the secret is."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.clicks.routing import GameButton, Handler, Origin, handles, view_of
from bot.context import channel_locale, learn_place_names, service_of
from bot.games.registry import FACES
from bot.i18n import t
from bot.logging_setup import context
from bot.replies import reply_private
from bot.service.models import Seat, Table

log = logging.getLogger("shelfie.secrets")


async def send_secrets(client: discord.Client, table: Table) -> list[Seat]:
    """Each person's secret by DM, with a Refresh button; returns the seats whose DMs are closed."""
    secrets = FACES[table.kind].secrets
    if secrets is None:
        return []
    locale = channel_locale(client, table)
    await learn_place_names(client, table)

    async def send(seat: Seat) -> Seat | None:
        assert seat.user_id is not None
        content = secrets.text(client, table, seat, locale)
        if content is None:  # a start told late (the outbox after a crash), the game since over: nothing to show
            return None
        try:
            # The DM channel by id: no GET /users/{id} first (the bot caches no users with its intents).
            dm = await client.create_dm(discord.Object(seat.user_id))
            await dm.send(content, file=await secrets.picture(table, seat, locale), view=view_of(
                GameButton(table.kind, table.game_id, secrets.refresh, label=t("button.refresh", locale))))
        except discord.Forbidden:
            log.info("DMs closed for a player", extra=context(table.game_id, table.guild_id, seat.user_id))
            return seat
        except discord.HTTPException:
            log.warning("could not DM a secret", exc_info=True,
                        extra=context(table.game_id, table.guild_id, seat.user_id))
            return seat
        return None

    people = [seat for seat in table.seats if seat.user_id is not None and seat.level is None]
    failed = await asyncio.gather(*(send(seat) for seat in people))
    return [seat for seat in failed if seat is not None]


async def _refresh(interaction: discord.Interaction, game_id: int) -> None:
    """Redraw the DM with the player's secret as it is now."""
    client, locale = interaction.client, interaction.locale
    table = await service_of(client).table(game_id)
    secrets = FACES[table.kind].secrets
    assert secrets is not None
    seat = table.seat_of(interaction.user.id)
    await learn_place_names(client, table)
    content = None if seat is None else secrets.text(client, table, seat, locale)
    if seat is None or content is None:
        await reply_private(interaction, t(secrets.gone, locale))
        return
    await interaction.response.defer()
    await interaction.edit_original_response(content=content, attachments=[await secrets.picture(table, seat, locale)])


def refresh_click(kind: str, action: str) -> Handler:
    """The Refresh button on the DMs of a game that sends secrets, by the action its manifest names."""

    async def refresh(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                      values: tuple[str, ...]) -> None:
        await _refresh(interaction, game_id)

    return handles(action, Origin.DM, kind=kind)(refresh)
