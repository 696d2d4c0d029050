"""`python -m bench wire`: many My Shelfie games at once through the real bot process and the real wire.

`bench load` runs simcord and the simulated people inside the bot's process: it cannot see what the wire costs
the bot (aiohttp requests, multipart uploads, the gateway's zlib stream and JSON, discord.py's rate-limit books)
and counts the simulated Discord's CPU as the bot's. Here the bot is `shelfie-bot run` in its own process (its
workers as in production), pointed by SHELFIE_DISCORD_API at a replica of Discord's HTTP API and gateway
(bench/discord_replica.py) that runs in this process with the simulated people: the same closed loop as `bench
load` (game n has 2 + n % 3 people of its own, as people play in one game or a few, not in every channel at once:
each start's goal DMs go to DM channels of their own; whoever is to move types `/shelfie take` as soon as the bot's
message with the turn picture reaches the replica; a finished game is followed by a new one), ramping through LOAD_STEPS with
LOAD_STEP_SECONDS per step after a 2 s warm-up, which begins once the step's new games have all started (the
lobbies of 40 new games opened at once are not the steady state of 80 games). The people read whose turn it is
and the legal moves from the bot's database (read-only, through bot.store and the engine), as a person reads
the picture.

Per step: moves/s; move -> turn picture p50/p99 (INTERACTION_CREATE written to the socket -> the request carrying
the picture arrives); defer p99 (-> the interaction's first callback, whatever its type); CPU per move of the bot
process, of its workers (its child processes) and of the replica with the people (this process); resident memory
of the bot with its workers and of the bot alone; HTTP requests per move, all and those made with the bot token
(what Discord's global limit counts: not the interactions' answers and followups); moves refused and lost (as
`bench load`) and errors: lines the bot logged at ERROR or above, and requests the replica refused (a status >= 400,
429s included), with the 429s by bucket (Discord's global limit / a channel's 5 new messages in 5 s).

The replica always enforces a channel's limit on new messages. The bot keeps to RAISED_LIMIT requests a second with
its token, a bot whose global limit Discord raised, and the replica enforces no global limit. `WIRE_GLOBAL_LIMIT=50
LOAD_STEPS=20 python -m bench wire`: the replica refuses the token's requests beyond 50 a second as Discord does by
default, and the bot keeps to 50 (what one token posts at Discord's default).

After the steps, the memory of each process at the end of each step against the games played so far: memory that
grows with the games played, not with the games at once, shows over many steps of the same size (a soak:
LOAD_STEPS=40,40,40,40,40,40,40,40 LOAD_STEP_SECONDS=60).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sys
import tempfile
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from bench.discord_replica import CHANNEL, CHANNEL_LIMIT, CHANNEL_PERIOD, GLOBAL, Replica, Sent
from bench.load import ANSWER_SECONDS, STEPS, WARMUP_SECONDS, Samples, _proc_figures, failures, percentile, step_seconds
from bot.service import TableStatus
from bot.store import Store
from engine.registry import rules_of

POLL_SECONDS = 0.01
# Bounds on a hang, not on speed (tests/bot/test_wire.py starts and stops the bot with them, also on a machine whose
# cores are busy with other work, where both take many times longer than on a quiet one):
START_SECONDS = 120.0  # the bot process has this long to sync its commands and connect; a step's games to start
STOP_SECONDS = 60.0  # after SIGTERM the bot has this long to finish what is in flight and exit, else it is killed
ERROR_LINE = re.compile(r"^\S+ \S+ (ERROR|CRITICAL) ")
BOT = "import sys; from bot.cli import main; sys.exit(main())"  # the `shelfie-bot` console script
# The bot's requests a second with its token unless the replica enforces a limit: a bot whose global limit Discord
# raised, so the figures are the bot's own (at Discord's default 50 a second, a move costs the token next to nothing:
# its turn message travels on the move's interaction).
RAISED_LIMIT = 10_000


@dataclass
class BotProcess:
    """`shelfie-bot run` against the replica, with its stderr read line by line (errors counted, the tail kept)."""

    process: asyncio.subprocess.Process
    errors: int = 0
    tail: deque[str] = field(default_factory=lambda: deque(maxlen=400))
    reader: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int:
        return self.process.pid

    async def read(self) -> None:
        assert self.process.stderr is not None
        while line := await self.process.stderr.readline():
            text = line.decode(errors="replace").rstrip()
            self.tail.append(text)
            if ERROR_LINE.match(text):
                self.errors += 1

    async def stop(self) -> int:
        """SIGTERM, as an operator's `docker stop`: the bot finishes what is in flight and exits."""
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            code = await asyncio.wait_for(self.process.wait(), STOP_SECONDS)
        except TimeoutError:
            self.process.kill()
            code = await self.process.wait()
        if self.reader is not None:
            await self.reader
        return code


def global_limit() -> int | None:
    """WIRE_GLOBAL_LIMIT: the replica refuses the bot token's requests beyond this many a second, as Discord does
    (its default is 50), and the bot is set to keep to it; unset: the replica enforces none."""
    text = os.environ.get("WIRE_GLOBAL_LIMIT", "").strip()
    return int(text) if text else None


def bot_environment(replica: Replica, database: Path | str, shard: int | None = None) -> dict[str, str]:
    """The operator's environment (SHELFIE_WORKERS, SHELFIE_LOG_LEVEL... as set) pointed at the replica, with the
    replica's global limit as the bot's, or, where the replica enforces none, RAISED_LIMIT; with `shard`, the
    environment of that shard's process (of the replica's shard count)."""
    sharding = {} if shard is None else {"SHELFIE_SHARD_COUNT": str(replica.shard_count),
                                         "SHELFIE_SHARD_IDS": str(shard)}
    return {**os.environ, "DISCORD_TOKEN": replica.token, "SHELFIE_DISCORD_API": replica.api_base,
            "SHELFIE_DB": str(database), "SHELFIE_REQUESTS_PER_SECOND": str(replica.global_limit or RAISED_LIMIT),
            **sharding}


async def start_bot(replica: Replica, database: Path | str, *, folder: Path | None = None,
                    shard: int | None = None) -> BotProcess:
    """`shelfie-bot sync --guild` (the commands reach the replica, with their ids), then `shelfie-bot run`, in
    `folder` (default: the SQLite database's; no stray .env); returns once the bot is connected to the replica's
    gateway. With `shard`, the process serves that shard only and returns once that shard is connected."""
    env = bot_environment(replica, database, shard)
    folder = folder or Path(database).parent
    sync = await asyncio.create_subprocess_exec(sys.executable, "-c", BOT, "sync", "--guild", str(replica.guild_id),
                                                env=env, cwd=folder, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.STDOUT)
    output, _ = await asyncio.wait_for(sync.communicate(), START_SECONDS)
    if sync.returncode != 0 or not replica.commands:
        raise RuntimeError(f"shelfie-bot sync failed ({sync.returncode}):\n{output.decode(errors='replace')}")
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", BOT, "run", env=env, cwd=folder,
                                                   stderr=asyncio.subprocess.PIPE)
    bot = BotProcess(process)
    bot.reader = asyncio.get_running_loop().create_task(bot.read())
    ready = replica.connected if shard is None else replica.shard_connected(shard)
    connected = asyncio.get_running_loop().create_task(ready.wait())
    await asyncio.wait([connected, bot.reader], timeout=START_SECONDS, return_when=asyncio.FIRST_COMPLETED)
    if not connected.done():
        connected.cancel()
        await bot.stop()
        raise RuntimeError("the bot did not connect to the replica:\n" + "\n".join(bot.tail))
    return bot


def descendants(pid: int) -> list[int]:
    """The bot's worker processes (and the forkserver they come from): every process below `pid`."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        below = children.get(todo.pop(), [])
        found.extend(below)
        todo.extend(below)
    return found


class Table:
    """What a person sees of a channel's game, from the bot's database: read, never written."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def open_game(self, channel_id: int) -> tuple[Any, Any] | None:
        """(the game's record, its state) of the channel's lobby or active game, or None."""
        game_id = await self.store.open_game_at(channel_id)
        record = None if game_id is None else await self.store.load_game(game_id)
        if record is None:
            return None
        row = record.game
        return record, (rules_of(row.kind).from_dict(row.state) if row.state is not None else None)


async def until(check: Callable[[], Awaitable[Any]]) -> Any:
    while not (value := await check()):
        await asyncio.sleep(POLL_SECONDS)
    return value


class Channel:
    """One channel's closed loop: open a game, play it to the end, open the next one."""

    def __init__(self, replica: Replica, table: Table, channel_id: int, people: list[int], rng: random.Random,
                 samples: Samples) -> None:
        self.replica, self.table, self.channel_id, self.people = replica, table, channel_id, people
        self.rng, self.samples = rng, samples
        self.picture = asyncio.Event()
        self.playing = asyncio.Event()  # set once the channel's first game has started
        self.picture_at = 0.0
        self.played = 0  # games played to their end

    def pictured(self, at: float) -> None:
        self.picture_at = at
        self.picture.set()

    async def seated(self, count: int) -> bool:
        found = await self.table.open_game(self.channel_id)
        return found is not None and len(found[0].seats) >= count

    async def command(self, person: int, name: str, done: Callable[[], Awaitable[bool]], **options: Any) -> None:
        """Type a lobby command and wait until the bot has answered it and the database shows it done."""
        sent = await self.replica.slash(person, self.channel_id, name, **options)
        try:
            await asyncio.wait_for(sent.answered.wait(), ANSWER_SECONDS)
        except TimeoutError:
            pass  # the database decides
        await until(done)

    async def play(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            await self.command(self.people[0], "shelfie new", lambda: self.seated(1), players=len(self.people))
            for number, person in enumerate(self.people[1:], start=2):
                await self.command(person, "shelfie join", partial(self.seated, number))
            self.picture.clear()
            await self.replica.slash(self.people[0], self.channel_id, "shelfie start")
            await self.picture.wait()
            await until(self.started)  # a late picture of the last game is not this one's
            self.playing.set()
            await self.play_game(stop)
            self.played += not stop.is_set()

    async def started(self) -> bool:
        found = await self.table.open_game(self.channel_id)
        return found is not None and found[0].game.status == TableStatus.ACTIVE

    async def play_game(self, stop: asyncio.Event) -> None:
        """Whoever is to move types a random legal move as soon as the turn picture arrives, until the game ends."""
        found = await self.table.open_game(self.channel_id)
        while not stop.is_set():
            if found is None or found[0].game.status != TableStatus.ACTIVE or found[1] is None or found[1].is_over:
                return
            record, game = found
            move = self.rng.choice(game.legal_moves())
            mover = next(seat.user_id for seat in record.seats if seat.position == min(game.to_act))
            self.picture.clear()
            sent = await self.replica.slash(mover, self.channel_id, "shelfie take", tiles=move.tiles_text,
                                            column=move.column + 1)
            found = await self.moved(record.game.version, sent)

    async def moved(self, version: int, sent: Sent) -> tuple[Any, Any] | None:
        """Wait for the picture of this move (a picture that leaves the game where it was is not this move's) and
        return the game as it then is; a move with no picture within ANSWER_SECONDS is counted refused, or lost if
        the game moved on."""
        deadline = sent.sent_at + ANSWER_SECONDS
        while (left := deadline - time.perf_counter()) > 0:
            try:
                await asyncio.wait_for(self.picture.wait(), left)
            except TimeoutError:
                break
            now = await self.table.open_game(self.channel_id)
            if now is None or now[0].game.version != version:
                self.samples.moves.append((self.picture_at, self.picture_at - sent.sent_at))
                return now
            self.picture.clear()
        now = await self.table.open_game(self.channel_id)
        moved = now is None or now[0].game.version != version
        (self.samples.lost if moved else self.samples.refused).append((time.perf_counter(), 1.0))
        return now


def _resident(pid: int) -> tuple[str, float]:
    """(role, RSS in MB) of the bot or one of its processes: the picture workers run at niceness 5, the computer
    players' at 10 (bot/service/workers.py); the others are multiprocessing's forkserver and resource tracker."""
    try:
        nice = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (OSError, IndexError, ValueError):
        return "gone", 0.0
    role = {5: "pictures", 10: "computer"}.get(nice) or next(
        (name for name in ("forkserver", "resource_tracker") if name.encode() in command), "bot")
    return role, _proc_figures([pid])[1] / 2**20


def _memory_row(bot: BotProcess, minutes: float, played: int, moves: int) -> dict[str, Any]:
    """Who holds how much at this moment, against the games played so far."""
    workers = sorted((_resident(pid) for pid in descendants(bot.pid)), key=lambda found: (found[0], -found[1]))
    return {"minutes": minutes, "played": played, "moves": moves, "bot": _resident(bot.pid)[1], "workers": workers}


def _memory_line(row: dict[str, Any]) -> str:
    roles: dict[str, list[float]] = {}
    for role, rss in row["workers"]:
        roles.setdefault(role, []).append(rss)
    shown = "; ".join(f"{role} {', '.join(f'{rss:.0f}' for rss in sizes)}" for role, sizes in sorted(roles.items()))
    return f"| {row['minutes']:.1f} | {row['played']:,} | {row['moves']:,} | {row['bot']:.0f} | {shown} |"


def _figures(bot: BotProcess) -> tuple[tuple[float, int, int], tuple[float, int, int], tuple[float, int, int]]:
    """CPU seconds, RSS and PSS of the bot, of its workers and of this process (the replica and the people)."""
    return _proc_figures([bot.pid]), _proc_figures(descendants(bot.pid)), _proc_figures([os.getpid()])


async def _run() -> tuple[list[dict[str, float]], list[dict[str, Any]], BotProcess, Replica]:
    rows: list[dict[str, float]] = []
    memory: list[dict[str, Any]] = []
    began = time.perf_counter()
    samples = Samples()
    stop = asyncio.Event()
    replica = Replica(channels=max(STEPS), global_limit=global_limit(),
                      people=tuple(f"p{channel}-{seat}" for channel in range(max(STEPS)) for seat in range(4)))
    replica.on_callback = lambda sent: samples.defers.append((sent.first_callback_at, sent.first_callback_at - sent.sent_at))  # type: ignore[arg-type, operator]
    await replica.start()
    people = list(replica.people)
    with tempfile.TemporaryDirectory() as folder:
        db_path = Path(folder) / "wire.sqlite3"
        bot = await start_bot(replica, db_path)
        store = await Store.open(db_path)
        table = Table(store)
        channels: dict[int, Channel] = {}
        replica.on_picture = lambda channel_id, at: channels[channel_id].pictured(at) if channel_id in channels else None
        loops: list[asyncio.Task[None]] = []
        try:
            for games in STEPS:
                while len(loops) < games:
                    number = len(loops)
                    channel_id = replica.channel_ids[number]
                    channels[channel_id] = Channel(replica, table, channel_id,
                                                   people[4 * number: 4 * number + 2 + number % 3],
                                                   random.Random(number), samples)
                    loops.append(asyncio.get_running_loop().create_task(channels[channel_id].play(stop)))
                # Opening 40 new lobbies at once is not the steady state of 80 games: the step's games start first.
                _, late = await asyncio.wait([asyncio.ensure_future(channel.playing.wait())
                                              for channel in channels.values()], timeout=START_SECONDS)
                for waiting in late:
                    waiting.cancel()
                await asyncio.sleep(WARMUP_SECONDS)
                for failed in (task for task in loops if task.done()):
                    failed.result()  # a simulated person hit an error: stop and show it
                if bot.process.returncode is not None:
                    raise RuntimeError("the bot process ended:\n" + "\n".join(bot.tail))
                start, before = time.perf_counter(), _figures(bot)
                logged, refusals, asked = bot.errors, sum(replica.failures.values()), replica.requests.total()
                tokened, limited = replica.token_requests, replica.limited.copy()
                await asyncio.sleep(step_seconds())
                end, after = time.perf_counter(), _figures(bot)
                moves = samples.window(samples.moves, start, end)
                defers = samples.window(samples.defers, start, end)
                count = max(1, len(moves))
                (bot0, _, _), (work0, _, _), (mine0, _, _) = before
                (bot1, rss, pss), (work1, wrss, wpss), (mine1, _, _) = after
                rows.append({"games": games, "moves/s": len(moves) / (end - start),
                             "p50": percentile(moves, 0.5) * 1000, "p99": percentile(moves, 0.99) * 1000,
                             "defer p99": percentile(defers, 0.99) * 1000,
                             "cpu/move": (bot1 - bot0) / count * 1000, "workers cpu/move": (work1 - work0) / count * 1000,
                             "replica cpu/move": (mine1 - mine0) / count * 1000,
                             "requests/move": (replica.requests.total() - asked) / count,
                             "token requests/move": (replica.token_requests - tokened) / count,
                             "rss": (rss + wrss) / 2**20, "pss": (pss + wpss) / 2**20, "bot rss": rss / 2**20,
                             "429 global": replica.limited[GLOBAL] - limited[GLOBAL],
                             "429 per-channel": replica.limited[CHANNEL] - limited[CHANNEL],
                             "refused": len(samples.window(samples.refused, start, end)),
                             "lost": len(samples.window(samples.lost, start, end)),
                             "errors": bot.errors - logged + sum(replica.failures.values()) - refusals})
                print(_row(rows[-1]), flush=True)
                memory.append(_memory_row(bot, (end - began) / 60, sum(channel.played for channel in channels.values()),
                                          len(samples.moves)))
        finally:
            stop.set()
            if loops:
                await asyncio.wait(loops, timeout=ANSWER_SECONDS)
            for loop in loops:
                loop.cancel()
            code = await bot.stop()
            await store.close()
            await replica.close()
    if code != 0:
        print(f"!!! the bot process exited with status {code} !!!")
    return rows, memory, bot, replica


def _row(row: dict[str, float]) -> str:
    return (f"| {row['games']:.0f} | {row['moves/s']:.0f} | {row['p50']:,.0f} / {row['p99']:,.0f} ms | "
            f"{row['defer p99']:,.0f} ms | {row['cpu/move']:.1f} + {row['workers cpu/move']:.1f} ms | "
            f"{row['replica cpu/move']:.1f} ms | {row['requests/move']:.1f} | {row['token requests/move']:.2f} | {row['rss']:.0f} / {row['pss']:.0f} MB (bot {row['bot rss']:.0f}) | "
            f"{row['refused']:.0f} / {row['lost']:.0f} / {row['errors']:.0f} | {row['429 global']:.0f} / "
            f"{row['429 per-channel']:.0f} |")


def main() -> None:
    workers = os.environ.get("SHELFIE_WORKERS", "").strip() or "one per core"
    limit = global_limit()
    limits = (f"the replica refuses the bot token's requests beyond {limit}/s (Discord's global limit, "
              f"WIRE_GLOBAL_LIMIT) and the bot keeps to {limit}/s" if limit else
              f"the bot keeps to {RAISED_LIMIT:,} requests/s with its token (a limit Discord raised; the replica "
              f"enforces no global limit)")
    limits += (f"; the replica refuses a channel's new messages beyond {CHANNEL_LIMIT} in {CHANNEL_PERIOD:g} s, as "
               f"Discord does")
    print(f"closed-loop My Shelfie games through `shelfie-bot run` in its own process and a Discord replica (HTTP "
          f"and gateway, with the people, in this process); {step_seconds():g} s per step after {WARMUP_SECONDS:g} s "
          f"warm-up; workers per lane: {workers}; log level {os.environ.get('SHELFIE_LOG_LEVEL', 'INFO')}; {limits}")
    print("| concurrent games | moves/s | move → turn picture p50 / p99 | defer p99 | CPU per move (bot + workers) | "
          "CPU per move (replica + people) | HTTP requests per move | with the bot token | memory (RSS / PSS) | "
          "refused / lost / errors | 429s: global / per-channel |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    rows, memory, bot, replica = asyncio.run(_run())
    print("\nresident memory (RSS, MB) at the end of each step, against what was played since the bot started:")
    print("| minutes | games played | moves | bot | its processes |")
    print("|---|---|---|---|---|")
    for row in memory:
        print(_memory_line(row))
    print(f"requests the bot made with its token over the whole run (warm-ups included; the others are interaction "
          f"answers and followups, which Discord's global limit does not count): {replica.token_requests:,}")
    print(f"requests the bot made over the whole run (warm-ups included): {replica.requests.total():,} ("
          + ", ".join(f"{key} {count:,}" for key, count in replica.requests.most_common()) + ")")
    print("first answers to interactions by callback type (4: a message, 5: a defer, then a followup): "
          + ", ".join(f"type {kind} x{count:,}" for kind, count in sorted(replica.callback_types.items())))
    print(f"429s over the whole run (warm-ups included) by bucket: global {replica.limited[GLOBAL]}, per-channel "
          f"{replica.limited[CHANNEL]}")
    if replica.failures:
        print("requests the replica refused: " + ", ".join(f"{key} x{count}" for key, count in replica.failures.items()))
    print(f"lines the bot logged at ERROR or above over the whole run (warm-ups included): {bot.errors}")
    problem = failures(rows)
    if problem is not None:
        print("\n".join(bot.tail))
        print(problem, flush=True)


if __name__ == "__main__":
    main()
