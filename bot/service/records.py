"""What the service keeps beyond a game's play: finished games' results and ratings, stats and leaderboards,
co-operative bests, the audit of a stored game, server settings and the operator's figures."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace

from engine.protocol import CoopMeasure
from engine.registry import rules_of

from bot.service.cache import Entry, GameCache
from bot.service.refusals import CorruptGame, InvalidOption, NotFinished, NotSaved, UnknownGame
from bot.service.models import (
    AuditResult,
    CoopBest,
    CoopRecord,
    FinishedGame,
    GameOptions,
    GameReplay,
    GuildSettings,
    HistoryPage,
    LARGEST_ID,
    PlayedTurn,
    PlayerStats,
    RatingEntry,
    ReplayedStep,
    Standing,
    Table,
    check_turn_timeout,
)
from bot.service.replay import apply_entry, new_game
from bot.service.seats import final_standings
from bot.store import (
    CoopResultRow,
    CorruptRow,
    GuildSettingsRow,
    MoveRow,
    OutboxEvent,
    ResultRow,
    StatsChanged,
    Store,
    TableStatus,
)

log = logging.getLogger(__name__)

Rater = Callable[[Sequence[RatingEntry]], Sequence[tuple[float, float]]]
"""Turns each person's prior rating and rank into a new (mu, sigma), in the same order."""

RATING_ATTEMPTS = 5
"""Times a finishing game reads its players' ratings again when other processes keep finishing their games first."""


def _solo(table: Table) -> bool:
    """Whether the table is a solo game: a ranked game played alone against the game's own opponent (its outcome
    carries a result by the game's measure). It is no ranked game against people: not rated, and kept per setup
    instead of in the player's stats against others."""
    outcome = None if table.game is None else table.game.outcome()
    return outcome is not None and outcome.result is not None and rules_of(table.kind).description.solo


def _kept_result(table: Table) -> CoopResultRow | None:
    """A co-operative game played to its end: the table's shared result by the game's measure, kept among the
    server's results of that player count and setup (a game every person left is not a result of the table); a
    solo game's result is kept the same way (won: the seat beat the game's opponent)."""
    game = table.game
    if game is None or table.status != TableStatus.FINISHED:
        return None
    outcome = game.outcome()
    if outcome is None or outcome.result is None or rules_of(table.kind).description.measure is None:
        return None
    won = outcome.shared if rules_of(table.kind).description.cooperative else bool(outcome.winners)
    return CoopResultRow(players=game.n_players, setup=dict(outcome.setup), result=outcome.result, won=bool(won))


def _measure(kind: str) -> CoopMeasure:
    measure = rules_of(kind).description.measure
    if measure is None:
        raise InvalidOption("game", kind, "a co-operative game or one with a solo mode")
    return measure


class Records:
    """Results, ratings, stats, audit and settings over the store."""

    def __init__(self, cache: GameCache, *, rater: Rater | None, default_turn_timeout: int) -> None:
        self._cache = cache
        self._store: Store = cache.store
        self._rater = rater
        self._default_turn_timeout = default_turn_timeout
        self._finishing = asyncio.Lock()

    async def save_finished(self, entry: Entry, table: Table, standings: tuple[Standing, ...], *,
                            moves: tuple[MoveRow, ...], seats_changed: bool, announce: OutboxEvent) -> Entry:
        """Commit the step that ended the game together with each person's result (and rating)."""
        # Two games of one player finishing at once would both rate from the same prior rating and the
        # later write would win: finishing games read priors and save one at a time in this process, and a
        # game finished meanwhile by another process (StatsChanged: nothing written) means reading them again.
        async with self._finishing:
            for attempt in range(1, RATING_ATTEMPTS + 1):
                results = await self._results(table, standings)
                try:
                    return await self._cache.save(entry, table, moves=moves, results=results,
                                                  coop=_kept_result(table), seats_changed=seats_changed,
                                                  announce=announce)
                except StatsChanged:
                    log.info("game %s: a player's rating changed in another process; rating again (%d)",
                             table.game_id, attempt)
            raise NotSaved(table.game_id)

    async def _results(self, table: Table, standings: tuple[Standing, ...]) -> tuple[ResultRow, ...]:
        people = [(st, st.seat.user_id) for st in standings if st.seat.user_id is not None]
        ratings: list[tuple[float, float] | None] = [None] * len(people)
        counted: list[int | None] = [None] * len(people)
        solo = _solo(table)
        if self._rater is not None and people and not solo and not rules_of(table.kind).description.cooperative:
            stats = await self._store.stats_of(table.guild_id, table.kind, [user for _, user in people])
            priors = {user: (row.mu, row.sigma) for user, row in stats.items()
                      if row.mu is not None and row.sigma is not None}
            ratings = list(self._rater(
                [RatingEntry(user, priors.get(user), st.rank, seats=len(standings)) for st, user in people]))
            counted = [stats[user].games if user in stats else 0 for _, user in people]
        return tuple(
            ResultRow(seat=st.seat.index, user_id=user, name=st.seat.name, points=st.total, rank=st.rank,
                      won=st.won, rating=rating, prior_games=prior, ranked=not solo)
            for (st, user), rating, prior in zip(people, ratings, counted)
        )

    async def count_games(self, status: TableStatus = TableStatus.ACTIVE) -> int:
        """How many games are in this status (an operator's figure: `python -m bench store` prints it)."""
        return await self._store.count_games(status)

    async def stored_game_ids(self) -> list[int]:
        """Every stored game, oldest first: what `shelfie-bot audit` replays."""
        return await self._store.game_ids()

    async def refresh_statistics(self) -> None:
        """After a bulk load, the database plans with up-to-date statistics (see `Store.analyze`)."""
        await self._store.analyze()

    async def storage_bytes(self) -> int:
        """The database's size on disk (an operator's figure: `python -m bench store` prints it)."""
        return await self._store.size_bytes()

    async def audit(self, game_id: int) -> AuditResult:
        """Replay the seed and the move log from scratch and compare with the stored state."""
        async with self._cache.lock(game_id):
            try:
                loaded = await self._store.load_game_with_moves(game_id)
            except CorruptRow as exc:
                return AuditResult(game_id, False, 0, exc.reason)
            if loaded is None:
                raise UnknownGame(game_id)
            record, moves = loaded
        row = record.game
        if len(moves) != row.turn or [m.seq for m in moves] != list(range(1, len(moves) + 1)):
            return AuditResult(game_id, False, len(moves), f"log has {len(moves)} entries, game says {row.turn}")
        if row.state is None:
            ok = not moves
            return AuditResult(game_id, ok, 0, None if ok else "moves logged for a game that never started")
        try:
            rules = rules_of(row.kind)
            game = new_game(row.kind, len(record.seats), row.seed,
                            GameOptions.from_dict(row.options).checked(rules.description))
            for m in moves:
                apply_entry(rules, game, m)
        except (ValueError, KeyError, TypeError, InvalidOption) as exc:
            return AuditResult(game_id, False, len(moves), f"replay failed: {exc}")
        if game.to_dict() != row.state:
            return AuditResult(game_id, False, len(moves), "replayed state differs from the stored state")
        return AuditResult(game_id, True, len(moves))

    async def history(self, guild_id: int, *, user_id: int | None = None, kind: str | None = None, offset: int = 0,
                      limit: int = 10) -> HistoryPage:
        """A page of the guild's finished games (those `user_id` sat in, of `kind`), newest first, each with its
        final standings; a game whose row cannot be read is left out."""
        rows, total = await self._store.finished_games(guild_id, user_id=user_id, kind=kind, offset=max(0, offset),
                                                       limit=limit)
        games = []
        for row in rows:
            try:
                table = await self._cache.table(row.game_id)
            except CorruptGame:
                continue
            games.append(FinishedGame(table, final_standings(table), row.finished_at, row.end_message_id))
        return HistoryPage(tuple(games), max(0, offset), total)

    async def last_finished(self, guild_id: int, place_id: int) -> int | None:
        """The game finished last in this channel or thread, if any."""
        return await self._store.last_finished_at(guild_id, place_id)

    async def replay(self, game_id: int, guild_id: int) -> GameReplay:
        """A finished game of this guild played again from its seed and move log, every step with the game after it:
        UnknownGame for a game of another guild (or none), NotFinished before its end."""
        loaded = await self._store.load_game_with_moves(game_id) if 0 < game_id <= LARGEST_ID else None
        if loaded is None or loaded[0].game.guild_id != guild_id:
            raise UnknownGame(game_id)
        record, moves = loaded
        table = await self._cache.table(game_id)
        if table.status != TableStatus.FINISHED or record.game.state is None:
            raise NotFinished(game_id)
        rules = rules_of(table.kind)
        game = new_game(table.kind, len(table.seats), record.game.seed, table.options)
        start = game.copy()
        steps = []
        for row in moves:
            report = apply_entry(rules, game, row)
            move = None if row.move is None else rules.parse_action(row.move)
            steps.append(ReplayedStep(PlayedTurn(table.seats[row.seat], row.kind, move, report), game.copy(), row.at))
        return GameReplay(table, start, tuple(steps))

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._store.guild_settings(guild_id)
        return GuildSettings(guild_id, row.turn_timeout, row.locale, self._default_turn_timeout)

    async def set_guild_settings(self, settings: GuildSettings) -> GuildSettings:
        """Admin defaults for new lobbies (turn timeout in seconds, None = the operator's default) and the
        channel locale."""
        check_turn_timeout(settings.turn_timeout)
        await self._store.save_guild_settings(GuildSettingsRow(settings.guild_id, settings.turn_timeout,
                                                               settings.locale))
        return replace(settings, operator_turn_timeout=self._default_turn_timeout)

    async def stats(self, guild_id: int, user_id: int, kind: str) -> PlayerStats | None:
        """A player's results at one kind of game in this guild."""
        return await self._store.player_stats(guild_id, user_id, kind)

    async def stats_by_game(self, guild_id: int, user_id: int) -> list[PlayerStats]:
        """A player's results in this guild at every kind of game they finished, most played first."""
        return await self._store.player_stats_by_kind(guild_id, user_id)

    async def leaderboard(self, guild_id: int, kind: str, *, order: str = "wins",
                          limit: int = 10) -> list[PlayerStats]:
        """Best players of the guild at one kind of game by "wins", "average" or "rating" (conservative
        mu - 3 sigma)."""
        try:
            return await self._store.leaderboard(guild_id, kind, order=order, limit=limit)
        except ValueError as exc:
            raise InvalidOption("order", order, "wins, average or rating") from exc

    async def coop_bests(self, guild_id: int, kind: str, *, limit: int = 10) -> list[CoopBest]:
        """The guild's best shared result at each player count and setup of a co-operative game (no rating:
        the table wins or loses together), fewest players first; for a game with a solo mode, the best solo result
        of each setup."""
        measure = _measure(kind)
        return await self._store.coop_bests(guild_id, kind, fewer_is_better=measure.fewer_is_better, limit=limit)

    async def coop_records(self, guild_id: int, user_id: int, kind: str) -> list[CoopRecord]:
        """A player's shared results at a co-operative game in this guild (or their solo results at a game with a
        solo mode), per player count and setup, best first."""
        measure = _measure(kind)
        return await self._store.coop_records(guild_id, user_id, kind, fewer_is_better=measure.fewer_is_better)
