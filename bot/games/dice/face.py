"""The Dice Game's face as the generic lobby and outbox see it (bot.games.registry.GameFace)."""

from __future__ import annotations

import discord
from engine.dice import DiceGame

from bot.games.dice.pictures import turn_files
from bot.games.dice.turn import turn_view
from bot.games.dice.words import final_lines, options_text, result_lines, scores_line, turn_prompt
from bot.presenters.words import seat_names
from bot.service.models import GameOptions, PlayResult, Seat, Table


def live_lines(table: Table, result: PlayResult | None, locale: object) -> list[str]:
    """What the live message says beside its picture: scores and whose turn as a turn begins, what the seat to
    act does next mid-turn, the standings at the end."""
    game = table.game
    assert isinstance(game, DiceGame)
    if table.status != "active":
        return final_lines(table, result.standings if result else (), locale)
    lines = [scores_line(table, locale)] if game.phase == "roll" else []
    prompt = turn_prompt(table, locale)
    return [*lines, prompt] if prompt else lines


class DiceFace:
    def options_text(self, options: GameOptions, locale: object) -> str:
        return options_text(options, locale)

    async def send_secrets(self, client: discord.Client, table: Table) -> list[Seat]:
        """The Dice Game has no secrets (sheets and dice are public): nothing goes by DM, nobody misses out."""
        return []

    def result_lines(self, result: PlayResult, locale: object) -> list[str]:
        return result_lines(result, locale)

    async def turn_message(self, table: Table, result: PlayResult,
                           locale: object) -> tuple[list[str], list[discord.File], discord.ui.View | None]:
        """The dice and every sheet (with the numbered item sets once the dice are rolled) and the turn's
        buttons; at the end, the final picture, the standings and Rematch."""
        game = table.game
        assert isinstance(game, DiceGame)
        files = await turn_files(game, seat_names(table), locale)
        return live_lines(table, result, locale), files, turn_view(table, locale)
