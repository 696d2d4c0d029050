"""A service on a real database of each backend (a SQLite file, a PostgreSQL server), a clock the test moves, and
helpers to seat and play."""
from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameOptions, PlayResult, Table, TableService

GUILD = 1
CHANNEL = 10
ANN, BOB, CAT, DAN = 101, 102, 103, 104
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat", DAN: "Dan"}
START = 1_800_000_000.0


class Clock:
    """Epoch seconds that move only when the test says so."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def coop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The co-operative test game registered beside the real ones, for this test only."""
    from engine import registry
    from tests.service.coop_game import RULES

    monkeypatch.setitem(registry.GAMES, RULES.key, RULES)


@pytest.fixture
def solo(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solo test game (one seat against the game) registered beside the real ones, for this test only."""
    from engine import registry
    from tests.service.solo_game import RULES

    monkeypatch.setitem(registry.GAMES, RULES.key, RULES)


@pytest.fixture
def db_path(database: str) -> str:
    """Every service test runs twice: on a SQLite file and on a fresh PostgreSQL database (tests/postgres.py)."""
    return database


@pytest.fixture
async def svc(db_path: Path, clock: Clock) -> AsyncIterator[TableService]:
    service = await TableService.open(db_path, clock=clock, seeds=iter(range(1000, 10_000)).__next__)
    yield service
    await service.close()


async def lobby(svc: TableService, *users: int, computers: int = 0, channel: int = CHANNEL,
                options: GameOptions | None = None, kind: str = "shelfie") -> Table:
    """A lobby of the game `kind` hosted by the first user, the others joined, plus computer seats."""
    host, *others = users
    table = await svc.open_lobby(GUILD, channel, host, NAMES[host], options or GameOptions(players=4), kind=kind)
    for user in others:
        table = await svc.join(table.game_id, user, NAMES[user])
    for _ in range(computers):
        table = await svc.add_computer(table.game_id, host)
    return table


async def started(svc: TableService, *users: int, computers: int = 0, channel: int = CHANNEL,
                  options: GameOptions | None = None, kind: str = "shelfie") -> Table:
    table = await lobby(svc, *users, computers=computers, channel=channel, options=options, kind=kind)
    return (await svc.start(table.game_id, users[0])).table


async def play_first_legal(svc: TableService, table: Table) -> PlayResult:
    """The person to move plays their first legal move, quoting the turn they saw."""
    seat = table.current_seat
    assert seat is not None and seat.user_id is not None and table.game is not None
    return await svc.play(table.game_id, seat.user_id, table.game.legal_actions()[0], turn=table.turn)


async def play_to_end(svc: TableService, table: Table) -> PlayResult:
    result = await play_first_legal(svc, table)
    while result.table.status == "active":
        result = await play_first_legal(svc, result.table)
    return result


async def shown(svc: TableService, game_id: int) -> None:
    """The bot posts the game's waiting announcements, as its outbox does after each step."""
    for announcement in (await svc.outbox(game_id)).pending:
        await svc.announcement_posted(announcement, None, None)
