"""The turn message's buttons and the private answers behind them: **Play** (or **Choose** while a choice is
pending) and **Use power** open the private builder; **End turn** and **Undo** act at once; **My hand** shows the
clicking player their own hand; each person's hand in words and picture for their DM (bot.secrets sends it).

Every action, from a click, a typed command, a computer or an expired turn, is announced by
`bot.outbox.post_turn`, so all of them look the same in the channel.
"""

from __future__ import annotations

import asyncio

import discord
from engine.librarians import RULES
from engine.librarians.actions import EndTurn, Undo
from engine.librarians.game import LibrariansGame

from bot.games.librarians.kind import KIND
from bot.games.librarians.builder import acting_seat, hand_after, hand_line, open_builder
from bot.games.librarians.pictures import hand_file
from bot.i18n import t
from bot.presenters.refusals import refusal_text
from bot.presenters.words import seat_names
from bot.quick_answers import Deferral, acknowledge, step_in_time
from bot.replies import defer_privately, reply_private
from bot.service import TableStatus
from bot.service.refusals import ServiceError
from bot.service.models import PlayResult, Seat, Table
from bot.context import place_names, service_of
from bot.clicks.routing import GameButton, Handler, Origin, handles, view_of
from bot.outbox import announce
from bot.clicks.seats import seat_for_click

def turn_buttons(table: Table, locale: object) -> discord.ui.View | None:
    """Play (or Choose) / Use power / End turn / Undo / My hand while the game runs."""
    gid = table.game_id
    game = table.game
    if not isinstance(game, LibrariansGame):
        return None
    turn = table.turn
    choosing = game.pending is not None
    items = [GameButton(KIND, gid, "play", turn, style=discord.ButtonStyle.primary,
                        label=t("librarians.button.choose" if choosing else "librarians.button.play", locale))]
    if not choosing:
        if game.usable_powers():
            items.append(GameButton(KIND, gid, "power", turn, label=t("librarians.button.power", locale)))
        items.append(GameButton(KIND, gid, "end", turn, label=t("librarians.button.end", locale),
                                style=discord.ButtonStyle.success, disabled=not game.can_end_turn()))
        items.append(GameButton(KIND, gid, "undo", turn, label=t("librarians.button.undo", locale),
                                disabled=not game.undoable))
    items.append(GameButton(KIND, gid, "hand", label=t("librarians.button.hand", locale)))
    return view_of(*items)


def hand_dm_text(client: discord.Client, table: Table, seat: Seat, locale: object) -> str | None:
    """The seat's hand for its person's DM (sent at the start, redrawn by Refresh); None once the game is over."""
    game = table.game
    if not isinstance(game, LibrariansGame) or table.status != TableStatus.ACTIVE:
        return None
    guild_name, channel_name = place_names(client, table)
    return "\n".join([t("librarians.dm", locale, guild=guild_name, channel=channel_name),
                      hand_line(game, seat.index, locale)])


async def hand_picture(table: Table, seat: Seat, locale: object) -> discord.File:
    game = RULES.state_of(table.game)
    return await hand_file(game, seat.index, seat_names(table), locale)


async def show_hand(interaction: discord.Interaction, table: Table, seat: Seat) -> None:
    """The seat's own hand, in words and picture, to the clicking person alone."""
    game = RULES.state_of(table.game)
    locale = interaction.locale
    if not interaction.response.is_done():
        await defer_privately(interaction)
    await interaction.followup.send(hand_line(game, seat.index, locale),
                                    file=await hand_picture(table, seat, locale), ephemeral=True)


@handles("hand", Origin.TURN, kind=KIND)
async def _my_hand(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                   values: tuple[str, ...]) -> None:
    found = await seat_for_click(interaction, game_id)
    if found is not None:
        await show_hand(interaction, *found)


@handles("play", Origin.TURN, kind=KIND)
async def _play(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                values: tuple[str, ...]) -> None:
    found = await acting_seat(interaction, game_id, args)
    if found is not None:
        await open_builder(interaction, *found)


@handles("power", Origin.TURN, kind=KIND)
async def _power(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                 values: tuple[str, ...]) -> None:
    found = await acting_seat(interaction, game_id, args)
    if found is not None:
        await open_builder(interaction, *found, powers=True)


async def act_now(interaction: discord.Interaction, table: Table, seat: Seat, action: EndTurn | Undo, *,
                  typed: bool = False) -> None:
    """End turn or Undo from the turn message or typed: saved, announced on the step's own interaction as every
    person's step is (the typed command's answer is the turn message; a click on the turn message is acknowledged
    and followed up with it: bot.interaction_routes), then told privately (the hand drawn into at the end of the
    turn; an Undo only when the turn message did not answer it). A typed one sent before the turn it saw changed is
    refused as out of date, a clicked one from an older step as stale."""
    locale = interaction.locale
    when = {"sent_at": discord.utils.snowflake_time(interaction.id).timestamp(), "seen_turn": table.turn} if typed \
        else {"turn": table.turn}

    async def played(accepted: asyncio.Event) -> tuple[PlayResult, str, dict[str, discord.File]]:
        result = await service_of(interaction.client).play(table.game_id, interaction.user.id, action,
                                                           accepted=accepted, **when)
        if not isinstance(action, EndTurn):
            return result, t("librarians.reply.undone", locale), {}
        content, picture = await hand_after(result.table, seat, result, locale)
        return result, content, {"file": picture}

    try:
        result, content, files = await step_in_time(interaction, played,
                                                    Deferral.PUBLIC if typed else Deferral.UPDATE)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, locale))
        return
    if not typed:
        await acknowledge(interaction)
    if isinstance(action, EndTurn):
        await announce(interaction, result)
        await reply_private(interaction, content, secret=True, **files)
    else:
        await announce(interaction, result, told=content)


@handles("end", Origin.TURN, kind=KIND)
async def _end(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
               values: tuple[str, ...]) -> None:
    found = await acting_seat(interaction, game_id, args)
    if found is not None:
        await act_now(interaction, *found, EndTurn())


@handles("undo", Origin.TURN, kind=KIND)
async def _undo(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                values: tuple[str, ...]) -> None:
    found = await acting_seat(interaction, game_id, args)
    if found is not None:
        await act_now(interaction, *found, Undo())


CLICKS: tuple[Handler, ...] = (_my_hand, _play, _power, _end, _undo)
"""The turn message's buttons (the manifest lists them)."""
