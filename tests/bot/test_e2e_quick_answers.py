"""A move answered by its result in one response when it is quick; deferred in time, then answered, when its save
waits (another writer holds the database) or when it reached the bot late."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import pytest
import simcord

from bot.presenters.refusals import refusal_text
from conftest import arriving_together
from engine.librarians.actions import Play
from engine.protocol import ActionRefused
from books_driver import start_books, whole_step
from dice_driver import start_dice_game
from librarians_driver import acting, start_librarians
from test_game_driver import (assert_move_answered, build_clicked_move, channel_messages, game_here, labels, member,
                              open_lobby, play_clicked_move, private_answer, start_game)
from tests.patience import eventually

if TYPE_CHECKING:
    from conftest import Table

DEFERRED_PRIVATELY = {"type": 5, "data": {"flags": 64}}
"""The interaction callback of a private "thinking" defer (Discord's DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE)."""
DEFERRED_PUBLICLY = {"type": 5}
"""A "thinking" defer everyone sees, which the turn message completes."""
DEFERRED_UPDATE = {"type": 6}
"""The silent acknowledgement of a click (Discord's DEFERRED_UPDATE_MESSAGE)."""


def requests_since(table: Table, start: int) -> list[tuple[str, str]]:
    """(method, kind of path) of every request the bot made to Discord since the `start`-th."""
    def kind(path: str) -> str:
        if path.startswith("/interactions/"):
            return "interaction response"
        if path.startswith("/webhooks/"):
            return "followup"
        return "channel message" if "/messages" in path else path

    return [(r.method, kind(r.path)) for r in table.env.http_requests[start:]]


@pytest.mark.usefixtures("quick_enough")
async def test_a_typed_move_is_answered_by_one_response_without_a_defer_or_followup(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    move = game.game.legal_moves()[0]
    before = len(table.env.http_requests)
    played = await member(table, game.current_seat.user_id).slash(table.channel, "shelfie take", tiles=move.tiles_text,
                                                                 column=move.column + 1)
    assert not played.deferred and played.followups == []
    assert not played.response.ephemeral and "took" in played.response.content, "the answer is the turn message"
    # The answer with the next turn's pictures, the previous turn message (the typed start's own answer) collapsed
    # through the interaction that posted it: nothing else.
    assert requests_since(table, before) == [("POST", "interaction response"), ("PATCH", "followup")]


@pytest.mark.usefixtures("quick_enough")
async def test_a_clicked_move_is_confirmed_by_editing_the_builder_in_the_response_itself(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    before = len(table.env.http_requests)
    await play_clicked_move(table)
    # (the turn before, the typed start's own answer, collapses through that interaction: an edit, not an answer)
    answers = [request for request in requests_since(table, before)
               if request[1] != "channel message" and request != ("PATCH", "followup")]
    # Take tiles, each select, the column (and the order), Confirm: one response each, never a defer or followup.
    assert answers and all(answer == ("POST", "interaction response") for answer in answers)
    bodies = [r.json for r in table.env.http_requests[before:] if r.path.startswith("/interactions/")]
    assert all(body != DEFERRED_PRIVATELY and body.get("type") not in (5, 6) for body in bodies if body)


async def _while_the_database_is_held(table: Table, db_path: Path, act: Awaitable[Any]) -> tuple[Any, list[Any]]:
    """Run the action while another writer (a backup, a maintenance script) holds the database, until the bot
    has answered Discord while its save still waits; then let the save through. Returns the action's result and
    the bot's requests of that first answer."""
    version = (await game_here(table)).version
    writer = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    writer.execute("BEGIN IMMEDIATE")
    try:
        before = len(table.env.http_requests)
        acting = asyncio.get_running_loop().create_task(act)
        # real time: the bot's save is blocked on a real lock meanwhile
        await eventually(lambda: len(table.env.http_requests) > before, "the bot's first answer")
        first = table.env.http_requests[before:]
        assert (await game_here(table)).version == version, "the save still waits"
    finally:
        writer.rollback()
        writer.close()
    result = await acting
    assert (await game_here(table)).version > version, "saved once let through"
    return result, first


async def test_a_typed_move_whose_save_waits_thinks_in_public_in_time_and_its_turn_message_completes_that(
        table: Table, db_path: Path) -> None:
    """A private "thinking" left the turn message to the bot token (a followup would reply to a message nobody else
    can load) and told the player privately: the move thinks in public, as a typed start does, and its turn message
    is the command's answer, costing the token nothing."""
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    move = game.game.legal_moves()[0]
    player = member(table, game.current_seat.user_id)
    played, first = await _while_the_database_is_held(table, db_path, player.slash(
        table.channel, "shelfie take", tiles=move.tiles_text, column=move.column + 1))
    # Discord accepted the "thinking" defer, so it came within its 3 seconds; the turn message completed it.
    assert [(r.method, r.path.startswith("/interactions/"), r.json) for r in first] \
        == [("POST", True, DEFERRED_PUBLICLY)]
    assert not played.response.ephemeral and "took" in played.response.content
    assert_move_answered(played, "Done:", table.channel)
    assert channel_messages(table.channel)[-1].id == played.response.message.id, "the turn is the command's answer"
    assert (await game_here(table)).turn == game.turn + 1


def public_requests(table: Table, start: int) -> list[tuple[str, str]]:
    """What the bot showed everyone since the `start`-th request, however briefly: a public "thinking" or answer, an
    edit of an interaction's first answer (a public thinking turned into a note), a followup not marked private, a
    channel message."""
    def private(body: Any) -> bool:
        data = body.get("data", body) if isinstance(body, dict) else {}
        return bool(data and int(data.get("flags") or 0) & 64)

    def public(method: str, path: str, body: Any) -> bool:
        if path.startswith("/interactions/"):
            return body.get("type") in (4, 5) and not private(body)
        if path.startswith("/webhooks/"):
            return method == "PATCH" or method == "POST" and not private(body)
        return method == "POST" and path.startswith("/channels/")

    shown = [(r.method, r.path) for r in table.env.http_requests[start:] if public(r.method, r.path, r.json)]
    return shown


async def _shelfie_take(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await start_game(table, table.alice, [table.bob])
    mover = member(table, (await game_here(table)).current_seat.user_id)
    return mover, "shelfie take", {"tiles": "E5", "column": 1}, "E5"  # the centre has no free side


async def _resign(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await start_game(table, table.alice, [table.bob])
    return table.carol, "shelfie resign", {}, "not playing in this game"


async def _start(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await open_lobby(table, table.alice, 2)
    await table.bob.slash(table.channel, "shelfie join")
    return table.bob, "shelfie start", {}, "host"


async def _dice_roll(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await start_dice_game(table)
    mover = (await game_here(table)).current_seat.user_id
    return next(m for m in (table.alice, table.bob) if m.id != mover), "dice roll", {}, "not yours"


async def _librarians_end(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await start_librarians(table, people=2, computers=0)
    player, _ = await acting(table)
    return player, "librarians end", {}, "Lay 2 more cards"


async def _librarians_play(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await start_librarians(table, people=2, computers=0)
    player, _ = await acting(table)
    cards = await player.autocomplete(table.channel, "librarians play", "card", "")
    spots = await player.autocomplete(table.channel, "librarians play", "spot", "", card=cards[0]["value"])
    await player.slash(table.channel, "librarians play", card=cards[0]["value"], spot=spots[0]["value"])
    stored = await game_here(table)
    game, seat = stored.game, stored.current_seat.index
    card, spot = next((card, n) for card in game.hands[seat] for n in range(1, len(game.spots()) + 1)
                      if n not in game.legal_spots(card))  # after one card some spot refuses some card
    with pytest.raises(ActionRefused) as refused:
        game.check(Play(card, game.spots()[spot - 1]), seat)
    return player, "librarians play", {"card": f"{game.card(card).letter_text} {game.card(card).colour_name}",
                                       "spot": spot}, refusal_text(refused.value, "en")  # the rules' own words


async def _books_play(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await start_books(table, people=2)
    return table.alice, "books play", {"step": "rest"}, "Keep 3 of your Little Projects first"


REFUSED_STEPS = {"shelfie-take": _shelfie_take, "resign": _resign, "start": _start, "dice-roll": _dice_roll,
                 "librarians-end": _librarians_end, "librarians-play": _librarians_play, "books-play": _books_play}
"""A typed step of each kind that the service refuses after reading the game: who types it, the command, its
options, words of the refusal."""


@pytest.mark.parametrize("late", [False, True], ids=["slower-than-the-grace", "reaching-the-bot-late"])
@pytest.mark.parametrize("step", REFUSED_STEPS)
async def test_a_typed_step_refused_however_slow_shows_nothing_to_anyone(
        table: Table, request: pytest.FixtureRequest, step: str, late: bool) -> None:
    """A public "thinking" cannot be made private again (its first followup completes it, whatever its flags): a
    step refused after it showed left a public note, deleted after the private answer. Now a slow step thinks in
    public only once the service has accepted it; a refusal answers privately at once, and a step whose verdict
    has not come by Discord's time thinks privately."""
    person, command, options, words = await REFUSED_STEPS[step](table)
    version = (await game_here(table)).version
    before = len(table.env.http_requests)
    if late:  # the bot reaches it 2.5 s after Discord made it (simcord's clock): no time to wait for the verdict
        async with arriving_together(table.env, answered_after=2.5):
            refused = await person.slash(table.channel, command, **options)
    else:
        request.getfixturevalue("slow_steps")  # every step outlasts its grace
        refused = await person.slash(table.channel, command, **options)
    assert words in private_answer(refused).content, private_answer(refused).content
    assert public_requests(table, before) == [], "nothing was shown to everyone, not even for a moment"
    assert (await game_here(table)).version == version, "the refused step changed nothing"


async def _shelfie_take_played(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    move = game.game.legal_moves()[0]
    return member(table, game.current_seat.user_id), "shelfie take", {"tiles": move.tiles_text,
                                                                      "column": move.column + 1}, " took "


async def _resign_played(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await start_game(table, table.alice, [table.bob, table.carol])  # the game goes on without bob
    return table.bob, "shelfie resign", {}, "resigned and leaves the game"


async def _start_played(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await open_lobby(table, table.alice, 2)
    await table.bob.slash(table.channel, "shelfie join")
    return table.alice, "shelfie start", {}, "The game begins! Turn order:"


async def _dice_roll_played(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await start_dice_game(table)
    return member(table, (await game_here(table)).current_seat.user_id), "dice roll", {}, " rolled: "


async def _typed_card(table: Table) -> tuple[simcord.MemberActor, dict[str, Any]]:
    """The acting Librarians player and the first card and spot autocomplete offers them."""
    player, _ = await acting(table)
    card = (await player.autocomplete(table.channel, "librarians play", "card", ""))[0]["value"]
    spot = (await player.autocomplete(table.channel, "librarians play", "spot", "", card=card))[0]["value"]
    return player, {"card": card, "spot": spot}


async def _librarians_end_played(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await start_librarians(table, people=2, computers=0)
    for _ in range(2):
        player, options = await _typed_card(table)
        await player.slash(table.channel, "librarians play", **options)
    return player, "librarians end", {}, "ended the turn and drew 2 cards"


async def _librarians_play_played(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await start_librarians(table, people=2, computers=0)
    player, options = await _typed_card(table)
    return player, "librarians play", options, " put "


async def _books_play_played(table: Table) -> tuple[simcord.MemberActor, str, dict[str, Any], str]:
    await start_books(table, people=2)
    person, step = await whole_step(table, table.channel)
    return person, "books play", {"step": step}, "kept 3 Little Projects"


ACCEPTED_STEPS = {"shelfie-take": _shelfie_take_played, "resign": _resign_played, "start": _start_played,
                  "dice-roll": _dice_roll_played, "librarians-end": _librarians_end_played,
                  "librarians-play": _librarians_play_played, "books-play": _books_play_played}
"""The twin of each of `REFUSED_STEPS` that the service accepts: who types it, the command, its options, words of
the turn message that answers it."""


@pytest.mark.parametrize("step", ACCEPTED_STEPS)
async def test_a_typed_step_accepted_while_its_save_waits_thinks_in_public_and_its_turn_message_answers_it(
        table: Table, request: pytest.FixtureRequest, db_path: Path, step: str) -> None:
    """Every service step tells its verdict (bot.quick_answers' `accepted`) once its checks pass, before its save:
    a step the service accepted thinks in public while the save waits, and the channel's turn message completes that
    thinking, costing the token nothing. A step that never told it would wait for its save until Discord's time and
    then think privately, its turn going with the bot token."""
    person, command, options, words = await ACCEPTED_STEPS[step](table)
    request.getfixturevalue("slow_steps")  # from here on
    before = len(table.env.http_requests)
    played, first = await _while_the_database_is_held(table, db_path, person.slash(table.channel, command, **options))
    assert [(r.method, r.path.startswith("/interactions/"), r.json) for r in first] \
        == [("POST", True, DEFERRED_PUBLICLY)], "thought in public as soon as it was accepted"
    answer = played.response
    assert answer is not None and not answer.ephemeral and words in answer.content, answer
    assert channel_messages(table.channel)[-1].id == answer.id, "the turn message is the command's answer"
    posted = [r for r in table.env.http_requests[before:]
              if r.method == "POST" and r.path == f"/channels/{table.channel.id}/messages"]
    assert posted == [], "the bot token posted nothing in the channel"


async def test_a_typed_move_that_thought_in_public_and_whose_turn_went_with_the_token_is_told_privately(
        table: Table, request: pytest.FixtureRequest) -> None:
    """The interaction refused the turn message (Discord no longer knew it): the token posted the turn, and the
    public thinking message became the private answer's note, then was deleted."""
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    move = game.game.legal_moves()[0]
    player = member(table, game.current_seat.user_id)
    request.getfixturevalue("slow_steps")  # from here on
    table.env.inject_error("POST", "/webhooks/*", status=404, code=10062, message="Unknown interaction", times=1)
    played = await player.slash(table.channel, "shelfie take", tiles=move.tiles_text, column=move.column + 1)
    assert played.response is None, "the public thinking message is gone"
    assert_move_answered(played, "Done:", table.channel)
    assert "took" in channel_messages(table.channel)[-1].content
    assert (await game_here(table)).turn == game.turn + 1


async def test_a_confirmed_move_whose_save_waits_is_deferred_in_time_then_shown_in_the_builder(
        table: Table, db_path: Path) -> None:
    await start_game(table, table.alice, [table.bob])
    turn = (await game_here(table)).turn
    player, builder = await build_clicked_move(table)
    confirmed, first = await _while_the_database_is_held(table, db_path, player.click(builder, label="Confirm"))
    assert [(r.method, r.path.startswith("/interactions/"), r.json) for r in first] \
        == [("POST", True, DEFERRED_UPDATE)]
    assert confirmed.followups == [] and confirmed.response.content.startswith("Played:")
    assert confirmed.response.components == [], "the builder's controls are gone"
    assert (await game_here(table)).turn == turn + 1
    assert "Take tiles" in labels(table.channel.history()[-1]), "the next turn is posted"


async def test_a_move_that_reaches_the_bot_late_is_deferred_at_once_within_discords_three_seconds(
        table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    move = game.game.legal_moves()[0]
    before = len(table.env.http_requests)
    async with arriving_together(table.env, answered_after=2.5):  # the bot gets to it 2.5 s after Discord made it
        played = await member(table, game.current_seat.user_id).slash(
            table.channel, "shelfie take", tiles=move.tiles_text, column=move.column + 1)
    first = table.env.http_requests[before]
    # No time left to wait for a verdict, but the move's checks passed at once on the cached game (in the loop's turn
    # that started it, before its save), so it thinks in public, and its turn message is the command's answer.
    assert first.path.startswith("/interactions/") and first.json == DEFERRED_PUBLICLY, "accepted, so in public"
    assert played.response is not None and not played.response.ephemeral and "took" in played.response.content
    assert channel_messages(table.channel)[-1].id == played.response.id, "the turn is the command's answer"
    assert (await game_here(table)).turn == game.turn + 1


async def test_an_answer_after_a_private_defer_asks_discord_nothing_about_the_thinking_message(table: Table) -> None:
    """`/shelfie hint` thinks privately first (the computer player chooses), then answers: the bot knows its thinking
    message is private, so it completes it without fetching it from Discord first."""
    await start_game(table, table.alice, [table.bob], hints=True)
    game = await game_here(table)
    before = len(table.env.http_requests)
    hint = await member(table, game.current_seat.user_id).slash(table.channel, "shelfie hint")
    sent = table.env.http_requests[before:]
    assert [r.json for r in sent if r.path.startswith("/interactions/")] == [DEFERRED_PRIVATELY]
    assert hint.response.ephemeral and hint.response.content.startswith("Suggestion"), hint.response.content
    assert [r for r in sent if r.method == "GET"] == []


@pytest.mark.usefixtures("quick_enough")
async def test_a_typed_start_is_answered_by_the_first_turn_message_and_posts_nothing_in_the_channel(
        table: Table) -> None:
    """`/shelfie start` (computer seats may play inside the start, the goal DMs go first) is answered by the game's
    first turn message, not privately with the turn posted by the bot token."""
    await open_lobby(table, table.alice, 2)
    await table.bob.slash(table.channel, "shelfie join")
    before = len(table.env.http_requests)
    started = await table.alice.slash(table.channel, "shelfie start")
    sent = table.env.http_requests[before:]
    assert not started.response.ephemeral and "The game begins! Turn order:" in started.response.content
    assert "Take tiles" in labels(started.response.message), "the live turn"
    assert not [r for r in sent if r.method == "POST" and r.path == f"/channels/{table.channel.id}/messages"]
    assert [r for r in sent if r.method == "GET"] == []
    assert (await game_here(table)).status == "active"
