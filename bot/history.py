"""`/games history [player] [game]`: a server's finished games, newest first, a page at a time, for the asker's eyes.

Like `/games list` and `/games stats`, it answers privately: looking back is one person's browsing, and a public list
would push the games being played up the channel. Each line is one game: when it ended (Discord's date, in the
reader's own time zone), the game, its number (what `/games replay` takes), its seats with their places and scores
(or the table's shared result), and a link to its end message. The pages turn with Newer and Older, whose custom ids
hold the page and the filters (`history:<page>:<player or 0>:<kind>`), so they work after a restart and need nothing
stored; a page past the last shows the last.
"""

from __future__ import annotations

import datetime
import math
from typing import Any

import discord
from discord import app_commands

from engine.numbers import read_number
from engine.registry import rules_of

from bot.context import service_of
from bot.error_reporting import reports_errors
from bot.games.registry import FACES
from bot.i18n import language_of, t
from bot.presenters.user_text import CHOICE_LIMIT, capped_lines, clipped
from bot.presenters.words import game_name, seat_label
from bot.replies import reply_private
from bot.service import EndReason
from bot.service.models import FinishedGame

PAGE_SIZE = 8
"""Games a page shows: eight lines of up to six seats stay inside an embed's description (4,096 characters)."""
DESCRIPTION_LIMIT = 4096
LINE_LIMIT = 480
"""The longest line of one game (six seats with names of Discord's longest fit)."""
PAGE_LIMIT = 99_999
"""The furthest page a custom id may name."""


def _link(game: FinishedGame) -> str | None:
    table = game.table
    if game.end_message_id is None:
        return None
    return f"https://discord.com/channels/{table.guild_id}/{table.place_id}/{game.end_message_id}"


def result_text(game: FinishedGame, locale: object) -> str:
    """The seats and how the game ended for them: places and scores, or the table's shared result."""
    table = game.table
    description = rules_of(table.kind).description
    if description.cooperative and description.measure is not None and table.game is not None:
        names = ", ".join(seat_label(st.seat, locale) for st in game.standings)
        outcome = table.game.outcome()
        if outcome is None:
            return f"{names} · {t('history.abandoned', locale)}"
        if outcome.shared:
            return f"{names} · 🤝 {t('history.won_together', locale)}"
        return f"{names} · " + t("history.lost_together", locale, measure=description.measure.name(
            language_of(locale)), result=outcome.result)
    seats = []
    for st in game.standings:
        place = "—" if st.resigned or st.replaced else f"{st.rank}."
        mark = "🏆 " if st.won else ""
        left = f" ({t('history.left', locale)})" if st.resigned or st.replaced else ""
        seats.append(f"{place} {mark}{seat_label(st.seat, locale)} {st.total}{left}")
    text = " · ".join(seats)
    if table.end_reason == EndReason.ABANDONED:
        text += f" · {t('history.abandoned', locale)}"
    return text


def history_line(game: FinishedGame, locale: object) -> str:
    """One finished game on one line, within LINE_LIMIT."""
    table = game.table
    number = t("history.game", locale, id=table.game_id)
    link = _link(game)
    shown = f"[{number}]({link})" if link else number
    line = f"<t:{round(game.finished_at)}:d> · **{game_name(table.kind, locale)}** · {shown} · {result_text(game, locale)}"
    return clipped(line, LINE_LIMIT)


CHOICES = 25
"""Discord offers at most 25 autocomplete choices."""


async def finished_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """`/games replay game:` suggestions: the server's latest finished games whose number, game or players match
    what was typed ("12 · My Shelfie · alice, bob · 2026-11-28")."""
    if interaction.guild_id is None:
        return []
    page = await service_of(interaction.client).history(interaction.guild_id, limit=CHOICES)
    typed = current.strip().lower()
    choices = []
    for game in page.games:
        table = game.table
        ended = datetime.datetime.fromtimestamp(game.finished_at, tz=datetime.timezone.utc).strftime("%Y-%m-%d")
        label = (f"{table.game_id} · {game_name(table.kind, interaction.locale)} · "
                 f"{', '.join(seat.name for seat in table.seats)} · {ended}")
        if typed in label.lower():
            choices.append(app_commands.Choice(name=clipped(label, CHOICE_LIMIT), value=table.game_id))
    return choices


class HistoryButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"history:(?P<page>[0-9]{1,5}):(?P<user>[0-9]{1,20}):(?P<kind>[a-z_]{0,30})"):
    """Newer or Older: the page it turns to, and the list's filters (player 0: everyone; no kind: every game)."""

    def __init__(self, page: int, user_id: int | None, kind: str | None, *, label: str = "",
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(custom_id=f"history:{page}:{user_id or 0}:{kind or ''}", label=label,
                                           disabled=disabled, style=discord.ButtonStyle.secondary))
        self.page, self.user_id, self.kind = page, user_id, kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> HistoryButton:
        return cls(read_number(match["page"], high=PAGE_LIMIT) or 0, read_number(match["user"]) or None,
                   match["kind"] or None)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None or (self.kind is not None and self.kind not in FACES):
            await reply_private(interaction, t("component.unknown", interaction.locale))
            return
        await show_history(interaction, self.page, user_id=self.user_id, kind=self.kind, edit=True)


async def show_history(interaction: discord.Interaction, page: int, *, user_id: int | None, kind: str | None,
                       edit: bool = False, name: str | None = None) -> None:
    """The page of the server's history (privately), or the clicked page turned (`edit`)."""
    locale = interaction.locale
    service = service_of(interaction.client)
    assert interaction.guild_id is not None
    page = min(max(0, page), PAGE_LIMIT)
    found = await service.history(interaction.guild_id, user_id=user_id, kind=kind, offset=page * PAGE_SIZE,
                                  limit=PAGE_SIZE)
    pages = max(1, math.ceil(found.total / PAGE_SIZE))
    if found.total and page >= pages:
        page = pages - 1
        found = await service.history(interaction.guild_id, user_id=user_id, kind=kind, offset=page * PAGE_SIZE,
                                      limit=PAGE_SIZE)
    if not found.games:
        await reply_private(interaction, t("history.none", locale))
        return
    if name is None and user_id is not None:
        name = next((seat.name for game in found.games for seat in game.table.seats if seat.user_id == user_id), None)
    title = t("history.title_player", locale, name=clipped(name, 64)) if name else t("history.title", locale)
    if kind is not None:
        title += f" · {game_name(kind, locale)}"
    lines = capped_lines([history_line(game, locale) for game in found.games], t("list.more", locale),
                         DESCRIPTION_LIMIT)
    embed = discord.Embed(title=clipped(title, 256), description="\n".join(lines))
    embed.set_footer(text=t("history.page", locale, page=page + 1, pages=pages, total=found.total))
    view = discord.ui.View(timeout=None)
    view.add_item(HistoryButton(max(0, page - 1), user_id, kind, label=t("button.history.newer", locale), disabled=page == 0))
    view.add_item(HistoryButton(page + 1, user_id, kind, label=t("button.history.older", locale),
                                disabled=page >= pages - 1))
    if edit:
        await interaction.response.edit_message(embed=embed, view=view)
    else:
        await reply_private(interaction, "", embed=embed, view=view)
