"""Whole games played only through slash commands and autocomplete, checked on what the channel sees."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from test_game_driver import channel_messages, game_here, labels, play_typed_move, start_game

if TYPE_CHECKING:
    from conftest import Table

MAX_TURNS = 200
GOAL_WORDS = re.compile(r"personal goal card|goal-\d", re.IGNORECASE)


async def play_to_the_end(table: Table) -> int:
    """Every turn: the mover's ephemeral confirmation, then a public message pinging the next person."""
    moves = 0
    while (await game_here_or_none(table)) is not None:
        before = len(channel_messages(table.channel))
        await play_typed_move(table)
        moves += 1
        after = channel_messages(table.channel)
        assert len(after) == before + 1, "each move posts exactly one channel message"
        posted = after[-1]
        assert [a.filename for a in posted.attachments][:2] == ["board.png", "shelves.png"]
        current = await game_here_or_none(table)
        if current is not None:
            assert f"<@{current.current_seat.user_id}>" in posted.content
            assert "it's your turn" in posted.content
            assert re.search(r"Points so far \(personal goals stay secret until the end\): \w+: \d+ · \w+: \d+",
                             posted.content)
            assert not GOAL_WORDS.search(posted.content), "a personal goal leaked before the end"
            assert not any(a.filename.startswith("goal") for a in posted.attachments)
        assert moves < MAX_TURNS
    return moves


async def game_here_or_none(table: Table):
    return await table.bot.service.table_in_channel(table.channel.id)


def assert_final_message(table: Table, players: list) -> None:
    final = channel_messages(table.channel)[-1]
    names = [a.filename for a in final.attachments]
    assert names[:3] == ["board.png", "shelves.png", "scores.png"]
    assert sorted(names[3:]) == [f"goal-{n}.png" for n in range(1, len(players) + 1)], "every goal is revealed"
    assert "Game over!" in final.content
    winner = re.search(r"Game over! (<@\d+>) wins with (\d+) points", final.content)
    assert winner and winner.group(1) in {p.mention for p in players}
    assert final.content.count("personal goal card") == len(players)
    assert labels(final) == ["Rematch", "Replay"], "a finished game offers a rematch and its replay"


async def test_two_players_type_a_whole_game(table: Table) -> None:
    alice, bob = table.alice, table.bob
    await start_game(table, alice, [bob])
    started = channel_messages(table.channel)[-1]
    assert "The game begins!" in started.content
    game_id = (await game_here(table)).game_id
    moves = await play_to_the_end(table)
    assert moves >= 10
    assert_final_message(table, [alice, bob])
    finished = await table.bot.service.table(game_id)
    assert finished.status == "finished"
    for person in (alice, bob):
        stats = await table.bot.service.stats(table.guild.id, person.id, "shelfie")
        assert stats is not None and stats.games == 1
    board = await alice.slash(table.channel, "games stats")
    assert {field.name: field.value for field in board.response.embeds[0].fields}["Games"] == "1"

    rematch = await bob.click(channel_messages(table.channel)[-1], label="Rematch")
    assert rematch.response.ephemeral and f"<#{table.channel.id}>" in rematch.response.content
    lobby = channel_messages(table.channel)[-1]
    assert "Seats (2/2)" in lobby.content and f"{bob.mention} opened a game" in lobby.content
    assert labels(lobby)[:2] == ["Join", "Leave"]


async def test_four_players_type_a_whole_game(table: Table) -> None:
    alice, bob, carol, dave = table.members
    await start_game(table, alice, [bob, carol, dave], first_game=True)
    moves = await play_to_the_end(table)
    assert moves >= 20
    assert_final_message(table, [alice, bob, carol, dave])
    leaders = await carol.slash(table.channel, "games leaderboard")
    (embed,) = leaders.response.embeds
    assert leaders.response.ephemeral and embed.title == "Leaderboard"
    assert sorted(line.split(". ", 1)[1] for line in embed.fields[0].value.splitlines()) == [
        "alice", "bob", "carol", "dave"]
