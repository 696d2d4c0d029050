"""`shelfie-bot sandbox`: the real bot against simcord's simulated Discord, in the browser.

One server, one channel and four members (alice, bob, carol, dave). The page
simcord serves lets a person type slash commands and click buttons as any of
them, so a whole game can be played locally without a token.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import tempfile
from collections.abc import Callable
from pathlib import Path

from bot.client import create_bot

log = logging.getLogger("shelfie.sandbox")


def _import_simcord_quietly() -> None:
    """simcord checks discord.py at import with a throw-away client that has no intents;
    its "Guilds intent seems to be disabled" warning is about that probe, not about our bot."""
    state_log = logging.getLogger("discord.state")
    state_log.disabled = True
    try:
        import simcord  # noqa: F401
    finally:
        state_log.disabled = False


_import_simcord_quietly()
import simcord  # noqa: E402

MEMBERS = ("alice", "bob", "carol", "dave")
GUILD_NAME = "Shelfie Sandbox"
CHANNEL_NAME = "shelfie"
BOT_NAME = "Shelfie"


async def serve_sandbox(
    db_path: Path | None = None,
    *,
    port: int = 0,
    announce: Callable[[str], None] = print,
    stop: asyncio.Event | None = None,
) -> None:
    """Run until `stop` is set (SIGTERM/SIGINT by default); `announce` receives the preview URL.

    Without `db_path` the games live in a temporary file: the simulated server
    is new at every start, so games from an earlier sandbox could not resume.
    """
    stop = stop or _stop_on_signals()
    with tempfile.TemporaryDirectory(prefix="shelfie-sandbox-") as scratch:
        bot = create_bot(db_path or Path(scratch) / "sandbox.sqlite3")
        try:
            async with simcord.run(bot, check_errors=False) as env:
                guild = env.create_guild(GUILD_NAME)
                channel = guild.create_text_channel(CHANNEL_NAME)
                members = [guild.add_member(env.create_user(name)) for name in MEMBERS]
                await bot.user.edit(username=BOT_NAME)
                await bot.publish_commands()
                async with env.preview(channel, viewers=members, layout="channel", port=port) as preview:
                    announce(preview.url)
                    await stop.wait()
                    log.info("sandbox: stopping")
                await bot.drain()
        finally:
            if bot.service is not None:
                await bot.service.close()


def _stop_on_signals() -> asyncio.Event:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    return stop
