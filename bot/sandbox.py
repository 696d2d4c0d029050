"""`shelfie-bot sandbox`: the real bot against simcord's simulated Discord, in the browser.

One server, one channel and four members (alice, bob, carol, dave). The page
simcord serves lets a person type slash commands and click buttons as any of
them, so a whole game can be played locally without a token.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
from babel.lists import format_list

from bot.client import INTENTS, ShelfieBot, create_bot
from bot.context import service_of
from bot.custom_ids import parse_custom_id
from bot.games.registry import FACES
from bot.i18n import t
from bot.lobby_message import post_lobby_again
from bot.presenters.words import command_text, game_name
from bot.sandbox_hints import SandboxAddress, keep_commands, where_to_open
from bot.sandbox_live import LiveSandbox
from bot.sandbox_page import serve_page
from bot.service import TableStatus
from bot.store.backend import describe_database

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
SANDBOX_INTENTS = INTENTS | discord.Intents(dm_messages=True)
GUILD_NAME = "Shelfie Sandbox"
CHANNEL_NAME = "shelfie"
BOT_NAME = "Shelfie"
GUIDE_NAME = "Sandbox guide"
ANSWER_PATIENCE = 60.0
"""Real seconds the page waits for the bot to finish what a click or command started before it reports a timeout
(simcord's default is 5); also the bound on the sandbox's own steps with simcord (its start, a move of its clock). A
start or a move with its pictures takes well under a second on a quiet machine, many seconds on one whose cores are
busy; the person at the page wants the answer either way, and one that comes later still shows (bot.sandbox_live)."""
LANGUAGE = "en"
"""The sandbox's own lines (welcome, banner, topic) are in English; the bot's answer each member in theirs."""


def _listed(items: list[str]) -> str:
    return format_list(items, style="or", locale=LANGUAGE)


def secrets_where(kind: str | None = None) -> str:
    """Where a game's secrets show in the page, since DMs never do (a simcord preview presents one channel): by the
    button and the command its Secrets manifest names; without a `kind`, every registered game that has secrets."""
    shown = [(game, face.secrets) for game, face in FACES.items()
             if face.secrets is not None and kind in (None, game)]
    buttons = [f"**{t(secrets.button, LANGUAGE)}**" + (f" ({game_name(game, LANGUAGE)})" if kind is None else "")
               for game, secrets in shown]
    commands = [f"`{command_text(game, secrets.command, LANGUAGE)}`" for game, secrets in shown]
    return f"click {_listed(buttons)} on a turn message, or type {_listed(commands)}"


def topic() -> str:
    """The channel's topic, in the page's header."""
    return f"Secret cards go by DM, which this page does not show: {_plain(secrets_where())}"


def _commands(subcommand: str) -> str:
    """Every registered game's `subcommand` in one list, the last joined by "or"."""
    return _listed([f"`{command_text(kind, subcommand, LANGUAGE)}`" for kind in FACES])


async def serve_sandbox(
    db_path: Path | str | None = None,
    *,
    address: SandboxAddress = SandboxAddress(),
    announce: Callable[[str], None] = print,
    stop: asyncio.Event | None = None,
    patience: float = ANSWER_PATIENCE,
) -> None:
    """Run until `stop` is set (SIGTERM/SIGINT by default); `announce` receives the banner lines and DM notes.

    Games persist in `db_path` (a SQLite file or a PostgreSQL URL) when given, else in a temporary file removed at
    exit. The page listens at `address` (loopback and any free port by default; in the Docker image, every
    interface of the container at a fixed port), and the hints name the commands that work there. `patience` is how
    long a page action waits for the bot's answer (an answer that comes later still shows: see bot.sandbox_live).
    """
    stop = stop or _stop_on_signals()
    with tempfile.TemporaryDirectory(prefix="shelfie-sandbox-") as scratch:
        # The sandbox also reads the bot's own DMs, to tell the terminal about each one (the page cannot show them).
        bot = create_bot(db_path or Path(scratch) / "sandbox.sqlite3", intents=SANDBOX_INTENTS)
        try:
            simulated = simcord.run(bot, check_errors=False, settle_timeout=ANSWER_PATIENCE)
            # The server, channel and members exist before the bot starts, at simcord's fixed start: they get the
            # same ids at every start, so games kept with --db are found again. The bot then starts on real time.
            world = simulated._env
            guild = world.create_guild(GUILD_NAME)
            channel = guild.create_text_channel(CHANNEL_NAME, topic=topic())
            members = [guild.add_member(world.create_user(name)) for name in MEMBERS]
            guide = guild.create_webhook(channel, GUIDE_NAME)
            _catch_up_with_real_time(world)
            async with simulated as env:
                assert bot.user is not None, "simcord logged the bot in"
                await bot.user.edit(username=BOT_NAME)
                await bot.publish_commands()
                bot.add_listener(_dm_notes(bot, members, announce), "on_message")
                kept = await _kept_games(bot)
                await guide.send(_welcome(db_path, address, kept))
                await _post_kept_lobby(bot, channel.id)
                preview = env.preview(channel, viewers=members, layout="channel", port=address.port)
                serve_page(preview, address)
                live = LiveSandbox(env, preview, service_of(bot).next_deadline)
                live.serve_actions()
                env.settle_timeout = patience
                async with preview:
                    if address.in_container:
                        await _listen_on(preview, address.host)
                    running = asyncio.create_task(live.run(), name="shelfie-sandbox-live")
                    for line in _banner(preview.url, db_path, address, kept):
                        announce(line)
                    await stop.wait()
                    log.info("sandbox: stopping")
                    running.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await running
                    env.settle_timeout = ANSWER_PATIENCE  # the stop's own bound, whatever the page's patience
                await bot.drain()
        finally:
            if bot.service is not None:
                await bot.service.close()


def _catch_up_with_real_time(env: Any) -> None:
    """Set the simulated clock from simcord's fixed start to now, before the bot starts.

    Created from now on, messages get ids no earlier sandbox used, so a kept game's stored message ids never name a
    new message. The clock jumps like a corrected wall clock, before any timer of the bot exists (started at the
    fixed start, a discord.py task loop would then run once for every minute of the months in between); from then
    on LiveSandbox keeps it on real time.
    """
    behind = (datetime.now(UTC) - env.now()).total_seconds()
    if behind > 0:
        env.backend.advance_clock(behind)


def _dm_notes(bot: ShelfieBot, members: list[Any], announce: Callable[[str], None]) -> Callable[[discord.Message], Any]:
    """A listener that tells the terminal about each DM the bot sends a member, since the page cannot show DMs."""
    names = {member.user.dm_channel.id: member.name for member in members}

    async def on_message(message: discord.Message) -> None:
        if message.author == bot.user and message.channel.id in names:
            announce(_dm_note(names[message.channel.id], _secret_kind(message)))

    return on_message


def _secret_kind(message: discord.Message) -> str | None:
    """The game whose secret a DM holds (its Refresh button names it), if it is one that has secrets."""
    for row in message.components:
        for item in getattr(row, "children", ()):
            found = parse_custom_id(getattr(item, "custom_id", None) or "")
            if found is not None and FACES[found.kind].secrets is not None:
                return found.kind
    return None


def _dm_note(name: str, kind: str | None) -> str:
    return (f"{BOT_NAME} sent {name} a DM (the page shows only #{CHANNEL_NAME}): to see it, view as {name} and "
            f"{_plain(secrets_where(kind))}.")


def _plain(markdown: str) -> str:
    return markdown.replace("**", "").replace("`", "")


def _welcome(db_path: Path | str | None, address: SandboxAddress, kept: tuple[int, int]) -> str:
    """The first message in #shelfie: what a newcomer needs before typing anything."""
    lines = [
        "**Welcome to the Shelfie sandbox**: the real bot in a simulated Discord, only on this machine.",
        "1. Pick who you are in **Viewing as** at the top of the page; switch to play every seat.",
        f"2. {_commands('new')} opens a game (add `hints:true` to allow its `hint` command). The others click "
        "**Join** or type the game's `join`; the host clicks **Start**.",
        "   Type `/`, pick the command in the list, then add its options from the list; or type the whole line, "
        f"like `{command_text(next(iter(FACES)), 'new', LANGUAGE)} players:2 turn_timeout:5m`, and press Enter.",
        f"3. Each player's secret cards come by DM, which this page does not show: {secrets_where()}.",
        f"4. {_keeping(db_path, address, markdown=True)}",
    ]
    if any(kept):
        lines.append(f"5. {_kept_from_earlier(kept)}")
    return "\n".join(lines)


def _banner(url: str, db_path: Path | str | None, address: SandboxAddress, kept: tuple[int, int]) -> list[str]:
    """The terminal lines printed once the page is up: the address, how to play, where games are kept."""
    where = where_to_open(address)
    lines = [
        f"Sandbox ready: open {url}",
        *([where] if where else []),
        "  (the whole address: the part after # is the page's key, new at every start)",
        f"Play every seat: pick {', '.join(MEMBERS[:-1])} or {MEMBERS[-1]} in \"Viewing as\" at the top of the page.",
        f"Secret cards go by DM, which the page does not show: {_plain(secrets_where())}.",
        _keeping(db_path, address, markdown=False),
    ]
    if any(kept):
        lines.append(_plain(_kept_from_earlier(kept)))
    lines.append("Ctrl+C stops the sandbox.")
    return lines


def _keeping(db_path: Path | str | None, address: SandboxAddress, *, markdown: bool) -> str:
    code = "`" if markdown else ""
    if db_path is not None:
        where = describe_database(db_path) if isinstance(db_path, str) else db_path.resolve()
        return f"Games are kept in {code}{where}{code}: stop and start again with the same --db to go on."
    first, *others = (f"{code}{command}{code}" for command in keep_commands(address))
    return (f"Games vanish when the sandbox stops. To keep them, start it with {first}"
            + "".join(f" (or {other})" for other in others) + ".")


def _kept_from_earlier(kept: tuple[int, int]) -> str:
    active, lobbies = kept
    return (f"Kept from earlier: {_count(active, 'game')} in play, {_count(lobbies, 'open lobby', 'open lobbies')}. "
            f"{_commands('board')} in #{CHANNEL_NAME} shows a table again.")


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


async def _kept_games(bot: ShelfieBot) -> tuple[int, int]:
    """Games in play and open lobbies already in the database when the sandbox starts, counted once the deadlines
    that ran out while it was stopped have fired and been told in the channel (a lobby expired, a game its expired
    turns ended): the banner counted as in play a game such a deadline ended moments later."""
    service = service_of(bot)
    # The cog that tells deadlines in the channels (bot.cogs.tables; loaded as an extension, so found by name).
    announce_deadlines = getattr(bot.get_cog("TablesCog"), "on_deadlines")
    overdue = await service.fire_due()
    if overdue:
        await announce_deadlines(overdue)
    return await service.count_games(TableStatus.ACTIVE), await service.count_games(TableStatus.LOBBY)


async def _post_kept_lobby(bot: ShelfieBot, channel_id: int) -> None:
    """An open lobby kept from an earlier start is posted again under the welcome, with its buttons: the page's
    channel starts empty at every start."""
    table = await service_of(bot).table_in_channel(channel_id)
    if table is not None and table.status == TableStatus.LOBBY:
        await post_lobby_again(bot, table)


async def _listen_on(preview: Any, host: str) -> None:
    """Move the started page from 127.0.0.1 to `host` at the same port: in a container, Docker forwards a published
    port to the container's own interface, where simcord's server (loopback only) is not. Its Host and Origin checks
    (127.0.0.1 or localhost at that port) stay, so the page answers a browser on the machine that publishes the
    port as the same port. Like the key help, this reaches into the preview's server (simcord is pinned)."""
    from aiohttp import web

    server = preview._server
    await server.site.stop()
    server.site = web.TCPSite(server.runner, host, server.port)
    await server.site.start()


def _stop_on_signals() -> asyncio.Event:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    return stop
