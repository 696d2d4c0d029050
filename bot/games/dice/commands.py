"""The Dice Game's own commands: the typed path (`roll`, `keep`, `circle`, `cross`, with autocomplete offering only
legal choices). The platform adds the rest of `/dice` (bot.game_group).

Typing and clicking ask the service for the same actions and the outbox posts the same messages, so a turn
can be played by either, or both in turn.
"""

from __future__ import annotations

import discord
from discord import app_commands
from engine.dice import DiceGame, Roll, item_label, parse_action
from engine.dice.data import ITEM_TYPES

from bot.games.dice.kind import KIND
from bot.games.dice.picks import KEEP_LIMIT, crossable_rows, keep_choices, offered_sets
from bot.games.dice.words import action_text, dice_text, row_text, set_choice_text
from bot.i18n import t
from bot.presenters.matching import ranked
from bot.game_commands import live_table, option_descriptions, play_typed, table_here
from bot.game_group import GameCommands

GROUP_NAME = "dice"
TYPED_OPTION = 60
"""Longest dice list or item list typed: "plants:3 trophies:2 cats:1" and its Italian fit with room."""


async def _live_game(interaction: discord.Interaction) -> DiceGame | None:
    """This channel's running dice game, for autocomplete (which may not answer with a message)."""
    table = await live_table(interaction, KIND)
    return table.game if table is not None and isinstance(table.game, DiceGame) else None


class DiceCommands(GameCommands):
    # ---- playing by typing ------------------------------------------------------------------------

    async def _typed(self, interaction: discord.Interaction, text: str) -> None:
        """Read the typed action (English or Italian words), play it, tell the player privately what was done."""
        table = await table_here(interaction, KIND)
        if table is not None:
            await play_typed(interaction, table, lambda: parse_action(text), lambda action: t(
                "dice.reply.done", interaction.locale, action=action_text(action, interaction.locale)))

    @app_commands.command(name="roll", description="Roll every die: the first roll of your turn")
    async def roll(self, interaction: discord.Interaction) -> None:
        await self._typed(interaction, str(Roll()))

    @app_commands.command(name="keep", description="Keep some dice and re-roll the others")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "keep", "dice"))
    async def keep(self, interaction: discord.Interaction, dice: app_commands.Range[str, 1, TYPED_OPTION]) -> None:
        await self._typed(interaction, f"keep {dice}")

    @keep.autocomplete("dice")
    async def keep_dice(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Dice worth keeping with the dice on the table (never all of them), numbered as the buttons are."""
        game = await _live_game(interaction)
        if game is None:
            return []
        locale, typed = interaction.locale, " ".join(current.replace(",", " ").split())
        choices = []
        for keep in keep_choices(game):
            value = " ".join(str(i + 1) for i in keep) or "none"
            shown = dice_text([game.dice[i] for i in keep], (), locale) if keep else t("dice.keep_none", locale)
            name = t("dice.keep_choice", locale, dice=value, faces=shown) if keep else shown
            if value.startswith(typed):
                choices.append(app_commands.Choice(name=name[:100], value=value))
        return choices[:KEEP_LIMIT]

    @app_commands.command(name="circle", description="Circle 1-3 items with your dice")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "circle", "items"))
    async def circle(self, interaction: discord.Interaction,
                     items: app_commands.Range[str, 1, TYPED_OPTION]) -> None:
        await self._typed(interaction, f"circle {items}")

    @circle.autocomplete("items")
    async def circle_items(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The item sets these dice can circle, numbered and ordered as in the turn picture."""
        game = await _live_game(interaction)
        if game is None:
            return []
        choices = [app_commands.Choice(name=set_choice_text(number, items, game.gain(items), interaction.locale),
                                       value=" ".join(item_label(item) for item in items))
                   for number, items in enumerate(offered_sets(game), start=1)]
        return ranked(current, choices, KEEP_LIMIT)

    @app_commands.command(name="cross", description="Cross out a row (only when nothing can be circled)")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "cross", "row"))
    async def cross(self, interaction: discord.Interaction, row: app_commands.Range[str, 1, TYPED_OPTION]) -> None:
        await self._typed(interaction, f"cross {row}")

    @cross.autocomplete("row")
    async def cross_row(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Only the rows that may be crossed out now: none while something can be circled."""
        game = await _live_game(interaction)
        if game is None:
            return []
        choices = [app_commands.Choice(name=row_text(row, interaction.locale), value=ITEM_TYPES[row])
                   for row in crossable_rows(game)]
        return ranked(current, choices)
