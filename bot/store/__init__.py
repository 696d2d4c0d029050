"""Persistence for the bot: the only package that holds SQL.

`Store.open(target)` opens and migrates the database the setting names: a SQLite file (the embedded default: WAL,
foreign keys, `PRAGMA user_version` migrations) or a PostgreSQL server (`postgresql://…`, an asyncpg pool, for
several processes). Both run the same queries and the same numbered migrations (`schema.py`). Engine state is
stored as JSON text beside its metadata; every service step is one `GameUpdate` committed in one transaction,
guarded by a version compare-and-set so a stale writer cannot overwrite a newer state. Unreadable rows raise
`CorruptRow` for that game only; a write the database refused is `WriteFailed`, one that broke a constraint
`ConstraintViolated`, and nothing of either is written.
"""
from bot.store.backend import database_target, describe_database, is_postgres_url
from bot.store.database import Store
from bot.store.priority import background
from bot.store.failures import (
    ConstraintViolated,
    CorruptRow,
    PlaceTaken,
    RematchTaken,
    StatsChanged,
    StoreError,
    VersionConflict,
    WriteFailed,
)
from bot.store.records import (
    OPEN_STATUSES,
    AnnouncementRow,
    CoopBestRow,
    CoopRecordRow,
    CoopResultRow,
    DeadlineKind,
    DeadlineRow,
    EndReason,
    FinishedRow,
    GameRecord,
    GameRow,
    GameUpdate,
    GuildSettingsRow,
    MoveRow,
    NewGame,
    OutboxEvent,
    ResultRow,
    SeatRow,
    ShardSet,
    StatsRow,
    TableStatus,
    TurnKind,
)

__all__ = [
    "AnnouncementRow", "ConstraintViolated", "CoopBestRow", "CoopRecordRow", "CoopResultRow", "CorruptRow",
    "DeadlineKind", "DeadlineRow", "EndReason", "FinishedRow", "GameRecord", "GameRow", "GameUpdate", "GuildSettingsRow", "MoveRow",
    "NewGame", "OPEN_STATUSES", "OutboxEvent", "PlaceTaken", "RematchTaken", "ResultRow", "SeatRow", "ShardSet",
    "StatsChanged", "StatsRow", "Store", "StoreError", "TableStatus", "TurnKind", "VersionConflict", "WriteFailed",
    "background", "database_target", "describe_database", "is_postgres_url",
]
