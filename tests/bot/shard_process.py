"""One shard process of the real bot for tests/bot/test_e2e_shards.py, run in a subprocess so that the test can
`kill -9` it: `python -m tests.bot.shard_process DB SHARD COUNT`.

The bot serves shard SHARD of COUNT on the database DB, in its own simulated Discord holding one server of that
shard with #games and alice, bob, carol, dave (created at simcord's fixed start, so a restarted process finds the
same ids). It reads commands from stdin, one a line, and answers on stdout:

    start 10m      alice opens a game with bob (turn time 10m), bob joins, alice starts  -> "started GAME"
    start-bot      alice opens a game with one easy computer and starts it                 -> "started GAME"
    finish         the player to move types moves until the game here is over              -> "finished"
    moves          moves are typed until the process is killed, one "ack GAME TURN" line after each is acknowledged
    advance SECS   simulated time passes                       -> "told REMINDERS TIMEOUTS" (messages in #games)
    saved          the player to move's move is saved but not posted, and this process holds the game's outbox
                   claim (as after its start pass), as when it is killed between a move's commit and its post
                                                                -> "saved GAME TURN"
    outbox         after an outbox pass like the one at start     -> "outbox PENDING LAST" (announcements still
                   pending; 1 when the last message in #games is the turn message of the game's current turn)
"""
from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

import discord
import simcord

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import Table  # noqa: E402
from test_game_driver import channel_messages, play_typed_move, start_game  # noqa: E402

from bot import create_bot  # noqa: E402
from bot.outbox import repost_round  # noqa: E402
from bot.store import ShardSet  # noqa: E402
from render.warm import warm_pictures  # noqa: E402
from tests.patience import PATIENCE  # noqa: E402

REMINDER = re.compile(r"^⏰")
TIMEOUT = re.compile(r"time ran out, so the computer played")


def say(*words: object) -> None:
    print(*words, flush=True)


async def serve(db: str, shard: int, count: int) -> None:
    # simcord gives a bot's connection a fixed 5 s of wall clock to settle (settle_timeout bounds every other wait),
    # and a restarted process's start pass runs within it: it posts the turn message its dead predecessor left, with
    # pictures drawn here in a thread (no worker processes). Drawn from cold caches (palettes sampled from whole
    # games) that took over 5 s on a busy machine; warmed first, as the bot's own picture workers start, it is one
    # picture's drawing.
    warm_pictures()
    bot = create_bot(db, shards=ShardSet(count, frozenset({shard})))
    try:
        # The server exists before the bot connects, as in Discord: the bot's start pass finds its channel.
        stand_in = discord.AutoShardedClient(intents=discord.Intents.none(), shard_count=count, shard_ids=[shard])
        async with simcord.run(stand_in, check_errors=False, settle_timeout=PATIENCE) as env:
            guild = env.create_guild(f"Shard {shard} Club", shard_id=shard)
            channel = guild.create_text_channel("games")
            members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave")]
            await env.restart_bot(bot)
            await bot.tree.sync()
            table = Table(env, guild, channel, *members)
            say("ready", guild.id, channel.id)
            loop = asyncio.get_running_loop()
            while line := (await loop.run_in_executor(None, sys.stdin.readline)).split():
                await command(table, *line)
    finally:
        if bot.service is not None:
            await bot.service.close()


async def command(table: Table, verb: str, *args: str) -> None:
    service = table.bot.service
    if verb == "start":
        await start_game(table, table.alice, [table.bob], turn_timeout=args[0])
    elif verb == "start-bot":
        await start_game(table, table.alice, [], computers=1)
    if verb.startswith("start"):
        say("started", (await service.table_in_channel(table.channel.id)).game_id)
    elif verb == "finish":
        while await service.table_in_channel(table.channel.id) is not None:
            await play_typed_move(table)
        say("finished")
    elif verb == "moves":
        while True:
            await play_typed_move(table)
            game = await service.table_in_channel(table.channel.id)
            say("ack", game.game_id, game.turn)
    elif verb == "saved":
        game = await service.table_in_channel(table.channel.id)
        move = game.game.legal_actions()[0]
        await service.play(game.game_id, game.current_seat.user_id, move, turn=game.turn)
        assert await service.claim_outbox(game.game_id)
        say("saved", game.game_id, game.turn + 1)
    elif verb == "outbox":
        await repost_round(table.bot, first=True)  # what the start pass does (it may have done it already)
        game = await service.table_in_channel(table.channel.id)
        last = channel_messages(table.channel)[-1] if channel_messages(table.channel) else None
        say("outbox", len((await service.outbox(game.game_id)).pending),
            int(last is not None and last.id == (await service.table(game.game_id)).turn_message_id))
    elif verb == "advance":
        await table.env.advance_time(float(args[0]))
        texts = [m.content for m in channel_messages(table.channel)]
        say("told", sum(bool(REMINDER.search(t)) for t in texts), sum(bool(TIMEOUT.search(t)) for t in texts))


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
