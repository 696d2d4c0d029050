"""The turn message's buttons and the private answers behind them: **Take your turn** opens the private builder at
the step the seat is asked for; **Keep projects** (while seats still choose their 3 of 5, each privately and in
any order) opens it at that choice for whoever clicks; **My projects** shows the clicking player their own Little
Projects and which ones their apartment meets now. Each person's projects in words and picture for their DM
(bot.secrets sends them).

Every step, from a click, a typed command, a computer or an expired turn, is announced by the outbox, so all of
them look the same in the channel.
"""

from __future__ import annotations

import discord
from engine.books import RULES
from engine.books.game import BooksGame
from engine.books.projects import meets

from bot.clicks.routing import GameButton, Handler, Origin, handles, view_of
from bot.clicks.seats import seat_for_click
from bot.context import place_names
from bot.custom_ids import id_number
from bot.games.books.builder import open_builder
from bot.games.books.kind import KIND
from bot.games.books.pictures import projects_file
from bot.games.books.words import projects_text
from bot.i18n import t
from bot.presenters.words import seat_names
from bot.replies import defer_privately, reply_private
from bot.service import TableStatus
from bot.service.models import Seat, Table


def turn_buttons(table: Table, locale: object) -> discord.ui.View | None:
    """Take your turn / Keep projects (while someone still chooses) / My projects, while the game runs."""
    game = table.game
    if not isinstance(game, BooksGame) or game.is_over:
        return None
    gid = table.game_id
    items = [GameButton(KIND, gid, "play", table.turn, style=discord.ButtonStyle.primary,
                        label=t("books.button.turn", locale))]
    if any(player.dealt for player in game.players):
        items.append(GameButton(KIND, gid, "keep", style=discord.ButtonStyle.primary,
                                label=t("books.button.keep", locale)))
    items.append(GameButton(KIND, gid, "projects", label=t("books.button.projects", locale)))
    return view_of(*items)


def projects_lines(game: BooksGame, seat: int, locale: object) -> list[str]:
    """The seat's Little Projects, each marked met now or not (its 5 dealt while it keeps 3), and its scored ones:
    for that seat only."""
    player = game.players[seat]
    stacks = player.apartment.stacks
    cards = player.dealt or player.hand
    heading = t("books.projects.dealt", locale) if player.dealt \
        else t("books.projects.hand", locale, count=len(player.hand))
    lines = [heading]
    for card in cards:
        key = "books.projects.met" if meets(card, stacks) else "books.projects.unmet"
        lines.append(t(key, locale, card=projects_text([card], locale)))
    if player.scored:
        lines.append(t("books.projects.scored", locale, cards=projects_text(player.scored, locale)))
    return lines


def projects_dm_text(client: discord.Client, table: Table, seat: Seat, locale: object) -> str | None:
    """The seat's projects for its person's DM (sent at the start, redrawn by Refresh); None once the game is
    over."""
    game = table.game
    if not isinstance(game, BooksGame) or table.status != TableStatus.ACTIVE:
        return None
    guild_name, channel_name = place_names(client, table)
    return "\n".join([t("books.dm", locale, guild=guild_name, channel=channel_name),
                      *projects_lines(game, seat.index, locale)])


async def projects_picture(table: Table, seat: Seat, locale: object) -> discord.File:
    return await projects_file(RULES.state_of(table.game), seat.index, seat_names(table), locale)


async def show_projects(interaction: discord.Interaction, table: Table, seat: Seat) -> None:
    """The seat's own Little Projects, in words and picture, to the asking person alone."""
    game = RULES.state_of(table.game)
    locale = interaction.locale
    if not interaction.response.is_done():
        await defer_privately(interaction)
    await interaction.followup.send("\n".join(projects_lines(game, seat.index, locale)),
                                    file=await projects_picture(table, seat, locale), ephemeral=True)


@handles("projects", Origin.TURN, kind=KIND)
async def _my_projects(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                       values: tuple[str, ...]) -> None:
    found = await seat_for_click(interaction, game_id)
    if found is not None:
        await show_projects(interaction, *found)


@handles("play", Origin.TURN, kind=KIND)
async def _play(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                values: tuple[str, ...]) -> None:
    turn = id_number(args, 0)
    if turn is None:
        await reply_private(interaction, t("component.unknown", interaction.locale))
        return
    found = await seat_for_click(interaction, game_id, turn=turn, must_move=True)
    if found is not None:
        await open_builder(interaction, *found)


@handles("keep", Origin.TURN, kind=KIND)
async def _keep(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                values: tuple[str, ...]) -> None:
    """Whoever still keeps 3 of 5 chooses now, whatever the turn (several seats choose at once); a seat that kept
    its 3 already is told so, not that it is someone else's turn."""
    found = await seat_for_click(interaction, game_id)
    if found is None:
        return
    table, seat = found
    if not RULES.state_of(table.game).players[seat.index].dealt:
        await reply_private(interaction, t("books.reply.kept_already", interaction.locale))
        return
    await open_builder(interaction, table, seat)


CLICKS: tuple[Handler, ...] = (_my_projects, _play, _keep)
"""The turn message's buttons (the manifest lists them)."""
