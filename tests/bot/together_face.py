"""A Discord face for the test game where several seats may act at once (tests/service/together_game.py): a
Ready button on the turn message and `/together ready`. Test scaffolding only: its words are plain English here.

`registered(monkeypatch)` lists the game and its face manifest beside the real ones for one test."""
from __future__ import annotations

from typing import Any

import discord
import pytest
from coop_face import register_game
from discord import app_commands

from bot.clicks.routing import GameButton, Origin, handles, view_of
from bot.clicks.seats import seat_for_click
from bot.context import service_of
from bot.game_commands import play_typed, seat_here
from bot.game_group import GameCommands
from bot.games.registry import Face
from bot.outbox import announce
from bot.presenters.refusals import refusal_text
from bot.replies import reply_private
from bot.service.refusals import ServiceError
from bot.service.models import GameOptions, PlayResult, Seat, Table

KIND = "together"


class TogetherFace:
    def options_text(self, options: GameOptions, locale: object) -> str:
        return f"{options.game['rounds']} rounds"

    def result_lines(self, result: PlayResult, locale: object) -> list[str]:
        return [f"{turn.seat.name}: {turn.move}" for turn in result.turns]

    async def turn_message(self, table: Table, result: PlayResult | None,
                           locale: object) -> tuple[list[str], list[discord.File]]:
        return [f"waiting for {', '.join(seat.name for seat in table.acting) or 'nobody'}"], []

    def turn_buttons(self, table: Table, locale: object) -> discord.ui.View | None:
        return view_of(GameButton(KIND, table.game_id, "ready", table.turn, label="Ready"))

    async def hint_text(self, table: Table, seat: Seat, action: Any, locale: object) -> str:
        return str(action)


@handles("ready", Origin.TURN, kind=KIND)
async def _ready(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                 values: tuple[str, ...]) -> None:
    found = await seat_for_click(interaction, game_id, turn=int(args[0]), must_move=True)
    if found is None:
        return
    try:
        result = await service_of(interaction.client).play(game_id, interaction.user.id, "ready", turn=found[0].turn)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, interaction.locale))
        return
    await reply_private(interaction, "ready")
    await announce(interaction, result)


class TogetherCommands(GameCommands):
    @app_commands.command(name="ready", description="Say you are ready")
    async def ready(self, interaction: discord.Interaction) -> None:
        found = await seat_here(interaction, KIND, must_move=True)
        if found is not None:
            await play_typed(interaction, found[0], lambda: "ready", lambda action: action)


FACE = Face(KIND, TogetherFace(), TogetherCommands, rules_embed=lambda locale: discord.Embed(title="All at once"),
            clicks=(_ready,))


def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.service.together_game import RULES

    register_game(monkeypatch, RULES, FACE)
