"""The game's rules as embeds, in the reader's language: the game in short (saying that its cards and apartment
layout are this bot's own), or one card (`/books rules card:`), with suggestions as the card is typed."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.games.books.cards import every_card, find_cards
from bot.i18n import t
from bot.presenters.user_text import quoted
from bot.replies import reply_private

CHOICE_LIMIT = 25
"""Autocomplete choices Discord shows."""
SECTIONS = ("turn", "home", "village", "score", "solo", "cards")
"""The embed's fields, each a part of the rules."""


def rules_embed(locale: object) -> discord.Embed:
    embed = discord.Embed(title=t("books.rules.title", locale), description=t("books.rules.text", locale))
    for section in SECTIONS:
        embed.add_field(name=t(f"books.rules.{section}_title", locale), value=t(f"books.rules.{section}", locale),
                        inline=False)
    return embed


async def explain_card(interaction: discord.Interaction, typed: str) -> None:
    """One card in words, privately; a name matching several cards lists them, one matching none says what
    cards there are."""
    locale = interaction.locale
    found = find_cards(typed)
    if not found:
        await reply_private(interaction, t("books.card.unknown", locale, typed=quoted(typed)))
        return
    embeds = [discord.Embed(title=card.title(locale), description=card.text(locale))
              .set_footer(text=f"{t(f'books.kind.{card.kind}', locale)} · {t('books.card.own', locale)}")
              for card in found[:10]]
    await reply_private(interaction, "", embeds=embeds)


async def suggest_cards(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Cards whose id or name holds what is typed (every card's id and name before anything is typed)."""
    locale = interaction.locale
    cards = find_cards(current) if current.strip() else list(every_card())
    return [app_commands.Choice(name=f"{card.title(locale)}"[:100], value=card.value)
            for card in cards][:CHOICE_LIMIT]
