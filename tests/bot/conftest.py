"""Shared fixtures for end-to-end tests of the real bot against simcord's simulated Discord.

    async def test_something(table):            # a started Env with a synced command tree
        result = await table.alice.slash(table.channel, "games help")
        assert result.ephemeral

`simcord_env` is simcord's, whose settling waits for the bot's work up to PATIENCE (tests/patience.py) instead of 5 s:
a move with its pictures takes many seconds on a busy machine. `table` gives a guild "Shelfie Club", a text channel #games and four members
(alice, bob, carol, dave). `arriving_together(env)` makes the interactions sent inside it reach the bot at once. `restart` swaps in a freshly built bot on the same
database file (like a process restart). `user_locale` sets a member's Discord
locale (simcord sends "en-US" for everybody otherwise). The `unexpected_errors`
guard fails any test whose bot logged an unhandled error (the user-facing
apology path), unless the test is marked ``@pytest.mark.allow_errors``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import simcord
import simcord.interactions

from bot import ShelfieBot, create_bot, quick_answers
from tests.patience import PATIENCE


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "allow_errors: the test expects the bot to log unhandled errors")


@dataclass
class Table:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor
    dave: simcord.MemberActor

    @property
    def members(self) -> tuple[simcord.MemberActor, ...]:
        return (self.alice, self.bob, self.carol, self.dave)

    @property
    def bot(self) -> ShelfieBot:
        return self.env.bot  # type: ignore[return-value]


@asynccontextmanager
async def arriving_together(env: simcord.Env, *, answered_after: float = 0.0) -> AsyncIterator[None]:
    """Interactions sent inside the block reach the bot together, as a burst or a double click on a slow
    connection does: each is created (its id stamped with the current time), then the bot handles all of them at
    once, `answered_after` seconds later (the moment the bot takes to answer, during which the computer thinks).
    Their results are filled in when the block ends."""

    async def not_yet(**_: Any) -> None:
        return None

    env._settle_internal = not_yet  # type: ignore[method-assign]
    try:
        yield
    finally:
        del env._settle_internal
    env.backend.advance_clock(answered_after)
    await env.settle()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "shelfie.sqlite3"


@pytest_asyncio.fixture
async def opened_bots() -> AsyncIterator[list[ShelfieBot]]:
    """Every bot a test built; their databases are closed after the simulated Discord has shut down."""
    bots: list[ShelfieBot] = []
    yield bots
    for bot in bots:
        if bot.service is not None:
            await bot.service.close()
            bot.service = None


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    """create_bot's keyword arguments for a test's first bot (a module overrides this, e.g. a short lobby timeout);
    a restarted bot has the defaults."""
    return {}


@pytest.fixture
def simcord_bot(db_path: Path, opened_bots: list[ShelfieBot], bot_settings: dict[str, Any]) -> ShelfieBot:
    bot = create_bot(db_path, **bot_settings)
    opened_bots.append(bot)
    return bot


@pytest_asyncio.fixture
async def simcord_env(simcord_bot: ShelfieBot, request: pytest.FixtureRequest) -> AsyncIterator[simcord.Env]:
    """simcord's own fixture (options from a `simcord` marker), settling for up to PATIENCE unless a marker says
    otherwise. Only the bound on a hang changes: the bot's timers stay on simcord's virtual clock either way."""
    marker = request.node.get_closest_marker("simcord")
    env = simcord.Env(simcord_bot, **{"settle_timeout": PATIENCE, **(marker.kwargs if marker else {})})
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)


@pytest_asyncio.fixture
async def table(simcord_env: simcord.Env) -> Table:
    guild = simcord_env.create_guild("Shelfie Club")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob", "carol", "dave")]
    await simcord_env.bot.tree.sync()
    return Table(simcord_env, guild, channel, *members)


@pytest.fixture
def restart(simcord_env: simcord.Env, db_path: Path, opened_bots: list[ShelfieBot]) -> Callable[[], Awaitable[ShelfieBot]]:
    """`bot = await restart()`: a new process on the same database file, as after a deploy or a crash."""

    async def restart_bot() -> ShelfieBot:
        old = simcord_env.bot
        bot = create_bot(db_path)
        opened_bots.append(bot)
        await simcord_env.restart_bot(bot)
        if isinstance(old, ShelfieBot) and old.service is not None:
            await old.service.close()
            old.service = None
        return bot

    return restart_bot


@pytest.fixture
def quick_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    """Work the bot does in milliseconds may take seconds on a test machine busy with other work: these tests give it
    all the time a test waits for anything (and Discord's budget as long), to see what a quick move costs."""
    monkeypatch.setattr(quick_answers, "QUICK_GRACE", PATIENCE)
    monkeypatch.setattr(quick_answers, "ANSWER_BUDGET", PATIENCE)


@pytest.fixture
def slow_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step outlasts its grace (a busy bot): each interaction is deferred before it is answered. Its verdict
    (bot.quick_answers' `accepted`) still comes within Discord's budget, however long a machine busy with other work
    takes to reach it (`arriving_together` makes a step late on simcord's clock)."""
    async def outlasted(task: object, seconds: float) -> bool:
        return False

    monkeypatch.setattr(quick_answers, "_done_within", outlasted)
    monkeypatch.setattr(quick_answers, "ANSWER_BUDGET", PATIENCE)


@pytest.fixture
def stopped_wall_clock(monkeypatch: pytest.MonkeyPatch) -> float:
    """time.time() stopped where the test started: what the bot and the test compute from the wall clock (a
    heartbeat's age) is what the test set, however long a busy machine takes between the two."""
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now)
    return now


@pytest.fixture
def user_locale(monkeypatch: pytest.MonkeyPatch) -> Callable[[Any, str], None]:
    """`user_locale(table.bob, "it")`: bob's interactions now arrive with locale "it".

    Also sets `guild_locale` from the guild's preferred locale (create_guild(preferred_locale=...)).
    """
    locales: dict[int, str] = {}
    original = simcord.interactions.base_payload

    def base_payload(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        if kwargs["user_id"] in locales:
            payload["locale"] = locales[kwargs["user_id"]]
        if kwargs.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(kwargs["guild_id"]).preferred_locale or "en-US"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)

    def set_locale(member: Any, locale: str) -> None:
        locales[member.id] = locale

    return set_locale


class _ErrorCollector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def unexpected_errors(request: pytest.FixtureRequest) -> Iterator[list[logging.LogRecord]]:
    """Errors the bot logged with an apology to the user; a test not marked allow_errors fails on any."""
    collector = _ErrorCollector()
    logger = logging.getLogger("shelfie.errors")
    logger.addHandler(collector)
    try:
        yield collector.records
    finally:
        logger.removeHandler(collector)
    if collector.records and request.node.get_closest_marker("allow_errors") is None:
        formatter = logging.Formatter("%(message)s")
        details = "\n".join(formatter.format(record) for record in collector.records)
        pytest.fail(f"the bot logged unhandled errors:\n{details}", pytrace=False)
