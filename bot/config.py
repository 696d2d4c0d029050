"""Process configuration read from environment variables (and an optional .env file).

Every setting is validated up front so a bad deployment stops at start with one
line that names the variable, instead of failing hours later inside a game.

| Variable              | Default                         | Meaning                                         |
|-----------------------|---------------------------------|-------------------------------------------------|
| DISCORD_TOKEN         | (none: sandbox)                 | bot token; required by `run`, `sync`, `invite`  |
| SHELFIE_DB            | ./shelfie.sqlite3 (/data/... in Docker) | SQLite database file                    |
| SHELFIE_LOG_LEVEL     | INFO                            | DEBUG, INFO, WARNING, ERROR                     |
| SHELFIE_TURN_TIMEOUT  | 24h                             | default turn deadline, 5m .. 7d (e.g. 90m, 2d)  |
| SHELFIE_LOBBY_TIMEOUT | 24h                             | a lobby nobody starts closes after this, 5m .. 7d |
| SHELFIE_OWNER_IDS     | (empty)                         | comma-separated Discord user ids of operators   |
| SHELFIE_DEV_GUILD     | (none)                          | guild id that `sync` targets by default         |
| SHELFIE_WORKERS       | number of CPU cores             | worker processes per lane (pictures, computer   |
|                       |                                 | moves), 0 .. 64; 0: threads of the bot process  |
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

DEFAULT_DB = "shelfie.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
MIN_TURN_TIMEOUT = timedelta(minutes=5)
MAX_TURN_TIMEOUT = timedelta(days=7)
DEFAULT_TURN_TIMEOUT = timedelta(hours=24)
DEFAULT_LOBBY_TIMEOUT = timedelta(hours=24)

# ASCII digits, at most 7 of them (7d is 604800 s): int() also reads superscripts and other scripts' digits,
# and a number of any length overflows timedelta before the range check could refuse it.
_DURATION = re.compile(r"\s*([0-9]{1,7})\s*([smhd]?)\s*", re.IGNORECASE | re.ASCII)
_SNOWFLAKE = re.compile(r"[0-9]{15,21}")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "": 1}
_TOKEN = re.compile(r"^[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+$")


class ConfigError(ValueError):
    """A configuration value is wrong; str() is the one-line explanation for the operator."""


@dataclass(frozen=True, slots=True)
class Config:
    token: str | None = None
    db_path: Path = Path(DEFAULT_DB)
    log_level: str = "INFO"
    turn_timeout: timedelta = DEFAULT_TURN_TIMEOUT
    lobby_timeout: timedelta = DEFAULT_LOBBY_TIMEOUT
    owner_ids: frozenset[int] = field(default_factory=frozenset)
    dev_guild: int | None = None
    workers: int | None = None  # None: one process per core and lane (bot.service.workers.default_count)


def parse_duration(text: str) -> timedelta:
    """Parse '90m', '24h', '2d', '300' (seconds) into a timedelta."""
    match = _DURATION.fullmatch(text)
    if not match:
        raise ValueError(f"{text[:20]!r} is not a duration like 30m, 24h or 2d")
    return timedelta(seconds=int(match.group(1)) * _UNIT_SECONDS[match.group(2).lower()])


def parse_turn_timeout(text: str) -> timedelta:
    """A time per turn, from the operator's environment, `/shelfie new` or `/games settings`: one range for all."""
    duration = parse_duration(text)
    if not MIN_TURN_TIMEOUT <= duration <= MAX_TURN_TIMEOUT:
        raise ValueError(f"{text[:20]!r} is outside 5m .. 7d")
    return duration


def read_dotenv(path: Path) -> dict[str, str]:
    """Read KEY=VALUE lines (comments, blank lines, `export` and quotes allowed)."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        line = line.removeprefix("export ").strip()
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"{path}:{number}: expected KEY=VALUE, got {raw.strip()!r}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def _snowflake(name: str, text: str) -> int:
    text = text.strip()
    if not _SNOWFLAKE.fullmatch(text):
        raise ConfigError(f"{name}: {text[:30]!r} is not a Discord id (15-21 digits)")
    return int(text)


def _timeout_setting(env: Mapping[str, str], name: str, default: timedelta) -> timedelta:
    """A duration variable in the turn-time range (5m .. 7d); unset or blank means the default."""
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        return parse_turn_timeout(text)
    except ValueError as exc:
        raise ConfigError(f"{name}: {exc}") from None


def load_config(environ: Mapping[str, str] | None = None, dotenv: Path | None = Path(".env")) -> Config:
    """Build the Config from the environment; a .env file fills only unset variables."""
    env = dict(read_dotenv(dotenv)) if dotenv is not None else {}
    env.update(os.environ if environ is None else environ)

    token = env.get("DISCORD_TOKEN", "").strip() or None
    if token is not None and not _TOKEN.match(token):
        raise ConfigError("DISCORD_TOKEN does not look like a bot token (three dot-separated parts)")

    db_text = env.get("SHELFIE_DB", "").strip() or DEFAULT_DB
    db_path = Path(db_text).expanduser()
    if db_path.is_dir():
        raise ConfigError(f"SHELFIE_DB: {db_text!r} is a directory; give a file path such as {db_text}/shelfie.sqlite3")
    if not db_path.parent.exists():
        raise ConfigError(f"SHELFIE_DB: directory {str(db_path.parent)!r} does not exist")

    level = (env.get("SHELFIE_LOG_LEVEL", "").strip() or "INFO").upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"SHELFIE_LOG_LEVEL: {level!r} is not one of {', '.join(LOG_LEVELS)}")

    turn_timeout = _timeout_setting(env, "SHELFIE_TURN_TIMEOUT", DEFAULT_TURN_TIMEOUT)
    lobby_timeout = _timeout_setting(env, "SHELFIE_LOBBY_TIMEOUT", DEFAULT_LOBBY_TIMEOUT)

    owners_text = env.get("SHELFIE_OWNER_IDS", "").strip()
    owner_ids = frozenset(
        _snowflake("SHELFIE_OWNER_IDS", part) for part in owners_text.split(",") if part.strip()
    )

    guild_text = env.get("SHELFIE_DEV_GUILD", "").strip()
    dev_guild = _snowflake("SHELFIE_DEV_GUILD", guild_text) if guild_text else None

    workers_text = env.get("SHELFIE_WORKERS", "").strip()
    workers = None
    if workers_text:
        from bot.service.workers import MAX_WORKERS  # only here: the pool's imports stay out of the CLI's start

        if not (workers_text.isascii() and workers_text.isdigit() and int(workers_text[:3]) <= MAX_WORKERS
                and len(workers_text) <= 3):
            raise ConfigError(f"SHELFIE_WORKERS: {workers_text[:20]!r} is not a number of processes 0 .. {MAX_WORKERS}")
        workers = int(workers_text)

    return Config(
        token=token,
        db_path=db_path,
        log_level=level,
        turn_timeout=turn_timeout,
        lobby_timeout=lobby_timeout,
        owner_ids=owner_ids,
        dev_guild=dev_guild,
        workers=workers,
    )
