"""The Dice Game's pictures as discord.File attachments, drawn in the picture workers through the generic path
(bot.presenters.pictures)."""

from __future__ import annotations

from dataclasses import replace

import discord
from engine.dice import DiceGame

import render.dice as render
from bot.games.dice.picks import offered_sets
from bot.i18n import language_of
from bot.presenters.pictures import drawn_set


async def turn_files(game: DiceGame, names: list[str], locale: object,
                     kept: tuple[int, ...] | None = None) -> list[discord.File]:
    """The one picture of a turn message: dice, the numbered item sets the select offers, every sheet; the
    final picture once the game is over. `kept`: the dice the player has tapped to keep so far (the buttons' green
    ones), marked kept in the picture in place of the last re-roll's."""
    sets = offered_sets(game) if game.phase == "choose" and not game.is_over else None
    name = "final.png" if game.is_over else "dice.png"
    shown = game if kept is None else replace(game.view(game.current_seat), kept=kept)
    return await drawn_set((name,), render.turn_pictures, shown, names, language_of(locale), game.last_report, sets)
