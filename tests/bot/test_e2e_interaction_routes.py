"""A person's step costs the bot token nothing where Discord allows it: the turn message travels on the step's
interaction (a typed command's own response; a followup to a click on the turn message), the message it replaces
collapses through the interaction that posted it while its token lives, and with the token afterwards. A crash
between the response and its record still posts the turn exactly once."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import pytest
from dice_driver import dice_turn_message, ids_with, start_dice_game
from librarians_driver import acting, click_step, open_builder, start_librarians
from librarians_driver import ids_with as librarians_ids
from librarians_driver import turn_message as librarians_turn_message
from test_e2e_outbox_retries import fail_to_mark_posted_once, turn_posts
from test_game_driver import (build_clicked_move, channel_messages, custom_ids, game_here, latest_turn_message, member,
                              play_typed_move, start_game)

from bot import quick_answers
from bot.interaction_routes import TOKEN_LIFETIME

if TYPE_CHECKING:
    from conftest import Table

# Quick steps (a busy test machine would otherwise defer some, and a deferred step's turn goes with the token).
pytestmark = pytest.mark.usefixtures("quick_enough")


def token_requests(table: Table, since: int) -> list[str]:
    """The requests made with the bot token since the `since`-th: all but interaction answers and followups."""
    return [f"{r.method} {r.path}" for r in table.env.http_requests[since:]
            if not r.path.startswith(("/interactions/", "/webhooks/"))]


def live_turns(table: Table) -> list[Any]:
    """The channel's messages that still carry a turn's buttons (a game log has one)."""
    return [m for m in channel_messages(table.channel) if any(":take:" in c for c in custom_ids(m))]


async def test_a_typed_move_answers_with_the_turn_message_and_costs_the_token_nothing(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    await play_typed_move(table)  # collapses the start's turn, which the token posted
    before = len(table.env.http_requests)
    game = await game_here(table)
    played = await play_typed_move(table)

    assert token_requests(table, before) == [], "the turn and the collapse of the one before went through interactions"
    turn = played.response
    assert turn is not None and not turn.ephemeral and "(turn 3)" in turn.content
    assert channel_messages(table.channel)[-1].id == turn.message.id
    assert not played.followups, "the turn message says what the move was: nothing private is needed"
    assert [m.id for m in live_turns(table)] == [turn.message.id], "one live turn: the one before collapsed"
    after = await game_here(table)
    allowed = table.env.backend.get_message(table.channel.id, turn.message.id).allowed_mentions
    assert allowed.users == frozenset({after.current_seat.user_id}) != frozenset({game.current_seat.user_id}), \
        "it pings the next player only"


async def test_a_typed_move_whose_posting_outlasts_the_grace_thinks_in_public_and_its_turn_completes_that(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The move is saved within the grace, its turn message (the game's outbox, the pictures) is not: a "thinking"
    message everyone sees answers Discord in time, and the turn message takes its place, still free."""
    await start_game(table, table.alice, [table.bob])
    await play_typed_move(table)
    waits = []

    async def posting_is_slow(task: asyncio.Future[Any], seconds: float) -> bool:
        waits.append(seconds)
        if len(waits) == 1:  # the move itself
            await asyncio.wait({task})
            return True
        return False

    monkeypatch.setattr(quick_answers, "_done_within", posting_is_slow)
    before = len(table.env.http_requests)
    played = await play_typed_move(table)

    assert len(waits) == 2
    answers = [r.json for r in table.env.http_requests[before:]
               if r.path.startswith("/interactions/") and r.json["type"] != 8]  # not the autocomplete's choices
    assert answers == [{"type": 5}], "one answer: a thinking message everyone sees"
    assert token_requests(table, before) == []
    assert played.response is not None and not played.response.ephemeral and "(turn 3)" in played.response.content
    assert not played.followups, "nothing private is needed"
    assert [m.id for m in live_turns(table)] == [played.response.message.id]


async def test_a_click_on_the_turn_message_is_answered_by_a_followup_and_collapses_it_by_its_own_answer(
        table: Table) -> None:
    await start_dice_game(table)
    game = await game_here(table)
    player = member(table, game.current_seat.user_id)
    clicked = dice_turn_message(table.channel)
    before = len(table.env.http_requests)
    await player.click(clicked, custom_id=ids_with(clicked, "roll")[0])

    assert token_requests(table, before) == [], "a click's turn message costs the token nothing"
    newest = dice_turn_message(table.channel)
    assert newest.id != clicked.id and ids_with(newest, "stop"), "the rolled dice in a new turn message"
    shown = next(m for m in channel_messages(table.channel) if m.id == clicked.id)
    assert not shown.components and not shown.attachments, "the clicked message collapsed to its summary"


async def test_a_move_built_in_private_is_posted_with_the_token_and_collapses_the_typed_turn_through_its_interaction(
        table: Table) -> None:
    """A followup would reply to the private builder, which nobody else can load: the token posts the turn, and
    only that request counts."""
    await start_game(table, table.alice, [table.bob])
    typed = await play_typed_move(table)
    player, builder = await build_clicked_move(table)
    before = len(table.env.http_requests)
    done = await player.click(builder, label="Confirm")

    assert done.response is not None and done.response.content.startswith("Played:")
    assert token_requests(table, before) == [f"POST /channels/{table.channel.id}/messages"]
    collapsed = next(m for m in channel_messages(table.channel) if m.id == typed.response.message.id)
    assert not collapsed.attachments and not collapsed.components
    assert [m.id for m in live_turns(table)] == [latest_turn_message(table.channel).id]


async def test_a_turn_message_older_than_its_interactions_token_collapses_with_the_bot_token(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    typed = await play_typed_move(table)
    await table.env.advance_time(TOKEN_LIFETIME + 1)  # the turn's interaction token has expired
    before = len(table.env.http_requests)
    await play_typed_move(table)

    assert token_requests(table, before) == [f"PATCH /channels/{table.channel.id}/messages/{typed.response.message.id}"]
    collapsed = next(m for m in channel_messages(table.channel) if m.id == typed.response.message.id)
    assert not collapsed.attachments and not collapsed.components
    assert len(live_turns(table)) == 1


async def test_a_turn_carried_by_the_response_but_not_recorded_is_found_in_the_channel_and_never_posted_again(
        table: Table, monkeypatch: pytest.MonkeyPatch, restart) -> None:
    """A crash (here: the database refusing the record) between the response that carried the turn and its record:
    the restarted bot finds the message instead of posting the turn again or leaving it unposted."""
    await start_game(table, table.alice, [table.bob])
    await fail_to_mark_posted_once(table, monkeypatch)
    played = await play_typed_move(table)
    assert played.response is not None and "(turn 2)" in played.response.content, "the response carried the turn"
    assert (await table.bot.service.outbox((await game_here(table)).game_id)).pending, "not recorded as posted"

    await restart()
    await table.env.settle()
    assert [m.id for m in turn_posts(table, 2)] == [played.response.message.id], "posted once"
    assert not (await table.bot.service.outbox((await game_here(table)).game_id)).pending
    await play_typed_move(table)
    assert len(live_turns(table)) == 1, "the found turn collapsed when the next one was posted"


async def lay_the_turn_s_cards(table: Table) -> Any:
    """The acting Librarians player lays this turn's cards by clicks in the builder (those turns go with the token)
    until only ending the turn is left; returns that person."""
    builder = await open_builder(table)
    while True:
        player, game = await acting(table)
        if game.pending is None and not game.finishing_plan() and game.can_end_turn():
            return player
        builder = await click_step(table, builder)


@pytest.mark.parametrize(("typed", "slow"), [(False, False), (True, False), (True, True)],
                         ids=["clicked", "typed", "typed-slower-than-the-grace"])
async def test_librarians_end_turn_clicked_on_the_turn_message_or_typed_travels_on_its_interaction(
        table: Table, request: pytest.FixtureRequest, typed: bool, slow: bool) -> None:
    """The next turn's message follows up the click on the turn message (or answers `/librarians end`, completing
    the "thinking" everyone sees when the end outlasts its grace) and the hand drawn into comes privately: the token
    posts nothing. The clicked turn message collapses through the click's own answer; the one a typed end replaces
    was posted by the token (a card laid in the private builder), which collapses it."""
    await start_librarians(table, people=2, computers=0)
    player = await lay_the_turn_s_cards(table)
    clicked = librarians_turn_message(table.channel)
    if slow:
        request.getfixturevalue("slow_steps")
    before = len(table.env.http_requests)
    if typed:
        ended = await player.slash(table.channel, "librarians end")
    else:
        ended = await player.click(clicked, custom_id=librarians_ids(clicked, "end")[0])

    collapse = [f"PATCH /channels/{table.channel.id}/messages/{clicked.id}"] if typed else []
    assert token_requests(table, before) == collapse, "the turn went through the interaction"
    after = await game_here(table)
    assert after.current_seat.user_id != player.id, "the turn passed"
    newest = librarians_turn_message(table.channel)
    assert newest.id != clicked.id and f"<@{after.current_seat.user_id}>" in newest.content
    assert not next(m for m in channel_messages(table.channel) if m.id == clicked.id).components, "collapsed"
    hand = ended.followups[-1]
    assert hand.ephemeral and "Your hand (4 cards)" in hand.content and \
        [a.filename for a in hand.attachments] == ["hand.png"], hand


async def test_a_typed_resignation_is_answered_by_the_channel_s_message_and_costs_the_token_nothing(
        table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    await play_typed_move(table)  # collapses the start's turn, which the token posted
    before = len(table.env.http_requests)
    resigned = await table.bob.slash(table.channel, "shelfie resign")

    assert token_requests(table, before) == [], "the last message and the collapse went through interactions"
    final = resigned.response
    assert final is not None and not final.ephemeral and "**bob** resigned and leaves the game." in final.content
    assert channel_messages(table.channel)[-1].id == final.message.id and not resigned.followups


async def test_a_click_whose_interaction_token_discord_refuses_posts_its_turn_with_the_bot_token_at_once(
        table: Table) -> None:
    """Discord refuses an interaction's followup with 401 once its token expired (15 minutes; the bot's clock may
    be behind Discord's): the turn message goes with the bot token at once, not a minute later by the outbox."""
    await start_dice_game(table)
    game = await game_here(table)
    player = member(table, game.current_seat.user_id)
    clicked = dice_turn_message(table.channel)
    table.env.inject_error("POST", "/webhooks/*", status=401, code=50027, message="Invalid Webhook Token")
    before = len(table.env.http_requests)
    rolled = await player.click(clicked, custom_id=ids_with(clicked, "roll")[0])

    assert f"POST /channels/{table.channel.id}/messages" in token_requests(table, before)
    newest = dice_turn_message(table.channel)
    assert newest.id != clicked.id and ids_with(newest, "stop"), "the rolled dice in a new turn message, at once"
    assert not any("post" in followup.content for followup in rolled.followups), "nothing delayed to apologise for"
