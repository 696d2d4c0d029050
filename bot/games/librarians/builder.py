"""The private turn builder behind **Play**, **Use power** and a choice to make: pick a card → pick one of its
numbered legal spots (it is laid at once) → … → **End turn**, with **Undo** of this turn's placements, a held
power's **Use** and every step of a choice (who receives a completed genre's card, a power's steps) shown the
same way whatever the power: the engine's pending choice and its options.

The builder is one ephemeral message, edited step by step, so it shows the seat's own hand and nobody else's.
What it needs travels in its components' custom ids (the turn it was drawn for, the chosen card), so it survives
a restart; a builder from an older step refuses politely. It carries the library picture with the spots numbered
(only the chosen card's legal spots, in gold, once a card is chosen), since on a phone the selects open over
the turn message.
"""

from __future__ import annotations

from typing import Any

import discord
from engine.librarians import RULES
from engine.librarians.actions import Choose, EndTurn, Play, Undo, UsePower
from engine.librarians.cards import hand_order
from engine.librarians.game import LibrariansGame

from bot.games.librarians.kind import KIND
from bot.games.librarians.picks import CHOICE_LIMIT, hand_cards, playable_cards
from bot.games.librarians.pictures import builder_file, hand_file
from bot.games.librarians.words import (
    card_text,
    cards_text,
    genre_text,
    option_text,
    pending_prompt,
    power_text,
    spot_text,
)
from bot.i18n import t
from bot.presenters.refusals import refusal_text
from bot.presenters.words import seat_names
from bot.quick_answers import Deferral, answer_by_edit, in_time
from bot.replies import reply_private
from bot.service import TableStatus
from bot.service.refusals import ServiceError
from bot.service.models import PlayResult, Seat, Table
from bot.context import service_of
from bot.clicks.routing import GameButton, GameSelect, Handler, Origin, handles, view_of
from bot.outbox import announce
from bot.clicks.seats import seat_for_click
from bot.custom_ids import id_number

BUILDER = "librarians-builder"
"""The prompt of the builder's private message: its actions are taken from no other private message."""
SPOT_SELECTS = 4
"""Selects of 25 spots a card's step may need (a library 4 rows by 12 columns with Poetry's any order); the
fifth row holds Back."""
BUTTON_OPTIONS = 5
"""A choice with this many options or fewer is a row of buttons; more are a select."""


def _game(table: Table) -> LibrariansGame:
    return RULES.state_of(table.game)


def hand_line(game: LibrariansGame, seat: int, locale: object) -> str:
    cards = sorted((game.card(card) for card in game.hands[seat]), key=hand_order)
    return t("librarians.your_hand", locale, cards=cards_text(cards, locale), count=len(cards))


def card_step(table: Table, seat: Seat, locale: object) -> tuple[str, discord.ui.View]:
    """The seat's hand, a select of the cards that have a spot now, End turn / Undo, and Use for each power it may
    use now. Also the step a choice to make takes the place of."""
    game = _game(table)
    if game.pending is not None and game.pending.seat == seat.index:
        return choice_step(table, seat, locale)
    gid, turn = table.game_id, table.turn
    lines = [hand_line(game, seat.index, locale)]
    items: list[discord.ui.Item[Any]] = []
    playable = playable_cards(game, seat.index)
    stuck = [game.card(c) for c in hand_cards(game, seat.index) if c not in playable]
    if playable:
        options = [discord.SelectOption(label=t("librarians.card_choice", locale, card=card_text(game.card(card), locale),
                                                count=len(game.legal_places(card)))[:100], value=str(card))
                   for card in playable[:CHOICE_LIMIT]]
        items.append(GameSelect(KIND, gid, "pickcard", turn, options=options, min_values=1, max_values=1,
                                placeholder=t("librarians.select.card", locale), row=0))
    if stuck:
        lines.append(t("librarians.no_spot_for", locale, cards=cards_text(stuck, locale)))
    refusal = game.end_refusal()
    lines.append(t("librarians.prompt.may_end", locale) if refusal is None else refusal_text(refusal, locale))
    items.append(GameButton(KIND, gid, "bend", turn, label=t("librarians.button.end", locale),
                            style=discord.ButtonStyle.success, disabled=refusal is not None, row=1))
    items.append(GameButton(KIND, gid, "bundo", turn, label=t("librarians.button.undo", locale),
                            disabled=not game.undoable, row=1))
    for card in game.usable_powers(seat.index)[:3]:
        items.append(GameButton(KIND, gid, "buse", turn, card, style=discord.ButtonStyle.primary, row=1,
                                label=t("librarians.button.use", locale,
                                        genre=genre_text(game.genre_of(card), locale))[:80]))
    return "\n".join(lines), view_of(*items)


def spot_step(table: Table, card: int, locale: object) -> tuple[str, discord.ui.View]:
    """Where the chosen card may go: its legal spots by number (as the gold numbers of the picture), in selects of
    25, and Back to the hand."""
    game = _game(table)
    gid, turn = table.game_id, table.turn
    numbers = game.legal_spots(card)
    items: list[discord.ui.Item[Any]] = []
    chunks = [numbers[i:i + CHOICE_LIMIT] for i in range(0, len(numbers), CHOICE_LIMIT)][:SPOT_SELECTS]
    for index, chunk in enumerate(chunks):
        options = [discord.SelectOption(label=spot_text(game, n, locale), value=str(n)) for n in chunk]
        items.append(GameSelect(KIND, gid, f"pickspot{index}", turn, card, options=options, min_values=1,
                                max_values=1, row=index,
                                placeholder=t("librarians.select.spot", locale, first=chunk[0], last=chunk[-1])))
    items.append(GameButton(KIND, gid, "bback", turn, label=t("librarians.button.back", locale), row=len(chunks)))
    text = t("librarians.choose_spot", locale, card=card_text(game.card(card), locale), count=len(numbers))
    return text, view_of(*items)


def choice_step(table: Table, seat: Seat, locale: object) -> tuple[str, discord.ui.View]:
    """A pending choice, whatever it is for: its prompt, and its options as buttons (a few) or selects (many),
    each option by its index in the engine's list."""
    game = _game(table)
    pending = game.pending
    assert pending is not None
    gid, turn = table.game_id, table.turn
    prompt = pending_prompt(game, pending, locale)
    if pending.steps > 1:
        prompt = t("librarians.step_of", locale, step=pending.step, steps=pending.steps, what=prompt)
    labels = [option_text(game, table.seats, token, locale, private_to=seat.index, numbered=True)
              for token in pending.options]
    items: list[discord.ui.Item[Any]] = []
    if len(labels) <= BUTTON_OPTIONS:
        items.extend(GameButton(KIND, gid, "opt", turn, index, label=label[:80], style=discord.ButtonStyle.primary)
                     for index, label in enumerate(labels))
    else:
        for chunk in range(min(SPOT_SELECTS + 1, -(-len(labels) // CHOICE_LIMIT))):
            start = chunk * CHOICE_LIMIT
            options = [discord.SelectOption(label=label[:100], value=str(start + i))
                       for i, label in enumerate(labels[start:start + CHOICE_LIMIT])]
            items.append(GameSelect(KIND, gid, "pickopt", turn, chunk, options=options, min_values=1, max_values=1,
                                    placeholder=t("librarians.select.option", locale), row=chunk))
    return f"**{prompt}**", view_of(*items)


def power_step(table: Table, seat: Seat, locale: object) -> tuple[str, discord.ui.View]:
    """The powers the seat may use now, each with what it does, as Use buttons; Back to the hand."""
    game = _game(table)
    gid, turn = table.game_id, table.turn
    usable = game.usable_powers(seat.index)
    lines = [t("librarians.powers.choose" if usable else "librarians.powers.none", locale)]
    lines.extend(f"- **{genre_text(game.genre_of(card), locale)}**: {power_text(game.genre_of(card), locale)}"
                 for card in usable)
    items: list[discord.ui.Item[Any]] = [
        GameButton(KIND, gid, "buse", turn, card, style=discord.ButtonStyle.primary,
                   label=t("librarians.button.use", locale, genre=genre_text(game.genre_of(card), locale))[:80])
        for card in usable[:4]]
    items.append(GameButton(KIND, gid, "bback", turn, label=t("librarians.button.back", locale)))
    return "\n".join(lines), view_of(*items)


async def open_builder(interaction: discord.Interaction, table: Table, seat: Seat, *, powers: bool = False) -> None:
    """The builder as a new private message (deferred only if its picture is slow to come)."""
    locale = interaction.locale
    game = _game(table)
    content, view = power_step(table, seat, locale) if powers and game.pending is None \
        else card_step(table, seat, locale)
    picture = await in_time(interaction, builder_file(game, seat.index, seat_names(table), locale), Deferral.PRIVATE)
    await reply_private(interaction, content, view=view, file=picture)


async def _show(interaction: discord.Interaction, table: Table, seat: Seat, step: tuple[str, discord.ui.View],
                card: int | None = None) -> None:
    """Edit the builder to `step`, with the library drawn for it (the chosen card's spots in gold)."""
    content, view = step
    picture = await in_time(interaction, builder_file(_game(table), seat.index, seat_names(table), interaction.locale,
                                                      card), Deferral.UPDATE)
    await answer_by_edit(interaction, content=content, view=view, attachments=[picture])


async def _builder_after(result: PlayResult, seat: Seat, locale: object) -> tuple[str, discord.ui.View | None,
                                                                                   discord.File]:
    """The builder after an action the service saved: the next step while the seat still acts this turn, else its
    hand as the turn ends (with the cards it drew: only it sees them); text, components and picture."""
    table = result.table
    acting = table.status == TableStatus.ACTIVE and table.current_seat is not None \
        and table.current_seat.index == seat.index and not _turn_ended(result, seat)
    if not acting:
        content, picture = await hand_after(table, seat, result, locale)
        return content, None, picture
    content, view = card_step(table, seat, locale)
    return content, view, await builder_file(_game(table), seat.index, seat_names(table), locale)


def _turn_ended(result: PlayResult, seat: Seat) -> bool:
    """Whether the seat's own turn ended in this step (the next one may be its own again in a 2-seat game of
    computers; the builder still closes)."""
    return any(turn.seat.index == seat.index and turn.report.turn_over for turn in result.turns)


async def hand_after(table: Table, seat: Seat, result: PlayResult, locale: object) -> tuple[str, discord.File]:
    """The builder's last state: what the turn ended with and the seat's hand now, in words and picture."""
    game = _game(table)
    drawn = next((turn.report.drawn for turn in result.turns
                  if turn.seat.index == seat.index and isinstance(turn.move, EndTurn)), 0)
    lines = [t("librarians.turn_done", locale, count=drawn) if table.status == TableStatus.ACTIVE
             else t("librarians.game_done", locale), hand_line(game, seat.index, locale)]
    return "\n".join(lines), await hand_file(game, seat.index, seat_names(table), locale)


async def acting_seat(interaction: discord.Interaction, game_id: int,
                      args: tuple[str, ...]) -> tuple[Table, Seat] | None:
    """The clicking person's seat when they act now on the step the message was drawn for; else None after a
    private answer saying why."""
    turn = id_number(args, 0)
    if turn is None:
        await interaction.response.send_message(t("component.unknown", interaction.locale), ephemeral=True)
        return None
    return await seat_for_click(interaction, game_id, turn=turn, must_move=True)


async def play_action(interaction: discord.Interaction, table: Table, seat: Seat, action: object) -> None:
    """Apply one action for the seat (saved before it is shown), then move the builder on; a refusal is told
    privately and nothing changes."""
    async def played() -> tuple[PlayResult, tuple[str, discord.ui.View | None, discord.File]]:
        result = await service_of(interaction.client).play(table.game_id, interaction.user.id, action,
                                                           turn=table.turn)
        return result, await _builder_after(result, seat, interaction.locale)

    try:
        result, (content, view, picture) = await in_time(interaction, played(), Deferral.UPDATE)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, interaction.locale))
        return
    await answer_by_edit(interaction, content=content, view=view, attachments=[picture])
    await announce(interaction, result)


async def _unknown(interaction: discord.Interaction) -> None:
    """An id or a choice the bot could not have made (forged, or cut short): said privately, nothing changes."""
    await interaction.response.send_message(t("component.unknown", interaction.locale), ephemeral=True)


@handles("pickcard", Origin.PRIVATE, select=True, kind=KIND, prompt=BUILDER)
async def _pick_card(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                     values: tuple[str, ...]) -> None:
    found = await acting_seat(interaction, game_id, args)
    if found is None:
        return
    table, seat = found
    card = id_number(values, 0)
    if card is None or card not in playable_cards(_game(table), seat.index):
        await _unknown(interaction)
        return
    await _show(interaction, table, seat, spot_step(table, card, interaction.locale), card)


def _spot_handler(index: int) -> Handler:
    """The spot select of one chunk of spots (a select holds at most 25)."""

    @handles(f"pickspot{index}", Origin.PRIVATE, select=True, kind=KIND, prompt=BUILDER)
    async def pick_spot(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                        values: tuple[str, ...]) -> None:
        found = await acting_seat(interaction, game_id, args)
        if found is None:
            return
        table, seat = found
        game = _game(table)
        card, number = id_number(args, 1), id_number(values, 0)
        if card is None or number is None or card not in game.hands[seat.index] \
                or number not in game.legal_spots(card):
            await _unknown(interaction)
            return
        await play_action(interaction, table, seat, Play(card, game.spots()[number - 1]))

    return pick_spot


@handles("bback", Origin.PRIVATE, kind=KIND, prompt=BUILDER)
async def _back(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                values: tuple[str, ...]) -> None:
    found = await acting_seat(interaction, game_id, args)
    if found is not None:
        table, seat = found
        await _show(interaction, table, seat, card_step(table, seat, interaction.locale))


@handles("bend", Origin.PRIVATE, kind=KIND, prompt=BUILDER)
async def _end(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
               values: tuple[str, ...]) -> None:
    found = await acting_seat(interaction, game_id, args)
    if found is not None:
        await play_action(interaction, *found, EndTurn())


@handles("bundo", Origin.PRIVATE, kind=KIND, prompt=BUILDER)
async def _undo(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                values: tuple[str, ...]) -> None:
    found = await acting_seat(interaction, game_id, args)
    if found is not None:
        await play_action(interaction, *found, Undo())


@handles("buse", Origin.PRIVATE, kind=KIND, prompt=BUILDER)
async def _use(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
               values: tuple[str, ...]) -> None:
    found = await acting_seat(interaction, game_id, args)
    if found is None:
        return
    table, seat = found
    card = id_number(args, 1)
    if card is None or card not in _game(table).usable_powers(seat.index):
        await _unknown(interaction)
        return
    await play_action(interaction, table, seat, UsePower(card))


async def _choose(interaction: discord.Interaction, game_id: int, args: tuple[str, ...], index: int | None) -> None:
    found = await acting_seat(interaction, game_id, args)
    if found is None:
        return
    table, seat = found
    pending = _game(table).pending
    if pending is None or index is None or index >= len(pending.options):
        await _unknown(interaction)
        return
    await play_action(interaction, table, seat, Choose(pending.options[index]))


@handles("opt", Origin.PRIVATE, kind=KIND, prompt=BUILDER)
async def _option_button(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                         values: tuple[str, ...]) -> None:
    await _choose(interaction, game_id, args, id_number(args, 1))


@handles("pickopt", Origin.PRIVATE, select=True, kind=KIND, prompt=BUILDER)
async def _option_select(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                         values: tuple[str, ...]) -> None:
    await _choose(interaction, game_id, args, id_number(values, 0))


CLICKS: tuple[Handler, ...] = (_pick_card, *(_spot_handler(index) for index in range(SPOT_SELECTS)), _back, _end, _undo, _use,
          _option_button, _option_select)
"""The builder's buttons and selects (the manifest lists them)."""
