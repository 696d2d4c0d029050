"""TableService: the one object the bot holds, a facade over the service's parts (see the package docstring)."""
from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from pathlib import Path

from bot.service.announcements import AnnouncementOutbox
from bot.service.cache import GameCache
from bot.service.deadlines import Deadlines
from bot.service.lobbies import Lobbies
from bot.service.models import DEFAULT_LOBBY_TIMEOUT, DEFAULT_TURN_TIMEOUT, check_turn_timeout
from bot.service.processes import ProcessName, this_process
from bot.service.records import Rater, Records
from bot.service.turns import Turns
from bot.store import ShardSet, Store

log = logging.getLogger(__name__)


class TableService:
    """The game tables of every guild, with no Discord in sight. Each call belongs to one part with one job:
    the cache (reading tables, the versioned save), lobbies, turns (with the computers and hints), deadlines
    (firing them), records (results, ratings, stats, audit, settings) and the announcement outbox."""

    def __init__(self, store: Store, *, clock: Callable[[], float], cache_size: int,
                 seeds: Callable[[], int], rater: Rater | None, default_turn_timeout: int,
                 lobby_timeout: int = DEFAULT_LOBBY_TIMEOUT, shards: ShardSet | None = None) -> None:
        check_turn_timeout(default_turn_timeout)
        check_turn_timeout(lobby_timeout)  # the same range as a turn: 5 minutes to 7 days
        self._store = store
        self._lobby_timeout = lobby_timeout
        self.clock = clock
        # The guilds whose deadlines and outbox this process serves (None: every guild, the one-process default),
        # and the name its claims go under: the process (host, pid, start) and a word of this service's own.
        self.shards = shards
        self.claimer = f"{this_process()}:{secrets.token_hex(4)}"
        self._cache = cache = GameCache(store, clock=clock, size=cache_size, shards=shards)
        records = Records(cache, rater=rater, default_turn_timeout=default_turn_timeout)
        lobbies = Lobbies(cache, records, clock=clock, seeds=seeds, lobby_timeout=lobby_timeout)
        turns = Turns(cache, records, clock=clock)
        deadlines = Deadlines(cache, turns, clock=clock, shards=shards, claimer=self.claimer)
        outbox = AnnouncementOutbox(cache, clock=clock, shards=shards, claimer=self.claimer)

        self.table = cache.table
        self.table_in_channel = cache.table_in_channel
        self.tables_of = cache.tables_of

        self.open_lobby = lobbies.open_lobby
        self.join = lobbies.join
        self.add_computer = lobbies.add_computer
        self.leave = lobbies.leave
        self.cancel = lobbies.cancel
        self.rematch = lobbies.rematch
        self.set_lobby_message = lobbies.set_lobby_message

        self.start = turns.start
        self.play = turns.play
        self.resign = turns.resign
        self.hint = turns.hint
        self.stale_click = turns.stale_click

        self.add_deadline_listener = cache.add_deadline_listener
        self.remove_deadline_listener = cache.remove_deadline_listener
        self.add_unshown_listener = cache.add_unshown_listener
        self.next_deadline = deadlines.next_deadline
        self.deadline_backlog = deadlines.deadline_backlog
        self.fire_due = deadlines.fire_due
        self.pending_reminder = deadlines.pending_reminder
        self.reminder_posted = deadlines.reminder_posted

        self.audit = records.audit
        self.count_games = records.count_games
        self.stored_game_ids = records.stored_game_ids
        self.refresh_statistics = records.refresh_statistics
        self.storage_bytes = records.storage_bytes
        self.guild_settings = records.guild_settings
        self.set_guild_settings = records.set_guild_settings
        self.stats = records.stats
        self.stats_by_game = records.stats_by_game
        self.leaderboard = records.leaderboard
        self.coop_bests = records.coop_bests
        self.coop_records = records.coop_records
        self.history = records.history
        self.last_finished = records.last_finished
        self.replay = records.replay

        self.outbox = outbox.outbox
        self.games_to_announce = outbox.games_to_announce
        self.claim_outbox = outbox.claim_outbox
        self.live_announcement = outbox.live_announcement
        self.announcement = outbox.announcement
        self.announcement_sending = outbox.announcement_sending
        self.announcement_posted = outbox.announcement_posted
        self.announcement_moved = outbox.announcement_moved
        self.secrets_sent = outbox.secrets_sent
        self.set_turn_message = outbox.set_turn_message
        self.turn_posted = outbox.turn_posted
        self.replayed_result = outbox.replayed_result
        self.was_played = outbox.was_played

    @classmethod
    async def open(cls, db_path: str | Path, *, clock: Callable[[], float] = time.time, cache_size: int = 1024,
                   seeds: Callable[[], int] | None = None, rater: Rater | None = None,
                   synchronous: str = "NORMAL", default_turn_timeout: int | None = None,
                   lobby_timeout: int | None = None, shards: ShardSet | None = None) -> TableService:
        """Open the database (migrating it); nothing else to restore, games load when first touched.
        `synchronous="FULL"` also survives power cuts, at an fsync per move (see `Store.open`).
        `default_turn_timeout` (seconds): the operator's turn time for servers that set none (None: 24 h).
        `lobby_timeout` (seconds, same range): a lobby nobody starts closes this long after it opened (None: 24 h).
        `shards`: this process fires the deadlines and posts the outbox of these shards' guilds only (None: all)."""
        store = await Store.open(db_path, synchronous=synchronous)
        try:
            service = cls(store, clock=clock, cache_size=cache_size, seeds=seeds or (lambda: secrets.randbits(63)),
                          rater=rater, default_turn_timeout=default_turn_timeout or DEFAULT_TURN_TIMEOUT,
                          lobby_timeout=lobby_timeout or DEFAULT_LOBBY_TIMEOUT, shards=shards)
            await service.take_over_dead_claims()
            # Lobbies opened before lobbies expired get the operator's timeout from now: an upgrade closes none.
            added = await store.add_lobby_expiries(clock() + service._lobby_timeout)
            if added:
                log.info("%d lobbies opened before the upgrade close %d s from now unless started", added,
                         service._lobby_timeout)
            return service
        except BaseException:
            await store.close()
            raise

    async def take_over_dead_claims(self) -> None:
        """Free the claims of processes of this host that no longer run (a bot killed and started again): its
        deadlines and pending announcements are served at once instead of after their leases. A claim of a
        process this host cannot see (another host's) runs out with its lease."""
        for owner in await self._store.claimers(self.clock()):
            process = ProcessName.parse(owner)
            if process is not None and process.is_running() is False:
                released = await self._store.release_claims(owner)
                log.info("took over %d claims of process %s, which is no longer running", released, owner)

    async def close(self) -> None:
        """Release this service's claims (a clean stop leaves nothing for a lease to run out on), then close."""
        try:
            await self._store.release_claims(self.claimer)
        except Exception:  # noqa: BLE001 - a database that fails now leaves the claims to their leases
            log.warning("could not release this process's claims; they run out with their leases", exc_info=True)
        await self._store.close()
        self._cache.clear()
