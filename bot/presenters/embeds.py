"""Information embeds in the reader's language: a player's stats and the leaderboard of one game.

Ratings are always shown through `shown_rating`, the same number the leaderboard sorts by.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord.utils import escape_markdown

from bot.i18n import t
from bot.service.models import PlayerStats
from bot.service.rating import shown_rating

NO_RATING = "—"


def rating_text(stats: PlayerStats) -> str:
    if stats.mu is None or stats.sigma is None:
        return NO_RATING
    return f"{shown_rating(stats.mu, stats.sigma):.1f}"


def stats_embed(stats: PlayerStats, name: str, locale: object) -> discord.Embed:
    embed = discord.Embed(title=t("stats.title", locale, name=escape_markdown(name)))
    embed.add_field(name=t("stats.rating", locale), value=rating_text(stats))
    embed.add_field(name=t("stats.games", locale), value=str(stats.games))
    embed.add_field(name=t("stats.wins", locale), value=f"{stats.wins} ({round(100 * stats.win_rate)}%)")
    embed.add_field(name=t("stats.average", locale), value=f"{stats.average:.1f}")
    embed.add_field(name=t("stats.best", locale), value=str(stats.best))
    embed.set_footer(text=t("rating.explained", locale))
    return embed


def leaderboard_embed(rows: Sequence[PlayerStats], locale: object) -> discord.Embed:
    """Three aligned columns (player, rating, record), best first, in the order given."""
    embed = discord.Embed(title=t("leaderboard.title", locale))
    embed.add_field(name=t("leaderboard.player", locale),
                    value="\n".join(f"{rank}. {escape_markdown(row.name)}" for rank, row in enumerate(rows, start=1)))
    embed.add_field(name=t("stats.rating", locale), value="\n".join(rating_text(row) for row in rows))
    embed.add_field(name=t("leaderboard.record", locale),
                    value="\n".join(f"{row.wins} / {row.games} · {row.average:.1f}" for row in rows))
    embed.set_footer(text=t("rating.explained", locale))
    return embed
