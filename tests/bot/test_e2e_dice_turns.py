"""A dice turn through the bot: rolls are final when they happen (a restart keeps the dice and the turn), only
the seat to act may click, old messages cannot play, closed DMs change nothing, an expired turn is played by
the computer, and refusals say why."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from PIL import Image

from dice_driver import dice_turn_message, ids_with, start_dice_game
from render.dice.faces import KEPT
from render.dice.layout import die_box, header_height
from render.dice.table import has_locks, has_news
from forged import forged_click
from test_game_driver import channel_messages, game_here, labels, member, private_answer

if TYPE_CHECKING:
    from conftest import Table

TEN_MINUTES = 600


async def _players(table: Table):
    game = await game_here(table)
    mover = member(table, game.current_seat.user_id)
    return game, mover, table.bob if mover is table.alice else table.alice


async def test_a_restart_between_the_roll_and_the_circling_keeps_the_dice_the_keeps_and_the_turn(
        table: Table, restart) -> None:
    await start_dice_game(table)
    game, mover, _ = await _players(table)
    await mover.click(dice_turn_message(table.channel), label="Roll")
    rolled = await game_here(table)
    message = dice_turn_message(table.channel)
    await mover.click(message, custom_id=ids_with(message, "toggle")[1])
    kept_view = dice_turn_message(table.channel)
    assert any(cid.endswith(":2:1") for cid in ids_with(kept_view, "toggle")), "die 2 kept: the mask is in the ids"

    await restart()
    after = await game_here(table)
    assert after.game.dice == rolled.game.dice and after.turn == rolled.turn
    assert after.current_seat.user_id == mover.id
    stopped = await mover.click(kept_view, custom_id=ids_with(kept_view, "stop")[0])
    assert not stopped.response.ephemeral, "the old process's buttons work after the restart"
    message = dice_turn_message(table.channel)
    if ids_with(message, "pickset"):
        sets = message.components[0].children[0].options
        assert sets[0].label.startswith("1. ")
        await mover.select(message, ["0"], custom_id=ids_with(message, "pickset")[0])
        message = dice_turn_message(table.channel)
        done = await mover.click(message, label="Confirm")
    else:
        await mover.click(message, custom_id=ids_with(message, "crossrow")[0])
        done = await mover.click(dice_turn_message(table.channel), label="Confirm")
    assert done.acknowledged
    final = await game_here(table)
    assert final.turn == rolled.turn + 1 and final.current_seat.user_id != mover.id
    assert final.game.sheet(game.current_seat.index) != "." * 25, "the dice rolled before the restart were used"


async def test_wrong_user_outsider_and_stale_buttons_get_a_private_answer_and_change_nothing(table: Table) -> None:
    await start_dice_game(table)
    game, mover, waiter = await _players(table)
    first = dice_turn_message(table.channel)
    early = await waiter.click(first, label="Roll")
    assert early.response.ephemeral and f"It's {mover.name}'s turn, not yours" in early.response.content
    outsider = await table.carol.click(first, label="Roll")
    assert outsider.response.ephemeral and "not playing in this game" in outsider.response.content
    assert (await game_here(table)).turn == 0

    # Discord fails the edit that collapses the old message, so its Roll button stays on screen.
    table.env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/{first.id}", status=500, times=None)
    table.env.inject_error("PATCH", "/webhooks/*/messages/*", status=500, times=None)
    await mover.click(first, label="Roll")
    rolled = await game_here(table)
    stale = await mover.click(first, label="Roll")
    assert stale.response.ephemeral and "earlier turn" in stale.response.content
    after = await game_here(table)
    assert after.turn == rolled.turn == 1 and after.game.dice == rolled.game.dice and after.game.rerolls_left == 2


async def test_refused_typed_steps_say_why_and_change_nothing(table: Table) -> None:
    await start_dice_game(table)
    game, mover, waiter = await _players(table)
    first = await mover.slash(table.channel, "dice circle", items="plants:1")
    assert "Roll the dice first" in private_answer(first).content
    other = await waiter.slash(table.channel, "dice roll")
    assert "not yours" in private_answer(other).content
    await mover.slash(table.channel, "dice roll")
    garbage = await mover.slash(table.channel, "dice keep", dice="banana")
    assert "banana is not a die number" in garbage.response.content.replace("“", "").replace("”", "").replace('"', "")
    crossing = await mover.slash(table.channel, "dice cross", row="books")
    rolled = await game_here(table)
    if rolled.game.legal_item_sets():
        assert "so you must" in private_answer(crossing).content
        assert await mover.autocomplete(table.channel, "dice cross", "row", "") == []
    assert rolled.turn == 1
    italian = await mover.slash(table.channel, "dice keep", dice="tutti")
    assert private_answer(italian) and rolled.turn == (await game_here(table)).turn


async def test_closed_dms_change_nothing_because_the_dice_game_has_no_secrets(table: Table) -> None:
    table.env.inject_error("POST", f"/channels/{table.bob.user.dm_channel.id}/messages", status=403, code=50007,
                           message="Cannot send messages to this user", times=None)
    await start_dice_game(table)
    first = channel_messages(table.channel)[-1]
    assert "couldn't send" not in first.content and labels(first) == ["Roll"]
    assert table.alice.user.dm_channel.history() == [] and table.bob.user.dm_channel.history() == []
    assert (await game_here(table)).status == "active"


async def test_an_expired_turn_is_played_whole_by_the_computer(table: Table) -> None:
    await start_dice_game(table, turn_timeout="10m")
    game, absent, other = await _players(table)
    await table.env.advance_time(TEN_MINUTES + 1)
    after = await game_here(table)
    assert after.current_seat.user_id == other.id and after.game.phase == "roll"
    posted = channel_messages(table.channel)[-1]
    assert posted.content.count("time ran out") == 1 and f"**{absent.name}** rolled" in posted.content
    assert f"{other.mention}, it's your turn" in posted.content and labels(posted) == ["Roll"]


async def test_rules_name_the_house_values_and_where_they_live_in_both_languages(table: Table, user_locale) -> None:
    help_text = await table.alice.slash(table.channel, "games help")
    (field,) = [f for f in help_text.response.embeds[0].fields if f.name == "My Shelfie: The Dice Game"]
    assert "**Roll**" in field.value and "`/dice circle`" in field.value
    rules = await table.alice.slash(table.channel, "dice rules")
    text = str(rules.response.embeds[0].to_dict())
    assert rules.response.ephemeral and "printed score sheet is not public" in text and "data/dice.json" in text
    user_locale(table.bob, "it")
    regole = await table.bob.slash(table.channel, "dice rules")
    assert "non è pubblica" in str(regole.response.embeds[0].to_dict())
    nothing = await table.alice.slash(table.channel, "dice hint")
    assert nothing.response.ephemeral and \
        "Open one with `/shelfie new`, `/dice new`, `/librarians new`, or `/books new`." in nothing.response.content


async def test_hints_only_when_the_lobby_allowed_them(table: Table, user_locale) -> None:
    await start_dice_game(table)
    game, mover, _ = await _players(table)
    refused = await mover.slash(table.channel, "dice hint")
    assert refused.response.ephemeral and "`/dice new hints:true`" in refused.response.content
    user_locale(mover, "it")
    rifiutato = await mover.slash(table.channel, "dice hint")
    assert "`/dadi nuova suggerimenti:true`" in rifiutato.response.content


async def test_forged_dice_buttons_get_a_private_answer_and_change_nothing(table: Table) -> None:
    await start_dice_game(table)
    game, mover, _ = await _players(table)
    await mover.click(dice_turn_message(table.channel), label="Roll")
    rolled = await game_here(table)
    message = dice_turn_message(table.channel)
    gid, turn = rolled.game_id, rolled.turn
    for forged in (f"dice:{gid}:toggle:{turn}:0:9", f"dice:{gid}:circle:{turn}:99", f"dice:{gid}:cross:{turn}:x"):
        answer = await forged_click(mover, message, forged)
        assert answer.response.ephemeral and "I don't recognise this button" in answer.response.content, forged
    shelfie_id = await forged_click(mover, message, f"shelfie:{gid}:take:{turn}")
    assert shelfie_id.response.ephemeral and "doesn't belong to a game of this channel" in shelfie_id.response.content
    after = await game_here(table)
    assert after.turn == turn and after.game.dice == rolled.game.dice



async def test_the_picture_marks_the_dice_tapped_to_keep_as_the_buttons_do(table: Table) -> None:
    """Tapping a die turned its button green while the picture went on showing the last re-roll's kept dice: the
    picture is redrawn with the dice tapped so far, and a re-roll's message shows the dice it kept."""
    await start_dice_game(table)
    _, mover, _ = await _players(table)
    await mover.click(dice_turn_message(table.channel), label="Roll")
    message = dice_turn_message(table.channel)
    assert await _kept_in_picture(table, message) == set()
    await mover.click(message, custom_id=ids_with(message, "toggle")[1])
    message = dice_turn_message(table.channel)
    assert await _kept_in_picture(table, message) == {1}
    await mover.click(message, custom_id=ids_with(message, "toggle")[3])
    message = dice_turn_message(table.channel)
    assert await _kept_in_picture(table, message) == {1, 3}
    await mover.click(message, custom_id=ids_with(message, "toggle")[1])
    message = dice_turn_message(table.channel)
    assert await _kept_in_picture(table, message) == {3}
    await mover.click(message, custom_id=ids_with(message, "reroll")[0])
    rerolled = dice_turn_message(table.channel)
    assert rerolled.id != message.id and (await game_here(table)).game.kept == (3,)
    assert await _kept_in_picture(table, rerolled) == {3}


async def _kept_in_picture(table: Table, message) -> set[int]:
    """The dice the message's picture draws with the kept rim."""
    game = (await game_here(table)).game
    view = game.view(game.current_seat)
    top = header_height(has_news(view, game.last_report), has_locks(game.last_report))
    img = Image.open(io.BytesIO(await message.attachments[0].read())).convert("RGB")
    kept = set()
    for i in range(game.dice_count):
        box = die_box(i, game.dice_count, top)
        if img.getpixel((box[0] + 2, (box[1] + box[3]) // 2)) == KEPT:
            kept.add(i)
    return kept


async def test_stop_and_back_change_the_line_saying_what_to_do(table: Table) -> None:
    """After Stop the message still said "tap the dice to keep … or Stop" over the item sets."""
    await start_dice_game(table)
    _, mover, _ = await _players(table)
    await mover.click(dice_turn_message(table.channel), label="Roll")
    message = dice_turn_message(table.channel)
    assert "tap the dice to keep" in message.content
    await mover.click(message, custom_id=ids_with(message, "stop")[0])
    stopped = dice_turn_message(table.channel)
    assert "tap the dice to keep" not in stopped.content
    assert "choose the items to circle" in stopped.content or "a row must be crossed out" in stopped.content
    await mover.click(stopped, custom_id=ids_with(stopped, "back")[0])
    back = dice_turn_message(table.channel)
    assert "tap the dice to keep" in back.content and "choose the items to circle" not in back.content
    assert back.content.splitlines()[:-1] == message.content.splitlines()[:-1], "the lines above stay"
