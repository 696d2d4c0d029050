"""`shelfie-bot`: run, sandbox, sync, invite, audit, backup, copy-db, demo, health.

With no subcommand it runs the bot when DISCORD_TOKEN is set (environment or
.env) and the local sandbox otherwise, so `make run` works on a fresh clone.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import math
import os
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.registry import rules_of

from bot import event_loop
from bot.config import Config, ConfigError, load_config, parse_shard_count, parse_shard_ids, shard_set
from bot.demo import demo_kinds, run_game_demo
from bot.logging_setup import setup_logging
from bot.resident_memory import memory_status, memory_text
from bot.sandbox_hints import no_sandbox, page_health
from bot.service.processes import ProcessName, this_process
from bot.store import StoreError, database_target, is_postgres_url
from bot.store.records import ShardSet

SANDBOX_ONLY = ("simcord", "av")
"""Packages of the `sandbox` extra, which the bot's Docker image leaves out (pyproject.toml)."""
HEARTBEAT_NAME = ".shelfie-heartbeat"
HEARTBEAT_EVERY = 30.0
STALE_BEATS = 2
"""A status older than this many of its writer's heartbeat intervals (plus the database's patience) is stale."""


def _demo(outdir: Path, kinds: list[str], players: int | None, level: str | None, seed: int) -> int:
    """Each game's demo in outdir/<game>, after checking the players and level fit every one (exit 2 if not)."""
    for kind in kinds:
        rules = rules_of(kind)
        low, high = rules.description.min_players, rules.description.max_players
        if players is not None and not low <= players <= high:
            print(f"--players {players}: {rules.description.names['en']} takes {low} to {high}; choose one game "
                  "with --game", file=sys.stderr)
            return 2
        if level is not None and level not in rules.levels:
            print(f"--level {level}: {rules.description.names['en']} plays {', '.join(rules.levels)}",
                  file=sys.stderr)
            return 2
    for kind in kinds:
        rules = rules_of(kind)
        print(f"{rules.description.names['en']}:")
        lines = run_game_demo(kind, outdir / kind, players=players or rules.description.max_players,
                              level=level or rules.stand_in, seed=seed)
        print("\n".join(lines))
    return 0


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """A number with its noun for the operator's terminal (English): "1 game", "2 games", "0 mismatches"."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


BACKLOG_LATE = 300.0
"""A deadline this many seconds overdue means the process is not firing them: `health` says unhealthy."""
DATABASE_PATIENCE = 10.0
"""Seconds the heartbeat's database question may take before the database counts as unreachable."""


def heartbeat_path(config: Config, shards: ShardSet | None = None) -> Path:
    """The status file the running bot rewrites every HEARTBEAT_EVERY seconds and `health` reads: next to a
    SQLite database, else in the temporary folder; one per shard process (named by its shards)."""
    folder = config.db_path.parent if isinstance(config.db_path, Path) else Path(tempfile.gettempdir())
    if shards is None:
        return folder / HEARTBEAT_NAME
    return folder / f"{HEARTBEAT_NAME}-shards-{'-'.join(map(str, sorted(shards.ids)))}-of-{shards.count}"


EXAMPLES = """\
examples:
  shelfie-bot                                   the sandbox (no DISCORD_TOKEN) or the bot (token set)
  shelfie-bot sandbox --db games.sqlite3        the sandbox, keeping its games in games.sqlite3
  shelfie-bot --port 8080 --db games.sqlite3    the same options go to the default command
  shelfie-bot sync --guild 123456789012345678   publish the slash commands to one server at once
  shelfie-bot backup nightly.sqlite3            a consistent copy of the live database
  shelfie-bot copy-db shelfie.sqlite3 postgresql://bot:secret@db/shelfie
                                                move a stopped bot's games to PostgreSQL, then audit the copy
  shelfie-bot demo demo-out --players 3         a computer-only game of every game, as pictures

make run passes options the same way: make run ARGS="--port 8080 --db games.sqlite3"
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shelfie-bot",
        description="My Shelfie for Discord.\n\nWithout a subcommand: `run` when DISCORD_TOKEN is set (environment or "
                    ".env),\nelse `sandbox`; options given without a subcommand go to that command.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, summary: str, description: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=summary, description=description)

    run = command("run", "connect to Discord (token from DISCORD_TOKEN or .env)",
                  "Connect to Discord with DISCORD_TOKEN (environment or .env) and serve every server the bot is in "
                  "(or, with shards, the servers of this process's shards) until SIGTERM or Ctrl+C, then finish "
                  "the interactions in flight and close the database (--db, else SHELFIE_DB, default "
                  "./shelfie.sqlite3).")
    _shard_flags(run)
    run.add_argument("--db", type=database_target, metavar="FILE|URL",
                     help="the database: a SQLite file, or a PostgreSQL server as postgresql://user:password@host/db "
                          "(default: SHELFIE_DB)")
    sandbox = command("sandbox", "play locally in the browser against a simulated Discord",
                      "The real bot against a simulated Discord (one server, #shelfie, members alice, bob, carol "
                      "and dave), played in the browser at the printed address. Nothing leaves the machine.")
    sandbox.add_argument("--port", type=int,
                         help="port for the page (default: SHELFIE_SANDBOX_ADDRESS's, else any free loopback port)")
    sandbox.add_argument("--db", type=database_target, metavar="FILE|URL",
                         help="keep the sandbox games in FILE (or a PostgreSQL database, postgresql://…), so a "
                              "restart resumes them (default: a temporary file, removed when the sandbox stops)")
    sync = command("sync", "publish the slash commands to Discord",
                   "Log in with DISCORD_TOKEN and publish the slash commands (with their translations). "
                   "Global commands can take up to an hour to appear; one server gets them at once.")
    sync.add_argument("--guild", type=int, metavar="ID",
                      help="sync to this server only (instant); default SHELFIE_DEV_GUILD, else global")
    command("audit", "replay every stored game and report mismatches",
            "Replay every game in the database (SHELFIE_DB) from its seed and move log and compare it with the "
            "stored state. Exit status 1 when any game disagrees. Safe while the bot runs.")
    copy = command("copy-db", "copy a whole database into another (SQLite to PostgreSQL or back) and audit the copy",
                   "Copy every table of FROM into TO (each a SQLite file or a postgresql:// URL), ids included, in "
                   "one transaction of TO, then audit the copy: every table holds as many rows in both, and every "
                   "game of the copy replays from its move log to its stored state (exit status 1 if not). Stop "
                   "the bot first: what it writes during the copy is not copied. Both databases are migrated to "
                   "this version's schema first. TO must be empty unless --replace.")
    copy.add_argument("source", metavar="FROM", type=database_target, help="the database to copy")
    copy.add_argument("target", metavar="TO", type=database_target,
                      help="the database to copy into (a new SQLite file is created)")
    copy.add_argument("--replace", action="store_true",
                      help="delete what TO holds, in the copy's transaction (default: refuse a TO that holds data)")
    backup = command("backup", "copy the live database safely (SQLite online backup)",
                     "Copy the database (SHELFIE_DB) to PATH with SQLite's online backup, check the copy's "
                     "integrity, then move it into place. Safe while the bot runs.")
    backup.add_argument("path", type=Path, help="file to write (replaced only once the copy is checked)")
    kinds = demo_kinds()
    games = ", ".join(f"{kind} ({rules_of(kind).description.names['en']})" for kind in kinds)
    demo = command("demo", "a computer-only game of every game (or one): its pictures and its result",
                   f"Play a whole game between computer players of each game ({games}), each in OUTDIR/<game>: "
                   "My Shelfie writes turn_000.png (the opening table), one table picture per turn and scores.png; "
                   "the others step_000.png and one picture per step, the last the end's. Print each result.")
    demo.add_argument("outdir", type=Path, help="folder for the pictures (created when missing)")
    demo.add_argument("--game", choices=kinds, help="play only this game (default: every game)")
    demo.add_argument("--players", type=int, help="number of players (default: each game's most); it must fit "
                                                  "every game played")
    demo.add_argument("--level", choices=sorted({level for kind in kinds for level in rules_of(kind).levels}),
                      help="computer level (default: each game's stand-in); every game played must have it")
    demo.add_argument("--seed", type=int, default=1, help="deal and play seed; the same seed replays the same game "
                                                          "(default: 1)")
    command("invite", "print the link that adds the bot to a server (from DISCORD_TOKEN)",
            "Print the OAuth2 link that adds the bot to a server, with the slash-command scope and exactly "
            "the permissions the bot needs. The application id is read from DISCORD_TOKEN.")
    health_check = command(
        "health", "exit 0 when the running bot (or shard process) is healthy (Docker HEALTHCHECK)",
        f"Read the status the bot process running on this database writes every {HEARTBEAT_EVERY:.0f} s (and at "
        "once when a shard connects or drops) and exit 0 when the process that wrote it still runs, the status is "
        f"fresh (under {STALE_BEATS} of its intervals old), every shard of the process is connected to Discord, "
        f"the database answers and no deadline is more than {BACKLOG_LATE / 60:.0f} minutes overdue; else print "
        "why and exit 1. A shard process is named by the same shard settings it runs with.")
    _shard_flags(health_check)
    return parser


def _shard_flags(command: argparse.ArgumentParser) -> None:
    command.add_argument("--shard-count", type=_flag(parse_shard_count), metavar="N",
                         help="Discord shards of the whole bot, every process alike (default: SHELFIE_SHARD_COUNT, "
                              "else one unsharded process)")
    command.add_argument("--shard-ids", type=_flag(parse_shard_ids), metavar="IDS",
                         help="the shards this process serves, e.g. 0,2 or 0-3: their servers' games, deadlines and "
                              "announcements (default: SHELFIE_SHARD_IDS, else every shard)")


def _flag(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse type from a config parser: its ValueError becomes argparse's own error line for the flag."""
    def parsed(text: str) -> Any:
        try:
            return parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parsed


def run_shards(args: argparse.Namespace, config: Config) -> ShardSet | None:
    """The shards `run` serves: each flag given replaces its variable (a shared SHELFIE_SHARD_COUNT with
    --shard-ids per process is the usual split)."""
    count, ids = args.shard_count, args.shard_ids
    return shard_set(config.shard_count if count is None else count, config.shard_ids if ids is None else ids,
                     count_name="SHELFIE_SHARD_COUNT" if count is None else "--shard-count",
                     ids_name="SHELFIE_SHARD_IDS" if ids is None else "--shard-ids")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        if words and words[0].startswith("-") and words[0] not in ("-h", "--help"):
            words.insert(0, default_command(load_config()))
        args = parser.parse_args(words)
        config = load_config()
        if args.command == "run" and args.db is not None:
            config = replace(config, db_path=args.db)
        setup_logging(config.log_level)
        return _dispatch(args.command or default_command(config), args, config)
    except ConfigError as exc:
        print(f"shelfie-bot: configuration error: {exc}", file=sys.stderr)
        return 2
    except (OSError, sqlite3.Error, StoreError) as exc:
        print(f"shelfie-bot: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def default_command(config: Config) -> str:
    """A fresh clone has no token, so `make run` plays in the sandbox; a configured bot runs."""
    return "run" if config.token else "sandbox"


def _dispatch(command: str, args: argparse.Namespace, config: Config) -> int:
    shards = run_shards(args, config) if args.command in ("run", "health") else config.shards
    if command == "run":
        event_loop.run(run_bot(_require_token(config), config, shards))
    elif command == "sandbox":
        address = config.sandbox_address
        if getattr(args, "port", None) is not None:
            address = replace(address, port=args.port)
        try:
            from bot.sandbox import serve_sandbox
        except ModuleNotFoundError as exc:
            if exc.name not in SANDBOX_ONLY:
                raise
            raise ConfigError(no_sandbox(address)) from None

        def announce(line: str) -> None:
            print(line, flush=True)

        asyncio.run(serve_sandbox(getattr(args, "db", None), address=address, announce=announce))
    elif command == "sync":
        guild = args.guild or config.dev_guild
        count = asyncio.run(sync_commands(_require_token(config), config, guild))
        print(f"Synced {counted(count, 'command')} "
              + (f"to server {guild}." if guild else "globally (may take up to an hour)."))
    elif command == "copy-db":
        return asyncio.run(copy_db(args.source, args.target, replace=args.replace))
    elif command == "audit":
        return asyncio.run(audit(config))
    elif command == "backup":
        from bot.store.backup import backup_database

        if is_postgres_url(config.db_path):
            raise ConfigError("backup copies a SQLite file; back up a PostgreSQL database with pg_dump "
                              "(README, Scaling out)")
        assert isinstance(config.db_path, Path)
        games = backup_database(config.db_path, args.path)
        print(f"Backed up {config.db_path} to {args.path} ({counted(games, 'game')}).")
    elif command == "demo":
        return _demo(args.outdir, [args.game] if args.game else demo_kinds(), args.players, args.level, args.seed)
    elif command == "health":
        if not config.token and config.sandbox_address.port:  # a container whose default command ran the sandbox
            healthy, finding = page_health(config.sandbox_address, DATABASE_PATIENCE)
            print(f"{'healthy' if healthy else 'unhealthy'}: {finding}")
            return 0 if healthy else 1
        return health(heartbeat_path(config, shards))
    elif command == "invite":
        from bot.client import invite_url

        print(invite_url(application_id(_require_token(config))))
    return 0


def _require_token(config: Config) -> str:
    if not config.token:
        raise ConfigError("DISCORD_TOKEN is not set: put it in the environment or in a .env file")
    return config.token


async def run_bot(token: str, config: Config, shards: ShardSet | None = None) -> None:
    """Connect and serve until SIGTERM/SIGINT, then close gracefully (see ShelfieBot.close); `shards`: only
    these shards' servers (None: every server, one process)."""
    import discord

    from bot.client import create_bot, follow_api_gateway, stop_on_signals, use_discord_api

    if config.discord_api is not None:
        use_discord_api(config.discord_api)
    bot = create_bot(config.db_path, turn_timeout=config.turn_timeout, lobby_timeout=config.lobby_timeout,
                     owner_ids=config.owner_ids, workers=config.workers, shards=shards,
                     requests_per_second=config.requests_per_second)
    stopping = stop_on_signals(bot)
    beat = start_heartbeat(bot, heartbeat_path(config, shards))
    try:
        async with bot:
            async with bot.starting():  # bot.start, with the gateway of SHELFIE_DISCORD_API between its two steps
                await bot.login(token)
                if config.discord_api is not None:
                    await follow_api_gateway(bot)
            if stopping:  # stopped while starting: never connect, and close once before leaving `async with`
                await asyncio.gather(*stopping)
                return
            event_loop.spare_the_collector()
            await bot.connect()
    except discord.LoginFailure:
        raise ConfigError("DISCORD_TOKEN was refused by Discord: copy it again from the Developer Portal") from None
    finally:
        beat.cancel()
        heartbeat_path(config, shards).unlink(missing_ok=True)
        if stopping:
            await asyncio.gather(*stopping)


CONNECTION_EVENTS = ("on_ready", "on_resumed", "on_disconnect", "on_shard_ready", "on_shard_resumed",
                     "on_shard_disconnect")
"""discord.py's events after which the heartbeat is written at once: health must not say "not connected" for a
heartbeat's interval after the bot connected, nor "connected" after it dropped."""


def start_heartbeat(bot: Any, path: Path) -> asyncio.Task[None]:
    """The task writing `bot`'s heartbeat to `path` (see `write_heartbeat`), at once after each CONNECTION_EVENTS."""
    changed = asyncio.Event()

    async def listener(*_: Any) -> None:
        changed.set()

    for event in CONNECTION_EVENTS:
        bot.add_listener(listener, event)
    return asyncio.get_running_loop().create_task(write_heartbeat(bot, path, changed))


async def write_heartbeat(bot: Any, path: Path, changed: asyncio.Event | None = None) -> None:
    """Rewrite `path` with the process's status (see `process_status`) every HEARTBEAT_EVERY seconds, and at once
    whenever `changed` is set (a shard connected or dropped)."""
    changed = changed or asyncio.Event()
    while True:
        changed.clear()
        status = await process_status(bot)
        scratch = path.with_name(path.name + ".new")
        scratch.write_text(json.dumps(status), encoding="utf-8")
        scratch.replace(path)  # whole or not at all: `health` never reads half a status
        try:
            await asyncio.wait_for(changed.wait(), HEARTBEAT_EVERY)
        except TimeoutError:
            pass


async def process_status(bot: Any) -> dict[str, Any]:
    """What `health` judges: when, each shard's gateway latency in ms (None: not connected; "all" for an unsharded
    bot), whether the database answered, how many of the process's deadlines are more than BACKLOG_LATE
    seconds overdue (None when the database did not answer), and the resident memory of the process and its
    workers (None where the system does not say), which process wrote it and how often it writes."""
    up = bot.is_ready() and not bot.is_closed()
    latencies = bot.latencies if hasattr(bot, "latencies") else [("all", bot.latency)]
    shards = {str(shard): round(latency * 1000) if up and math.isfinite(latency) else None
              for shard, latency in latencies}
    overdue = None
    if bot.service is not None:
        try:
            overdue = await asyncio.wait_for(bot.service.deadline_backlog(BACKLOG_LATE), DATABASE_PATIENCE)
        except Exception:  # noqa: BLE001 - whatever the database raised, it did not answer: that is the finding
            overdue = None
    return {"at": time.time(), "shards": shards or {"all": None}, "database": overdue is not None, "overdue": overdue,
            "memory": memory_status(os.getpid(), bot.workers.pids()), "process": str(this_process()),
            "every": HEARTBEAT_EVERY}


def application_id(token: str) -> int:
    """A bot token's first part is its application's id in base64."""
    first = token.split(".")[0]
    try:
        return int(base64.b64decode(first + "=" * (-len(first) % 4)).decode())
    except (ValueError, UnicodeDecodeError):
        raise ConfigError("DISCORD_TOKEN: its first part does not encode an application id") from None


def health(path: Path) -> int:
    """Exit status 0 when the status at `path` is fresh and good (see `process_status`) and the process that wrote
    it still runs; print the findings."""
    try:
        status = json.loads(path.read_text(encoding="utf-8"))
        age = time.time() - float(status["at"])
        shards, database, overdue = dict(status["shards"]), bool(status["database"]), status["overdue"]
        memory = memory_text(status["memory"]) if status.get("memory") else None
        writer, every = ProcessName.parse(status["process"]), float(status["every"])
        if writer is None:
            raise ValueError(status["process"])
    except FileNotFoundError:
        print("unhealthy: the bot is not running here (no status yet)")
        return 1
    except (ValueError, KeyError, TypeError, AttributeError):
        print(f"unhealthy: {path} is not a status the bot wrote")
        return 1
    if writer.is_running() is False:
        print(f"unhealthy: the bot process that wrote the status (pid {writer.pid}) is not running")
        return 1
    if age > every * STALE_BEATS + DATABASE_PATIENCE:
        print(f"unhealthy: last heartbeat {age:.0f} s ago (the bot writes one every {every:.0f} s)")
        return 1
    down = [shard for shard, latency in shards.items() if latency is None]
    problems = [f"not connected to Discord: {'shard ' if 'all' not in down else ''}{', '.join(down)}"] if down else []
    if not database:
        problems.append("the database did not answer")
    elif overdue:
        problems.append(f"{counted(overdue, 'deadline')} more than {BACKLOG_LATE / 60:.0f} minutes overdue")
    connected = ", ".join(f"{shard} ({latency} ms)" for shard, latency in shards.items() if latency is not None)
    facts = (f"connected: {connected or 'nothing'}; database {'answers' if database else 'silent'}; "
             f"{counted(overdue or 0, 'deadline')} overdue; last heartbeat {age:.0f} s ago"
             + (f"; {memory}" if memory else ""))
    if problems:
        print(f"unhealthy: {'; '.join(problems)} ({facts})")
        return 1
    print(f"healthy: {facts}")
    return 0


async def sync_commands(token: str, config: Config, guild_id: int | None) -> int:
    """Log in without connecting to the gateway and publish the command tree (with translations)."""
    from bot.client import create_bot, use_discord_api

    if config.discord_api is not None:
        use_discord_api(config.discord_api)
    bot = create_bot(config.db_path, requests_per_second=config.requests_per_second)
    async with bot:
        await bot.login(token)
        return await bot.publish_commands(guild_id)


async def audit(config: Config) -> int:
    """Replay every stored game from its seed and move log; exit 1 when any disagrees with its stored state."""
    from bot.client import service_clock
    from bot.service import TableService
    service = await TableService.open(config.db_path, clock=service_clock)
    try:
        game_ids = await service.stored_game_ids()
        results = [await service.audit(game_id) for game_id in game_ids]
    finally:
        await service.close()
    for result in results:
        if result.ok:
            print(f"game {result.game_id}: ok ({counted(result.moves, 'move')})")
        else:
            print(f"game {result.game_id}: MISMATCH after {counted(result.moves, 'move')}: {result.problem}")
    bad = sum(not result.ok for result in results)
    print(f"{counted(len(results), 'game')} audited, {counted(bad, 'mismatch', 'mismatches')}.")
    return 1 if bad else 0


async def copy_db(source: str | Path, target: str | Path, *, replace: bool) -> int:
    """Copy one database into another and audit the copy; exit 1 when the audit finds any difference."""
    from bot.client import service_clock
    from bot.service.database_copy import copy_database
    from bot.store import describe_database

    report = await copy_database(source, target, replace=replace, clock=service_clock)
    print(f"Copied {describe_database(source)} to {describe_database(target)}:")
    for table, rows in report.copied.items():
        print(f"  {table}: {counted(rows, 'row')}")
    for table in report.uneven_tables:
        print(f"table {table}: {report.source_rows.get(table, 0)} rows in {describe_database(source)}, "
              f"{report.target_rows.get(table, 0)} in {describe_database(target)}")
    for audit in report.mismatches:
        print(f"game {audit.game_id}: MISMATCH after {counted(audit.moves, 'move')}: {audit.problem}")
    print(f"Audit of the copy: {counted(len(report.copied) - len(report.uneven_tables), 'table')} of "
          f"{len(report.copied)} with as many rows as the source, {counted(len(report.audits), 'game')} replayed, "
          f"{counted(len(report.mismatches), 'mismatch', 'mismatches')}.")
    return 0 if report.ok else 1
