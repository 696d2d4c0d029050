"""A lobby nobody starts closes after the operator's lobby timeout, once, across restarts."""
from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import DEFAULT_TURN_TIMEOUT, LobbyExpired, TableService
from tests.raw_database import old_database, raw_execute
from tests.service.conftest import ANN, BOB, CHANNEL, GUILD, START, Clock, lobby

DAY = 24 * 3600


async def test_a_lobby_nobody_starts_closes_after_a_day_and_frees_its_channel(svc: TableService,
                                                                                clock: Clock) -> None:
    table = await lobby(svc, ANN, BOB)
    assert await svc.next_deadline() == START + DAY
    assert await svc.fire_due(clock.advance(DAY - 1)) == []
    [expired] = await svc.fire_due(clock.advance(1))
    assert isinstance(expired, LobbyExpired) and expired.table.game_id == table.game_id
    assert (expired.table.status, expired.table.end_reason) == ("cancelled", "expired")
    assert await svc.table_in_channel(CHANNEL) is None
    assert await svc.fire_due(clock.advance(DAY)) == [], "it fires once"
    assert (await svc.open_lobby(GUILD, CHANNEL, BOB, "Bob", kind="shelfie")).status == "lobby"
    assert await svc.stats(GUILD, ANN, "shelfie") is None


async def test_a_started_or_cancelled_lobby_does_not_expire(svc: TableService, clock: Clock) -> None:
    started = await lobby(svc, ANN, BOB)
    await svc.start(started.game_id, ANN)
    cancelled = await lobby(svc, ANN, channel=CHANNEL + 1)
    await svc.cancel(cancelled.game_id, ANN)
    events = await svc.fire_due(clock.advance(DAY))
    assert events and not any(isinstance(e, LobbyExpired) for e in events), "only the started game's turn ran out"
    assert (await svc.table(started.game_id)).status == "active"


async def test_the_lobby_timeout_is_the_operators_and_survives_a_restart(db_path: Path, clock: Clock) -> None:
    svc = await TableService.open(db_path, clock=clock, lobby_timeout=600)
    table = await lobby(svc, ANN)
    await svc.close()
    svc = await TableService.open(db_path, clock=clock, lobby_timeout=DAY)
    try:
        [expired] = await svc.fire_due(clock.advance(600))
        assert isinstance(expired, LobbyExpired) and expired.table.game_id == table.game_id
    finally:
        await svc.close()
    svc = await TableService.open(db_path, clock=clock)
    try:
        assert await svc.fire_due(clock.advance(DAY)) == []
    finally:
        await svc.close()


async def test_a_lobby_timeout_outside_the_turn_time_range_is_refused(db_path: Path) -> None:
    with pytest.raises(Exception, match="turn_timeout"):
        await TableService.open(db_path, lobby_timeout=10)
    with pytest.raises(Exception, match="turn_timeout"):
        await TableService.open(db_path, lobby_timeout=DEFAULT_TURN_TIMEOUT * 30)


async def test_lobbies_opened_before_the_upgrade_get_the_operators_timeout_from_the_upgrade(
        db_path: Path, clock: Clock) -> None:
    """A lobby opened two days before the upgrade (longer than any lobby timeout) is not closed at once: it
    gets the operator's lobby timeout, counted from when the upgraded bot first opened the store."""
    await old_database(db_path, 1)
    await raw_execute(db_path, "INSERT INTO games (id, guild_id, channel_id, place_id, status, options, host_id, seed,"
                               " created_at, updated_at) VALUES (7, ?, ?, ?, 'lobby', '{}', ?, 1, ?, ?)",
                      GUILD, CHANNEL, CHANNEL, ANN, START - 2 * DAY, START - 2 * DAY)
    await raw_execute(db_path, "INSERT INTO seats (game_id, position, user_id, name) VALUES (7, 0, ?, 'Ann')", ANN)
    svc = await TableService.open(db_path, clock=clock, lobby_timeout=2 * 3600)
    try:
        assert await svc.next_deadline() == START + 2 * 3600
        assert await svc.fire_due(clock.advance(2 * 3600 - 1)) == [], "still open just before"
        [expired] = await svc.fire_due(clock.advance(1))
        assert isinstance(expired, LobbyExpired) and expired.table.game_id == 7
    finally:
        await svc.close()
    svc = await TableService.open(db_path, clock=clock, lobby_timeout=2 * 3600)
    try:
        assert await svc.next_deadline() is None, "a closed lobby gets no new deadline"
    finally:
        await svc.close()
