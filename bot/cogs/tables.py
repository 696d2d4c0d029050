"""What runs for every game's tables: the buttons of every message (DynamicItems, so they work after a restart;
the handlers are the platform's and those each game's face manifest lists),
the deadline dispatcher (reminders, expired turns, lobbies nobody started) and the outbox's repost loop."""

from __future__ import annotations

import asyncio
import logging

from discord.ext import commands, tasks

from bot.logging_setup import context
from bot.service.dispatcher import DeadlineDispatcher
from bot.service.models import DeadlineEvent, LobbyExpired, TurnReminder, TurnTimedOut
from bot.context import service_of
from bot.clicks.routing import DYNAMIC_ITEMS, install_clicks
from bot.games.registry import FACES
from bot.history import HistoryButton
from bot.lobby import CLICKS
from bot.replays import CLICKS as REPLAY_CLICKS
from bot.secrets import refresh_click
from bot.lobby_message import close_expired_lobby
from bot.outbox import REPOST_EVERY, flush_game, post_reminder, post_turn, repost_round

log = logging.getLogger("shelfie.tables")


class TablesCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.dispatcher: DeadlineDispatcher | None = None
        self._flushing: set[asyncio.Task[None]] = set()

    async def cog_load(self) -> None:
        install_clicks([*CLICKS, *REPLAY_CLICKS, *(click for manifest in FACES.values() for click in manifest.clicks),
                        *(refresh_click(kind, manifest.secrets.refresh) for kind, manifest in FACES.items()
                          if manifest.secrets is not None)])
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS, HistoryButton)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Deadlines start only once connected: `shelfie-bot sync` loads the cogs too and must never fire them."""
        if self.dispatcher is None:
            self.dispatcher = DeadlineDispatcher(service_of(self.bot), self.on_deadlines)
            self.dispatcher.start()
            service_of(self.bot).add_unshown_listener(self.bring_up_to_date)
        if not self.outbox.is_running():
            self.outbox.start()

    def bring_up_to_date(self, game_id: int) -> None:
        """A step was refused because the game's channel is behind (a step's announcement still waiting): post it
        now, so the channel shows what the refusal says went through."""
        task = asyncio.get_running_loop().create_task(self._flush(game_id))
        self._flushing.add(task)
        task.add_done_callback(self._flushing.discard)

    async def _flush(self, game_id: int) -> None:
        try:
            await flush_game(self.bot, game_id)
        except Exception:  # noqa: BLE001 - the repost pass tries again
            log.exception("could not post a game's pending announcements", extra=context(game_id, None, None))

    async def cog_unload(self) -> None:
        if self.dispatcher is not None:
            await self.dispatcher.stop()
        self.outbox.cancel()

    @tasks.loop(seconds=REPOST_EVERY)
    async def outbox(self) -> None:
        """Announcements a crash or a Discord outage left unposted: all at start, then every minute."""
        await repost_round(self.bot, first=self.outbox.current_loop == 0)

    async def on_deadlines(self, events: list[DeadlineEvent]) -> None:
        """Reminders, expired turns and closed lobbies, told in the game's channel; an event that fails is logged
        with its game and the others are still told."""
        for event in events:
            table = event.result.table if isinstance(event, TurnTimedOut) else event.table
            try:
                if isinstance(event, LobbyExpired):
                    await close_expired_lobby(self.bot, table)
                elif isinstance(event, TurnReminder):
                    await post_reminder(self.bot, table.game_id)
                else:  # the seats taken over are named by the announcement's own lines (bot.outbox)
                    await post_turn(self.bot, event.result)
            except Exception:  # noqa: BLE001 - one event's failure must not lose the rest of the batch
                # Lobby expiries are not in the outbox: an error here skipping the events after it
                # would lose them for good, so each event stands alone.
                log.exception("game %s: could not announce a %s deadline", table.game_id, type(event).__name__,
                              extra=context(table.game_id, table.guild_id, None))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TablesCog(bot))
