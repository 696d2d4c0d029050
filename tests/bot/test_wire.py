"""The real bot process over the real wire: `shelfie-bot sync` and `run`, pointed by SHELFIE_DISCORD_API at the
Discord replica of `python -m bench wire`, play a move of My Shelfie over HTTP and a zlib-compressed gateway, and
play games in four channels at once against a replica that enforces Discord's global rate limit, and two shard
processes on one PostgreSQL database each serve their own server's game through one replica."""

from __future__ import annotations

import asyncio
import io
import os
import random
import re
import signal
import sys
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image

from bench.discord_replica import Replica, Sent
from bench.load import Samples
from bench.wire import BOT, BotProcess, Channel, Table, bot_environment, start_bot, until
from bot.store import Store
from engine.shelfie import Move
from tests.patience import PATIENCE


async def answered(sent: Sent) -> list[str]:
    await asyncio.wait_for(sent.answered.wait(), PATIENCE)
    return [reply["content"] for reply in sent.replies]


async def started_game(replica: Replica, channel: int, pictures: asyncio.Queue[int]) -> None:
    """ann opens a 2-seat My Shelfie lobby in channel, ben joins, ann starts: returns once its opening picture
    reached channel."""
    ann, ben = replica.people
    await answered(await replica.slash(ann, channel, "shelfie new", players=2))
    await answered(await replica.slash(ben, channel, "shelfie join"))
    await replica.slash(ann, channel, "shelfie start")
    assert await asyncio.wait_for(pictures.get(), PATIENCE) == channel, "its opening picture"


async def first_legal_take(replica: Replica, table: Table, channel: int) -> tuple[Move, Sent]:
    """The player to act types the first legal take of channel's game, as stored."""
    record, game = await table.open_game(channel)
    chosen = game.legal_moves()[0]
    mover = next(seat.user_id for seat in record.seats if seat.position == min(game.to_act))
    return chosen, await replica.slash(mover, channel, "shelfie take", tiles=chosen.tiles_text,
                                       column=chosen.column + 1)


async def stopped(bot: BotProcess, store: Store, replica: Replica) -> int:
    """SIGTERM to the bot, then the test's store and the replica closed: the bot's exit code."""
    code = await bot.stop()
    await store.close()
    await replica.close()
    return code


def shown_in(replica: Replica, channel: int) -> list[dict[str, Any]]:
    """The channel's messages everyone sees (not the ephemeral ones), oldest first."""
    return [m for m in replica.messages.values() if m["channel_id"] == str(channel) and not m["flags"] & 64]


async def test_a_real_bot_process_plays_a_move_over_the_wire(tmp_path: Path) -> None:
    replica = Replica(channels=1, people=("ann", "ben"))
    await replica.start()
    channel = replica.channel_ids[0]
    ann, ben = replica.people
    pictures: asyncio.Queue[int] = asyncio.Queue()
    replica.on_picture = lambda channel_id, at: pictures.put_nowait(channel_id)
    bot = await start_bot(replica, tmp_path / "wire.sqlite3")
    store = await Store.open(tmp_path / "wire.sqlite3")
    try:
        lobby = await answered(await replica.slash(ann, channel, "shelfie new", players=2))
        joined = await answered(await replica.slash(ben, channel, "shelfie join"))
        started = await replica.slash(ann, channel, "shelfie start")
        assert await asyncio.wait_for(pictures.get(), PATIENCE) == channel
        opening = replica.pictures[channel]

        record, game = await Table(store).open_game(channel)
        move = game.legal_moves()[0]
        mover = next(seat.user_id for seat in record.seats if seat.position == min(game.to_act))
        take = await replica.slash(mover, channel, "shelfie take", tiles=move.tiles_text, column=move.column + 1)
        assert await asyncio.wait_for(pictures.get(), PATIENCE) == channel
        answer = await answered(take)
        after, _ = await Table(store).open_game(channel)
    finally:
        code = await stopped(bot, store, replica)

    assert "**ann**" in lobby[0] and "seat 2" in joined[0], (lobby, joined)
    assert started.first_callback_at is not None
    assert after.game.turn == record.game.turn + 1, "the move was played"
    assert move.tiles_text in answer[-1] and f"column {move.column + 1}" in answer[-1], answer
    for png in (opening, replica.pictures[channel]):
        picture = Image.open(io.BytesIO(png))
        picture.verify()
        assert picture.format == "PNG" and picture.width > 300
    assert replica.pictures[channel] != opening, "the turn picture shows the new board"
    assert not replica.failures, replica.failures
    assert bot.errors == 0, "\n".join(bot.tail)
    assert code == 0, "\n".join(bot.tail)
    assert any("shutdown: database closed" in line for line in bot.tail)
    assert any("event loop uvloop" in line for line in bot.tail), "the bot serves on uvloop where it is installed"
    assert replica.intents == discord.Intents(guilds=True).value, "no channel chatter is sent to the bot"


LIMIT = 5  # requests a second with the bot token, the replica's and the bot's
MOVES = 28  # each costs the token ~nothing (its turn travels on its interaction); the starts cost over LIMIT * 4


async def test_the_bot_keeps_to_the_global_rate_limit_the_replica_enforces(tmp_path: Path) -> None:
    replica = Replica(channels=4, people=("ann", "ben"), global_limit=LIMIT)
    await replica.start()
    bot = await start_bot(replica, tmp_path / "wire.sqlite3")
    store = await Store.open(tmp_path / "wire.sqlite3")
    samples, stop = Samples(), asyncio.Event()
    channels = {channel_id: Channel(replica, Table(store), channel_id, list(replica.people), random.Random(number),
                                    samples) for number, channel_id in enumerate(replica.channel_ids)}
    replica.on_picture = lambda channel_id, at: channels[channel_id].pictured(at)
    playing = [asyncio.ensure_future(channel.play(stop)) for channel in channels.values()]

    async def played() -> bool:
        return len(samples.moves) >= MOVES

    try:
        await asyncio.wait_for(until(played), PATIENCE)
        stop.set()
        await asyncio.wait_for(asyncio.gather(*playing), PATIENCE)
    finally:
        stop.set()
        code = await stopped(bot, store, replica)

    assert replica.token_requests > 4 * LIMIT, replica.requests
    # the starts' turns and goal DMs (three a game) and a move now and then that outlasted its grace on a busy machine
    assert replica.requests["POST /channels/{channel}/messages"] < len(samples.moves), "moves' turns avoid the token"
    assert not replica.failures, f"refused: {replica.failures}"
    assert len(samples.moves) >= MOVES and not samples.refused and not samples.lost, "every move's picture came"
    assert any(f"at most {LIMIT} requests/s with the token" in line for line in bot.tail), "\n".join(bot.tail)
    assert bot.errors == 0 and code == 0, "\n".join(bot.tail)


BURST = 12  # moves whose turn messages all go with the token into one channel: over twice its 5 in 5 s


async def test_a_burst_of_new_messages_in_one_channel_keeps_to_its_limit_and_shows_each_move_once_in_order(
        tmp_path: Path) -> None:
    """Every typed move reaches the bot too late for Discord to take its answer (a gateway lagging behind), so each
    turn message goes with the bot token into the one channel, as fast as two people move the instant their picture
    arrives. The replica enforces a channel's 5 new messages in 5 s and refuses nothing: the bot waits for its
    channel's window, and the channel shows every move once, in the order they were played."""
    replica = Replica(channels=1, people=("ann", "ben"))
    replica.late.add("shelfie take")
    await replica.start()
    channel = replica.channel_ids[0]
    pictures: asyncio.Queue[int] = asyncio.Queue()
    replica.on_picture = lambda channel_id, at: pictures.put_nowait(channel_id)
    bot = await start_bot(replica, tmp_path / "wire.sqlite3")
    store = await Store.open(tmp_path / "wire.sqlite3")
    table, played = Table(store), []
    try:
        await started_game(replica, channel, pictures)
        for _ in range(BURST):
            chosen, _ = await first_legal_take(replica, table, channel)
            played.append(chosen)
            await asyncio.wait_for(pictures.get(), PATIENCE)
        record, _ = await table.open_game(channel)
    finally:
        code = await stopped(bot, store, replica)

    assert record.game.turn == BURST
    assert replica.requests["POST /channels/{channel}/messages"] >= BURST + 1, "the start and every move: the token's"
    assert not replica.limited, f"429s by bucket: {replica.limited}"
    assert set(replica.failures) == {"POST /interactions/{interaction}/{token}/callback 404"}, replica.failures
    shown = shown_in(replica, channel)
    moves = [m["content"] for m in shown if re.match(r"\*\*\w+\*\* took ", m["content"])]
    assert len(moves) == BURST, moves
    for content, move in zip(moves, played):
        assert move.tiles_text in content and f"column {move.column + 1}" in content, (content, move)
    assert len([m for m in shown if m["components"]]) == 1, "one live turn"
    assert bot.errors == 0 and code == 0, "\n".join(bot.tail)


async def test_a_real_bot_process_killed_between_a_turns_response_and_its_record_announces_every_move_once(
        tmp_path: Path) -> None:
    """The bot is killed (SIGKILL) the moment the request carrying a turn message reaches the replica (the move's
    response, unless the move outlasted its grace), before the bot hears back: restarted, it finds that message in
    the channel's history instead of posting it again, and the channel reads one message per move with one live
    turn."""
    replica = Replica(channels=1, people=("ann", "ben"))
    await replica.start()
    channel = replica.channel_ids[0]
    database = tmp_path / "wire.sqlite3"
    bot = await start_bot(replica, database)
    store = await Store.open(database)
    kill_at: list[int] = []  # the picture count at which the bot is killed
    pictures: asyncio.Queue[int] = asyncio.Queue()

    def pictured(channel_id: int, at: float) -> None:
        pictures.put_nowait(channel_id)
        if kill_at and pictures.qsize() == kill_at[0]:
            os.kill(bot.pid, signal.SIGKILL)

    replica.on_picture = pictured
    table = Table(store)

    try:
        await started_game(replica, channel, pictures)
        for _ in range(3):
            await first_legal_take(replica, table, channel)
            await asyncio.wait_for(pictures.get(), PATIENCE)
        kill_at.append(1)
        await first_legal_take(replica, table, channel)
        await asyncio.wait_for(pictures.get(), PATIENCE)
        await asyncio.wait_for(bot.process.wait(), PATIENCE)
        await asyncio.wait_for(until(lambda: asyncio.sleep(0, not replica.connected.is_set())), PATIENCE)
        kill_at.clear()
        bot = await start_bot(replica, database)
        record, _ = await table.open_game(channel)
        game_id = record.game.id

        async def settled() -> bool:
            pending, _ = await store.outbox(game_id)
            return not pending

        await asyncio.wait_for(until(settled), PATIENCE)
        for _ in range(2):
            await first_legal_take(replica, table, channel)
            await asyncio.wait_for(pictures.get(), PATIENCE)
        record, _ = await table.open_game(channel)
    finally:
        code = await stopped(bot, store, replica)

    shown = shown_in(replica, channel)
    moves = [m for m in shown if re.match(r"\*\*\w+\*\* took ", m["content"])]
    assert len(moves) == record.game.turn == 6, [m["content"][:60] for m in shown]
    assert len([m for m in shown if m["components"]]) == 1, "one live turn"
    assert replica.requests["GET /channels/{channel}/messages"] >= 1, "the restarted bot looked for the message"
    assert bot.errors == 0 and code == 0, "\n".join(bot.tail)


async def test_two_shard_processes_connect_to_the_replica_and_each_serves_its_own_servers_game(
        tmp_path: Path, postgres_url: str) -> None:
    replica = Replica(channels=1, people=("ann", "ben"), shards=2)
    await replica.start()
    pictures: asyncio.Queue[int] = asyncio.Queue()
    replica.on_picture = lambda channel_id, at: pictures.put_nowait(channel_id)
    bots = [await start_bot(replica, postgres_url, folder=tmp_path, shard=shard) for shard in (0, 1)]
    try:
        assert replica.connected.is_set(), "both shards connected"
        for shard, channel in enumerate(replica.channel_ids):
            assert (replica.guild_of[channel] >> 22) % 2 == shard
            await started_game(replica, channel, pictures)
    finally:
        codes = [await bot.stop() for bot in bots]
        await replica.close()

    for shard, bot in enumerate(bots):
        assert any(f"shards {shard} of 2" in line for line in bot.tail), "\n".join(bot.tail)
        assert bot.errors == 0, "\n".join(bot.tail)
    assert codes == [0, 0]
    assert not replica.failures, replica.failures


@pytest.mark.parametrize("stopped_at", ["GET /users/@me", "GET /gateway/bot"])
async def test_a_bot_stopped_while_it_starts_closes_cleanly_and_never_connects(tmp_path: Path, stopped_at: str) -> None:
    """A SIGTERM while the process logs in (GET /users/@me) or, its database and workers open, finds its gateway
    (GET /gateway/bot), as a `docker stop` right after a start would: the bot exits 0 without an error, closes its
    database, and never connects after the stop."""
    replica = Replica(channels=1, people=("ann", "ben"))
    await replica.start()
    reached, released = replica.hold(stopped_at)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", BOT, "run", env=bot_environment(replica, tmp_path / "wire.sqlite3"), cwd=tmp_path,
        stderr=asyncio.subprocess.PIPE)
    bot = BotProcess(process)
    bot.reader = asyncio.get_running_loop().create_task(bot.read())
    try:
        await asyncio.wait_for(reached.wait(), PATIENCE)
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(until(lambda: asyncio.sleep(0, any("SIGTERM received" in line for line in bot.tail))),
                               PATIENCE)
        released.set()
        code = await bot.stop()
    finally:
        await replica.close()

    assert code == 0 and bot.errors == 0, "\n".join(bot.tail)
    assert any("shutdown: database closed" in line for line in bot.tail), "\n".join(bot.tail)
    assert not replica.connections, "no gateway connection after the stop"
