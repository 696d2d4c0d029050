"""Who clicked: the clicking person's seat in a game, or a precise private answer why the click does nothing.
Every game's turn buttons start here."""

from __future__ import annotations

import discord

from bot.presenters.refusals import refusal_text
from bot.replies import reply_private
from bot.service import TableStatus
from bot.service.refusals import GameOver, NotInGame, NotStarted, NotYourTurn, ServiceError
from bot.service.models import Seat, Table
from bot.context import service_of


async def seat_for_click(interaction: discord.Interaction, game_id: int, *, turn: int | None = None,
                         must_move: bool = False) -> tuple[Table, Seat] | None:
    """The clicking player's seat, or None after telling them precisely why the click does nothing. With
    `must_move`, the seat must be one of those the game lets act now (`Table.acting`: one, or several at once)."""
    service = service_of(interaction.client)
    locale = interaction.locale
    table = await service.table(game_id)
    try:
        if table.status != TableStatus.ACTIVE:
            raise_for_status(table)
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise NotInGame(game_id, interaction.user.id)
        if turn is not None and turn != table.turn:
            raise await service.stale_click(table, interaction.user.id, turn)
        acting = table.acting  # every seat the game lets act now: in some games several at once
        if must_move and seat.index not in {s.index for s in acting}:
            current = acting[0] if acting else None
            raise NotYourTurn(game_id, interaction.user.id, current.user_id if current else None,
                              current.name if current else "")
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, locale))
        return None
    return table, seat


def raise_for_status(table: Table) -> None:
    if table.status == TableStatus.LOBBY:
        raise NotStarted(table.game_id, table.kind)
    raise GameOver(table.game_id, table.status)
