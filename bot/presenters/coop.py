"""Results kept per setup in the reader's language: a co-operative game's, and a solo game's (one seat against the
game's own opponent); a player's stats and the server's best results.

The table wins or loses together, or one person plays the game itself, so there is no rating: how well it did is
the game's own measure (its description's `measure`, such as cards left or points), compared only among games of
the same player count and setup (the setup in words comes from the game's face).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import discord
from discord.utils import escape_markdown

from engine.protocol import CoopMeasure
from engine.registry import rules_of

from bot.games.registry import coop_face_of
from bot.i18n import language_of, t
from bot.presenters.embeds import stats_embed
from bot.presenters.user_text import ELLIPSIS, capped_lines, clipped
from bot.service.models import CoopBest, CoopRecord, PlayerStats

FIELD_NAME_LIMIT = 256
"""Discord's limit for an embed field's name."""
FIELD_LIMIT = 1024
"""Discord's limit for an embed field's value."""
EMBED_BUDGET = 3000
"""Characters the best results may take of the 6,000 that every embed of one message shares (`/games leaderboard`
shows every game's board in one message)."""
SOLO_BUDGET = 1000
"""The same for a game's best solo results, shown beside its rated board (a solo game has few setups)."""


def _measure(kind: str) -> CoopMeasure:
    measure = rules_of(kind).description.measure
    assert measure is not None, "only a co-operative or solo game keeps results by a measure"
    return measure


def setup_line(kind: str, players: int, setup: Mapping[str, Any], locale: object) -> str:
    """"4 players · …the setup in the game's words", within an embed field's name."""
    words = coop_face_of(kind).setup_text(setup, locale)
    text = t("coop.players", locale, count=players)
    return clipped(f"{text} · {words}" if words else text, FIELD_NAME_LIMIT)


def _result_text(result: int, won: bool, locale: object) -> str:
    return t("coop.result_won" if won else "coop.result", locale, result=result)


def _team_text(best: CoopBest, locale: object) -> str:
    """The people by name, then how many computers played with them."""
    names = [escape_markdown(seat.name) for seat in best.team if seat.user_id is not None]
    computers = len(best.team) - len(names)
    if computers:
        names.append(t("coop.computers", locale, count=computers))
    return ", ".join(names)


def _better_text(measure: CoopMeasure, locale: object) -> str:
    key = "coop.fewer_better" if measure.fewer_is_better else "coop.more_better"
    return t(key, locale, measure=measure.name(language_of(locale)))


def _fitted(lines: list[str], locale: object) -> str:
    """As many lines as fit in one embed field, then how many more there are."""
    return "\n".join(capped_lines(lines, t("list.more", locale), FIELD_LIMIT))


def coop_stats_embed(stats: PlayerStats, records: Sequence[CoopRecord], name: str, locale: object) -> discord.Embed:
    """Games and shared wins, the average and best by the game's measure, and the best of each setup played."""
    measure = _measure(stats.kind)
    embed = discord.Embed(title=t("stats.title", locale, name=escape_markdown(name)),
                          description=_better_text(measure, locale))
    embed.add_field(name=t("stats.games", locale), value=str(stats.games))
    embed.add_field(name=t("stats.wins", locale), value=f"{stats.wins} ({round(100 * stats.win_rate)}%)")
    played = sum(record.games for record in records)
    if played:
        best = records[0]
        average = sum(record.total for record in records) / played
        embed.add_field(name=measure.name(language_of(locale)),
                        value=t("coop.average_best", locale, average=f"{average:.1f}",
                                best=_result_text(best.best, best.won, locale)))
        lines = [t("coop.record_line", locale, setup=setup_line(stats.kind, r.players, r.setup, locale),
                   result=_result_text(r.best, r.won, locale), count=r.games) for r in records]
        embed.add_field(name=t("coop.bests", locale), value=_fitted(lines, locale), inline=False)
    embed.set_footer(text=t("coop.no_rating", locale))
    return embed


def coop_leaderboard_embed(kind: str, bests: Sequence[CoopBest], locale: object) -> discord.Embed:
    """The server's best result of each player count and setup, with the team that reached it first."""
    embed = discord.Embed(title=t("coop.best_title", locale), description=_better_text(_measure(kind), locale))
    embed.set_footer(text=t("coop.no_rating", locale))
    return _with_bests(embed, bests, lambda best: setup_line(kind, best.players, best.setup, locale), locale,
                       EMBED_BUDGET)


def solo_leaderboard_embed(kind: str, bests: Sequence[CoopBest], locale: object) -> discord.Embed:
    """The server's best solo result of each setup (a game with a solo mode), with who reached it first."""
    embed = discord.Embed(title=t("solo.best_title", locale), description=_better_text(_measure(kind), locale))
    embed.set_footer(text=t("solo.not_rated", locale))
    return _with_bests(embed, sorted(bests, key=_setup_order), lambda best: _solo_setup(kind, best.setup, locale),
                       locale, SOLO_BUDGET)


def _with_bests(embed: discord.Embed, bests: Sequence[CoopBest], heading: Callable[[CoopBest], str],
                locale: object, budget: int) -> discord.Embed:
    """One field per best result, headed by its setup, as many as `budget` characters hold."""
    for shown, best in enumerate(bests):
        name = heading(best)
        value = clipped(t("coop.best_line", locale, result=_result_text(best.result, best.won, locale),
                          team=_team_text(best, locale), date=f"<t:{int(best.at)}:d>", count=best.games), FIELD_LIMIT)
        more = t("list.more", locale, count=len(bests) - shown)
        if len(embed) + len(name) + len(value) + len(ELLIPSIS + more) > budget:
            embed.add_field(name=ELLIPSIS, value=more, inline=False)
            break
        embed.add_field(name=name, value=value, inline=False)
    return embed


def _setup_order(record: CoopBest | CoopRecord) -> str:
    """Solo results in the order of their setups (Penelope's level 1 to 5), not of their results."""
    return json.dumps(record.setup, sort_keys=True)


def _solo_setup(kind: str, setup: Mapping[str, Any], locale: object) -> str:
    return clipped(coop_face_of(kind).setup_text(setup, locale), FIELD_NAME_LIMIT)


def solo_stats_embed(stats: PlayerStats | None, records: Sequence[CoopRecord], kind: str, name: str,
                     locale: object) -> discord.Embed:
    """A player's figures against others (rated, when they played any: `stats`), then their solo games per setup:
    wins of games played and the best result; solo games are not rated nor counted in the figures against others."""
    if stats is not None and stats.games:
        embed = stats_embed(stats, name, locale)
        footer = f"{t('rating.explained', locale)} {t('solo.not_rated', locale)}"
    else:
        embed = discord.Embed(title=t("stats.title", locale, name=escape_markdown(name)))
        footer = t("solo.not_rated", locale)
    if records:
        lines = [t("solo.record_line", locale, setup=_solo_setup(kind, r.setup, locale), wins=r.wins, count=r.games,
                   best=_result_text(r.best, False, locale))
                 for r in sorted(records, key=_setup_order)]
        embed.add_field(name=t("solo.title", locale), value=_fitted(lines, locale), inline=False)
    embed.set_footer(text=footer)
    return embed
