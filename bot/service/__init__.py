"""The table service: lobbies, seats, turns, computer players, deadlines and stats. No discord import.

It runs any game registered in engine.registry, through engine.protocol only: a table has a `kind`, its
options are the lobby's own plus the game's (checked by the game's description), the move log holds the
game's action text, and results, stats and ratings are kept per kind.

Plain ids in, frozen dataclasses out (`models.py`); refusals are `ServiceError`s with a stable
`code` and `params` for the bot's catalog (`refusals.py`). Every call that changes a game commits
its move-log entry, new state, version bump and next deadlines in one transaction before returning.

    svc = await TableService.open(db_path, clock=time.time, cache_size=1024)  # clock: epoch seconds
    table = await svc.open_lobby(guild_id, channel_id, host_id, host_name, GameOptions(players=3), kind="shelfie")
    await svc.join(game_id, user_id, name); await svc.leave(game_id, user_id)
    await svc.add_computer(game_id, by_user_id, level="normal")               # host only
    result = await svc.start(game_id, by_user_id)                             # host only -> StartResult
    result = await svc.play(game_id, user_id, "E4 E5 3", turn=table.turn)     # -> PlayResult
    await svc.hint(game_id, user_id)         # the computer player's suggestion, when the lobby allowed hints
    await svc.resign(game_id, user_id); await svc.cancel(game_id, by_user_id, is_admin=False)
    await svc.rematch(game_id, by_user_id)        # -> Rematch: same seats, new lobby, same place; once per game
    await svc.table(game_id); await svc.table_in_channel(channel_or_thread_id); await svc.tables_of(user_id)
    await svc.set_lobby_message / set_turn_message(game_id, message_id)
    await svc.audit(game_id)                                                  # replay seed + log, compare
    await svc.count_games(TableStatus.ACTIVE)
    await svc.stats(guild_id, user_id, kind); await svc.stats_by_game(guild_id, user_id)
    await svc.leaderboard(guild_id, kind, order="wins"|"average"|"rating")
    await svc.coop_bests(guild_id, kind); await svc.coop_records(guild_id, user_id, kind)   # co-operative games
    await svc.guild_settings(guild_id); await svc.set_guild_settings(GuildSettings(...))
    await svc.next_deadline(); await svc.fire_due(now)
    DeadlineDispatcher(svc, on_events).start()                                # one per process

Decisions callers rely on:
- One open (lobby or active) game per channel, or per thread for `thread` games (`ChannelBusy`).
  A `thread` lobby is opened with its thread's id and occupies that thread, not the channel.
- Seats are in join order in the lobby and shuffled with the game's seed at `start`; seat 0 is the
  first player (`Table.first_seat`). `Seat.index` is the engine seat from then on.
- `Table.turn` counts move-log entries. Pass the `turn` a message showed back to `play(turn=...)`:
  a click from an older turn gets `StaleTurn`, so a duplicate click applies once even when the same
  person is to move again after the computers.
- After a person's move, resignation or expired turn, every computer seat that follows plays at
  once (engine AI in a worker thread, one commit per move) and `PlayResult.turns` lists them all.
- A lobby closes (cancelled, `EndReason.EXPIRED`, `LobbyExpired` event) when nobody starts it within
  the operator's lobby timeout (24 h by default); the deadline is stored with the lobby.
- A typed move passes `sent_at` (when it was sent): one sent before the current turn began (1 s of clock
  difference allowed), or whose turn changed while it waited for the game, is `BoardChanged` (a `StaleTurn`);
  one sent before the channel showed the game's latest step (its announcement still waiting: a crash between a
  step's commit and its post, and the player retyping what got no answer) is `StepNotShown`, and the bot is asked
  to post that announcement (`add_unshown_listener`): a step is judged against the state its player was shown.
  A click quoting an earlier turn while that announcement waits is `StepNotShown` too (`stale_click`).
- Who may act is a set of seats (`Table.acting`; `current_seat` is its first). Computer seats in it act at
  once; a person in it may play.
- Deadlines (a person may act): a reminder at half the turn timeout, a final one shortly before
  the end, and at expiry the computer plays for the absentee (`TurnKind.TIMEOUT`). After 3 expiries in a
  row the seat becomes a computer seat (`Seat.level` set, `user_id` kept); when no person is left the
  game is cancelled with `EndReason.ABANDONED`. Reminders fire at most once (deleted on firing);
  an expiry is replaced in the same transaction as its move, so it fires exactly once across restarts.
- Stats: finishing records each person's result (and per-guild games/wins/points/best) in the same
  transaction as the last move. A person who left (resigned, or replaced after timing out) is ranked
  behind every seat still playing and never wins; when every person left (the game ends "abandoned")
  their results are still recorded as those losses. A cancelled game records nothing. The ranking is the
  engine's (`standing`/`outcome`); in a co-operative game every seat has rank 1 and the table's shared
  result. `rater` (see `Rater`) may turn ranks into openskill (mu, sigma) at that moment, ranked games only.
  A co-operative game played to its end also records the table's shared result (`Outcome.result`, counted by the
  game's `measure`) per guild, player count and setup (its options as played); `coop_bests` reads the best of
  each, `coop_records` a player's.
- Per-game asyncio lock plus the store's version compare-and-set: calls on one game apply in order,
  different games never wait on each other. Games load lazily into an LRU of `cache_size` entries
  (about 8 KB each: the default 1,024 holds the games being played right now in a few MB; finished games stay
  until evicted, so a long-serving bot's cache is full from its ~1,000th game on: ~10 MB, then flat).
- `Table.game` is never mutated after it is handed out (each step works on a copy); don't mutate it.
- A corrupted row raises `CorruptGame` for that game only; listings skip it (and log it).
- Calls made inside `background()` (the outbox's posting) reach the embedded database after every call that is not
  waiting for it at the same time: a person's move is not queued behind the bookkeeping of moves already answered.
"""
from bot.service.dispatcher import DeadlineDispatcher
from bot.store import EndReason, OutboxEvent, TableStatus, TurnKind, background
from bot.service.refusals import (
    AlreadyJoined,
    AlreadyStarted,
    BoardChanged,
    ChannelBusy,
    Conflict,
    CorruptGame,
    GameOver,
    ComputerBusy,
    HintsOff,
    IllegalMoveError,
    InvalidOption,
    LobbyFull,
    NotEnoughPlayers,
    NotFinished,
    NotHost,
    NotSaved,
    NotInGame,
    NotStarted,
    NotYourTurn,
    ServiceError,
    StaleTurn,
    StepNotShown,
    UnknownGame,
)
from bot.service.models import (
    DEFAULT_TURN_TIMEOUT,
    MAX_TURN_TIMEOUT,
    MIN_TURN_TIMEOUT,
    AuditResult,
    CoopBest,
    CoopRecord,
    DeadlineEvent,
    FinishedGame,
    GameOptions,
    GameReplay,
    GuildSettings,
    HistoryPage,
    LobbyExpired,
    PlayedTurn,
    PlayerStats,
    PlayResult,
    RatingEntry,
    Rematch,
    ReplayedStep,
    Seat,
    Standing,
    StartResult,
    Table,
    TurnReminder,
    TurnTimedOut,
)
from bot.service.records import Rater
from bot.service.tables import TableService

__all__ = [
    "DEFAULT_TURN_TIMEOUT", "background", "MAX_TURN_TIMEOUT", "MIN_TURN_TIMEOUT",
    "AlreadyJoined", "AlreadyStarted", "BoardChanged", "AuditResult", "ChannelBusy", "CoopBest", "CoopRecord", "Conflict", "CorruptGame", "DeadlineDispatcher",
    "DeadlineEvent", "GameOptions", "GameOver", "GuildSettings", "ComputerBusy", "HintsOff", "IllegalMoveError", "InvalidOption",
    "EndReason", "LobbyExpired", "OutboxEvent",
    "LobbyFull", "NotEnoughPlayers", "NotHost", "NotInGame", "NotSaved", "NotStarted", "NotYourTurn", "PlayResult",
    "PlayedTurn", "PlayerStats", "Rater", "RatingEntry", "Rematch", "Seat", "ServiceError", "StaleTurn", "Standing", "StepNotShown",
    "StartResult", "FinishedGame", "GameReplay", "HistoryPage", "NotFinished", "ReplayedStep",
    "Table", "TableService", "TableStatus", "TurnKind", "TurnReminder", "TurnTimedOut", "UnknownGame",
]
