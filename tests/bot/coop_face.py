"""A Discord face for the co-operative test game (tests/service/coop_game.py), so the bot's tests can play a
co-operative game as people do: `/coop new`, the lobby buttons and verbs, `/coop add`, `/coop giveup`. Test
scaffolding only: its few words are plain English and Italian written here, not catalog entries.

`registered(monkeypatch)` lists the game and this face manifest beside the real ones for one test
(`register_game` does it for any test game)."""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.games.registry import Face
from bot.i18n import language_of
from bot.service.refusals import ServiceError
from bot.service.models import GameOptions, PlayResult, Seat, Table
from bot.presenters.refusals import refusal_text
from bot.context import service_of
from bot.game_commands import table_here
from bot.game_group import GameCommands
from bot.outbox import announce
from engine.protocol import GameRules, OptionValue

KIND = "coop"
TARGET_WORD = {"en": "target", "it": "obiettivo"}


class CoopFace:
    def options_text(self, options: GameOptions, locale: object) -> str:
        return self.setup_text(options.game, locale)

    def result_lines(self, result: PlayResult, locale: object) -> list[str]:
        return [f"{turn.seat.name}: {turn.move}" for turn in result.turns]

    async def turn_message(self, table: Table, result: PlayResult | None,
                           locale: object) -> tuple[list[str], list[discord.File]]:
        return [f"count {getattr(table.game, 'count', 0)}"], []

    def turn_buttons(self, table: Table, locale: object) -> discord.ui.View | None:
        return None

    async def hint_text(self, table: Table, seat: Seat, action: Any, locale: object) -> str:
        return str(action)

    def setup_text(self, setup: Mapping[str, OptionValue], locale: object) -> str:
        return f"{TARGET_WORD[language_of(locale)]} {setup['target']}"


class CoopCommands(GameCommands):
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
            result = await service_of(interaction.client).play(table.game_id, interaction.user.id, action,
                                                               turn=table.turn)
        except ServiceError as refusal:
            await interaction.followup.send(refusal_text(refusal, interaction.locale), ephemeral=True)
            return
        await interaction.followup.send(action, ephemeral=True)
        await announce(interaction, result)


FACE = Face(KIND, CoopFace(), CoopCommands, rules_embed=lambda locale: discord.Embed(title="Count together"))


def register_game(monkeypatch: pytest.MonkeyPatch, rules: GameRules, face: Face) -> None:
    """A test game and its face manifest listed beside the real ones for one test, as one registry line and its
    `FACE` list a real game (before the bot is built: its command groups, buttons and button id patterns)."""
    from bot.games import registry as faces
    from bot.clicks import routing as components
    from engine import registry

    monkeypatch.setitem(registry.GAMES, face.kind, rules)
    monkeypatch.setitem(faces.FACES, face.kind, face)
    kinds = "|".join(faces.FACES)
    for item, template in ((components.GameButton, components.BUTTON_TEMPLATE),
                           (components.GameSelect, components.SELECT_TEMPLATE)):  # the ids name the game kinds
        monkeypatch.setattr(item, "__discord_ui_compiled_template__",
                            re.compile(template.replace(f"(?:{components._KINDS}):", f"(?:{kinds}):", 1)))


def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.service.coop_game import RULES

    register_game(monkeypatch, RULES, FACE)
