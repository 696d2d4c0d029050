"""The Dice Game's rules as an embed, in the reader's language, with the house item values read from
data/dice.json (the printed score sheet is not public)."""

from __future__ import annotations

import discord
from engine.dice import ITEM_VALUES

from bot.i18n import t


def rules_embed(locale: object) -> discord.Embed:
    embed = discord.Embed(title=t("dice.rules.title", locale), description=t("dice.rules.text", locale))
    embed.add_field(name=t("dice.rules.turn_title", locale), value=t("dice.rules.turn", locale), inline=False)
    embed.add_field(name=t("dice.rules.scoring_title", locale), value=t("dice.rules.scoring", locale), inline=False)
    values = " · ".join(t("dice.column_value", locale, n=n + 1, value=value) for n, value in enumerate(ITEM_VALUES))
    embed.add_field(name=t("dice.rules.values_title", locale),
                    value=f"{values}\n{t('dice.rules.values_house', locale)}", inline=False)
    return embed
