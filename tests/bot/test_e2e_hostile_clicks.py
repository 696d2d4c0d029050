"""What Discord's client never sends, sent anyway to every game: numbers in other scripts typed or carried by a
select, values no select offered or more of them than it allows, arguments no button of the bot carries, steps the
live message does not offer at this point, steps taken from an older, collapsed turn message, a Rematch of a game
that never finished, and commands that do not exist.

Each gets a clear private answer and changes nothing: not the generic apology (the `unexpected_errors` guard fails
any test whose bot logged one), not a second live turn message, not a step the player never saw."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from dice_driver import dice_turn_message, ids_with, start_dice_game
from forged import forged_click, forged_slash
from librarians_driver import ids_with as librarians_ids
from librarians_driver import click_turn, open_builder, options_of, start_librarians
from librarians_driver import turn_message as librarians_turn_message
from test_game_driver import (channel_messages, custom_ids, game_here, latest_turn_message, member,
                              play_typed_move, start_game)

from engine.registry import rules_of

if TYPE_CHECKING:
    from conftest import Table

NOT_OFFERED = "isn't one of the choices this message offers"
UNKNOWN = "I don't recognise this button"
OLD_MESSAGE = "from an earlier turn"
OTHER_DIGITS = ("²", "¹ 2", "①", "٣", "３")


def _state(game: Any) -> tuple[Any, ...]:
    """What a step would change: the turn, the stored game and the seats."""
    return game.turn, game.version, game.game.to_dict(), game.seats


async def _dice_rolled(table: Table) -> tuple[Any, Any, Any, Any]:
    """A two-player dice game whose first player rolled: (the stored game, the mover, the live turn message, the
    first turn message, collapsed since)."""
    await start_dice_game(table)
    game = await game_here(table)
    mover = member(table, game.current_seat.user_id)
    first = dice_turn_message(table.channel)
    await mover.click(first, label="Roll")
    return await game_here(table), mover, dice_turn_message(table.channel), first


async def test_dice_numbers_typed_in_other_scripts_are_refused_in_words(table: Table) -> None:
    rolled, mover, _, _ = await _dice_rolled(table)
    for dice in OTHER_DIGITS:
        kept = await mover.slash(table.channel, "dice keep", dice=dice)
        assert kept.ephemeral and "is not a die number" in kept.response.content, dice
    for row in ("²", "٣", "①"):
        crossed = await mover.slash(table.channel, "dice cross", row=row)
        assert crossed.ephemeral and "is not a row" in crossed.response.content, row
    for items in ("plants:²", "plants:٣"):
        circled = await mover.slash(table.channel, "dice circle", items=items)
        assert circled.ephemeral and "is not an item" in circled.response.content, items
    assert _state(await game_here(table)) == _state(rolled)


async def test_dice_select_values_the_select_never_offered_are_refused(table: Table) -> None:
    rolled, mover, message, _ = await _dice_rolled(table)
    stopped = await mover.click(message, custom_id=ids_with(message, "stop")[0])
    choose = stopped.response
    (select,) = ids_with(choose, "pickset")
    offered = [o["value"] for o in options_of(choose, select)]
    for values in (["²"], ["٠"], [offered[0], offered[1]], ["99"], [offered[0]] * 2, []):
        answer = await forged_click(mover, choose, select, values=values)
        assert answer.ephemeral and NOT_OFFERED in answer.response.content, values
    assert not ids_with(dice_turn_message(table.channel), "circle"), "no set was chosen"
    picked = await mover.select(choose, [offered[0]], custom_id=select)
    assert ids_with(picked.response, "circle"), "a value it offered still picks its set"
    assert _state(await game_here(table)) == _state(rolled)


async def test_dice_buttons_with_arguments_no_button_carries_are_refused(table: Table) -> None:
    rolled, mover, message, _ = await _dice_rolled(table)
    gid, turn = rolled.game_id, rolled.turn
    for forged in (f"dice:{gid}:reroll:{turn}:abc", f"dice:{gid}:reroll:{turn}", f"dice:{gid}:reroll:{turn}:31",
                   f"dice:{gid}:reroll:{turn}:64", f"dice:{gid}:stop:{turn}:abc", f"dice:{gid}:back:{turn}:9999",
                   f"dice:{gid}:toggle:{turn}:99:0", f"dice:{gid}:crossrow:{turn}:0"):
        answer = await forged_click(mover, message, forged)
        assert answer.ephemeral and UNKNOWN in answer.response.content, forged
    after = await game_here(table)
    assert _state(after) == _state(rolled) and after.game.rerolls_left == rolled.game.rerolls_left


async def test_dice_steps_the_roll_step_does_not_offer_are_refused_and_roll_stays(table: Table) -> None:
    await start_dice_game(table)
    before = await game_here(table)
    mover = member(table, before.current_seat.user_id)
    message = dice_turn_message(table.channel)
    gid, turn = before.game_id, before.turn
    for action in (f"stop:{turn}:0", f"back:{turn}:0", f"toggle:{turn}:0:1", f"reroll:{turn}:0", f"circle:{turn}:0",
                   f"pickset:{turn}:"):
        answer = await forged_click(mover, message, f"dice:{gid}:{action}",
                                    values=["0"] if action.startswith("pickset") else None)
        assert answer.ephemeral and NOT_OFFERED in answer.response.content, action
    assert dice_turn_message(table.channel).id == message.id
    assert ids_with(dice_turn_message(table.channel), "roll"), "the turn message keeps its Roll button"
    assert _state(await game_here(table)) == _state(before)


async def test_a_dice_step_forged_onto_an_older_collapsed_turn_message_is_refused(table: Table) -> None:
    rolled, mover, live, first = await _dice_rolled(table)
    collapsed = next(m for m in channel_messages(table.channel) if m.id == first.id)
    assert not collapsed.components
    gid, turn = rolled.game_id, rolled.turn
    for action in (f"toggle:{turn}:0:0", f"stop:{turn}:0", f"reroll:{turn}:0"):
        answer = await forged_click(mover, collapsed, f"dice:{gid}:{action}")
        assert answer.ephemeral and OLD_MESSAGE in answer.response.content, action
    shown = [m for m in channel_messages(table.channel) if any(c.startswith("dice:") for c in custom_ids(m))]
    assert [m.id for m in shown] == [live.id], "one live turn message"
    assert _state(await game_here(table)) == _state(rolled)


async def test_a_shelfie_step_forged_onto_an_older_collapsed_turn_message_is_refused(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    first = latest_turn_message(table.channel)
    await play_typed_move(table)
    now = await game_here(table)
    mover = member(table, now.current_seat.user_id)
    collapsed = next(m for m in channel_messages(table.channel) if m.id == first.id)
    answer = await forged_click(mover, collapsed, f"shelfie:{now.game_id}:take:{now.turn}")
    assert answer.ephemeral and OLD_MESSAGE in answer.response.content
    live = await mover.click(latest_turn_message(table.channel), label="Take tiles")
    assert live.ephemeral and live.response.components, "the live message still opens the move builder"
    assert _state(await game_here(table)) == _state(now)


async def test_librarians_values_and_steps_never_offered_are_refused(table: Table) -> None:
    await start_librarians(table, people=2, computers=0)
    before = await game_here(table)
    player = member(table, before.current_seat.user_id)
    first = librarians_turn_message(table.channel)
    builder = await open_builder(table)
    (select,) = librarians_ids(builder, "pickcard")
    offered = [o["value"] for o in options_of(builder, select)]
    for values in (["²"], ["٣"], ["①"], [offered[0], offered[-1]], ["999"]):
        answer = await forged_click(player, builder, select, values=values)
        assert answer.ephemeral and NOT_OFFERED in answer.response.content, values
    assert _state(await game_here(table)) == _state(before)

    await click_turn(table)
    after = await game_here(table)
    assert after.turn != before.turn and after.status == "active"
    collapsed = next(m for m in channel_messages(table.channel) if m.id == first.id)
    assert not collapsed.components
    mover = member(table, after.current_seat.user_id)
    for action in ("play", "end", "undo", "hand"):
        answer = await forged_click(mover, collapsed, f"librarians:{before.game_id}:{action}:{after.turn}")
        assert answer.ephemeral and OLD_MESSAGE in answer.response.content, action
    assert _state(await game_here(table)) == _state(after)


@pytest.mark.parametrize("kind", ["shelfie", "dice", "librarians"])
async def test_a_computer_level_the_chooser_never_offered_seats_nobody(table: Table, kind: str) -> None:
    opened = await table.alice.slash(table.channel, f"{kind} new", players=2)
    lobby = opened.response
    chooser = await table.alice.click(lobby, label="Add bot")
    gid = (await game_here(table)).game_id
    unoffered = ["expert", "", "normal:easy", "²"] + (["hard"] if "hard" not in rules_of(kind).levels else [])
    for level in unoffered:
        answer = await forged_click(table.alice, chooser.response, f"{kind}:{gid}:botlevel:{level}".rstrip(":"))
        assert answer.ephemeral and (NOT_OFFERED in answer.response.content or UNKNOWN in answer.response.content), level
    assert len((await game_here(table)).seats) == 1
    await table.alice.click(chooser.response, label="easy")
    assert [seat.level for seat in (await game_here(table)).seats] == [None, "easy"]


@pytest.mark.parametrize("kind", ["shelfie", "dice", "librarians"])
async def test_a_rematch_of_a_cancelled_game_opens_no_lobby(table: Table, kind: str) -> None:
    opened = await table.alice.slash(table.channel, f"{kind} new", players=2)
    await table.bob.click(opened.response, label="Join")
    await table.alice.click(opened.response, label="Start")
    game = await game_here(table)
    turn = next(m for m in reversed(channel_messages(table.channel))
                if any(c.startswith(f"{kind}:{game.game_id}:") for c in custom_ids(m)))
    question = await table.alice.slash(table.channel, f"{kind} cancel")
    await table.alice.click(question.response, custom_id=next(c for c in custom_ids(question.response)
                                                               if c.endswith(":cancel_yes")))
    assert (await table.bot.service.table(game.game_id)).status == "cancelled"
    before = channel_messages(table.channel)
    answer = await forged_click(table.alice, turn, f"{kind}:{game.game_id}:rematch")
    assert answer.ephemeral and NOT_OFFERED in answer.response.content
    assert await table.bot.service.table_in_channel(table.channel.id) is None
    assert len(channel_messages(table.channel)) == len(before)


@pytest.mark.parametrize("group", ["shelfie", "dice", "librarians", "games"])
async def test_a_subcommand_that_does_not_exist_gets_a_clear_answer(table: Table, group: str) -> None:
    for name in ("teleport", "x" * 40):
        answer = await forged_slash(table.alice, table.channel, f"{group} {name}", [])
        assert answer.ephemeral and "That command no longer exists: type / to see the current ones." \
            == answer.response.content
    assert await table.bot.service.table_in_channel(table.channel.id) is None


async def test_an_unknown_subcommand_is_answered_in_the_readers_language(table: Table, user_locale) -> None:
    user_locale(table.alice, "it")
    answer = await forged_slash(table.alice, table.channel, "dice teleport", [])
    assert answer.ephemeral and answer.response.content.startswith("Questo comando non esiste più")


async def test_shelfie_builder_values_its_tile_selects_never_offered_are_refused(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    before = await game_here(table)
    mover = member(table, before.current_seat.user_id)
    builder = (await mover.click(latest_turn_message(table.channel), label="Take tiles")).response
    select = next(c for c in custom_ids(builder) if ":pick0:" in c)
    offered = [o["value"] for o in options_of(builder, select)]
    assert len(offered) > 3
    for values in (["Z9"], ["E²"], offered[:4], [offered[0]] * 2):
        answer = await forged_click(mover, builder, select, values=values)
        assert answer.ephemeral and NOT_OFFERED in answer.response.content, values
    picked = await mover.select(builder, offered[:1], custom_id=select)
    assert picked.response.ephemeral and offered[0] in picked.response.content
    assert _state(await game_here(table)) == _state(before)
