"""Librarians' rules as embeds, in the reader's language: the game in short with every genre's power by colour,
or one genre's power."""

from __future__ import annotations

import discord
from engine.librarians.data import COLOURS, GENRES

from bot.games.librarians.words import COLOUR_EMOJI, genre_text, power_text
from bot.i18n import t


def rules_embed(locale: object) -> discord.Embed:
    embed = discord.Embed(title=t("librarians.rules.title", locale), description=t("librarians.rules.text", locale))
    embed.add_field(name=t("librarians.rules.turn_title", locale), value=t("librarians.rules.turn", locale),
                    inline=False)
    for colour in COLOURS:
        lines = [f"**{genre_text(genre, locale)}**: {power_text(genre, locale)}" for genre in GENRES[colour]]
        embed.add_field(name=f"{COLOUR_EMOJI[colour]} {t(f'librarians.colour_kind.{colour}', locale)}",
                        value="\n".join(lines)[:1024], inline=False)
    return embed


def genre_embed(genre: str, locale: object) -> discord.Embed:
    """One genre: its colour and what that colour's powers do, then its own power."""
    colour = next(c for c in COLOURS if genre in GENRES[c])
    return discord.Embed(title=f"{COLOUR_EMOJI[colour]} {genre_text(genre, locale)}",
                         description="\n".join([t(f"librarians.colour_kind.{colour}", locale),
                                                power_text(genre, locale)]))
