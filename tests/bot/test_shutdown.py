"""Graceful shutdown: SIGTERM finishes the interactions in flight, refuses new ones and closes the database."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.client import ShelfieBot, stop_on_signals
from bot.service import GameOptions, TableService

if TYPE_CHECKING:
    from conftest import Table

MOVES_BEFORE_SIGTERM = 5


def add_move_command(bot: ShelfieBot, started: asyncio.Event) -> None:
    """A bare `/move` that plays the first legal move for its user through the real service."""

    @bot.tree.command(name="move", description="play the first legal move")
    @app_commands.describe(game="game id")
    async def move(interaction: discord.Interaction, game: int) -> None:
        table = await bot.service.table(game)
        chosen = str(table.game.legal_moves()[0])
        started.set()
        await asyncio.sleep(0.05)  # still in flight when SIGTERM lands
        result = await bot.service.play(game, interaction.user.id, chosen, turn=table.turn)
        await interaction.response.send_message(f"played {chosen} turn {result.table.turn}")


async def test_sigterm_during_a_stream_of_moves_loses_none(table: Table, db_path: Path) -> None:
    bot = table.bot
    started = asyncio.Event()
    add_move_command(bot, started)
    await bot.tree.sync()
    lobby = await bot.service.open_lobby(table.guild.id, table.channel.id, table.alice.id, "alice", GameOptions(players=2), kind="shelfie")
    await bot.service.join(lobby.game_id, table.bob.id, "bob")
    await bot.service.start(lobby.game_id, table.alice.id)

    acknowledged: list[str] = []

    async def play_once() -> None:
        current = (await bot.service.table(lobby.game_id)).current_seat
        player = table.alice if current.user_id == table.alice.id else table.bob
        result = await player.slash(table.channel, "move", game=lobby.game_id)
        acknowledged.append(result.response.content)

    for _ in range(MOVES_BEFORE_SIGTERM):
        await play_once()

    stopping = stop_on_signals(bot)
    try:
        started.clear()
        last = asyncio.create_task(play_once())
        await started.wait()
        assert bot.in_flight(), "the last move should still be running when SIGTERM arrives"
        os.kill(os.getpid(), signal.SIGTERM)
        await last
        await asyncio.gather(*stopping)
    finally:
        for signum in (signal.SIGTERM, signal.SIGINT):
            asyncio.get_running_loop().remove_signal_handler(signum)

    assert len(acknowledged) == MOVES_BEFORE_SIGTERM + 1
    assert bot.service is None, "close() must close the database"
    reopened = await TableService.open(db_path)
    try:
        stored = await reopened.table(lobby.game_id)
        audit = await reopened.audit(lobby.game_id)
    finally:
        await reopened.close()
    assert stored.turn == len(acknowledged)
    assert acknowledged[-1].endswith(f"turn {stored.turn}")
    assert audit.ok, audit.problem


async def test_commands_arriving_while_draining_are_refused_politely(table: Table) -> None:
    table.bot.draining = True
    result = await table.alice.slash(table.channel, "games help")
    assert result.ephemeral
    assert result.response.content == "The bot is restarting right now. Try again in a minute: your games are saved."


async def test_draining_waits_for_running_handlers_and_those_that_arrive_meanwhile(table: Table) -> None:
    bot = table.bot
    finished: list[str] = []
    loop = asyncio.get_running_loop()

    async def handler(name: str, delay: float) -> None:
        await asyncio.sleep(delay)
        finished.append(name)
        if name == "first":  # a click that lands while the bot is already draining
            loop.create_task(handler("late", 0.05), name="discord-ui-dynamic-item-Take-shelfie:1:take")

    loop.create_task(handler("first", 0.05), name="CommandTree-invoker")
    await bot.drain()
    assert finished == ["first", "late"]
    assert bot.draining


async def test_autocomplete_while_draining_offers_nothing(table: Table) -> None:
    bot = table.bot

    @bot.tree.command(name="pick", description="autocomplete")
    async def pick(interaction: discord.Interaction, tiles: str) -> None:
        await interaction.response.send_message(tiles)

    @pick.autocomplete("tiles")
    async def tiles(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name="E4 E5", value="E4 E5")]

    await bot.tree.sync()
    assert await table.alice.autocomplete(table.channel, "pick", "tiles", "e") == [{"name": "E4 E5", "value": "E4 E5"}]
    bot.draining = True
    assert await table.alice.autocomplete(table.channel, "pick", "tiles", "e") == []


async def test_discord_pys_delayed_ready_after_a_close_starts_nothing_and_logs_no_error(tmp_path: Path) -> None:
    """discord.py dispatches `ready` 2 s after the last GUILD_CREATE from a task that closing leaves running: a
    SIGTERM within those 2 s of connecting closed the bot first, and the late dispatch raised into the closed client
    (logged as an ERROR traceback)."""
    bot = ShelfieBot(tmp_path / "games.sqlite3")
    heard: list[str] = []

    async def on_ready() -> None:
        heard.append("ready")

    bot.add_listener(on_ready)  # as `shelfie-bot run` listens for its heartbeat (bot.cli.start_heartbeat)
    async with bot:  # the client's loop is set, as by `shelfie-bot run`; leaving closes it, as a SIGTERM does
        pass
    bot.dispatch("ready")
    await asyncio.sleep(0)
    assert heard == [], "nothing runs in a closed bot"
