"""Librarians' face: what the generic commands, lobby and outbox ask of it (bot.games.registry.GameFace), and its
manifest."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from engine.librarians import RULES
from engine.librarians.data import COLOURS, GENRES
from engine.protocol import OptionValue

from bot.games.librarians import builder, turn
from bot.games.librarians.kind import KIND
from bot.games.librarians.commands import LibrariansCommands
from bot.games.librarians.pictures import turn_files
from bot.games.librarians.rules import genre_embed, rules_embed
from bot.games.librarians.words import (
    action_text,
    final_lines,
    genre_text,
    options_text,
    result_lines,
    table_lines,
    turn_prompt,
)
from bot.games.registry import Face, RulesTopic, Secrets
from bot.i18n import t
from bot.presenters.words import seat_names
from bot.replies import reply_private
from bot.service import TableStatus
from bot.service.models import PlayResult, Seat, Table


def turn_began(result: PlayResult | None) -> bool:
    """Whether this step began someone's turn (the start, or a turn ended in it): the one step a turn that pings."""
    if result is None:
        return False
    return not result.turns or result.turns[-1].report.turn_over


def live_lines(table: Table, result: PlayResult | None, locale: object) -> list[str]:
    """What the live message says beside its picture: hand sizes, deck, powers held, cards shown to the table,
    then what the seat to act does next; the co-op result at the end."""
    if table.status != TableStatus.ACTIVE:
        return final_lines(table, locale)
    prompt = turn_prompt(table, locale, ping=turn_began(result))
    return [*table_lines(table, locale), *([prompt] if prompt else [])]


class LibrariansFace:
    options_text = staticmethod(options_text)
    result_lines = staticmethod(result_lines)

    async def turn_message(self, table: Table, result: PlayResult | None,
                           locale: object) -> tuple[list[str], list[discord.File]]:
        """The library with every spot numbered and the table's public state; at the end, the final picture and
        the co-op result."""
        game = RULES.state_of(table.game)
        return live_lines(table, result, locale), await turn_files(game, seat_names(table), locale)

    turn_buttons = staticmethod(turn.turn_buttons)

    async def hint_text(self, table: Table, seat: Seat, action: Any, locale: object) -> str:
        text = action_text(RULES.state_of(table.game), table.seats, action, locale, seat=seat.index)
        return t("librarians.hint", locale, action=text)


    def setup_text(self, setup: Mapping[str, OptionValue], locale: object) -> str:
        """The genres a co-op result was played with, in colour order, for the leaderboard."""
        return ", ".join(genre_text(str(setup[colour]), locale) for colour in COLOURS if colour in setup)


def _genres() -> list[app_commands.Choice[str]]:
    """Every genre, for `/librarians rules genre:` (names translated by value)."""
    return [app_commands.Choice(name=t(f"librarians.genre.{genre}"), value=genre)
            for colour in COLOURS for genre in GENRES[colour]]


async def _explain_genre(interaction: discord.Interaction, genre: str) -> None:
    await reply_private(interaction, "", embed=genre_embed(genre, interaction.locale))


FACE = Face(
    KIND, LibrariansFace(), LibrariansCommands, rules_embed=rules_embed,
    clicks=(*turn.CLICKS, *builder.CLICKS),
    rules_topic=RulesTopic("genre", _explain_genre, choices=_genres),
    secrets=Secrets(turn.hand_dm_text, turn.hand_picture, refresh="handdm", gone="librarians.dm_over",
                    button="librarians.button.hand", command="hand"),
)
