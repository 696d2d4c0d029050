"""Wrong user, wrong turn, stale buttons, illegal moves, non-host cancel, closed DMs, missing permissions.

Each refusal is a specific private answer, and the game is unchanged afterwards.
"""

from __future__ import annotations

import pytest

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from test_game_driver import (
    assert_move_answered,
    channel_messages,
    game_here,
    latest_turn_message,
    member,
    open_lobby,
    play_clicked_move,
    play_typed_move,
    private_answer,
    start_game,
)

from bot.service.workers import Workers, install

if TYPE_CHECKING:
    from conftest import Table


async def two_player_game(table: Table):
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    mover = member(table, game.current_seat.user_id)
    waiter = table.bob if mover is table.alice else table.alice
    return game, mover, waiter


async def test_clicks_by_an_outsider_out_of_turn_and_on_a_stale_message_get_specific_answers(table: Table) -> None:
    game, mover, waiter = await two_player_game(table)
    first_turn = latest_turn_message(table.channel)

    outsider = await table.carol.click(first_turn, label="Take tiles")
    assert outsider.response.ephemeral
    assert "not playing in this game" in outsider.response.content
    goal = await table.carol.click(first_turn, label="My goal")
    assert goal.response.ephemeral and "not playing in this game" in goal.response.content

    early = await waiter.click(first_turn, label="Take tiles")
    assert early.response.ephemeral
    assert f"It's {mover.name}'s turn, not yours" in early.response.content

    await play_typed_move(table)
    collapsed = next(m for m in channel_messages(table.channel) if m.id == first_turn.id)
    assert not collapsed.components and not collapsed.attachments, "the old turn message keeps no button"
    assert (await game_here(table)).turn == 1


async def test_a_builder_from_an_old_turn_cannot_play(table: Table) -> None:
    game, mover, waiter = await two_player_game(table)
    builder = (await mover.click(latest_turn_message(table.channel), label="Take tiles")).response
    await play_typed_move(table)
    await play_typed_move(table)
    assert (await game_here(table)).current_seat.user_id == mover.id
    select = builder.components[0]["components"][0]
    result = await mover.select(builder, [select["options"][0]["value"]], custom_id=select["custom_id"])
    assert result.ephemeral and "earlier turn" in result.response.content
    assert (await game_here(table)).turn == 2


async def test_illegal_typed_moves_are_refused_with_the_reason_and_change_nothing(table: Table) -> None:
    game, mover, waiter = await two_player_game(table)
    before = channel_messages(table.channel)
    centre = await mover.slash(table.channel, "shelfie take", tiles="E5", column=1)
    assert "E5 has no free side" in private_answer(centre).content
    garbage = await mover.slash(table.channel, "shelfie take", tiles="banana", column=1)
    assert "can't read" in garbage.response.content
    off = await mover.slash(table.channel, "shelfie take", tiles="A1", column=1)
    assert "A1 is not used in a 2-player game" in private_answer(off).content
    wrong_turn = await waiter.slash(table.channel, "shelfie take", tiles="E5", column=1)
    assert f"It's {mover.name}'s turn" in private_answer(wrong_turn).content
    assert channel_messages(table.channel) == before
    assert (await game_here(table)).turn == 0


async def test_autocomplete_puts_legal_picks_first_and_keeps_what_was_typed(table: Table) -> None:
    game, mover, waiter = await two_player_game(table)
    legal = {m.tiles_text for m in game.game.legal_moves()}
    choices = await mover.autocomplete(table.channel, "shelfie take", "tiles", "")
    assert 0 < len(choices) <= 25 and all(c["value"] in legal for c in choices)
    some = choices[0]["value"].split()[0]
    narrowed = await mover.autocomplete(table.channel, "shelfie take", "tiles", some.lower())
    assert narrowed and all(some in c["value"].split() for c in narrowed[:-1] or narrowed)
    typed = await mover.autocomplete(table.channel, "shelfie take", "tiles", "E5 Z9")
    assert typed[-1]["value"] == "E5 Z9", "what was typed stays available, after the legal picks"
    pick = next(m for m in game.game.legal_moves() if len(m.tiles) == 1)
    columns = await mover.autocomplete(table.channel, "shelfie take", "column", "", tiles=pick.tiles_text)
    assert [c["value"] for c in columns] == [1, 2, 3, 4, 5]


async def test_only_the_host_cancels_starts_or_adds_computers(table: Table) -> None:
    lobby = await open_lobby(table, table.alice, 3)
    await table.bob.click(lobby, label="Join")
    refused = await table.bob.slash(table.channel, "shelfie cancel")
    assert refused.response.ephemeral and "Only the host" in refused.response.content
    clicked = await table.bob.click(lobby, label="Cancel")
    assert clicked.response.ephemeral and table.alice.mention in clicked.response.content
    start = await table.bob.click(lobby, label="Start")
    assert start.followups[-1].ephemeral and "Only the host" in start.followups[-1].content
    bot = await table.bob.click(lobby, label="Add bot")
    assert bot.response.ephemeral and "Only the host" in bot.response.content
    assert (await game_here(table)).status == "lobby"
    done = await table.alice.slash(table.channel, "shelfie cancel")
    assert done.response.ephemeral and "cancelled" in done.response.content
    assert "This game was cancelled." in channel_messages(table.channel)[0].content
    assert await table.bot.service.table_in_channel(table.channel.id) is None


async def test_commands_without_a_game_and_a_busy_channel_are_explained(table: Table) -> None:
    nothing = await table.bob.slash(table.channel, "shelfie take", tiles="E4", column=1)
    assert nothing.response.ephemeral and "no game in this channel" in nothing.response.content
    for bad in ("3m", "8d", "soon"):
        refused = await table.alice.slash(table.channel, "shelfie new", turn_timeout=bad)
        assert refused.response.ephemeral and "between 5 minutes and 7 days" in refused.response.content
    assert await table.bot.service.table_in_channel(table.channel.id) is None
    await open_lobby(table, table.alice, 2)
    busy = await table.bob.slash(table.channel, "shelfie new")
    assert busy.response.ephemeral and "already has a game" in busy.response.content
    early = await table.alice.slash(table.channel, "shelfie start")
    assert "At least 2 players" in early.response.content


async def test_closed_dms_do_not_stop_the_game_and_are_told_without_the_goal(table: Table) -> None:
    env = table.env
    env.inject_error("POST", f"/channels/{table.bob.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    assert game.status == "active"
    first = channel_messages(table.channel)[-1]
    assert f"{table.bob.mention}, I couldn't send you your personal goal card" in first.content
    assert "**My goal**" in first.content and "goal-" not in " ".join(a.filename for a in first.attachments)
    alice_dm = table.alice.user.dm_channel.history()
    assert len(alice_dm) == 1 and alice_dm[0].attachments[0].filename.startswith("goal-")
    own = await table.bob.click(first, label="My goal")
    assert own.response.ephemeral and own.response.attachments[0].filename.startswith("goal-")
    typed = await table.bob.slash(table.channel, "shelfie goal")
    assert typed.response.ephemeral and "Your secret personal goal" in typed.response.content


async def test_missing_permissions_are_explained_when_opening_a_game(table: Table) -> None:
    bot_user = table.env.bot.user
    quiet = table.guild.create_text_channel(
        "no-pictures", overwrites={bot_user: discord.PermissionOverwrite(attach_files=False, send_messages=False)}
    )
    refused = await table.alice.slash(quiet, "shelfie new")
    assert refused.response.ephemeral
    assert "I need the Send Messages, Attach Files permissions" in refused.response.content
    assert await table.bot.service.table_in_channel(quiet.id) is None


async def test_a_channel_that_refuses_the_turn_message_keeps_the_move_and_tells_the_player(table: Table) -> None:
    game, mover, waiter = await two_player_game(table)
    table.env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=403, code=50013,
                           message="Missing Permissions", times=1)
    before = channel_messages(table.channel)
    result = await play_clicked_move(table)
    said = result.followups[-1]
    assert "does not let me post" in said.content and "keep trying" in said.content and said.ephemeral
    assert channel_messages(table.channel) == before
    assert (await game_here(table)).turn == 1, "the move was saved"
    board = await waiter.slash(table.channel, "shelfie board")
    assert waiter.mention in board.response.content, "the game goes on once the channel works again"


async def test_resigning_is_announced_and_a_lone_player_left_wins(table: Table) -> None:
    game, mover, waiter = await two_player_game(table)
    outsider = await table.carol.slash(table.channel, "shelfie resign")
    assert "not playing in this game" in outsider.response.content
    done = await waiter.slash(table.channel, "shelfie resign")
    assert_move_answered(done, "You resigned", table.channel)
    final = channel_messages(table.channel)[-1]
    assert f"**{waiter.name}** resigned and leaves the game." in final.content
    assert f"Game over! {mover.mention} wins" in final.content and "— resigned" in final.content
    assert await table.bot.service.table_in_channel(table.channel.id) is None


async def test_a_game_whose_save_cannot_be_read_is_explained_and_an_admin_can_cancel_it(
        table: Table, db_path: Path, restart, user_locale) -> None:
    await start_game(table, table.alice, [table.bob])
    game_id = (await game_here(table)).game_id
    with sqlite3.connect(db_path) as raw:
        raw.execute("UPDATE games SET state = ? WHERE id = ?", ('{"board": "unterminated', game_id))
    await restart()
    board = await table.alice.slash(table.channel, "shelfie board")
    assert board.response.ephemeral and board.response.content == (
        "This game's saved state cannot be read; a server admin can cancel it with the game's `cancel` command.")
    user_locale(table.bob, "it")
    italian = await table.bob.slash(table.channel, "shelfie board")
    assert italian.response.ephemeral and italian.response.content == (
        "Lo stato salvato di questa partita non si può leggere; un amministratore può annullarla con il comando "
        "`annulla` del gioco.")
    busy = await table.carol.slash(table.channel, "shelfie new", players=2)
    assert busy.response.ephemeral
    role = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(table.env.create_user("erin"), roles=[role])
    cancelled = await admin.slash(table.channel, "shelfie cancel")
    assert cancelled.response.ephemeral and "cancelled" in cancelled.response.content.lower()
    fresh = await table.carol.slash(table.channel, "shelfie new", players=2)
    assert not fresh.response.ephemeral, "the channel is free again"
    assert [str(error.original.code) for error in table.env.errors] == ["corrupt_game"] * 2, "one per reader"


class StuckWorkers(Workers):
    """Every call fails the way a stuck worker's does: bot.service.workers kills the process after its time
    limit and raises TimeoutError (simcord's clock never reaches a real time limit, so the failure is injected)."""

    async def _call(self, lane_name: str, job: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        raise TimeoutError


async def test_a_hint_from_a_stuck_worker_says_the_computer_is_busy_not_the_apology(table: Table) -> None:
    await table.alice.slash(table.channel, "shelfie new", players=2, hints=True)
    await table.bob.slash(table.channel, "shelfie join")
    await table.alice.slash(table.channel, "shelfie start")
    game = await game_here(table)
    mover = member(table, game.current_seat.user_id)
    working = install(StuckWorkers())
    try:
        hint = await mover.slash(table.channel, "shelfie hint")
    finally:
        install(working)
    assert hint.response.ephemeral
    assert hint.response.content == "The computer is busy right now: try again in a moment. Nothing was changed."
    assert (await game_here(table)).turn == game.turn


@pytest.mark.parametrize(("new", "asked"), [("shelfie new", "shelfie shelf"), ("dice new", "dice roll"),
                                            ("librarians new", "librarians end"), ("librarians new", "librarians hand")])
async def test_a_lobby_not_yet_started_says_how_to_join_and_start_it(table: Table, new: str, asked: str) -> None:
    """A game command in a lobby said only "The game has not started yet": it now names this game's join and start."""
    opened = await table.alice.slash(table.channel, new, players=2)
    assert not opened.response.ephemeral
    before = len(channel_messages(table.channel))
    refused = await table.alice.slash(table.channel, asked)
    group = new.split()[0]
    assert refused.response.ephemeral and refused.response.content == (
        f"The game has not started yet: join with **Join** or `/{group} join`; the host starts it with **Start** or "
        f"`/{group} start`.")
    assert len(channel_messages(table.channel)) == before and (await game_here(table)).status == "lobby"


@pytest.mark.parametrize("game", ["shelfie", "dice", "librarians"])
async def test_board_in_a_lobby_posts_the_lobby_again_with_its_buttons(table: Table, game: str) -> None:
    """`/dice board` in a lobby said "The game has not started yet": it shows the lobby at the bottom of the channel,
    whose Join works; the old lobby message loses its buttons."""
    await table.alice.slash(table.channel, f"{game} new", players=2)
    first = channel_messages(table.channel)[-1]
    shown = await table.bob.slash(table.channel, f"{game} board")
    assert not shown.response.ephemeral
    again = channel_messages(table.channel)[-1]
    assert again.id != first.id and again.content == first.content and again.components
    assert not next(m for m in channel_messages(table.channel) if m.id == first.id).components
    await table.bob.click(again, label="Join")
    stored = await game_here(table)
    assert stored.status == "lobby" and len(stored.seats) == 2
