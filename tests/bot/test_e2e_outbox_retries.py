"""An announcement Discord, the channel's permissions or the picture workers held back is posted later, once:
its goal DMs are never sent twice, a permission removed for a while delays the ping instead of dropping it, and
a picture stuck in a worker leaves the turn pending instead of apologising."""

from __future__ import annotations

import logging
import sqlite3
from typing import TYPE_CHECKING

import pytest
import render.shelfie
from test_game_driver import (channel_messages, game_here, labels, member, open_lobby, play_clicked_move, play_typed_move,
                              start_game)

from bot import outbox

if TYPE_CHECKING:
    from conftest import Table


def goal_dms(person) -> list:
    dm = person.user.dm_channel
    return [] if dm is None else [m for m in dm.history() if m.attachments
                                  and m.attachments[0].filename.startswith("goal-")]


async def test_a_start_discord_failed_to_take_is_posted_later_without_sending_the_goals_again(table: Table) -> None:
    table.env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=503, times=None)
    await start_game(table, table.alice, [table.bob])
    assert [len(goal_dms(p)) for p in (table.alice, table.bob)] == [1, 1], "the start's handler sent the goals"
    table.env.backend.faults.clear()

    await table.env.advance_time(120)
    newest = channel_messages(table.channel)[-1]
    assert "The game begins!" in newest.content and "Take tiles" in labels(newest)
    assert [len(goal_dms(p)) for p in (table.alice, table.bob)] == [1, 1], "each goal card once"


async def test_a_restart_after_the_goals_went_out_posts_the_start_without_sending_them_again(table: Table,
                                                                                            restart) -> None:
    table.env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=503, times=None)
    await start_game(table, table.alice, [table.bob])
    table.env.backend.faults.clear()

    await restart()
    await table.env.settle()
    assert "The game begins!" in channel_messages(table.channel)[-1].content
    assert [len(goal_dms(p)) for p in (table.alice, table.bob)] == [1, 1]


async def test_closed_dms_are_still_named_when_the_start_is_posted_later(table: Table) -> None:
    table.env.inject_error("POST", "/users/@me/channels", status=403, code=50007, times=None)
    table.env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=503, times=None)
    await start_game(table, table.alice, [table.bob])
    table.env.backend.faults.clear()

    await table.env.advance_time(120)
    newest = channel_messages(table.channel)[-1]
    assert "The game begins!" in newest.content
    assert newest.content.count("couldn't send you your personal goal card") == 2
    assert table.alice.mention in newest.content and table.bob.mention in newest.content


async def test_a_channel_that_refuses_the_bot_for_a_while_gets_the_turn_once_it_allows_it_again(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    table.env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=403, code=50013,
                           message="Missing Permissions", times=None)
    before = channel_messages(table.channel)
    played = await play_clicked_move(table)
    assert "permission" in played.followups[-1].content and played.followups[-1].ephemeral
    await table.env.advance_time(600)
    assert channel_messages(table.channel) == before
    table.env.backend.faults.clear()

    await table.env.advance_time(120)
    game = await game_here(table)
    newest = channel_messages(table.channel)[-1]
    assert member(table, game.current_seat.user_id).mention in newest.content and "took" in newest.content


async def test_a_channel_that_refuses_the_bot_for_over_an_hour_gives_the_turn_up_with_a_log_line(
        table: Table, caplog: pytest.LogCaptureFixture) -> None:
    await start_game(table, table.alice, [table.bob])
    table.env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=403, code=50013,
                           message="Missing Permissions", times=None)
    await play_clicked_move(table)
    with caplog.at_level(logging.ERROR, logger="shelfie.outbox"):
        await table.env.advance_time(outbox.FORBIDDEN_PATIENCE + 180)
    assert "gave up an announcement" in caplog.text
    table.env.backend.faults.clear()
    before = channel_messages(table.channel)
    await table.env.advance_time(180)
    assert channel_messages(table.channel) == before, "given up: not posted any more"


async def test_a_turn_picture_stuck_in_a_worker_is_posted_later_and_the_player_told_privately(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    await start_game(table, table.alice, [table.bob])
    drawn = render.shelfie.render_turn_pictures

    def stuck(*args: object, **kwargs: object) -> tuple[bytes, bytes]:
        raise TimeoutError("the worker drawing this picture was stuck")

    monkeypatch.setattr(render.shelfie, "render_turn_pictures", stuck)
    before = channel_messages(table.channel)
    played = await play_typed_move(table)
    assert "post it again" in played.followups[-1].content and played.followups[-1].ephemeral
    assert channel_messages(table.channel) == before
    monkeypatch.setattr(render.shelfie, "render_turn_pictures", drawn)

    await table.env.advance_time(120)
    game = await game_here(table)
    newest = channel_messages(table.channel)[-1]
    assert member(table, game.current_seat.user_id).mention in newest.content and newest.attachments


async def fail_to_mark_posted_once(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The database refuses the write that marks the next posted announcement (a locked database under load),
    after Discord took its message."""
    service = table.bot.service
    mark = service.turn_posted

    async def locked_once(*args: object, **kwargs: object) -> None:
        monkeypatch.setattr(service, "turn_posted", mark)
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(service, "turn_posted", locked_once)


def turn_posts(table: Table, turn: int) -> list:
    return [m for m in channel_messages(table.channel) if f"(turn {turn})" in m.content]


async def test_a_turn_posted_but_not_marked_is_not_posted_again_by_the_next_pass(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    await start_game(table, table.alice, [table.bob])
    await fail_to_mark_posted_once(table, monkeypatch)
    await play_typed_move(table)
    assert len(turn_posts(table, 2)) == 1

    posted = turn_posts(table, 2)[0].id

    await table.env.advance_time(180)
    assert len(turn_posts(table, 2)) == 1, "posted once"
    assert not (await table.bot.service.outbox((await game_here(table)).game_id)).pending
    await play_typed_move(table)
    assert "(turn 3)" in channel_messages(table.channel)[-1].content
    found = next(m for m in channel_messages(table.channel) if m.id == posted)
    assert not found.attachments and not found.components, "the found turn collapsed when the next one was posted"


async def test_a_turn_posted_but_not_marked_is_not_posted_again_after_a_restart(
        table: Table, monkeypatch: pytest.MonkeyPatch, restart) -> None:
    await start_game(table, table.alice, [table.bob])
    await fail_to_mark_posted_once(table, monkeypatch)
    await play_typed_move(table)
    await table.env.advance_time(600)  # past Discord's few minutes of nonce memory

    await restart()
    await table.env.settle()
    assert len(turn_posts(table, 2)) == 1, "posted once"
    game = await game_here(table)
    waiting = member(table, game.current_seat.user_id)
    builder = await waiting.click(turn_posts(table, 2)[0], label="Take tiles")
    assert builder.response.ephemeral and "Choose 1 to 3 tiles" in builder.response.content


async def test_every_attempt_at_one_announcement_carries_the_same_nonce_for_discord_to_enforce(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    table.env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=503, times=1)
    await play_clicked_move(table)
    await table.env.advance_time(120)
    posts = [r for r in table.env.http_requests
             if r.method == "POST" and r.path == f"/channels/{table.channel.id}/messages"]
    bodies = [r.json or r.params.get("payload_json") or r.params for r in posts[-2:]]
    assert len(posts) >= 2 and all("enforce_nonce" in str(b) for b in bodies)  # the failed attempt, the retry
    nonces = {str(b).split("'nonce': ")[1].split(",")[0] for b in bodies}
    assert len(nonces) == 1, bodies


async def test_a_start_handler_slower_than_the_grace_does_not_send_the_goals_the_outbox_already_sent(
        table: Table) -> None:
    lobby = await open_lobby(table, table.alice, 2)
    await table.bob.click(lobby, label="Join")
    game = await game_here(table)
    # The start's handler commits, then stalls (a slow DM, a busy machine) past the outbox's grace.
    started = await table.bot.service.start(game.game_id, table.alice.id)
    await table.env.advance_time(120)
    assert "The game begins!" in channel_messages(table.channel)[-1].content
    assert [len(goal_dms(p)) for p in (table.alice, table.bob)] == [1, 1]

    assert await outbox.start_secrets(table.bot, started.table) == []
    await outbox.flush_game(table.bot, started.table.game_id, live=started, intro=["The game begins!"])
    assert [len(goal_dms(p)) for p in (table.alice, table.bob)] == [1, 1], "the handler sent no goal again"
    assert sum("The game begins!" in m.content for m in channel_messages(table.channel)) == 1
