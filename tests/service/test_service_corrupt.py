"""A corrupted game row is reported as such, for that game only; the rest of the database keeps working."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.service import ChannelBusy, CorruptGame, GameOptions, TableService, TurnReminder
from engine.protocol import FIRST_REVISION
from tests.raw_database import raw_execute, raw_fetch
from tests.service.conftest import ANN, BOB, CAT, CHANNEL, GUILD, Clock, play_first_legal, started


async def corrupt(db_path: Path, game_id: int, column: str, text: str) -> None:
    """Damage one row behind the service's back, as a bad disk or a careless manual edit would."""
    await raw_execute(db_path, f"UPDATE games SET {column} = ? WHERE id = ?", text, game_id)


@pytest.mark.parametrize(
    ("column", "text"),
    [("state", '{"board": "unterminated'), ("state", "[1, 2, 3]"), ("state", '{"game": "shelfie", "version": 1}'),
     ("options", "not json")],
)
async def test_corrupted_row_is_reported_for_that_game_only(db_path: Path, clock: Clock, column: str,
                                                            text: str) -> None:
    svc = await TableService.open(db_path, clock=clock)
    broken = await started(svc, ANN, BOB, channel=1)
    healthy = await started(svc, ANN, BOB, channel=2)
    await svc.close()
    await corrupt(db_path, broken.game_id, column, text)

    svc = await TableService.open(db_path, clock=clock)
    try:
        with pytest.raises(CorruptGame) as err:
            await svc.table(broken.game_id)
        assert err.value.code == "corrupt_game" and err.value.params["game_id"] == broken.game_id
        with pytest.raises(CorruptGame):
            await svc.play(broken.game_id, ANN, "E5 1")
        audit = await svc.audit(broken.game_id)
        assert not audit.ok and audit.problem
        assert [t.game_id for t in await svc.tables_of(ANN)] == [healthy.game_id]
        await play_first_legal(svc, await svc.table(healthy.game_id))
        events = await svc.fire_due(clock.advance(2 * 24 * 3600))
        tables = [e.table if isinstance(e, TurnReminder) else e.result.table for e in events]
        assert tables and {t.game_id for t in tables} == {healthy.game_id}
        assert (await svc.audit(healthy.game_id)).ok
    finally:
        await svc.close()


async def test_audit_notices_a_state_that_does_not_follow_from_the_log(db_path: Path, clock: Clock) -> None:
    svc = await TableService.open(db_path, clock=clock)
    table = (await play_first_legal(svc, await started(svc, ANN, BOB))).table
    other = (await play_first_legal(svc, await started(svc, ANN, BOB, channel=3))).table
    await svc.close()
    [(state,)] = await raw_fetch(db_path, "SELECT state FROM games WHERE id = ?", other.game_id)
    await corrupt(db_path, table.game_id, "state", state)

    svc = await TableService.open(db_path, clock=clock)
    try:
        audit = await svc.audit(table.game_id)
        assert not audit.ok and "differs" in (audit.problem or "")
        assert (await svc.audit(other.game_id)).ok
    finally:
        await svc.close()


async def test_a_game_stored_before_an_option_existed_loads_with_its_default(db_path: Path, clock: Clock) -> None:
    svc = await TableService.open(db_path, clock=clock)
    table = await started(svc, ANN, BOB, options=GameOptions(players=2, hints=True, turn_timeout=3600))
    await svc.close()
    [(text,)] = await raw_fetch(db_path, "SELECT options FROM games WHERE id = ?", table.game_id)
    options = json.loads(text)
    del options["hints"], options["refill"]
    await corrupt(db_path, table.game_id, "options", json.dumps(options))

    svc = await TableService.open(db_path, clock=clock)
    try:
        loaded = await svc.table(table.game_id)
        assert loaded.options == GameOptions(players=2, hints=False, turn_timeout=3600,
                                             game={"first_game": False, "refill": "isolated"}, revision=FIRST_REVISION)
        assert (await play_first_legal(svc, loaded)).table.turn == 1
    finally:
        await svc.close()


async def test_an_admin_cancels_a_corrupted_game_and_frees_its_channel(db_path: Path, clock: Clock) -> None:
    svc = await TableService.open(db_path, clock=clock)
    broken = await started(svc, ANN, BOB, channel=CHANNEL, options=GameOptions(players=2, turn_timeout=3600))
    await svc.close()
    await corrupt(db_path, broken.game_id, "state", '{"board": "unterminated')
    await corrupt(db_path, broken.game_id, "options", "not json")

    svc = await TableService.open(db_path, clock=clock)
    try:
        with pytest.raises(CorruptGame):
            await svc.cancel(broken.game_id, ANN)
        with pytest.raises(ChannelBusy):
            await svc.open_lobby(GUILD, CHANNEL, BOB, "Bob", kind="shelfie")
        cancelled = await svc.cancel(broken.game_id, CAT, is_admin=True)
        assert (cancelled.status, cancelled.end_reason, cancelled.game) == ("cancelled", "corrupt", None)
        assert [s.user_id for s in cancelled.seats] == [s.user_id for s in broken.seats]
        assert await svc.next_deadline() is None
        assert await svc.tables_of(ANN) == []
        fresh = await svc.open_lobby(GUILD, CHANNEL, BOB, "Bob", kind="shelfie")
        assert (await svc.table_in_channel(CHANNEL)) == fresh
        with pytest.raises(CorruptGame):
            await svc.cancel(broken.game_id, CAT, is_admin=True)
    finally:
        await svc.close()
