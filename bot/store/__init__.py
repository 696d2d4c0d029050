"""SQLite persistence for the bot: the only package that holds SQL.

`Store.open(path)` creates or migrates the file (WAL, foreign keys, `PRAGMA user_version`
migrations in `schema.py`). Engine state is stored as JSON text beside its metadata; every service
step is one `GameUpdate` committed in one transaction, guarded by a version compare-and-set so a
stale writer cannot overwrite a newer state. Unreadable rows raise `CorruptRow` for that game only.
"""
from bot.store.database import Store
from bot.store.errors import (
    CorruptRow,
    PlaceTaken,
    RematchTaken,
    StatsChanged,
    StoreError,
    VersionConflict,
    WriteFailed,
)
from bot.store.records import (
    LOBBY_EXPIRY,
    OPEN_STATUSES,
    AnnouncementRow,
    CoopBestRow,
    CoopRecordRow,
    CoopResultRow,
    DeadlineRow,
    GameRecord,
    GameRow,
    GameUpdate,
    GuildSettingsRow,
    MoveRow,
    NewGame,
    ResultRow,
    SeatRow,
    ShardSet,
    StatsRow,
)

__all__ = [
    "AnnouncementRow", "CoopBestRow", "CoopRecordRow", "CoopResultRow", "CorruptRow", "DeadlineRow", "GameRecord", "GameRow", "GameUpdate", "GuildSettingsRow",
    "LOBBY_EXPIRY", "MoveRow", "NewGame", "OPEN_STATUSES", "PlaceTaken", "RematchTaken", "ResultRow", "SeatRow",
    "ShardSet", "StatsChanged", "StatsRow", "Store", "StoreError", "VersionConflict", "WriteFailed",
]
