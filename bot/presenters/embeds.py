"""Information embeds in the reader's language: the rules overview, a player's stats and the leaderboard.

Ratings are always shown through `shown_rating`, the same number the leaderboard sorts by.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord.utils import escape_markdown
from engine.shelfie import COMMON_GOALS

from bot.i18n import t
from bot.service.models import PlayerStats
from bot.service.rating import shown_rating

NO_RATING = "—"


def rating_text(stats: PlayerStats) -> str:
    if stats.mu is None or stats.sigma is None:
        return NO_RATING
    return f"{shown_rating(stats.mu, stats.sigma):.1f}"


def rules_embed(locale: object) -> discord.Embed:
    embed = discord.Embed(title=t("rules.title", locale), description=t("rules.text", locale))
    embed.add_field(name=t("rules.points_title", locale), value=t("rules.points", locale), inline=False)
    titles = " · ".join(t(f"goal.{goal_id}", locale) for goal_id in COMMON_GOALS)
    embed.add_field(name=t("rules.goals_title", locale), value=f"{titles}\n{t('rules.goals_hint', locale)}",
                    inline=False)
    return embed


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
