"""Store failures the service turns into user-facing answers."""
from __future__ import annotations


class StoreError(Exception):
    """Base class of every error raised by bot.store."""


class CorruptRow(StoreError):
    """A game row (options or state) that cannot be read back; only that game is affected."""

    def __init__(self, game_id: int, reason: str) -> None:
        super().__init__(f"game {game_id} is corrupted: {reason}")
        self.game_id = game_id
        self.reason = reason


class VersionConflict(StoreError):
    """Someone else wrote the game since it was read: the stale write was refused, nothing changed."""

    def __init__(self, game_id: int, expected: int) -> None:
        super().__init__(f"game {game_id} is no longer at version {expected}")
        self.game_id = game_id
        self.expected = expected


class PlaceTaken(StoreError):
    """The channel or thread already hosts an open (lobby or active) game."""

    def __init__(self, place_id: int, game_id: int | None) -> None:
        super().__init__(f"place {place_id} already hosts game {game_id}")
        self.place_id = place_id
        self.game_id = game_id


class RematchTaken(StoreError):
    """The finished game already has its live rematch (one open or started per game, whoever asks first)."""

    def __init__(self, original_id: int, game_id: int | None) -> None:
        super().__init__(f"game {original_id} already has its rematch {game_id}")
        self.original_id = original_id
        self.game_id = game_id


class WriteFailed(StoreError):
    """The database failed a write (disk full, locked too long, a misused statement): it was rolled back,
    nothing of it was written."""


class StatsChanged(StoreError):
    """A rated player's stats moved on since their prior rating was read (a game of theirs finished elsewhere,
    e.g. in another shard process): nothing was written; read the priors again and retry."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id}: a player's rating changed while the result was being computed")
        self.game_id = game_id


class ConstraintViolated(StoreError):
    """The write broke a key, a unique index, a check or a foreign key (the same move logged twice, a game's results
    recorded twice): it was rolled back, nothing of it was written. `detail` names the constraint as the database
    reported it."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail
