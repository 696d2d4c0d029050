"""The `/dice` commands: lobby, the typed path (with autocomplete offering only legal choices), board, rules,
hint, resign.

Typing and clicking ask the service for the same actions and the outbox posts the same messages, so a turn
can be played by either, or both in turn.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands
from engine.dice import DiceError, DiceGame, Roll, item_label, parse_action
from engine.dice.data import ITEM_TYPES

from bot.games.dice import KIND
from bot.games.dice.face import DiceFace, live_lines
from bot.games.dice.picks import KEEP_LIMIT, crossable_rows, keep_choices, offered_sets
from bot.games.dice.pictures import turn_files
from bot.games.dice.rules import rules_embed
from bot.games.dice.turn import turn_view
from bot.games.dice.words import action_text, dice_refusal, dice_text, row_text, set_choice_text
from bot.games.registry import install_face
from bot.i18n import t
from bot.presenters.words import seat_names
from bot.quick_answers import Deferral, in_time
from bot.replies import defer_privately, reply_private
from bot.service.errors import ServiceError
from bot.context import channel_locale, service_of
from bot.game_commands import (
    TIME_OPTION,
    LobbyVerbs,
    open_lobby_here,
    option_descriptions,
    resign_here,
    started_table_here,
    table_here,
)
from bot.outbox import adopt_turn_message, announce
from bot.clicks.seats import seat_for_click

GROUP_NAME = "dice"
TYPED_OPTION = 60
"""Longest dice list or item list typed: "plants:3 trophies:2 cats:1" and its Italian fit with room."""


async def _live_game(interaction: discord.Interaction) -> DiceGame | None:
    """This channel's running dice game, for autocomplete (which may not answer with a message)."""
    table = await service_of(interaction.client).table_in_channel(interaction.channel_id or 0)
    if table is None or table.kind != KIND or table.status != "active" or not isinstance(table.game, DiceGame):
        return None
    return table.game


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class DiceCog(LobbyVerbs, commands.GroupCog, group_name=GROUP_NAME,
              group_description="Play My Shelfie: The Dice Game with the people in this channel"):
    kind = KIND

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # ---- lobby ------------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a My Shelfie: The Dice Game lobby in this channel")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "new", "players", "dice", "row_lock", "turn_timeout",
                                                 "thread", "hints"))
    async def new(self, interaction: discord.Interaction, players: app_commands.Range[int, 2, 4] = 4,
                  dice: app_commands.Range[int, 5, 6] = 5, row_lock: bool = False,
                  turn_timeout: app_commands.Range[str, 1, TIME_OPTION] | None = None,
                  thread: bool = False, hints: bool = False) -> None:
        await open_lobby_here(interaction, KIND, players=players, turn_timeout=turn_timeout, thread=thread,
                              hints=hints, game={"dice": dice, "row_lock": row_lock})

    # ---- playing by typing ------------------------------------------------------------------------

    async def _typed(self, interaction: discord.Interaction, text: str) -> None:
        """Read the typed action (English or Italian words), play it, tell the player privately what was done."""
        table = await table_here(interaction, KIND)
        if table is None:
            return
        locale = interaction.locale
        try:
            action = parse_action(text)
            # Typed before the current step began (a burst, or dice the player never saw): out of date.
            sent_at = discord.utils.snowflake_time(interaction.id).timestamp()
            result = await in_time(interaction, service_of(self.bot).play(
                table.game_id, interaction.user.id, action, sent_at=sent_at, seen_turn=table.turn), Deferral.PRIVATE)
        except (ServiceError, DiceError) as refusal:
            await reply_private(interaction, dice_refusal(refusal, locale))
            return
        await reply_private(interaction, t("dice.reply.done", locale, action=action_text(action, locale)))
        await announce(interaction, result)

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
        locale, typed = interaction.locale, current.strip().casefold()
        choices = []
        for number, items in enumerate(offered_sets(game), start=1):
            name = set_choice_text(number, items, locale)
            value = " ".join(item_label(item) for item in items)
            if typed in name.casefold() or typed in value:
                choices.append(app_commands.Choice(name=name, value=value))
        return choices[:KEEP_LIMIT]

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
        typed = current.strip().casefold()
        choices = [app_commands.Choice(name=row_text(row, interaction.locale), value=ITEM_TYPES[row])
                   for row in crossable_rows(game)]
        return [choice for choice in choices if typed in choice.name.casefold() or typed in choice.value]

    # ---- information ------------------------------------------------------------------------------

    @app_commands.command(name="board", description="Show the dice and every sheet again")
    async def board(self, interaction: discord.Interaction) -> None:
        """The live turn message again at the bottom of the channel (it takes over the buttons)."""
        table = await started_table_here(interaction, KIND)
        if table is None or not isinstance(table.game, DiceGame):
            return
        await interaction.response.defer(thinking=True)
        locale = channel_locale(self.bot, table)
        files = await turn_files(table.game, seat_names(table), locale)
        view = turn_view(table, locale)
        content = "\n".join(live_lines(table, None, locale)) or t("error.game_over", locale)
        shown = await interaction.followup.send(content, files=files,
                                                allowed_mentions=discord.AllowedMentions.none(),
                                                wait=True, **({"view": view} if view else {}))
        if table.status == "active":
            await adopt_turn_message(self.bot, table, shown)

    @app_commands.command(name="rules", description="How the Dice Game is played and scored")
    async def rules(self, interaction: discord.Interaction) -> None:
        await reply_private(interaction, "", embed=rules_embed(interaction.locale))

    @app_commands.command(name="hint", description="The computer's suggestion for your step (if the lobby allowed hints)")
    async def hint(self, interaction: discord.Interaction) -> None:
        table = await table_here(interaction, KIND)
        if table is None:
            return
        locale = interaction.locale
        if not table.options.hints:
            await reply_private(interaction, t("dice.no_hints", locale))
            return
        found = await seat_for_click(interaction, table.game_id, must_move=True)
        if found is None or not isinstance(table.game, DiceGame):
            return
        await defer_privately(interaction)
        try:
            action = await service_of(self.bot).hint(table.game_id, interaction.user.id)
        except ServiceError as refusal:
            await interaction.followup.send(dice_refusal(refusal, locale), ephemeral=True)
            return
        dice = dice_text(table.game.dice, table.game.kept, locale) if table.game.dice else ""
        await interaction.followup.send(t("dice.hint", locale, action=action_text(action, locale), dice=dice),
                                        ephemeral=True)

    @app_commands.command(name="resign", description="Leave the game you are playing here for good")
    async def resign(self, interaction: discord.Interaction) -> None:
        await resign_here(interaction, KIND)


async def setup(bot: commands.Bot) -> None:
    install_face(KIND, DiceFace())
    await bot.add_cog(DiceCog(bot))
