"""A Discord face for the co-operative test game (tests/service/coop_game.py), so the bot's tests can play a
co-operative game as people do: `/coop new`, the lobby buttons and verbs, `/coop add`, `/coop giveup`. Test
scaffolding only: its few words are plain English and Italian written here, not catalog entries.

`registered(monkeypatch)` lists the game and this face beside the real ones for one test (before its bot is
built: the bot loads the faces' extensions and registers the game buttons' id patterns at start)."""
from __future__ import annotations

import re
from collections.abc import Mapping

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.games.registry import Face, install_face
from bot.i18n import language_of
from bot.service.errors import ServiceError
from bot.service.models import GameOptions, PlayResult, Seat, Table
from bot.presenters.refusals import refusal_text
from bot.context import service_of
from bot.game_commands import LobbyVerbs, open_lobby_here, table_here
from bot.outbox import announce
from engine.protocol import OptionValue

KIND = "coop"
TARGET_WORD = {"en": "target", "it": "obiettivo"}


class CoopFace:
    def options_text(self, options: GameOptions, locale: object) -> str:
        return self.setup_text(options.game, locale)

    async def send_secrets(self, client: discord.Client, table: Table) -> list[Seat]:
        return []

    def result_lines(self, result: PlayResult, locale: object) -> list[str]:
        return [f"{turn.seat.name}: {turn.move}" for turn in result.turns]

    async def turn_message(self, table: Table, result: PlayResult,
                           locale: object) -> tuple[list[str], list[discord.File], discord.ui.View | None]:
        return [f"count {getattr(table.game, 'count', 0)}"], [], None

    def setup_text(self, setup: Mapping[str, OptionValue], locale: object) -> str:
        return f"{TARGET_WORD[language_of(locale)]} {setup['target']}"


class CoopCog(LobbyVerbs, commands.GroupCog, group_name=KIND, group_description="Count together (a test game)"):
    kind = KIND

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="new", description="Open a lobby")
    async def new(self, interaction: discord.Interaction, players: int = 2, target: int = 4) -> None:
        await open_lobby_here(interaction, KIND, players=players, turn_timeout=None, thread=False, hints=False,
                              game={"target": target})

    @app_commands.command(name="add", description="Add one")
    async def add(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "add")

    @app_commands.command(name="giveup", description="Give up together")
    async def giveup(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "give up")

    async def _play(self, interaction: discord.Interaction, action: str) -> None:
        table = await table_here(interaction, KIND)
        if table is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            result = await service_of(self.bot).play(table.game_id, interaction.user.id, action, turn=table.turn)
        except ServiceError as refusal:
            await interaction.followup.send(refusal_text(refusal, interaction.locale), ephemeral=True)
            return
        await interaction.followup.send(action, ephemeral=True)
        await announce(interaction, result)


async def setup(bot: commands.Bot) -> None:
    install_face(KIND, CoopFace())
    await bot.add_cog(CoopCog(bot))


def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot import client
    from bot.games import registry as faces
    from bot.clicks import routing as components
    from engine import registry
    from tests.service.coop_game import RULES

    monkeypatch.setitem(registry.GAMES, KIND, RULES)
    monkeypatch.setitem(faces.FACES, KIND, Face(KIND, __name__))
    monkeypatch.setattr(client, "EXTENSIONS", (client.EXTENSIONS[0], __name__, *client.EXTENSIONS[1:]))
    kinds = "|".join(faces.FACES)
    for item, template in ((components.GameButton, components.BUTTON_TEMPLATE),
                           (components.GameSelect, components.SELECT_TEMPLATE)):  # the ids name the game kinds
        monkeypatch.setattr(item, "__discord_ui_compiled_template__",
                            re.compile(template.replace(f"(?:{components._KINDS}):", f"(?:{kinds}):", 1)))
