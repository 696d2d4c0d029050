"""Process configuration read from environment variables (and an optional .env file).

Every setting is validated up front so a bad deployment stops at start with one
line that names the variable, instead of failing hours later inside a game.

| Variable              | Default                         | Meaning                                         |
|-----------------------|---------------------------------|-------------------------------------------------|
| DISCORD_TOKEN         | (none: sandbox)                 | bot token; required by `run`, `sync`, `invite`  |
| SHELFIE_DB            | ./shelfie.sqlite3 (/data/... in Docker) | SQLite database file, or a PostgreSQL   |
|                       |                                 | URL postgresql://user:password@host/db          |
| SHELFIE_LOG_LEVEL     | INFO                            | DEBUG, INFO, WARNING, ERROR                     |
| SHELFIE_TURN_TIMEOUT  | 24h                             | default turn deadline, 5m .. 7d (e.g. 90m, 2d)  |
| SHELFIE_LOBBY_TIMEOUT | 24h                             | a lobby nobody starts closes after this, 5m .. 7d |
| SHELFIE_OWNER_IDS     | (empty)                         | comma-separated Discord user ids of operators   |
| SHELFIE_DEV_GUILD     | (none)                          | guild id that `sync` targets by default         |
| SHELFIE_WORKERS       | number of CPU cores             | worker processes per lane (pictures, computer   |
|                       |                                 | moves), 0 .. 64; 0: threads of the bot process  |
| SHELFIE_SHARD_COUNT   | (none: one unsharded process)   | Discord shards of the whole bot, 1 .. 4096      |
| SHELFIE_SHARD_IDS     | every shard of the count        | the shards this process serves: 0,2 or 0-3      |
| SHELFIE_DISCORD_API   | (discord.py's: https://discord.com/api/v10) | Discord's REST base: for a REST     |
|                       |                                 | proxy (e.g. nirn-proxy) or a Discord replica in |
|                       |                                 | tests; the gateway is the one it names          |
| SHELFIE_REQUESTS_PER_SECOND | 50, or with shards this process's share of 50 | requests a second this |
|                       |                                 | process makes with the bot token (Discord's     |
|                       |                                 | global rate limit), 1 .. 100000                 |
| SHELFIE_SANDBOX_ADDRESS | 127.0.0.1, any free port (0.0.0.0:8000 in Docker) | where the sandbox's page  |
|                       |                                 | listens, HOST:PORT; not loopback: in a container|
"""

from __future__ import annotations

import os
import re
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import TypeVar

from bot.sandbox_hints import SandboxAddress, parse_sandbox_address
from bot.store.records import ShardSet

T = TypeVar("T")

from bot.store.backend import database_target

DEFAULT_DB = "shelfie.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
MIN_TURN_TIMEOUT = timedelta(minutes=5)
MAX_TURN_TIMEOUT = timedelta(days=7)
DEFAULT_TURN_TIMEOUT = timedelta(hours=24)
DEFAULT_LOBBY_TIMEOUT = timedelta(hours=24)
MAX_SHARDS = 4096
MAX_REQUESTS_PER_SECOND = 100_000

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
    db_path: Path | str = Path(DEFAULT_DB)  # a SQLite file, or a PostgreSQL URL (bot.store.database_target)
    log_level: str = "INFO"
    turn_timeout: timedelta = DEFAULT_TURN_TIMEOUT
    lobby_timeout: timedelta = DEFAULT_LOBBY_TIMEOUT
    owner_ids: frozenset[int] = field(default_factory=frozenset)
    dev_guild: int | None = None
    workers: int | None = None  # None: one process per core and lane (bot.service.workers.default_count)
    shard_count: int | None = None  # None: one process, not sharded (unless the ids say otherwise: refused)
    shard_ids: tuple[int, ...] | None = None  # None: every shard of shard_count
    discord_api: str | None = None  # None: discord.py's own base (https://discord.com/api/v10)
    requests_per_second: int | None = None  # None: Discord's 50, or this process's shards' share of it
    sandbox_address: SandboxAddress = SandboxAddress()  # the sandbox page's; loopback, any free port by default

    @property
    def shards(self) -> ShardSet | None:
        """The shards this process serves, from SHELFIE_SHARD_COUNT and SHELFIE_SHARD_IDS (see `shard_set`)."""
        return shard_set(self.shard_count, self.shard_ids)


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


def parse_shard_count(text: str) -> int:
    """How many shards the whole bot runs: 1 .. MAX_SHARDS."""
    text = text.strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 4 and 1 <= int(text) <= MAX_SHARDS):
        raise ValueError(f"{text[:20]!r} is not a shard count 1 .. {MAX_SHARDS}")
    return int(text)


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """Shard ids as an operator writes them: `0,2`, `4-7`, `0-3,8` (each once, in any order)."""
    ids: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        bounds = (first, last) if dash else (first, first)
        if not all(b.strip().isascii() and b.strip().isdigit() and len(b.strip()) <= 4 for b in bounds):
            raise ValueError(f"{text[:40]!r} is not a list of shard ids like 0,2 or 0-3")
        low, high = int(bounds[0]), int(bounds[1])
        if low > high:
            raise ValueError(f"{part.strip()!r} is an empty range of shard ids")
        ids.extend(range(low, high + 1))
    if len(set(ids)) != len(ids):
        raise ValueError(f"{text[:40]!r} names a shard twice")
    return tuple(sorted(ids))


def shard_set(count: int | None, ids: tuple[int, ...] | None, *, count_name: str = "SHELFIE_SHARD_COUNT",
              ids_name: str = "SHELFIE_SHARD_IDS") -> ShardSet | None:
    """The shards one process serves: None when no count is given (one process serves every guild); every
    shard of the count when no ids are. ConfigError names the setting (a variable or a flag) that is wrong."""
    if count is None:
        if ids is not None:
            raise ConfigError(f"{ids_name} needs the total number of shards too ({count_name})")
        return None
    if ids is None:
        ids = tuple(range(count))
    outside = [shard for shard in ids if shard >= count]
    if outside:
        raise ConfigError(f"{ids_name}: shard {outside[0]} does not exist with {count_name}={count} "
                          f"(shards are 0 .. {count - 1})")
    return ShardSet(count, frozenset(ids))


def parse_api_base(text: str) -> str:
    """A REST base URL (http or https, a host, no credentials, query or fragment), without its trailing slash.
    The error never repeats the text: a mistyped URL may hold a password."""
    try:
        url = urllib.parse.urlsplit(text.strip())
        port_ok = url.port is None or url.port > 0
    except ValueError:
        port_ok = False
    if not (port_ok and url.scheme in ("http", "https") and url.hostname and url.username is None
            and not url.query and not url.fragment):
        raise ValueError("is not an http(s) URL without credentials, like https://discord.com/api/v10")
    return text.strip().rstrip("/")


def parse_requests_per_second(text: str) -> int:
    """The bot token's requests a second for this process: 1 .. MAX_REQUESTS_PER_SECOND."""
    if not (text.isascii() and text.isdigit() and len(text) <= 6 and 1 <= int(text) <= MAX_REQUESTS_PER_SECOND):
        raise ValueError(f"{text[:20]!r} is not a number of requests a second 1 .. {MAX_REQUESTS_PER_SECOND}")
    return int(text)


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


def _parsed(env: Mapping[str, str], name: str, parse: Callable[[str], T]) -> T | None:
    """A variable read by `parse` (None when unset or blank); a bad value is a ConfigError naming it."""
    text = env.get(name, "").strip()
    if not text:
        return None
    try:
        return parse(text)
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
    db_path = database_target(db_text)
    if isinstance(db_path, Path):
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

    shard_count = _parsed(env, "SHELFIE_SHARD_COUNT", parse_shard_count)
    shard_ids = _parsed(env, "SHELFIE_SHARD_IDS", parse_shard_ids)
    shard_set(shard_count, shard_ids)  # refuses ids without a count, or beyond it, at start
    discord_api = _parsed(env, "SHELFIE_DISCORD_API", parse_api_base)
    requests_per_second = _parsed(env, "SHELFIE_REQUESTS_PER_SECOND", parse_requests_per_second)
    sandbox_address = _parsed(env, "SHELFIE_SANDBOX_ADDRESS", parse_sandbox_address) or SandboxAddress()

    return Config(
        token=token,
        db_path=db_path,
        log_level=level,
        turn_timeout=turn_timeout,
        lobby_timeout=lobby_timeout,
        owner_ids=owner_ids,
        dev_guild=dev_guild,
        workers=workers,
        shard_count=shard_count,
        shard_ids=shard_ids,
        discord_api=discord_api,
        requests_per_second=requests_per_second,
        sandbox_address=sandbox_address,
    )
