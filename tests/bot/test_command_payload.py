"""The command payload `shelfie-bot sync` publishes: every command and option described in English and Italian.

discord.py publishes "…" for an option without a description, and Discord's command picker shows it to every
user; the Italian picker falls back to English for anything without a localization.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import ShelfieTranslator

if TYPE_CHECKING:
    from conftest import Table

PLACEHOLDER = "…"


def _described(payload: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every command, subcommand, option and choice carrying a description or a name, with a readable path."""
    here = f"{path} {payload['name']}".strip()
    yield here, payload
    for option in payload.get("options", []):
        yield from _described(option, here)


async def test_every_command_and_option_has_an_english_and_an_italian_description(table: Table) -> None:
    tree = table.bot.tree
    translator = ShelfieTranslator()
    problems = []
    for command in tree.get_commands():
        english = command.to_dict(tree)
        italian = await command.get_translated_payload(tree, translator)
        for (path, entry), (_, localized) in zip(_described(english), _described(italian), strict=True):
            description = entry.get("description")
            if not description or description == PLACEHOLDER:
                problems.append(f"/{path}: no English description")
            if not (localized.get("description_localizations") or {}).get(discord.Locale.italian.value):
                problems.append(f"/{path}: no Italian description")
            if not (localized.get("name_localizations") or {}).get(discord.Locale.italian.value):
                problems.append(f"/{path}: no Italian name")
            for choice in localized.get("choices", []):
                if not (choice.get("name_localizations") or {}).get(discord.Locale.italian.value):
                    problems.append(f"/{path} choice {choice['name']}: no Italian name")
    assert problems == []
