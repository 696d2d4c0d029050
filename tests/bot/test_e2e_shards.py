"""Two shard processes of the real bot on one PostgreSQL database: shard 0 here, in the test's simulated Discord, and shard 1
in a real process of its own (tests/bot/shard_process.py) with its own simulated Discord, each holding only its
shards' servers as Discord's gateway routes them. Each plays its servers' games to the end and fires its own
deadlines, each exactly once, never the other's; `kill -9` of the shard process loses no acknowledged move, and its
deadlines fire once it is back; a process started after one killed holding claims posts their game's pending
turn message at once."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import simcord
from conftest import Table
from test_game_driver import channel_messages, game_here, play_typed_move, start_game

from bot.cli import process_status
from bot.games.shelfie.words import goal_matches
from bot.service import TableService
from bot.store import ShardSet

ROOT = Path(__file__).resolve().parents[2]
TEN_MINUTES = 600
SHARDS = 2
ACKS_BEFORE_KILL = 4


class ShardProcess:
    """`python -m tests.bot.shard_process DB 1 2`: shard 1 of 2 in a process of its own, driven line by line."""

    def __init__(self, db: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "tests.bot.shard_process", db, "1", str(SHARDS)],
                                        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.guild_id = int(self.expect("ready")[0])

    def expect(self, word: str) -> list[str]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline().split()
        assert line and line[0] == word, f"expected {word!r}, the shard process said {line}"
        return line[1:]

    def ask(self, *command: object, answer: str) -> list[str]:
        assert self.process.stdin is not None
        self.process.stdin.write(" ".join(map(str, command)) + "\n")
        self.process.stdin.flush()
        return self.expect(answer)

    def told(self, seconds: float) -> tuple[int, int]:
        """Let `seconds` pass in its Discord; how many reminders and expired turns its #games shows."""
        reminders, timeouts = self.ask("advance", seconds, answer="told")
        return int(reminders), int(timeouts)

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()


@pytest.fixture
def shard_process(db_path: str) -> Iterator[Any]:
    """`start()` runs shard 1 on the test's database (again after a kill, as a restart would)."""
    started: list[ShardProcess] = []

    def start() -> ShardProcess:
        started.append(ShardProcess(db_path))
        return started[-1]

    yield start
    for process in started:
        process.kill()


@pytest.fixture
def db_path(postgres_url: str) -> str:
    """Both processes on one fresh PostgreSQL database (tests/postgres.py)."""
    return postgres_url


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    return {"shards": ShardSet(SHARDS, frozenset({0}))}


@pytest_asyncio.fixture
async def shard_table(simcord_env: simcord.Env) -> Table:
    """The test's own process: shard 0, with a server of shard 0."""
    guild = simcord_env.create_guild("Shard 0 Club", shard_id=0)
    channel = guild.create_text_channel("games")
    members = [guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob", "carol", "dave")]
    await simcord_env.bot.tree.sync()
    return Table(simcord_env, guild, channel, *members)


def told(table: Table, pattern: str) -> int:
    return sum(bool(re.search(pattern, m.content)) for m in channel_messages(table.channel))


async def turn_of(db_path: str, game_id: int) -> int:
    """The game's turn as stored, read by a fresh process."""
    reader = await TableService.open(db_path)
    try:
        assert (await reader.audit(game_id)).ok
        return (await reader.table(game_id)).turn
    finally:
        await reader.close()


async def test_two_shard_processes_finish_their_games_and_fire_their_own_deadlines_once(
        shard_table: Table, shard_process: Any, db_path: str) -> None:
    other = shard_process()
    assert (other.guild_id >> 22) % SHARDS == 1 and (shard_table.guild.id >> 22) % SHARDS == 0
    table = shard_table
    health = await process_status(table.bot)
    assert list(health["shards"]) == ["0"] and health["shards"]["0"] is not None, "its one shard is connected"
    assert (health["database"], health["overdue"]) == (True, 0)
    await start_game(table, table.alice, [], computers=1)
    while await table.bot.service.table_in_channel(table.channel.id) is not None:
        await play_typed_move(table)
    assert "Game over!" in channel_messages(table.channel)[-1].content
    other.ask("start-bot", answer="started")
    other.ask("finish", answer="finished")
    for guild_id in (table.guild.id, other.guild_id):
        [finished] = await table.bot.service.leaderboard(guild_id, "shelfie")
        assert finished.name == "alice" and finished.games == 1, "each server's leaderboard counts its own game"

    theirs = int(other.ask("start", "10m", answer="started")[0])
    await start_game(table, table.alice, [table.bob], turn_timeout="10m")
    mine = (await game_here(table)).game_id
    await table.env.advance_time(TEN_MINUTES + 1)  # this process's clock passes both games' deadlines
    assert told(table, r"^⏰") == 2, "its half-time and final reminders, once each"
    assert told(table, r"time ran out, so the computer played") == 1
    assert await turn_of(db_path, mine) == 1
    assert await turn_of(db_path, theirs) == 0, "the other shard's deadlines are left to its process"
    assert other.told(TEN_MINUTES + 1) == (2, 1)
    assert await turn_of(db_path, theirs) == 1, "its expired turn was played once"
    await table.env.advance_time(TEN_MINUTES / 4)
    assert told(table, r"^⏰") == 2, "nothing fired twice"


async def test_kill_9_of_a_shard_process_mid_move_loses_no_acknowledged_move_and_its_deadlines_fire_after_restart(
        shard_process: Any, db_path: str) -> None:
    process = shard_process()
    game = int(process.ask("start", "10m", answer="started")[0])
    process.ask("moves", answer="ack")
    acked = 0
    for _ in range(ACKS_BEFORE_KILL):
        acked = int(process.expect("ack")[1])
    process.kill()  # mid-stream: the next move is being typed, saved, or posted
    turn = await turn_of(db_path, game)
    assert turn >= acked, "an acknowledged move was lost"

    restarted = shard_process()
    assert restarted.told(TEN_MINUTES + 1) == (2, 1), "the turn's reminders and expiry fire once after the restart"
    assert await turn_of(db_path, game) == turn + 1


async def test_a_process_started_after_a_kill_9_posts_the_turn_message_its_dead_predecessor_claimed_at_once(
        shard_process: Any, db_path: str) -> None:
    process = shard_process()
    game = int(process.ask("start", "10m", answer="started")[0])
    assert process.ask("saved", answer="saved") == [str(game), "1"]
    process.kill()  # after the move's commit, before its turn message: the outbox claim is the dead process's

    restarted = shard_process()
    assert restarted.ask("outbox", answer="outbox") == ["0", "1"], "its start pass posted the pending turn message"
    assert await turn_of(db_path, game) == 1


async def test_a_goal_asked_in_dms_shows_another_shards_game_as_stored_with_its_server_and_channel_named(
        shard_table: Table, db_path: str) -> None:
    """DMs reach shard 0's process; the game is another shard's, played by that shard's process."""
    env, alice = shard_table.env, shard_table.alice
    other = env.create_guild("Shard 1 Club", shard_id=1)
    channel = other.create_text_channel("tables")
    for person in (shard_table.alice, shard_table.bob):
        other.add_member(person.user)
    theirs = await TableService.open(db_path, shards=ShardSet(SHARDS, frozenset({1})))
    try:
        lobby = await theirs.open_lobby(other.id, channel.id, alice.user.id, "alice", kind="shelfie")
        await theirs.join(lobby.game_id, shard_table.bob.user.id, "bob")
        table = (await theirs.start(lobby.game_id, alice.user.id)).table
        first = await alice.user.slash("shelfie goal")
        for _ in range(6):
            table = (await theirs.play(table.game_id, table.current_seat.user_id, table.game.legal_actions()[0],
                                       turn=table.turn)).table
        again = await alice.user.slash("shelfie goal")
    finally:
        await theirs.close()
    for cards in (first, again):
        assert "**Shard 1 Club** #tables:" in cards.response.content, "named, not by raw ids"
    matches, points = goal_matches(table.game, table.seat_of(alice.user.id).index)
    assert f"{matches} of 6 spaces match ({points} pt)" in again.response.content
    assert (await shard_table.bot.service.table(table.game_id)).turn == table.turn, "the stored game, not its copy"
