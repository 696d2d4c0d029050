"""Librarians' face as the generic lobby and outbox see it (bot.games.registry.GameFace)."""

from __future__ import annotations

from collections.abc import Mapping

import discord
from engine.librarians.game import LibrariansGame
from engine.protocol import OptionValue

from bot.games.librarians.pictures import turn_files
from bot.games.librarians.turn import send_hand_dms, turn_view
from bot.games.librarians.words import final_lines, genre_text, options_text, result_lines, table_lines, turn_prompt
from bot.presenters.words import seat_names
from bot.service.models import GameOptions, PlayResult, Seat, Table
from engine.librarians.data import COLOURS


def turn_began(result: PlayResult | None) -> bool:
    """Whether this step began someone's turn (the start, or a turn ended in it): the one step a turn that pings."""
    if result is None:
        return False
    return not result.turns or result.turns[-1].report.turn_over


def live_lines(table: Table, result: PlayResult | None, locale: object) -> list[str]:
    """What the live message says beside its picture: hand sizes, deck, powers held, cards shown to the table,
    then what the seat to act does next; the co-op result at the end."""
    if table.status != "active":
        return final_lines(table, locale)
    prompt = turn_prompt(table, locale, ping=turn_began(result))
    return [*table_lines(table, locale), *([prompt] if prompt else [])]


class LibrariansFace:
    def options_text(self, options: GameOptions, locale: object) -> str:
        return options_text(options, locale)

    async def send_secrets(self, client: discord.Client, table: Table) -> list[Seat]:
        """Each person's hand by DM."""
        return await send_hand_dms(client, table)

    def result_lines(self, result: PlayResult, locale: object) -> list[str]:
        return result_lines(result, locale)

    async def turn_message(self, table: Table, result: PlayResult,
                           locale: object) -> tuple[list[str], list[discord.File], discord.ui.View | None]:
        """The library with every spot numbered and the table's public state, and the turn's buttons; at the
        end, the final picture, the co-op result and Rematch."""
        game = table.game
        assert isinstance(game, LibrariansGame)
        files = await turn_files(game, seat_names(table), locale)
        return live_lines(table, result, locale), files, turn_view(table, locale)

    def setup_text(self, setup: Mapping[str, OptionValue], locale: object) -> str:
        """The genres a co-op result was played with, in colour order, for the leaderboard."""
        return ", ".join(genre_text(str(setup[colour]), locale) for colour in COLOURS if colour in setup)
