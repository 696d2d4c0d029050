"""The click-only turn, on the turn message itself: Roll -> toggle the dice to keep -> Re-roll or Stop -> pick an
item set (numbered as in the picture) or, when nothing can be circled, a row to cross out -> Confirm.

Rolls are final when they happen: Roll and Re-roll ask the service at once (it saves the dice before anything is
shown), and the outbox posts the new dice as the next turn message. Choices in between (which dice are kept,
which set or row is picked) live in the custom ids of the message's components, so a restart keeps them too.
Only the seat to act may click; anyone else gets a private answer and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from engine.dice import RULES, Circle, Cross, DiceGame, Reroll, Roll

from bot.games.dice.kind import KIND
from bot.games.dice.pictures import turn_files
from bot.games.dice.picks import SET_LIMIT, crossable_rows, offered_sets
from bot.games.dice.words import FACE_EMOJI, choose_prompt, row_text, set_choice_text, turn_prompt
from bot.i18n import t
from bot.presenters.words import seat_names
from bot.presenters.refusals import refusal_text
from bot.quick_answers import Deferral, acknowledge, answer_by_edit, in_time
from bot.replies import reply_private
from bot.service.refusals import ServiceError
from bot.service.models import Table
from bot.context import channel_locale, service_of
from bot.clicks.routing import GameButton, GameSelect, Handler, Origin, handles, view_of
from bot.outbox import announce
from bot.clicks.seats import seat_for_click
from bot.custom_ids import id_number

ROW_SIZE = 5
"""Buttons Discord puts in one row."""


def _mask(keep: tuple[int, ...] | list[int]) -> int:
    return sum(1 << i for i in keep)


def _kept(mask: int, count: int) -> tuple[int, ...]:
    return tuple(i for i in range(count) if mask >> i & 1)


def turn_buttons(table: Table, locale: object) -> discord.ui.View | None:
    """The running game's live turn message's components for the game as it stands."""
    game = table.game
    if not isinstance(game, DiceGame) or not table.acting:
        return None
    if game.phase == "roll":
        return view_of(GameButton(KIND, table.game_id, "roll", table.turn, label=t("dice.button.roll", locale),
                                  emoji="🎲", style=discord.ButtonStyle.primary))
    if game.rerolls_left:
        return keep_view(table, game, _mask(game.kept), locale)
    return choose_view(table, game, locale)


def keep_view(table: Table, game: DiceGame, mask: int, locale: object) -> discord.ui.View:
    """One toggle per die (green: kept), then Re-roll (the others) and Stop (circle with these dice)."""
    gid, turn, count = table.game_id, table.turn, game.dice_count
    items: list[discord.ui.Item[Any]] = [
        GameButton(KIND, gid, "toggle", turn, mask, i, label=str(i + 1), emoji=FACE_EMOJI[face], row=i // ROW_SIZE,
                   style=discord.ButtonStyle.success if mask >> i & 1 else discord.ButtonStyle.secondary)
        for i, face in enumerate(game.dice)
    ]
    kept = len(_kept(mask, count))
    last = (count - 1) // ROW_SIZE + 1
    items.append(GameButton(KIND, gid, "reroll", turn, mask, label=t("dice.button.reroll", locale, kept=kept),
                            style=discord.ButtonStyle.primary, row=last, disabled=kept == count))
    items.append(GameButton(KIND, gid, "stop", turn, mask, label=t("dice.button.stop", locale), row=last))
    return view_of(*items)


def choose_view(table: Table, game: DiceGame, locale: object, *, chosen: int | None = None,
                back: int | None = None) -> discord.ui.View:
    """The item sets as a select (numbered as the picture numbers them), or the rows to cross out; Confirm once
    one is chosen; Back to the dice while re-rolls are left (`back` is the keep mask to return to)."""
    gid, turn = table.game_id, table.turn
    items: list[discord.ui.Item[Any]] = []
    sets = offered_sets(game)[:SET_LIMIT]
    if sets:
        options = [discord.SelectOption(label=set_choice_text(n + 1, s, game.gain(s), locale), value=str(n), default=n == chosen)
                   for n, s in enumerate(sets)]
        items.append(GameSelect(KIND, gid, "pickset", turn, back if back is not None else "", options=options,
                                placeholder=t("dice.select.set", locale), min_values=1, max_values=1, row=0))
        if chosen is not None:
            items.append(GameButton(KIND, gid, "circle", turn, chosen, label=t("dice.button.confirm", locale),
                                    style=discord.ButtonStyle.success, row=1))
    else:
        for row in crossable_rows(game):
            items.append(GameButton(KIND, gid, "crossrow", turn, row, back if back is not None else "",
                                    label=t("dice.button.cross_row", locale, row=row_text(row, locale)), row=0,
                                    style=discord.ButtonStyle.danger if row == chosen else discord.ButtonStyle.secondary))
        if chosen is not None:
            items.append(GameButton(KIND, gid, "cross", turn, chosen, label=t("dice.button.confirm", locale),
                                    style=discord.ButtonStyle.success, row=1))
    if back is not None:
        items.append(GameButton(KIND, gid, "back", turn, back, label=t("dice.button.back", locale), row=1))
    return view_of(*items)


async def _unknown(interaction: discord.Interaction) -> None:
    """An id or a choice the bot could not have made (forged, or cut short): said privately, nothing changes."""
    await interaction.response.send_message(t("component.unknown", interaction.locale), ephemeral=True)


def _offers(game: DiceGame, action: str) -> bool:
    """Whether the live turn message offers this action at the step the game is at: Roll before the first roll;
    the dice toggles, Re-roll, Stop and Back while re-rolls are left; the sets or rows to pick after it."""
    if game.phase == "roll":
        return action == "roll"
    if action in ("toggle", "reroll", "stop", "back"):
        return game.rerolls_left > 0
    return action != "roll"


def _mask_of(game: DiceGame, args: tuple[str, ...], index: int) -> int | None:
    """The kept dice a custom id carries, as a mask of this game's dice; None when it is not one."""
    mask = id_number(args, index)
    return mask if mask is not None and mask < 1 << game.dice_count else None


async def _acting(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                  action: str) -> tuple[Table, DiceGame] | None:
    """The game when the clicking person is the seat to act on the turn the message shows and the message offers
    `action` at this step; else None after a private answer saying why (not your turn, a message from an older
    step, not in this game, a step this message does not offer now)."""
    turn = id_number(args, 0)
    if turn is None:
        await _unknown(interaction)
        return None
    found = await seat_for_click(interaction, game_id, turn=turn, must_move=True)
    if found is None:
        return None
    table = found[0]
    game = RULES.state_of(table.game)
    if not _offers(game, action):
        await interaction.response.send_message(t("component.not_offered", interaction.locale), ephemeral=True)
        return None
    return table, game


async def _play(interaction: discord.Interaction, game_id: int, turn: int, action: object) -> None:
    """Apply the step now (saved before it is shown); the outbox posts the next turn message and collapses this
    one. A refusal (the turn moved on meanwhile) is told privately."""
    try:
        result = await in_time(interaction, service_of(interaction.client).play(game_id, interaction.user.id, action,
                                                                                turn=turn), Deferral.UPDATE)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, interaction.locale))
        return
    await acknowledge(interaction)
    await announce(interaction, result)


@handles("roll", Origin.TURN, kind=KIND)
async def _roll(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                values: tuple[str, ...]) -> None:
    found = await _acting(interaction, game_id, args, "roll")
    if found is not None:
        await _play(interaction, game_id, found[0].turn, Roll())


@handles("toggle", Origin.TURN, kind=KIND)
async def _toggle(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                  values: tuple[str, ...]) -> None:
    found = await _acting(interaction, game_id, args, "toggle")
    if found is None:
        return
    table, game = found
    mask, die = _mask_of(game, args, 1), id_number(args, 2)
    if mask is None or die is None or die >= game.dice_count:
        await _unknown(interaction)
        return
    mask ^= 1 << die
    files = await in_time(interaction, turn_files(game, seat_names(table), channel_locale(interaction.client, table),
                                                  kept=_kept(mask, game.dice_count)), Deferral.UPDATE)
    await answer_by_edit(interaction, view=keep_view(table, game, mask, interaction.locale), attachments=files)


@handles("reroll", Origin.TURN, kind=KIND)
async def _reroll(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                  values: tuple[str, ...]) -> None:
    found = await _acting(interaction, game_id, args, "reroll")
    if found is None:
        return
    table, game = found
    mask = _mask_of(game, args, 1)
    if mask is None or len(_kept(mask, game.dice_count)) == game.dice_count:
        await _unknown(interaction)
        return
    await _play(interaction, game_id, table.turn, Reroll(_kept(mask, game.dice_count)))


async def _switch_view(interaction: discord.Interaction, game_id: int, args: tuple[str, ...], action: str,
                       view_of_mask: Callable[[Table, DiceGame, int, object], discord.ui.View]) -> None:
    """Stop and Back change only the buttons and the line saying what to do (circle now, or keep dice): the view
    for the keep mask the click carries, nothing played."""
    found = await _acting(interaction, game_id, args, action)
    if found is None:
        return
    table, game = found
    mask = _mask_of(game, args, 1)
    if mask is None:
        await _unknown(interaction)
        return
    locale = channel_locale(interaction.client, table)
    keeping, choosing = turn_prompt(table, locale) or "", choose_prompt(table, locale)
    old, new = (keeping, choosing) if action == "stop" else (choosing, keeping)
    content = interaction.message.content if interaction.message is not None else ""
    await interaction.response.edit_message(content=content.replace(old, new) if old else content,
                                            view=view_of_mask(table, game, mask, interaction.locale))


@handles("stop", Origin.TURN, kind=KIND)
async def _stop(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                values: tuple[str, ...]) -> None:
    """Keep these dice as the final roll: the sets they circle (or the rows to cross out) replace the dice."""
    await _switch_view(interaction, game_id, args, "stop",
                       lambda table, game, mask, locale: choose_view(table, game, locale, back=mask))


@handles("back", Origin.TURN, kind=KIND)
async def _back(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                values: tuple[str, ...]) -> None:
    await _switch_view(interaction, game_id, args, "back", keep_view)


def _back_of(game: DiceGame, args: tuple[str, ...], index: int) -> tuple[bool, int | None]:
    """The keep mask Back returns to, carried after a choice: (whether the id could be the bot's, the mask or None
    when the choice offers no Back)."""
    if len(args) <= index or not args[index]:
        return True, None
    mask = _mask_of(game, args, index)
    return mask is not None and game.rerolls_left > 0, mask


@handles("pickset", Origin.TURN, kind=KIND, select=True)
async def _pick_set(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                    values: tuple[str, ...]) -> None:
    found = await _acting(interaction, game_id, args, "pickset")
    if found is None:
        return
    table, game = found
    chosen, (readable, back) = id_number(values, 0), _back_of(game, args, 1)
    if chosen is None or chosen >= min(SET_LIMIT, len(offered_sets(game))) or not readable:
        await _unknown(interaction)
        return
    view = choose_view(table, game, interaction.locale, chosen=chosen, back=back)
    await interaction.response.edit_message(view=view)


@handles("crossrow", Origin.TURN, kind=KIND)
async def _cross_row(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                     values: tuple[str, ...]) -> None:
    found = await _acting(interaction, game_id, args, "crossrow")
    if found is None:
        return
    table, game = found
    row, (readable, back) = id_number(args, 1), _back_of(game, args, 2)
    if row is None or row not in crossable_rows(game) or not readable:
        await _unknown(interaction)
        return
    view = choose_view(table, game, interaction.locale, chosen=row, back=back)
    await interaction.response.edit_message(view=view)


@handles("circle", Origin.TURN, kind=KIND)
async def _circle(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                  values: tuple[str, ...]) -> None:
    found = await _acting(interaction, game_id, args, "circle")
    if found is None:
        return
    table, game = found
    chosen, sets = id_number(args, 1), offered_sets(game)
    if chosen is None or chosen >= min(SET_LIMIT, len(sets)):
        await _unknown(interaction)
        return
    await _play(interaction, game_id, table.turn, Circle(sets[chosen]))


@handles("cross", Origin.TURN, kind=KIND)
async def _cross(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                 values: tuple[str, ...]) -> None:
    found = await _acting(interaction, game_id, args, "cross")
    if found is None:
        return
    table, game = found
    row = id_number(args, 1)
    if row is None or row not in crossable_rows(game):
        await _unknown(interaction)
        return
    await _play(interaction, game_id, table.turn, Cross(row))


CLICKS: tuple[Handler, ...] = (_roll, _toggle, _reroll, _stop, _back, _pick_set, _cross_row, _circle, _cross)
"""The turn message's buttons and select (the manifest lists them)."""
