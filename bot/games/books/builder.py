"""The private step builder behind **Take your turn** and **Keep projects**: one ephemeral message, edited part by
part, that offers only the legal choices for the step the seat is asked for (bot.games.books.picks): an action
space, then each of its choices (stacks in order, where each book goes, a shelf, a depth...), and **Confirm** once
the step is whole, since a saved step cannot be undone. The keep-3 of 5 and the discard down to 5 are one
multiple choice of the seat's own cards.

What it has chosen so far travels in its components' custom ids (the step it was drawn for and the draft), so it
survives a restart; a builder from an older step refuses politely. It carries the seat's apartment (or, for its
cards, its Little Projects), since on a phone the selects open over the turn message.
"""

from __future__ import annotations

from typing import Any

import discord
from engine.books import RULES, parse_action
from engine.books.data import HAND_LIMIT, KEPT_PROJECTS
from engine.books.actions import Action
from engine.books.game import BooksGame

from bot.clicks.routing import GameButton, GameSelect, Handler, Origin, handles, view_of
from bot.clicks.seats import seat_for_click
from bot.context import service_of
from bot.custom_ids import id_number
from bot.games.books.cards import colour_text
from bot.games.books.kind import KIND
from bot.games.books.labels import part_label, prompt
from bot.games.books.picks import CHOICE_LIMIT, Draft, advance, back, decode, encode, point, stage, start, valid
from bot.games.books.pictures import apartment_file, projects_file
from bot.games.books.words import action_line
from bot.i18n import t
from bot.outbox import announce
from bot.presenters.refusals import refusal_text
from bot.presenters.words import seat_label, seat_names
from bot.quick_answers import Deferral, answer_by_edit, in_time
from bot.replies import reply_private
from bot.service import TableStatus
from bot.service.models import PlayResult, Seat, Table
from bot.service.refusals import ServiceError

BUILDER = "books-builder"
"""The prompt of the builder's private message: its actions are taken from no other private message."""
SELECTS = 4
"""Select rows a step may use; the fifth row holds Back and Confirm."""
BUTTON_OPTIONS = 4
"""A choice with this many options or fewer is a row of buttons."""
DRAFT_ARG = 24
"""Characters of the draft in one custom id argument (the draft takes three: 36 parts)."""
CARD_STEPS = ("keep", "discard")


def _game(table: Table) -> BooksGame:
    return RULES.state_of(table.game)


def _draft_args(draft: Draft) -> tuple[str, str, str]:
    code = encode(draft)
    return code[:DRAFT_ARG], code[DRAFT_ARG:2 * DRAFT_ARG], code[2 * DRAFT_ARG:]


def _groups(options: tuple[str, ...]) -> list[list[int]]:
    """The options' indices in selects: one select per book colour or token when they fit, else runs of 25."""
    heads: dict[str, list[int]] = {}
    for index, option in enumerate(options):
        head, sep, _ = option.partition(":")
        heads.setdefault(head if sep and len(head) <= 1 or head in ("lamp", "bookend") else "", []).append(index)
    groups = list(heads.values())
    if len(groups) <= SELECTS and all(len(g) <= CHOICE_LIMIT for g in groups):
        return groups
    every = list(range(len(options)))
    return [every[i:i + CHOICE_LIMIT] for i in range(0, len(every), CHOICE_LIMIT)][:SELECTS]


def _placeholder(option: str, locale: object) -> str:
    head, sep, _ = option.partition(":")
    if sep and head in ("lamp", "bookend"):
        return t("books.select.token", locale)
    if sep and len(head) == 1:
        return t("books.select.colour", locale, colour=colour_text(head, locale))
    return t("books.select.option", locale)


def step_view(table: Table, seat: Seat, draft: Draft, locale: object) -> tuple[str, discord.ui.View]:
    """The builder at `draft`: what it asks, the step so far, the legal next parts (buttons or selects), Back and
    Confirm (once the draft is a whole step)."""
    game = _game(table)
    found = point(game, seat.index, draft)
    gid, turn = table.game_id, table.turn
    args = _draft_args(draft)
    lines = [f"**{prompt(game, seat.index, draft, locale)}**"]
    if draft:
        lines.append(t("books.builder.sofar", locale, text=" ".join(draft)))
    if found.complete:
        lines.append(t("books.builder.whole_or_more" if found.options else "books.builder.whole", locale))
    labels = [part_label(game, seat.index, draft, option, locale) for option in found.options]
    items: list[discord.ui.Item[Any]] = []
    verb = next((part for part in draft if part != "kitty"), "")
    if verb in CARD_STEPS and not found.complete:
        need = KEPT_PROJECTS if verb == "keep" else len(game.players[seat.index].hand) - HAND_LIMIT
        options = [discord.SelectOption(label=label, value=str(i)) for i, label in enumerate(labels)][:CHOICE_LIMIT]
        items.append(GameSelect(KIND, gid, "pickcards", turn, *args, options=options, min_values=need,
                                max_values=need, placeholder=t("books.select.cards", locale), row=0))
    elif 0 < len(labels) <= BUTTON_OPTIONS:
        items.extend(GameButton(KIND, gid, "bopt", turn, *args, index, label=label[:80],
                                style=discord.ButtonStyle.primary, row=0) for index, label in enumerate(labels))
    else:
        for row, group in enumerate(_groups(found.options)):
            options = [discord.SelectOption(label=labels[i], value=str(i)) for i in group]
            items.append(GameSelect(KIND, gid, f"pick{row}", turn, *args, options=options, min_values=1,
                                    max_values=1, placeholder=_placeholder(found.options[group[0]], locale),
                                    row=row))
    if len(draft) > len(start(game, seat.index)):
        items.append(GameButton(KIND, gid, "bback", turn, *args, label=t("books.button.back", locale),
                                row=SELECTS))
    if found.complete:
        items.append(GameButton(KIND, gid, "bgo", turn, *args, label=t("books.button.confirm", locale),
                                style=discord.ButtonStyle.success, row=SELECTS))
    return "\n".join(lines), view_of(*items)


async def _picture(table: Table, seat: Seat, draft: Draft, locale: object) -> discord.File:
    """The seat's Little Projects while it chooses among them, else its apartment."""
    game = _game(table)
    if any(part in CARD_STEPS for part in draft[:1]):
        return await projects_file(game, seat.index, seat_names(table), locale)
    return await apartment_file(game, seat.index, seat_names(table), locale)


async def open_builder(interaction: discord.Interaction, table: Table, seat: Seat) -> None:
    """The builder as a new private message, at the start of the step the seat is asked for."""
    locale = interaction.locale
    game = _game(table)
    if stage(game, seat.index) is None:
        await reply_private(interaction, t("books.builder.nothing", locale))
        return
    draft = start(game, seat.index)
    content, view = step_view(table, seat, draft, locale)
    picture = await in_time(interaction, _picture(table, seat, draft, locale), Deferral.PRIVATE)
    await reply_private(interaction, content, view=view, file=picture)


async def _show(interaction: discord.Interaction, table: Table, seat: Seat, draft: Draft) -> None:
    content, view = step_view(table, seat, draft, interaction.locale)
    picture = await in_time(interaction, _picture(table, seat, draft, interaction.locale), Deferral.UPDATE)
    await answer_by_edit(interaction, content=content, view=view, attachments=[picture])


async def _unknown(interaction: discord.Interaction) -> None:
    """An id or a choice the bot could not have made (forged, or cut short): said privately, nothing changes."""
    await interaction.response.send_message(t("component.unknown", interaction.locale), ephemeral=True)


async def _found(interaction: discord.Interaction, game_id: int,
                 args: tuple[str, ...]) -> tuple[Table, Seat, Draft] | None:
    """The clicking person's seat and the builder's draft, when they may act now on the step the builder was
    drawn for (the keep-3, which several seats choose at once, on any step while the seat still keeps); else None
    after a private answer saying why."""
    turn = id_number(args, 0)
    draft = decode("".join(args[1:4])) if len(args) >= 4 else None
    if turn is None or draft is None:
        await _unknown(interaction)
        return None
    keeping = draft[:1] == ("keep",)
    found = await seat_for_click(interaction, game_id, turn=None if keeping else turn, must_move=True)
    if found is None:
        return None
    table, seat = found
    if not valid(_game(table), seat.index, draft):
        if keeping:
            await reply_private(interaction, t("error.stale_turn", interaction.locale))
        else:
            await _unknown(interaction)
        return None
    return table, seat, draft


async def _choose(interaction: discord.Interaction, game_id: int, args: tuple[str, ...], index: int | None) -> None:
    found = await _found(interaction, game_id, args)
    if found is None:
        return
    table, seat, draft = found
    game = _game(table)
    options = point(game, seat.index, draft).options
    if index is None or index >= len(options):
        await _unknown(interaction)
        return
    await _show(interaction, table, seat, advance(game, seat.index, draft, options[index]))


@handles("bopt", Origin.PRIVATE, kind=KIND, prompt=BUILDER)
async def _option_button(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                         values: tuple[str, ...]) -> None:
    await _choose(interaction, game_id, args, id_number(args, 4))


def _select_handler(row: int) -> Handler:
    """The select of one row of options (a select holds at most 25)."""

    @handles(f"pick{row}", Origin.PRIVATE, select=True, kind=KIND, prompt=BUILDER)
    async def pick(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                   values: tuple[str, ...]) -> None:
        await _choose(interaction, game_id, args, id_number(values, 0))

    return pick


@handles("pickcards", Origin.PRIVATE, select=True, kind=KIND, prompt=BUILDER)
async def _pick_cards(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                      values: tuple[str, ...]) -> None:
    """The Little Projects kept (or discarded), all at once: the draft then waits for Confirm."""
    found = await _found(interaction, game_id, args)
    if found is None:
        return
    table, seat, draft = found
    game = _game(table)
    indices = [id_number(values, i) for i in range(len(values))]
    options = point(game, seat.index, draft).options
    if not indices or any(i is None or i >= len(options) for i in indices):
        await _unknown(interaction)
        return
    for index in sorted(i for i in indices if i is not None):
        draft = (*draft, options[index])
    if not valid(game, seat.index, draft):
        await _unknown(interaction)
        return
    await _show(interaction, table, seat, draft)


@handles("bback", Origin.PRIVATE, kind=KIND, prompt=BUILDER)
async def _back(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                values: tuple[str, ...]) -> None:
    found = await _found(interaction, game_id, args)
    if found is not None:
        table, seat, draft = found
        await _show(interaction, table, seat, back(_game(table), seat.index, draft))


@handles("bgo", Origin.PRIVATE, kind=KIND, prompt=BUILDER)
async def _confirm(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                   values: tuple[str, ...]) -> None:
    """The whole step, saved; the builder moves on to the seat's next step, or says what was done."""
    found = await _found(interaction, game_id, args)
    if found is None:
        return
    table, seat, draft = found
    if not point(_game(table), seat.index, draft).complete:
        await _unknown(interaction)
        return
    action = parse_action(" ".join(draft))
    keeping = draft[:1] == ("keep",)
    locale = interaction.locale

    async def played() -> tuple[PlayResult, tuple[str, discord.ui.View | None, discord.File]]:
        result = await service_of(interaction.client).play(game_id, interaction.user.id, action,
                                                           turn=None if keeping else table.turn)
        return result, await _after(result, seat, action, locale)

    try:
        result, (content, view, picture) = await in_time(interaction, played(), Deferral.UPDATE)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, locale))
        return
    await answer_by_edit(interaction, content=content, view=view, attachments=[picture])
    await announce(interaction, result)


async def _after(result: PlayResult, seat: Seat, action: Action, locale: object) -> tuple[
        str, discord.ui.View | None, discord.File]:
    """The builder after a saved step: the seat's next step while it is still asked for one, else what it did."""
    table = result.table
    game = _game(table)
    if table.status == TableStatus.ACTIVE and stage(game, seat.index) is not None:
        draft = start(game, seat.index)
        content, view = step_view(table, seat, draft, locale)
        return content, view, await _picture(table, seat, draft, locale)
    done = t("books.builder.done", locale, what=action_line(action, seat_label(seat, locale), locale))
    return done, None, await apartment_file(game, seat.index, seat_names(table), locale)


CLICKS: tuple[Handler, ...] = (_option_button, *(_select_handler(row) for row in range(SELECTS)), _pick_cards,
                               _back, _confirm)
"""The builder's buttons and selects (the manifest lists them)."""
