"""The ephemeral move builder behind **Take tiles**: tiles, then column, then order, then Confirm, by clicks alone.

Each step edits the same private message. What was chosen so far travels in the
components' custom ids, so the builder needs no memory and survives a restart; the
turn number in every id makes a builder from an older turn refuse politely. The message
carries the board with the chosen tiles framed, redrawn only when they change: on a phone
the selects open over the turn message and its board. At Confirm it carries the player's shelf as the move would
leave it instead, the new tiles outlined where they land; Back brings the board again.
"""

from __future__ import annotations

from typing import Any

import discord
from engine.shelfie import RULES, Move

from bot.games.shelfie.kind import KIND
from bot.i18n import t
from bot.presenters.refusals import refusal_text
from bot.games.shelfie.words import kinds_text
from bot.games.shelfie.pictures import builder_picture, landing_picture
from bot.presenters.words import seat_names
from bot.quick_answers import Deferral, answer_by_edit, in_time
from bot.replies import reply_private
from bot.service.refusals import GameOver, ServiceError, StaleTurn
from bot.service.models import Table
from bot.context import service_of
from bot.clicks.routing import GameButton, GameSelect, Handler, Origin, handles, view_of
from bot.games.shelfie.picks import (
    Cell,
    cells_text,
    columns_for,
    decode_cells,
    encode_cells,
    free_tiles,
    kinds_of,
    legal_picks,
    orders_for,
    pick_problem,
    reading_order,
)
from bot.clicks.seats import seat_for_click
from bot.custom_ids import id_number
from bot.outbox import announce

SELECT_LIMIT = 25
BUILDER = "builder"
"""The prompt of the builder's private message: its actions are taken from no other private message."""
MAX_PICK = 3


def _chunks(cells: tuple[Cell, ...]) -> list[tuple[Cell, ...]]:
    """Free tiles split into selects of at most 25 options (a 4-player board can have 45)."""
    return [cells[i:i + SELECT_LIMIT] for i in range(0, len(cells), SELECT_LIMIT)]


def tiles_step(table: Table, selection: tuple[Cell, ...], locale: object) -> tuple[str, discord.ui.View]:
    """Step 1 (and 2): choose tiles; once they form a legal pick, the columns with room appear."""
    game = RULES.state_of(table.game)
    gid, turn = table.game_id, table.turn
    selection = reading_order(selection)
    chosen = set(selection)
    lines = [t("builder.choose_tiles", locale)]
    items: list[discord.ui.Item[Any]] = []
    chunks = _chunks(free_tiles(game))
    for index, chunk in enumerate(chunks):
        kinds = kinds_of(game, chunk)
        options = [
            discord.SelectOption(
                label=t("builder.option", locale, cell=cells_text([cell]), kind=t(f"tile.{kind}", locale)),
                value=encode_cells([cell]),
                default=cell in chosen,
            )
            for cell, kind in zip(chunk, kinds)
        ]
        placeholder = t("builder.placeholder", locale, first=cells_text(chunk[:1]), last=cells_text(chunk[-1:]))
        items.append(GameSelect(KIND, gid, f"pick{index}", turn, encode_cells(selection), options=options,
                                placeholder=placeholder, min_values=0, max_values=MAX_PICK, row=index))
    if selection:
        lines.append(t("builder.selected", locale, tiles=f"**{cells_text(selection)}** "
                                                        f"({kinds_text(kinds_of(game, selection), locale)})"))
        problem = pick_problem(game, selection)
        columns = columns_for(game, selection)
        if problem is not None:
            lines.append(refusal_text(problem, locale))
        elif columns:
            grows = any(chosen < pick for pick in legal_picks(game))
            lines.append(t("builder.can_grow" if grows else "builder.choose_column", locale))
            row = len(items)
            items.extend(
                GameButton(KIND, gid, "col", turn, encode_cells(selection), column,
                           label=t("button.column", locale, n=column + 1), style=discord.ButtonStyle.primary, row=row)
                for column in columns
            )
        else:
            lines.append(t("builder.grow_only", locale))
        items.append(GameButton(KIND, gid, "clear", turn, label=t("button.clear", locale), row=len(chunks) + 1))
    else:
        lines.append(t("builder.nothing_selected", locale))
    return "\n".join(lines), view_of(*items)


def order_step(table: Table, selection: tuple[Cell, ...], column: int, locale: object) -> tuple[str, discord.ui.View]:
    """Step 3: which tile lands lowest, when the tiles differ; one button per distinct result. The text repeats
    the tiles and the column chosen, since this message replaced the steps that showed them."""
    game = RULES.state_of(table.game)
    gid, turn = table.game_id, table.turn
    buttons = [
        GameButton(KIND, gid, "order", turn, encode_cells(order), column,
                   label=" → ".join(t(f"tile.{kind}", locale) for kind in kinds_of(game, order)))
        for order in orders_for(game, selection, column)
    ]
    buttons.append(GameButton(KIND, gid, "back", turn, encode_cells(selection), label=t("button.back", locale), row=2))
    chosen = reading_order(selection)
    text = t("builder.choose_order", locale, tiles=f"**{cells_text(chosen)}**", column=column + 1,
             kinds=kinds_text(kinds_of(game, chosen), locale))
    return text, view_of(*buttons)


def confirm_step(table: Table, order: tuple[Cell, ...], column: int, locale: object) -> tuple[str, discord.ui.View]:
    game = RULES.state_of(table.game)
    gid, turn = table.game_id, table.turn
    text = t("builder.confirm", locale, tiles=f"**{cells_text(order)}**", column=column + 1,
             kinds=kinds_text(kinds_of(game, order), locale)) + "\n" + t("builder.preview", locale)
    return text, view_of(
        GameButton(KIND, gid, "ok", turn, encode_cells(order), column, label=t("button.confirm", locale),
                   style=discord.ButtonStyle.success),
        GameButton(KIND, gid, "back", turn, encode_cells(reading_order(order)), label=t("button.back", locale)),
    )


async def open_builder(interaction: discord.Interaction, table: Table) -> None:
    """Deferred only if the picture is slow to come, as every answer that draws is: a busy picture worker must
    not expire the click."""
    content, view = tiles_step(table, (), interaction.locale)
    game = RULES.state_of(table.game)
    picture = await in_time(interaction, builder_picture(game, seat_names(table), interaction.locale, ()),
                            Deferral.PRIVATE)
    await reply_private(interaction, content, view=view, file=picture)


async def _current(interaction: discord.Interaction, game_id: int, args: tuple[str, ...]) -> Table | None:
    found = await seat_for_click(interaction, game_id, turn=_int_arg(args, 0), must_move=True)
    return None if found is None else found[0]


async def _show(interaction: discord.Interaction, step: tuple[str, discord.ui.View]) -> None:
    """A step that keeps the chosen tiles: the board already on the message stays."""
    content, view = step
    await interaction.response.edit_message(content=content, view=view)


async def _show_confirm(interaction: discord.Interaction, table: Table, order: tuple[Cell, ...], column: int) -> None:
    """The Confirm step, with the player's shelf as the move would leave it in place of the board."""
    content, view = confirm_step(table, order, column, interaction.locale)
    game = RULES.state_of(table.game)
    picture = await in_time(interaction, landing_picture(game, seat_names(table), interaction.locale,
                                                         Move(order, column)), Deferral.UPDATE)
    await answer_by_edit(interaction, content=content, view=view, attachments=[picture])


async def _show_tiles(interaction: discord.Interaction, table: Table, selection: tuple[Cell, ...]) -> None:
    """The tiles step after the chosen tiles changed, with the board redrawn to frame them."""
    content, view = tiles_step(table, selection, interaction.locale)
    game = RULES.state_of(table.game)
    picture = await in_time(interaction, builder_picture(game, seat_names(table), interaction.locale,
                                                         reading_order(selection)), Deferral.UPDATE)
    await answer_by_edit(interaction, content=content, view=view, attachments=[picture])


def _int_arg(args: tuple[str, ...], index: int) -> int:
    """A number carried in a custom id (turn, column); -1 when missing, garbled or larger than any turn can be
    (a forged id may carry 24 digits), which no turn or column is."""
    number = id_number(args, index)
    return -1 if number is None else number


def _selection(args: tuple[str, ...]) -> tuple[Cell, ...]:
    """The tiles chosen so far, carried in a custom id after the turn."""
    return decode_cells(args[1] if len(args) > 1 else "")


@handles("take", Origin.TURN, kind=KIND)
async def _take(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                values: tuple[str, ...]) -> None:
    table = await _current(interaction, game_id, args)
    if table is not None:
        await open_builder(interaction, table)


def _select_handler(index: int) -> Handler:
    """The tile select of one chunk of the board's free tiles (a select holds at most 25)."""

    @handles(f"pick{index}", Origin.PRIVATE, select=True, kind=KIND, prompt=BUILDER)
    async def pick(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                   values: tuple[str, ...]) -> None:
        table = await _current(interaction, game_id, args)
        if table is None or table.game is None:
            return
        previous = _selection(args)
        chunks = _chunks(free_tiles(RULES.state_of(table.game)))
        shown = set(chunks[index]) if index < len(chunks) else set()
        chosen = {cell for cell in previous if cell not in shown} | set(decode_cells("".join(values)))
        if chosen == set(previous):
            await _show(interaction, tiles_step(table, previous, interaction.locale))
        else:
            await _show_tiles(interaction, table, tuple(chosen))

    return pick


@handles("clear", Origin.PRIVATE, kind=KIND, prompt=BUILDER)
async def _clear(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                 values: tuple[str, ...]) -> None:
    table = await _current(interaction, game_id, args)
    if table is not None:
        await _show_tiles(interaction, table, ())


@handles("back", Origin.PRIVATE, kind=KIND, prompt=BUILDER)
async def _back(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                values: tuple[str, ...]) -> None:
    table = await _current(interaction, game_id, args)
    if table is not None:
        await _show_tiles(interaction, table, _selection(args))  # the board again, in place of a preview


@handles("col", Origin.PRIVATE, kind=KIND, prompt=BUILDER)
async def _col(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
               values: tuple[str, ...]) -> None:
    table = await _current(interaction, game_id, args)
    if table is None or table.game is None:
        return
    selection = _selection(args)
    column = _int_arg(args, 2)
    game = RULES.state_of(table.game)
    if column not in columns_for(game, selection):
        await _show(interaction, tiles_step(table, selection, interaction.locale))
        return
    orders = orders_for(game, selection, column)
    if len(orders) == 1:
        await _show_confirm(interaction, table, orders[0], column)
    else:
        await _show(interaction, order_step(table, selection, column, interaction.locale))


@handles("order", Origin.PRIVATE, kind=KIND, prompt=BUILDER)
async def _order(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                 values: tuple[str, ...]) -> None:
    table = await _current(interaction, game_id, args)
    if table is None:
        return
    order, column = _selection(args), _int_arg(args, 2)
    if column not in columns_for(RULES.state_of(table.game), order):
        await _show(interaction, tiles_step(table, reading_order(order), interaction.locale))
        return
    await _show_confirm(interaction, table, order, column)


@handles("ok", Origin.PRIVATE, kind=KIND, prompt=BUILDER)
async def _confirm(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                   values: tuple[str, ...]) -> None:
    """Play the move: commit first, then say it is done, then post the next turn for everyone."""
    locale = interaction.locale
    turn = _int_arg(args, 0)
    move = Move(_selection(args), _int_arg(args, 2))
    service = service_of(interaction.client)
    done = t("builder.done", locale, tiles=cells_text(move.tiles), column=move.column + 1)
    try:
        result = await in_time(interaction, service.play(game_id, interaction.user.id, move, turn=turn),
                               Deferral.UPDATE)
    except ServiceError as refusal:
        if await _played_already(interaction, game_id, turn, move, refusal):
            await answer_by_edit(interaction, content=done, view=None, attachments=[])
            return
        await answer_by_edit(interaction, content=refusal_text(refusal, locale), view=None, attachments=[])
        return
    await answer_by_edit(interaction, content=done, view=None, attachments=[])
    await announce(interaction, result)


async def _played_already(interaction: discord.Interaction, game_id: int, turn: int, move: Move,
                          refusal: ServiceError) -> bool:
    """A second Confirm of the same builder (two clicks at once) finds its own move played: the builder
    must end showing that move, not "earlier turn"."""
    if not isinstance(refusal, (StaleTurn, GameOver)) or turn < 0:
        return False
    return await service_of(interaction.client).was_played(game_id, turn, interaction.user.id, move)



CLICKS: tuple[Handler, ...] = (_take, *(_select_handler(index) for index in range(2)), _clear, _back, _col, _order, _confirm)
"""The Take tiles button and the builder's buttons and selects (the manifest lists them)."""
