"""A Place for All My Books' face: what the generic commands, lobby and outbox ask of it
(bot.games.registry.GameFace), and its manifest."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from engine.books import RULES
from engine.protocol import OptionValue

from bot.games.books import builder, turn
from bot.games.books.commands import BooksCommands
from bot.games.books.kind import KIND
from bot.games.books.pictures import apartments_file, turn_files
from bot.games.books.rules import explain_card, rules_embed, suggest_cards
from bot.games.books.words import final_lines, hint_text, options_text, result_lines, table_lines, turn_prompt
from bot.games.registry import Face, RulesTopic, Secrets
from bot.i18n import t
from bot.presenters.words import seat_names
from bot.service import TableStatus
from bot.service.models import PlayResult, Seat, Table

CARD_OPTION = 40
"""Longest card typed in `/books rules card:` ("Rival C", "LP07", a card's name)."""


def turn_began(result: PlayResult | None) -> bool:
    """Whether this step began someone's turn (the start, or a turn ended in it): the one step a turn that pings."""
    if result is None:
        return False
    return not result.turns or result.turns[-1].report.turn_over


def live_lines(table: Table, result: PlayResult | None, locale: object) -> list[str]:
    """What the live message says beside its picture: every seat's public state, the Sun, Penelope, then who is
    asked for what; the result and the scores at the end."""
    if table.status != TableStatus.ACTIVE:
        return final_lines(table, locale)
    prompt = turn_prompt(table, locale, ping=turn_began(result))
    return [*table_lines(RULES.state_of(table.game), table.seats, locale), *([prompt] if prompt else [])]


class BooksFace:
    options_text = staticmethod(options_text)
    result_lines = staticmethod(result_lines)

    async def turn_message(self, table: Table, result: PlayResult | None,
                           locale: object) -> tuple[list[str], list[discord.File]]:
        """The apartment of the seat to act and the Village; shown again (`/books board`), every apartment too;
        at the end, the score sheet."""
        game = RULES.state_of(table.game)
        names = seat_names(table)
        files = await turn_files(game, names, locale)
        if result is None and not game.is_over:
            files.append(await apartments_file(game, names, locale))
        return live_lines(table, result, locale), files

    turn_buttons = staticmethod(turn.turn_buttons)

    async def hint_text(self, table: Table, seat: Seat, action: Any, locale: object) -> str:
        return hint_text(action, locale)

    def setup_text(self, setup: Mapping[str, OptionValue], locale: object) -> str:
        """A solo result's setup: Penelope's level (results are kept per level)."""
        return t("books.setup.solo", locale, level=setup.get("level", "?"))


FACE = Face(
    KIND, BooksFace(), BooksCommands, rules_embed=rules_embed,
    clicks=(*turn.CLICKS, *builder.CLICKS),
    rules_topic=RulesTopic("card", explain_card, suggest=suggest_cards, length=CARD_OPTION),
    secrets=Secrets(turn.projects_dm_text, turn.projects_picture, refresh="projectsdm", gone="books.dm_over",
                    button="books.button.projects", command="projects"),
)
