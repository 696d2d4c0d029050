"""The Dice Game's face: what the generic commands, lobby and outbox ask of it (bot.games.registry.GameFace),
and its manifest."""

from __future__ import annotations

from typing import Any

import discord
from engine.dice import RULES

from bot.games.dice import turn
from bot.games.dice.kind import KIND
from bot.games.dice.commands import DiceCommands
from bot.games.dice.pictures import turn_files
from bot.games.dice.rules import rules_embed
from bot.games.dice.words import (
    action_text,
    dice_text,
    final_lines,
    options_text,
    result_lines,
    scores_line,
    turn_prompt,
)
from bot.games.registry import Face
from bot.i18n import t
from bot.presenters.words import seat_names
from bot.service import TableStatus
from bot.service.models import PlayResult, Seat, Table


def live_lines(table: Table, result: PlayResult | None, locale: object) -> list[str]:
    """What the live message says beside its picture: scores and whose turn as a turn begins, what the seat to
    act does next mid-turn, the standings at the end."""
    game = RULES.state_of(table.game)
    if table.status != TableStatus.ACTIVE:
        return final_lines(table, result.standings if result else (), locale)
    lines = [scores_line(table, locale)] if game.phase == "roll" else []
    prompt = turn_prompt(table, locale)
    return [*lines, prompt] if prompt else lines


class DiceFace:
    options_text = staticmethod(options_text)
    result_lines = staticmethod(result_lines)

    async def turn_message(self, table: Table, result: PlayResult | None,
                           locale: object) -> tuple[list[str], list[discord.File]]:
        """The dice and every sheet (with the numbered item sets once the dice are rolled); at the end, the final
        picture and the standings."""
        game = RULES.state_of(table.game)
        return live_lines(table, result, locale), await turn_files(game, seat_names(table), locale)

    turn_buttons = staticmethod(turn.turn_buttons)

    async def hint_text(self, table: Table, seat: Seat, action: Any, locale: object) -> str:
        """The suggested step, with the dice it is about."""
        game = RULES.state_of(table.game)
        dice = dice_text(game.dice, game.kept, locale) if game.dice else ""
        return t("dice.hint", locale, action=action_text(action, locale), dice=dice)



FACE = Face(KIND, DiceFace(), DiceCommands, rules_embed=rules_embed, clicks=turn.CLICKS)
"""The Dice Game has no secrets (sheets and dice are public): nothing goes by DM."""
