"""The operator's SHELFIE_TURN_TIMEOUT (create_bot(turn_timeout=...)) is what servers without their own setting get."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import discord
import pytest

from bot import ShelfieBot, create_bot

if TYPE_CHECKING:
    from conftest import Table


@pytest.fixture
def simcord_bot(db_path: Path, opened_bots: list[ShelfieBot]) -> ShelfieBot:
    """A bot whose operator chose 6 hours per turn."""
    bot = create_bot(db_path, turn_timeout=timedelta(hours=6))
    opened_bots.append(bot)
    return bot


async def test_settings_and_new_lobbies_use_the_operators_turn_time_until_the_server_sets_one(table: Table) -> None:
    role = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(table.env.create_user("erin"), roles=[role])
    shown = await admin.slash(table.channel, "games settings")
    assert {field.name: field.value for field in shown.response.embeds[0].fields}["Default turn time"] == "6 hours"
    lobby = await table.alice.slash(table.channel, "shelfie new", players=2)
    assert "6 hours per turn" in lobby.response.content
    await table.alice.slash(table.channel, "shelfie cancel")

    changed = await admin.slash(table.channel, "games settings", language="it")
    assert {field.name: field.value for field in changed.response.embeds[0].fields}["Default turn time"] == "6 hours"
    await admin.slash(table.channel, "games settings", turn_timeout="2h")
    lobby = await table.alice.slash(table.channel, "shelfie new", players=2)
    assert "2 ore per turno" in lobby.response.content, "the server's own time wins (and its chosen language)"
