"""The buttons of a game's live message (its turn message, or its board shown again): the game's own while it
runs, Rematch and Replay once it is finished (bot.lobby and bot.replays answer them)."""

from __future__ import annotations

import discord

from bot.clicks.routing import GameButton, view_of
from bot.games.registry import face_of
from bot.i18n import t
from bot.service import TableStatus
from bot.service.models import Table


def turn_view(table: Table, locale: object) -> discord.ui.View | None:
    if table.status == TableStatus.FINISHED:
        return view_of(GameButton(table.kind, table.game_id, "rematch", label=t("button.rematch", locale),
                                  style=discord.ButtonStyle.primary),
                       GameButton(table.kind, table.game_id, "replay", label=t("button.replay", locale), emoji="🎞️"))
    return face_of(table.kind).turn_buttons(table, locale) if table.status == TableStatus.ACTIVE else None
