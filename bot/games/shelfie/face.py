"""My Shelfie's face: what the generic commands, lobby and outbox ask of it (bot.games.registry.GameFace), and its
manifest."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands
from engine.shelfie import COMMON_GOALS, RULES
from engine.shelfie.ai import explain_move

from bot.games.shelfie import builder, turn
from bot.games.shelfie.kind import KIND
from bot.games.shelfie.commands import AUTOCOMPLETE_LIMIT, TEXT_OPTION, ShelfieCommands
from bot.games.shelfie.pictures import common_goal_picture, goal_picture, scores_picture, turn_pictures
from bot.games.shelfie.rules import rules_embed
from bot.games.shelfie.words import (
    final_lines,
    hint_text,
    options_text,
    public_scores_line,
    result_lines,
    your_turn_line,
)
from bot.games.registry import Face, RulesTopic, Secrets
from bot.i18n import t
from bot.presenters.matching import ranked
from bot.presenters.user_text import quoted
from bot.presenters.words import seat_names
from bot.replies import defer_privately, reply_private
from bot.service import TableStatus
from bot.service.models import PlayResult, Seat, Table


class ShelfieFace:
    options_text = staticmethod(options_text)
    result_lines = staticmethod(result_lines)

    async def turn_message(self, table: Table, result: PlayResult | None,
                           locale: object) -> tuple[list[str], list[discord.File]]:
        """Scores and whose turn with the board and shelves; at the end, the standings, the score sheet and every
        goal card. The board shown again says only whose turn it is, beside the board and shelves."""
        game = RULES.state_of(table.game)
        names = seat_names(table)
        if result is None:
            last = game.last_report.move if game.last_report else None
            return [line for line in [your_turn_line(table, locale)] if line], \
                await turn_pictures(game, names, locale, last)
        last_move = next((turn.move for turn in reversed(result.turns) if turn.move is not None), None)
        if table.status == TableStatus.ACTIVE:
            lines = [public_scores_line(table, locale), your_turn_line(table, locale) or ""]
            return lines, await turn_pictures(game, names, locale, last_move)
        lines = final_lines(table, result.standings, locale)
        files = await turn_pictures(game, names, locale, last_move) + list(await asyncio.gather(
            scores_picture(game, names, locale),
            *(goal_picture(game, seat.index, locale) for seat in table.seats),
        ))
        return lines, files

    turn_buttons = staticmethod(turn.turn_buttons)

    async def hint_text(self, table: Table, seat: Seat, action: Any, locale: object) -> str:
        """The suggested move and why the computer likes it."""
        why = await asyncio.to_thread(explain_move, RULES.state_of(table.game), action)
        return hint_text(action, why, locale)



def _goal_named(goal: str, locale: object) -> str | None:
    """A common goal by id or by its name in the reader's language."""
    if goal in COMMON_GOALS:
        return goal
    return next((g for g in COMMON_GOALS if t(f"goal.{g}", locale).lower() == goal.strip().lower()), None)


async def _explain_goal(interaction: discord.Interaction, goal: str) -> None:
    """One common goal explained, with its card."""
    locale = interaction.locale
    goal_id = _goal_named(goal, locale)
    if goal_id is None:
        await reply_private(interaction, t("rules.unknown_goal", locale, goal=quoted(goal)))
        return
    await defer_privately(interaction)
    text = t("rules.goal", locale, title=t(f"goal.{goal_id}", locale), number=COMMON_GOALS[goal_id].number,
             text=t(f"goal.{goal_id}.text", locale))
    await interaction.followup.send(text, file=await common_goal_picture(goal_id, locale), ephemeral=True)


async def _goals_typed(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return ranked(current, [app_commands.Choice(name=t(f"goal.{goal_id}", interaction.locale), value=goal_id)
                            for goal_id in COMMON_GOALS], AUTOCOMPLETE_LIMIT)


FACE = Face(
    KIND, ShelfieFace(), ShelfieCommands, rules_embed=rules_embed,
    clicks=(*turn.CLICKS, *builder.CLICKS),
    rules_topic=RulesTopic("goal", _explain_goal, suggest=_goals_typed, length=TEXT_OPTION),
    secrets=Secrets(turn.goal_dm_text, turn.goal_card, refresh="refresh", gone="goal.game_not_active",
                    button="button.my_goal", command="goal"),
    demo="bot.games.shelfie.demo",
)
