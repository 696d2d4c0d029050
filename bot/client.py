"""The discord.py client: intents, startup, extensions, in-flight tracking and graceful close."""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket

from bot import error_reporting, event_loop
from bot.config import DEFAULT_DB
from bot.i18n import ShelfieTranslator, t
from bot.logging_setup import context
from bot.option_checks import option_problem
from bot.presenters.user_text import CHOICE_LIMIT, clipped
from bot.rate_limit import ChannelWindows, RequestWindow, process_share, token_request_trace
from bot.service.workers import Workers, default_count, install, retire
from bot.store import ShardSet
from bot.store.backend import database_target, describe_database

if TYPE_CHECKING:
    from collections.abc import Callable

    from bot.service import TableService  # imported at setup_hook: the CLI starts without it

log = logging.getLogger("shelfie.bot")

# Every extension, in load order: the cog that registers the /games group comes before the cogs
# that add subcommands to it. tests/bot/test_cli.py fails when a module in bot/cogs is missing here.
EXTENSIONS = (
    "bot.cogs.tables",
    "bot.cogs.game_groups",
    "bot.cogs.games",
    "bot.cogs.community",
    "bot.cogs.meta",
)
"""What runs every game's tables, every game's face, then the server-wide /games group and the commands that
join it."""
# Tasks discord.py creates for one interaction each; close() waits for them.
INTERACTION_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-modal-dispatch-",
)
# What the bot needs in a game channel: read and post there and in game threads, open those threads
# and archive them when their game ends, embed the table picture, and see the messages its buttons
# live on. Mentions of players need nothing (the bot never pings @everyone or roles).
REQUIRED_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)
INTENTS = discord.Intents(guilds=True)
"""Only the servers, their channels and threads: everything else the bot knows comes with its interactions. The
default intents would have Discord send every message, edit, reaction and typing start of every channel the bot
can see, for discord.py to parse and cache, on a busy server many times the bot's own traffic."""
DRAIN_TIMEOUT = 8.0  # within docker stop's default 10 s grace


def service_clock() -> float:
    """Epoch seconds for the service: discord.utils.utcnow, which simcord moves with env.advance_time."""
    return discord.utils.utcnow().timestamp()


class ShelfieTree(app_commands.CommandTree):
    """Refuses new commands while the bot shuts down, commands the bot does not have (a forged name, or a client
    whose command list is from before a deploy) and options the command does not declare (a forged payload), each
    with a polite ephemeral answer before the command runs."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        client = interaction.client
        refusal: str | None = None
        if isinstance(client, ShelfieBot) and client.draining:
            refusal = t("error.shutting_down", interaction.locale)
        elif interaction.command is None:
            refusal = t("error.command_unknown", interaction.locale)
        elif isinstance(command := interaction.command, app_commands.Command):
            problem = option_problem(command, interaction.data or {},
                                     autocomplete=interaction.type is discord.InteractionType.autocomplete)
            if problem is not None:
                log.info("refused a command option: %s", problem.key,
                         extra=context(None, interaction.guild_id, interaction.user.id))
                refusal = problem.text(interaction.locale)
        if refusal is None:
            return True
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            await error_reporting.send_ephemeral(interaction, refusal)
        return False


class ShelfieBot(commands.Bot):
    """The bot; `service` is the game table service, opened in setup_hook and closed last in close()."""

    def __init__(self, db_path: str | Path, *, turn_timeout: timedelta | None = None,
                 lobby_timeout: timedelta | None = None, owner_ids: frozenset[int] = frozenset(),
                 workers: int | None = 0, shards: ShardSet | None = None, seeds: Callable[[], int] | None = None,
                 intents: discord.Intents = INTENTS, requests_per_second: int | None = None):
        # SHELFIE_SHARD_COUNT / SHELFIE_SHARD_IDS: the shards this process connects (create_bot then builds the
        # AutoShardedBot kind); their servers' deadlines and announcements are this process's, no other's.
        self.shard_set = shards
        sharding: dict[str, Any] = ({} if shards is None
                                    else {"shard_count": shards.count, "shard_ids": sorted(shards.ids)})
        # SHELFIE_REQUESTS_PER_SECOND: the bot token's requests a second from this process (None: Discord's global
        # limit, or this process's shards' share of it: every process of a token shares that one limit).
        self.requests_per_second = requests_per_second or process_share(shards)
        super().__init__(
            http_trace=token_request_trace(RequestWindow(self.requests_per_second), ChannelWindows()),
            **sharding,
            command_prefix=commands.when_mentioned,
            intents=intents,
            max_messages=None,  # nothing reads discord.py's message cache: every answer comes from the database
            tree_cls=ShelfieTree,
            help_command=None,
            owner_ids=set(owner_ids),
            # Nobody is pinged unless a message names who it means to ping (the player to move, the reminded one):
            # names that look like mentions ("<@id>", "@everyone") stay text.
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.db_path = database_target(db_path) if isinstance(db_path, str) else db_path
        # SHELFIE_TURN_TIMEOUT: the default turn time for servers that set none (None: the service default).
        self.turn_timeout = turn_timeout
        # SHELFIE_LOBBY_TIMEOUT: a lobby nobody starts closes after this long (None: the service default).
        self.lobby_timeout = lobby_timeout
        self.service: TableService | None = None  # typed: every cog reaches the tables through service_of(bot)
        # SHELFIE_WORKERS: processes per lane for pictures and computer moves (None: one per core; 0: threads).
        self.workers = Workers(default_count() if workers is None else workers)
        self.server_locales: dict[int, str] = {}  # guild id -> language chosen in /games settings
        self.draining = False
        self._started = asyncio.Event()  # clear while `starting` runs
        self._started.set()
        self.seeds = seeds  # each new game's seed (None: random); tests fix it so a whole game replays alike
        error_reporting.install(self.tree)

    async def setup_hook(self) -> None:
        from bot.service import TableService
        from bot.service.rating import rate_game

        await self.tree.set_translator(ShelfieTranslator())
        install(await self.workers.start())
        self.service = await TableService.open(
            self.db_path, clock=service_clock, rater=rate_game,
            default_turn_timeout=int(self.turn_timeout.total_seconds()) if self.turn_timeout else None,
            lobby_timeout=int(self.lobby_timeout.total_seconds()) if self.lobby_timeout else None,
            shards=self.shard_set, seeds=self.seeds)
        for name in EXTENSIONS:
            await self.load_extension(name)
        served = "every shard" if self.shard_set is None else (
            f"shards {', '.join(map(str, sorted(self.shard_set.ids)))} of {self.shard_set.count}")
        log.info("started: %d extension(s), database %s, %s, event loop %s, at most %d requests/s with the token",
                 len(self.extensions), describe_database(self.db_path), served, event_loop.describe(),
                 self.requests_per_second)

    async def publish_commands(self, guild_id: int | None = None) -> int:
        """Register the command tree with Discord (`shelfie-bot sync`); a guild gets it at once, global takes up to an hour."""
        guild = discord.Object(id=guild_id) if guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        return len(await self.tree.sync(guild=guild))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """One log line per interaction, with game (from a button id), guild and user."""
        data: Mapping[str, object] = interaction.data or {}
        if interaction.type is discord.InteractionType.application_command:
            what = f"/{interaction.command.qualified_name}" if interaction.command else f"/{data.get('name')}"
        elif interaction.type is discord.InteractionType.autocomplete:
            what = f"autocomplete /{data.get('name')}"
        else:
            what = f"component {data.get('custom_id')}"
        log.info(
            "interaction %s locale=%s",
            clipped(what, CHOICE_LIMIT + 20),
            clipped(interaction.locale, 10),
            extra=context(error_reporting.interaction_game_id(interaction), interaction.guild_id, interaction.user.id),
        )

    def in_flight(self) -> list[asyncio.Task[Any]]:
        """Interaction handlers still running (slash commands, buttons, selects, modals)."""
        current = asyncio.current_task()
        return [
            task
            for task in asyncio.all_tasks()
            if task is not current and not task.done() and task.get_name().startswith(INTERACTION_TASK_PREFIXES)
        ]

    async def drain(self, timeout: float = DRAIN_TIMEOUT) -> None:
        """Stop taking new commands and wait until no interaction is running (clicks that arrive meanwhile included)."""
        self.draining = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while pending := self.in_flight():
            remaining = deadline - loop.time()
            if remaining <= 0:
                log.warning("shutdown: %d interaction(s) did not finish within %.0f s", len(pending), timeout)
                return
            log.info("shutdown: waiting for %d interaction(s) in flight", len(pending))
            await asyncio.wait(pending, timeout=remaining)

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """Every event until the client closes, none after: discord.py dispatches `ready` from a task of its own
        (guild_ready_timeout, 2 s, after the last GUILD_CREATE) that closing does not cancel, and dispatching into
        a closed client (its loop gone) logged an ERROR traceback when a SIGTERM came within 2 s of connecting."""
        if not self.is_closed():
            super().dispatch(event_name, *args, **kwargs)

    @asynccontextmanager
    async def starting(self) -> AsyncIterator[None]:
        """Around logging in and finding the gateway: a stop meanwhile (a SIGTERM just after the process started)
        waits for them to end, so it closes the database and workers setup opened instead of closing the HTTP
        session under a request, and the caller skips connecting (see `stop_on_signals`)."""
        self._started.clear()
        try:
            yield
        finally:
            self._started.set()

    async def close(self) -> None:
        """Graceful stop: no new commands, finish in-flight ones, disconnect, then close the database."""
        await self._started.wait()  # an Event, not a future: a cancelled close cancels only its own wait
        await self.drain()
        await super().close()
        if self.service is not None:
            await self.service.close()
            self.service = None
            log.info("shutdown: database closed")
        await retire(self.workers)


def stop_on_signals(bot: ShelfieBot) -> list[asyncio.Task[None]]:
    """SIGTERM and SIGINT start `bot.close()` once; the returned list holds that task for the caller to await."""
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def stop(name: str) -> None:
        if not stopping:
            log.info("shutdown: %s received", name)
            stopping.append(loop.create_task(bot.close()))

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop, signum.name)
    return stopping


def use_discord_api(base: str) -> None:
    """SHELFIE_DISCORD_API: every REST request goes to `base`. discord.py builds each URL from Route.BASE, a class
    attribute, and its webhook adapter (interaction answers and followups) uses the same Route."""
    discord.http.Route.BASE = base


async def follow_api_gateway(bot: ShelfieBot) -> None:
    """Connect to the gateway the REST base names (GET /gateway/bot, as a sharded client already asks): an
    unsharded discord.py client otherwise goes to wss://gateway.discord.gg whatever the base. Behind a REST proxy
    that is Discord's own gateway; with a replica, the replica's. Call after login, before connect."""
    _, url, _ = await bot.http.get_bot_gateway()
    url_type = type(DiscordWebSocket.DEFAULT_GATEWAY)  # discord.py's URL class (yarl's), not a dependency of ours
    DiscordWebSocket.DEFAULT_GATEWAY = url_type(url)
    log.info("Discord REST base %s (SHELFIE_DISCORD_API), gateway %s", discord.http.Route.BASE, url)


def invite_url(application_id: int) -> str:
    """The link a server admin opens to add the bot with exactly REQUIRED_PERMISSIONS."""
    return discord.utils.oauth_url(
        application_id, permissions=REQUIRED_PERMISSIONS, scopes=("bot", "applications.commands")
    )


class ShardedShelfieBot(ShelfieBot, commands.AutoShardedBot):
    """The bot as one shard process: discord.py's AutoShardedBot connecting only `shards.ids` of `shards.count`."""


def create_bot(db_path: str | Path = DEFAULT_DB, **options: Any) -> ShelfieBot:
    """The one way to build the bot (CLI, sandbox and tests); options: turn_timeout, lobby_timeout, owner_ids,
    workers, shards (a ShardSet: a sharded bot serving those shards), seeds, intents (INTENTS unless told),
    requests_per_second (the token's requests a second from this process; None: its share of Discord's 50)."""
    if options.get("shards") is not None:
        return ShardedShelfieBot(db_path, **options)
    return ShelfieBot(db_path, **options)
