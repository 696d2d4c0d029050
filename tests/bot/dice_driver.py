"""How the Dice Game's end-to-end tests play: clicking the turn message or typing `/dice` commands chosen from
autocomplete, as people do. Helpers read what users see (messages, buttons, choices) and the stored game only
to know whose step it is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import simcord
from test_game_driver import assert_move_answered, channel_messages, custom_ids, game_here, member

if TYPE_CHECKING:
    from conftest import Table

MAX_STEPS = 400


def dice_turn_message(channel: simcord.ChannelHandle) -> Any:
    """The live dice turn message: the last one in the channel with a dice action on it."""
    return next(m for m in reversed(channel_messages(channel))
                if any(cid.startswith("dice:") and ":rematch" not in cid for cid in custom_ids(m)))


def ids_with(message: Any, action: str) -> list[str]:
    return [cid for cid in custom_ids(message) if cid.split(":")[2] == action]


async def start_dice_game(table: Table, channel: simcord.ChannelHandle | None = None, **options: Any) -> Any:
    """alice opens a 2-player dice lobby, bob joins by button, alice starts by button; returns the lobby."""
    channel = channel or table.channel
    opened = await table.alice.slash(channel, "dice new", players=2, **options)
    assert opened.response is not None and not opened.response.ephemeral, opened.response
    await table.bob.click(opened.response, label="Join")
    await table.alice.click(opened.response, label="Start")
    return opened.response


async def click_step(table: Table, channel: simcord.ChannelHandle | None = None) -> None:
    """The seat to act plays one step by clicks on the live turn message: Roll; on the first re-roll chance keep
    die 1 and Re-roll; then Stop, pick the first item set and Confirm, or the first row to cross out and Confirm."""
    channel = channel or table.channel
    game = await game_here(table, channel)
    player = member(table, game.current_seat.user_id)
    message = dice_turn_message(channel)
    if ids_with(message, "roll"):
        await player.click(message, custom_id=ids_with(message, "roll")[0])
        return
    if ids_with(message, "toggle") and game.game.rerolls_left == 2:
        toggled = await player.click(message, custom_id=ids_with(message, "toggle")[0])
        assert toggled.response is not None and not toggled.response.ephemeral, "the toggle edits the message"
        message = dice_turn_message(channel)
        if game.game.kept != (0,):
            await player.click(message, custom_id=ids_with(message, "reroll")[0])
            return
    if ids_with(message, "stop"):
        await player.click(message, custom_id=ids_with(message, "stop")[0])
        message = dice_turn_message(channel)
    if ids_with(message, "pickset"):
        await player.select(message, ["0"], custom_id=ids_with(message, "pickset")[0])
        message = dice_turn_message(channel)
        await player.click(message, custom_id=ids_with(message, "circle")[0])
    else:
        await player.click(message, custom_id=ids_with(message, "crossrow")[0])
        message = dice_turn_message(channel)
        await player.click(message, custom_id=ids_with(message, "cross")[0])


async def typed_step(table: Table, channel: simcord.ChannelHandle | None = None) -> simcord.InteractionResult:
    """The seat to act types one step from autocomplete: roll; keep the first suggestion once; then the first
    item set offered, or the first row offered to cross out."""
    channel = channel or table.channel
    game = await game_here(table, channel)
    player = member(table, game.current_seat.user_id)
    if game.game.phase == "roll":
        result = await player.slash(channel, "dice roll")
    elif game.game.rerolls_left == 2:
        keeps = await player.autocomplete(channel, "dice keep", "dice", "")
        assert keeps, "autocomplete offered no dice to keep"
        result = await player.slash(channel, "dice keep", dice=keeps[0]["value"])
    else:
        sets = await player.autocomplete(channel, "dice circle", "items", "")
        rows = await player.autocomplete(channel, "dice cross", "row", "")
        assert bool(sets) != bool(rows), "either items can be circled or a row must be crossed out, never both"
        if sets:
            result = await player.slash(channel, "dice circle", items=sets[0]["value"])
        else:
            result = await player.slash(channel, "dice cross", row=rows[0]["value"])
    assert_move_answered(result, "Done:", channel)
    return result
