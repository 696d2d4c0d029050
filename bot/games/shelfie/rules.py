"""My Shelfie's rules overview as an embed, in the reader's language."""

from __future__ import annotations

import discord
from engine.shelfie import COMMON_GOALS

from bot.i18n import t


def rules_embed(locale: object) -> discord.Embed:
    embed = discord.Embed(title=t("rules.title", locale), description=t("rules.text", locale))
    embed.add_field(name=t("rules.points_title", locale), value=t("rules.points", locale), inline=False)
    titles = " · ".join(t(f"goal.{goal_id}", locale) for goal_id in COMMON_GOALS)
    embed.add_field(name=t("rules.goals_title", locale), value=f"{titles}\n{t('rules.goals_hint', locale)}",
                    inline=False)
    return embed
