"""`python -m bench load`: many My Shelfie games at once through the real bot, closed loop, ramping.

The real bot (with its worker processes, SHELFIE_WORKERS as in production: one per core and lane unless
set) runs in simcord's simulated Discord, in this process. Each game has 2-4 simulated people who type
`/shelfie take` as soon as their turn picture has been sent (closed loop: the bot's own speed sets the
pace); a finished game is followed at once by a new one in its channel. The number of games playing at
once ramps through STEPS; each step is measured for LOAD_STEP_SECONDS (default 10) after a short warm-up.

Per step: moves/s; move -> turn picture p50/p99 (from the interaction reaching the bot to the request that
sends the next turn message with its picture); first answer p99 (interaction -> its first response to Discord: the
answer itself when the move was quick, else its defer) and the share of moves deferred;
CPU per move (the bot process and its workers; the simulated Discord and the simulated people run in the
bot's process and are included); resident memory of the bot process plus its workers (RSS, and PSS,
which counts pages the workers share once; and the bot process's own RSS). Interactions are sent to the bot without waiting for simcord
to settle (it would wait for the whole bot to be idle), through simcord's own payload builders.

A step's figures are only worth something if every move went through: each step also counts the moves the bot
refused (no picture, the game did not move on), the moves lost (played, but no picture within
ANSWER_SECONDS), and the errors the bot logged or raised; a run with any of them says so loudly at the end.
The simulated people carry on after one (they read the table and move again), so one bad move does not end
the run.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import statistics
import tempfile
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord
import simcord.actors
import simcord.interactions
from simcord.enums import AppCommandType, InteractionType


from bot import create_bot
from bot.client import ShelfieBot
from bot.context import service_of
from bot.interaction_routes import TOKEN_LIFETIME
from bot.service import TableService, TableStatus

from bench.figures import percentile
from bench.tap import Send, tap_requests
from engine.shelfie import RULES as SHELFIE

STEPS = tuple(int(n) for n in os.environ.get("LOAD_STEPS", "5,10,20,40,80").split(","))
WARMUP_SECONDS = 2.0
POLL_SECONDS = 0.005
ANSWER_SECONDS = 30.0  # a move that brings no picture in this time is played again


def step_seconds() -> float:
    return float(os.environ.get("LOAD_STEP_SECONDS", "10"))


def worker_count() -> int | None:
    text = os.environ.get("SHELFIE_WORKERS", "").strip()
    return int(text) if text else None


@dataclass
class Samples:
    """Timestamped figures of the whole run; each step reads the ones of its own window."""

    moves: list[tuple[float, float]] = field(default_factory=list)  # (done at, move -> picture seconds)
    defers: list[tuple[float, float]] = field(default_factory=list)  # (answered at, seconds): first answers
    deferred: list[tuple[float, float]] = field(default_factory=list)  # (answered at, 1 if a defer else 0)
    refused: list[tuple[float, float]] = field(default_factory=list)  # (given up at, 1): no picture, no move
    lost: list[tuple[float, float]] = field(default_factory=list)  # (given up at, 1): moved, but no picture

    def window(self, rows: list[tuple[float, float]], start: float, end: float) -> list[float]:
        return [value for at, value in rows if start <= at < end]


class Wire:
    """What the bot sends to (simulated) Discord: turn pictures per channel and first answers per interaction.

    A picture counts for its channel when it goes with the bot token to the channel, or on an interaction sent there
    (a turn completes its move's interaction): the interaction's token names the channel while it lives
    (`TOKEN_LIFETIME` on the Wire's `clock`, as Discord's) and its channel's game goes on, so a long run keeps only
    the tokens that can still carry a picture (and the sending times of interactions not answered yet, lost ones
    forgotten with their tokens)."""

    def __init__(self, bot: ShelfieBot, samples: Samples, *, clock: Callable[[], float] = time.perf_counter) -> None:
        self.samples = samples
        self.clock = clock
        self.pictures: dict[int, asyncio.Event] = {}
        self.picture_sent: dict[int, float] = {}
        self.emitted: dict[str, float] = {}
        self._tokens: OrderedDict[str, tuple[int, float, str]] = OrderedDict()  # (channel, sent at, interaction id)
        self._game_tokens: dict[int, deque[str]] = {}  # by channel: its current game's live tokens, oldest first

        def answers(answer: Send) -> Send:
            async def respond(route: Any, *args: Any, **kwargs: Any) -> Any:
                now = self.clock()
                if route.method == "POST" and route.url.endswith("/callback"):
                    emitted = self.emitted.pop(str(route.webhook_id), None)
                    if emitted is not None:
                        samples.defers.append((now, now - emitted))
                        payload = kwargs.get("payload")  # a defer has no files, so its body is never multipart
                        samples.deferred.append((now, float(isinstance(payload, dict)
                                                            and payload.get("type") in (5, 6))))
                result = await answer(route, *args, **kwargs)
                channel_id = self.channel_of(route.webhook_token or "")
                if kwargs.get("files") and channel_id is not None:  # a turn picture on the move's own interaction
                    self.shown(channel_id, now)
                return result
            return respond

        def requests(original: Send) -> Send:
            async def request(route: Any, **kwargs: Any) -> Any:
                now = self.clock()
                result = await original(route, **kwargs)
                if route.method == "POST" and route.path == "/channels/{channel_id}/messages" and kwargs.get("files"):
                    self.shown(int(route.channel_id), now)
                return result
            return request

        tap_requests(bot, http=requests, interactions=answers)

    def sent(self, interaction_id: int, token: str, channel_id: int) -> float:
        """An interaction sent in the channel (its first answer timed, its token known); returns when it was sent."""
        now = self.clock()
        self.emitted[str(interaction_id)] = now
        while self._tokens and now - next(iter(self._tokens.values()))[1] >= TOKEN_LIFETIME:
            expired, (channel, _, interaction) = self._tokens.popitem(last=False)
            self.emitted.pop(interaction, None)  # never answered: lost
            kept = self._game_tokens[channel]
            assert kept[0] == expired, "a channel's tokens expire in the order they were sent"
            kept.popleft()
            if not kept:
                del self._game_tokens[channel]
        self._tokens[token] = (channel_id, now, str(interaction_id))
        self._game_tokens.setdefault(channel_id, deque()).append(token)
        return now

    def game_over(self, channel_id: int) -> None:
        """The channel's game has ended: its interactions carry no more pictures (nor a first answer)."""
        for token in self._game_tokens.pop(channel_id, []):
            dropped = self._tokens.pop(token, None)
            if dropped is not None:
                self.emitted.pop(dropped[2], None)

    def channel_of(self, token: str) -> int | None:
        """The channel of the interaction whose token this is, while the token may carry its channel's picture."""
        found = self._tokens.get(token)
        return None if found is None or self.clock() - found[1] >= TOKEN_LIFETIME else found[0]

    def shown(self, channel_id: int, sent: float) -> None:
        """A picture reached the channel, by the bot token or on an interaction (a turn completes its move's)."""
        self.picture_sent[channel_id] = sent
        self.pictures.setdefault(channel_id, asyncio.Event()).set()

    def picture_event(self, channel_id: int) -> asyncio.Event:
        return self.pictures.setdefault(channel_id, asyncio.Event())


def keep_callbacks_by_identity(env: simcord.Env) -> None:
    """Swap simcord's pending callback list for a PendingCallbacks holding the same records. simcord declares the
    field a list; the stand-in has the list operations simcord uses on it (append, remove, clear, iterate)."""
    setattr(env._work, "callbacks", PendingCallbacks(env._work.callbacks))


class PendingCallbacks:
    """simcord keeps the bot's pending loop callbacks in a list and removes each one by equality (a dataclass
    comparing handles): a cost quadratic in the work in flight, in the bot's process, that real Discord does
    not add. The benchmark keeps them by identity instead, so its figures are the bot's."""

    def __init__(self, records: Iterable[Any]) -> None:
        self._records = {id(record): record for record in records}

    def append(self, record: Any) -> None:
        self._records[id(record)] = record

    def remove(self, record: Any) -> None:
        if self._records.pop(id(record), None) is None:
            raise ValueError("not a pending callback")

    def clear(self) -> None:
        self._records.clear()

    def __iter__(self) -> Iterator[Any]:
        return iter(list(self._records.values()))

    def __len__(self) -> int:
        return len(self._records)


def slash(env: simcord.Env, wire: Wire, actor: Any, channel: Any, name: str, **options: Any) -> float:
    """Send a slash command to the bot without waiting for simcord to settle; returns when it was sent."""
    root = simcord.actors._resolve_visible_command(actor, channel.id, name.split()[0], AppCommandType.CHAT_INPUT)
    leaf, nesting = simcord.interactions.walk_to_subcommand(root, name.split()[1:])
    leaf_options, resolved = simcord.interactions.build_options(actor, name, leaf, options, channel_id=channel.id)
    data: dict[str, Any] = {"id": root["id"], "name": root["name"], "type": root.get("type", AppCommandType.CHAT_INPUT),
                            "options": simcord.interactions.nest_options(root, nesting, leaf_options)}
    if resolved:
        data["resolved"] = resolved
    record, payload = simcord.interactions.base_payload(
        env.backend, type=InteractionType.APPLICATION_COMMAND, channel_id=channel.id,
        guild_id=actor.guild.id, user_id=actor.id, data=data)
    sent = wire.sent(record.id, record.token, channel.id)
    env.backend.emit("INTERACTION_CREATE", payload)
    return sent


async def until(check: Any) -> Any:
    """Poll the service until `check()` gives something truthy (the simulated people read the channel's game)."""
    while not (value := await check()):
        await asyncio.sleep(POLL_SECONDS)
    return value


async def play_in(env: simcord.Env, wire: Wire, service: TableService, channel: Any, people: list[Any],
                  rng: random.Random, samples: Samples, stop: asyncio.Event) -> None:
    """One channel's closed loop: open a game, play it to the end, open the next one."""
    pictures = wire.picture_event(channel.id)
    while not stop.is_set():
        slash(env, wire, people[0], channel, "shelfie new", players=len(people))
        await until(lambda: service.table_in_channel(channel.id))
        for number, person in enumerate(people[1:], start=2):
            slash(env, wire, person, channel, "shelfie join")
            await until(lambda n=number: _seated(service, channel.id, n))
        pictures.clear()
        slash(env, wire, people[0], channel, "shelfie start")
        await pictures.wait()
        await play_game(env, wire, service, channel, people, rng, samples, stop)


async def play_game(env: simcord.Env, wire: Wire, service: TableService, channel: Any, people: list[Any],
                    rng: random.Random, samples: Samples, stop: asyncio.Event) -> None:
    """Whoever is to move types a random legal move as soon as the turn picture is sent, until the game ends."""
    by_id = {person.id: person for person in people}
    pictures = wire.picture_event(channel.id)
    while not stop.is_set():
        table = await service.table_in_channel(channel.id)
        if table is None or table.status != TableStatus.ACTIVE or table.game is None:
            wire.game_over(channel.id)
            return
        seat = table.current_seat
        assert seat is not None, "an active shelfie game always has a seat to move"
        move = rng.choice(SHELFIE.state_of(table.game).legal_moves())
        pictures.clear()
        sent = slash(env, wire, by_id[seat.user_id], channel, "shelfie take",
                     tiles=move.tiles_text, column=move.column + 1)
        try:
            await asyncio.wait_for(pictures.wait(), ANSWER_SECONDS)
        except TimeoutError:  # counted, then the table is read again and someone moves again
            now = await service.table_in_channel(channel.id)
            moved = now is None or now.version != table.version
            (samples.lost if moved else samples.refused).append((time.perf_counter(), 1.0))
            continue
        samples.moves.append((wire.picture_sent[channel.id], wire.picture_sent[channel.id] - sent))


async def _forget_history(env: simcord.Env, stop: asyncio.Event) -> None:
    """simcord keeps, in the bot's process, every picture ever sent (its CDN) and a log of every request and
    event (deep copies of their payloads, for a failing test's transcript); nobody reads them back here, so the
    memory figure leaves them out (the simulated Discord's messages themselves stay counted)."""
    while not stop.is_set():
        env.backend.cdn._blobs.clear()
        env.backend.http_requests.clear()
        env.backend.transcript.clear()
        await asyncio.sleep(1.0)


async def _seated(service: TableService, channel_id: int, count: int) -> bool:
    table = await service.table_in_channel(channel_id)
    return table is not None and len(table.seats) >= count


class ErrorCount(logging.Handler):
    """Errors the bot logged (an apology to a user, a stuck worker, an announcement given up): a load figure is
    worth nothing beside one."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


def _proc_figures(pids: Iterable[int]) -> tuple[float, int, int]:
    """CPU seconds, RSS bytes and PSS bytes summed over the live processes among `pids`."""
    cpu, rss, pss = 0.0, 0, 0
    ticks = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        cpu += (int(stat[11]) + int(stat[12])) / ticks
        fields = {line.split(":")[0]: int(line.split()[1]) for line in rollup.splitlines()[1:] if line.endswith("kB")}
        rss += fields.get("Rss", 0) * 1024
        pss += fields.get("Pss", 0) * 1024
    return cpu, rss, pss


async def _run(errors: ErrorCount) -> list[dict[str, float]]:
    rows: list[dict[str, float]] = []
    samples = Samples()
    stop = asyncio.Event()
    with tempfile.TemporaryDirectory() as folder:
        db_path = Path(folder) / "load.sqlite3"
        service = await TableService.open(db_path)  # migrate before timing anything
        await service.close()
        bot = create_bot(db_path, workers=worker_count())
        async with simcord.run(bot, settle_timeout=60, check_errors=False) as env:
            await bot.tree.sync()
            wire = Wire(bot, samples)
            keep_callbacks_by_identity(env)
            guild = env.create_guild("Load")
            people = [guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat", "dan")]
            loops: list[asyncio.Task[None]] = []
            forget = asyncio.get_running_loop().create_task(_forget_history(env, stop))
            for games in STEPS:
                while len(loops) < games:
                    number = len(loops)
                    channel = guild.create_text_channel(f"load-{number}")
                    loops.append(asyncio.get_running_loop().create_task(play_in(
                        env, wire, service_of(bot), channel, people[: 2 + number % 3], random.Random(number),
                        samples, stop)))
                await asyncio.sleep(WARMUP_SECONDS)
                for failed in (task for task in loops if task.done()):
                    failed.result()  # a simulated person hit an error: stop and show it
                start, (main0, _, _), (work0, _, _) = (time.perf_counter(), _proc_figures([os.getpid()]),
                                                       _proc_figures(bot.workers.pids()))
                logged, raised = errors.count, env.error_cursor
                await asyncio.sleep(step_seconds())
                end, (main1, rss, pss), (work1, wrss, wpss) = (time.perf_counter(), _proc_figures([os.getpid()]),
                                                               _proc_figures(bot.workers.pids()))
                moves = samples.window(samples.moves, start, end)
                defers = samples.window(samples.defers, start, end)
                rows.append({"games": games, "moves/s": len(moves) / (end - start),
                             "p50": percentile(moves, 0.5) * 1000, "p99": percentile(moves, 0.99) * 1000,
                             "defer p99": percentile(defers, 0.99) * 1000,
                             "deferred": statistics.fmean(samples.window(samples.deferred, start, end) or [0.0]),
                             "cpu/move": (main1 - main0) / max(1, len(moves)) * 1000,
                             "workers cpu/move": (work1 - work0) / max(1, len(moves)) * 1000,
                             "rss": (rss + wrss) / 2**20, "pss": (pss + wpss) / 2**20, "bot rss": rss / 2**20,
                             "refused": len(samples.window(samples.refused, start, end)),
                             "lost": len(samples.window(samples.lost, start, end)),
                             "errors": errors.count - logged + env.error_cursor - raised})
                print(_row(rows[-1]), flush=True)
            stop.set()
            await asyncio.wait([*loops, forget], timeout=30)
            await bot.close()
    return rows


def _row(row: dict[str, float]) -> str:
    return (f"| {row['games']:.0f} | {row['moves/s']:.0f} | {row['p50']:.0f} / {row['p99']:.0f} ms | "
            f"{row['defer p99']:.0f} ms ({row['deferred']:.0%}) | {row['cpu/move']:.1f} + {row['workers cpu/move']:.1f} ms | {row['rss']:.0f} MB ({row['pss']:.0f} MB PSS; bot {row['bot rss']:.0f} MB) | "
            f"{row['refused']:.0f} / {row['lost']:.0f} / {row['errors']:.0f} |")


def failures(rows: list[dict[str, float]]) -> str | None:
    """What went wrong over the run, in one loud line, or None when every move went through cleanly."""
    refused, lost, errors = (sum(int(row[key]) for row in rows) for key in ("refused", "lost", "errors"))
    stalled = sum(not row["moves/s"] for row in rows)
    if not refused + lost + errors + stalled:
        return None
    return (f"!!! THIS RUN HAD FAILURES: {refused} move(s) refused, {lost} lost, {errors} error(s)"
            + (f", {stalled} step(s) without a single move" if stalled else "")
            + " in the measured steps; its figures do not describe a healthy bot !!!")


def main() -> None:
    count = worker_count()
    print(f"closed-loop My Shelfie games through the real bot in simcord; {step_seconds():g} s per step after "
          f"{WARMUP_SECONDS:g} s warm-up; workers per lane: {'one per core' if count is None else count}")
    print("| concurrent games | moves/s | move -> turn picture p50 / p99 | first answer p99 (deferred) | "
          "CPU per move (bot + workers) | "
          "memory | refused / lost moves / errors |")
    print("|---|---|---|---|---|---|---|")
    errors = ErrorCount()
    logging.getLogger("shelfie").addHandler(errors)
    rows = asyncio.run(_run(errors))
    print(f"errors logged by the bot over the whole run (warm-ups included): {errors.count}")
    problem = failures(rows)
    if problem is not None:
        print(problem, flush=True)


if __name__ == "__main__":
    main()
