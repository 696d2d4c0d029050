"""My Shelfie's face as the generic lobby and outbox see it (bot.games.registry.GameFace)."""

from __future__ import annotations

import asyncio

import discord

from bot.games.shelfie.pictures import goal_picture, scores_picture, turn_pictures
from bot.games.shelfie.turn import send_goal_dms, turn_view
from bot.games.shelfie.words import final_lines, options_text, public_scores_line, result_lines, your_turn_line
from bot.presenters.words import seat_names
from bot.service.models import GameOptions, PlayResult, Seat, Table


class ShelfieFace:
    def options_text(self, options: GameOptions, locale: object) -> str:
        return options_text(options, locale)

    async def send_secrets(self, client: discord.Client, table: Table) -> list[Seat]:
        """Each person's personal goal card."""
        return await send_goal_dms(client, table)

    def result_lines(self, result: PlayResult, locale: object) -> list[str]:
        return result_lines(result, locale)

    async def turn_message(self, table: Table, result: PlayResult,
                           locale: object) -> tuple[list[str], list[discord.File], discord.ui.View | None]:
        """Scores and whose turn with the board and shelves; at the end, the standings, the score sheet and every
        goal card."""
        game = table.game
        assert game is not None
        names = seat_names(table)
        last_move = next((turn.move for turn in reversed(result.turns) if turn.move is not None), None)
        if table.status == "active":
            lines = [public_scores_line(table, locale), your_turn_line(table, locale) or ""]
            files = await turn_pictures(game, names, locale, last_move)
        else:
            lines = final_lines(table, result.standings, locale)
            files = await turn_pictures(game, names, locale, last_move) + list(await asyncio.gather(
                scores_picture(game, names, locale),
                *(goal_picture(game, seat.index, locale) for seat in table.seats),
            ))
        return lines, files, turn_view(table, locale)
