"""The Wire of `bench load` and `bench loop` (bench/load.py), which counts the turn pictures the real bot sends in
simcord: a picture counts for its channel whether it goes on an interaction sent there (a turn completes its move's)
or with the bot token, and over a long run the Wire keeps only the interaction tokens that can still carry one."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import discord
import simcord
from PIL import Image

from bench.load import Samples, Wire, slash
from bot import create_bot
from bot.interaction_routes import TOKEN_LIFETIME
from tests.patience import PATIENCE


@dataclass
class Counted:
    env: simcord.Env
    wire: Wire
    now: list[float]  # the Wire's clock, moved by the test


@asynccontextmanager
async def counting(folder: Path) -> AsyncIterator[Counted]:
    """The real bot in simcord, as `bench load` runs it, and a Wire on a clock the test moves."""
    bot = create_bot(folder / "wire.sqlite3", workers=0)
    now = [1_000.0]
    try:
        async with simcord.run(bot, settle_timeout=PATIENCE) as env:
            await bot.tree.sync()
            yield Counted(env, Wire(bot, Samples(), clock=lambda: now[0]), now)
    finally:
        if bot.service is not None:
            await bot.service.close()


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (1, 1)).save(out, "PNG")
    return out.getvalue()


async def test_a_picture_counts_for_its_channel_on_a_typed_command_s_interaction_and_with_the_bot_token(
        tmp_path: Path) -> None:
    async with counting(tmp_path) as counted:
        env, wire = counted.env, counted.wire
        guild = env.create_guild("Wire")
        channel, other = guild.create_text_channel("game"), guild.create_text_channel("other")
        alice, bob = guild.add_member(env.create_user("alice")), guild.add_member(env.create_user("bob"))
        await alice.slash(channel, "shelfie new", players=2)
        await bob.slash(channel, "shelfie join")

        counted.now[0] += 5.0
        sent = slash(env, wire, alice, channel, "shelfie start")  # answered by the first turn message, its picture
        await env.settle()
        assert wire.picture_event(channel.id).is_set() and wire.picture_sent[channel.id] == sent
        assert other.id not in wire.picture_sent
        assert len(wire.samples.defers) == 1, "its first answer was timed"

        posted = env.bot.get_channel(other.id)
        assert isinstance(posted, discord.TextChannel)
        await posted.send("words alone")
        assert other.id not in wire.picture_sent, "a message without a picture is not one"
        counted.now[0] += 1.0
        await posted.send("a picture", file=discord.File(io.BytesIO(_png()), "turn.png"))
        assert wire.picture_sent[other.id] == counted.now[0], "a picture the bot token posts counts for its channel"


def kept(wire: Wire) -> tuple[set[str], set[str]]:
    """The tokens the Wire keeps: by token, and by channel's game."""
    return set(wire._tokens), {token for tokens in wire._game_tokens.values() for token in tokens}


async def test_tokens_are_dropped_once_past_their_life_or_their_game_and_then_count_for_nothing(
        tmp_path: Path) -> None:
    async with counting(tmp_path) as counted:
        wire, now = counted.wire, counted.now
        for number in range(3):
            wire.sent(number, f"old-{number}", 7)
        now[0] += 60.0
        wire.sent(10, "game-over", 8)
        wire.sent(11, "going-on", 9)
        everything = {"old-0", "old-1", "old-2", "game-over", "going-on"}
        assert kept(wire) == (everything, everything)
        assert wire.channel_of("old-0") == 7 and wire.channel_of("game-over") == 8
        assert len(wire.emitted) == 5, "none answered yet"

        wire.game_over(8)
        assert wire.channel_of("game-over") is None and wire.channel_of("going-on") == 9
        assert kept(wire) == (everything - {"game-over"},) * 2
        assert "10" not in wire.emitted

        now[0] += TOKEN_LIFETIME - 60.0
        assert wire.channel_of("old-1") is None, "past its 15 minutes a token carries nothing"
        wire.sent(12, "new", 7)
        assert kept(wire) == ({"going-on", "new"},) * 2, "the expired tokens were dropped, from their game's too"
        assert sorted(wire.emitted) == ["11", "12"], "interactions never answered (lost) are forgotten with them"
        assert wire.channel_of("going-on") == 9 and wire.channel_of("new") == 7
