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
"""
from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import Table  # noqa: E402
from test_game_driver import channel_messages, play_typed_move, start_game  # noqa: E402

from bot import create_bot  # noqa: E402
from bot.store import ShardSet  # noqa: E402
from tests.patience import PATIENCE  # noqa: E402

REMINDER = re.compile(r"^⏰")
TIMEOUT = re.compile(r"time ran out, so the computer played")


def say(*words: object) -> None:
    print(*words, flush=True)


async def serve(db: str, shard: int, count: int) -> None:
    bot = create_bot(db, shards=ShardSet(count, frozenset({shard})))
    try:
        async with simcord.run(bot, check_errors=False, settle_timeout=PATIENCE) as env:
            guild = env.create_guild(f"Shard {shard} Club", shard_id=shard)
            channel = guild.create_text_channel("games")
            members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave")]
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
    elif verb == "advance":
        await table.env.advance_time(float(args[0]))
        texts = [m.content for m in channel_messages(table.channel)]
        say("told", sum(bool(REMINDER.search(t)) for t in texts), sum(bool(TIMEOUT.search(t)) for t in texts))


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
