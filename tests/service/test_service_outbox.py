"""The outbox: every step that changes what a channel sees records its announcement in the step's own
transaction, and an announcement rebuilt from the move log says what the live result said."""
from __future__ import annotations

from bot.service import TableService
from bot.store import Store
from bot.store.schema import MIGRATIONS
from tests.raw_database import old_database, raw_execute
from tests.service.conftest import ANN, BOB, play_first_legal, play_to_end, started


def _turns(result) -> list[tuple]:
    return [(t.seat.index, t.kind, str(t.move), t.report) for t in result.turns]


async def test_start_moves_and_cancel_each_leave_one_pending_announcement_in_order(svc: TableService) -> None:
    table = await started(svc, ANN, BOB, computers=1)
    result = await play_first_legal(svc, table)
    cancelled = await svc.cancel(table.game_id, ANN)
    pending = (await svc.outbox(table.game_id)).pending
    assert [a.event for a in pending] == ["start", "move", "cancel"]
    assert [a.version for a in pending] == sorted(a.version for a in pending)
    move = pending[1]
    assert (move.first_seq, move.last_seq) == (table.turn + 1, result.table.turn)
    assert pending[2].version == cancelled.version and pending[2].first_seq > pending[2].last_seq


async def test_a_rebuilt_announcement_reports_what_the_live_result_reported(svc: TableService) -> None:
    table = await started(svc, ANN, BOB, computers=2)
    live = await play_first_legal(svc, table)
    [start, move] = (await svc.outbox(table.game_id)).pending
    rebuilt = await svc.replayed_result(move)
    assert _turns(rebuilt) == _turns(live) and len(live.turns) >= 1
    assert rebuilt.table.version == live.table.version == move.version
    await svc.announcement_posted(start, 11, "started")
    await svc.announcement_posted(move, 12, "moved")
    assert (await svc.outbox(table.game_id)).pending == []
    assert (await svc.live_announcement(table.game_id)).message_id == 12


async def test_a_posted_turn_becomes_the_live_one_and_the_turn_message_and_settles_the_one_it_collapsed(
        svc: TableService, db_path: Path) -> None:
    table = await started(svc, ANN, BOB)
    [start] = (await svc.outbox(table.game_id)).pending
    await svc.turn_posted(start, 11, "started", None)
    await play_first_legal(svc, table)
    [move] = (await svc.outbox(table.game_id)).pending
    live = await svc.live_announcement(table.game_id)
    assert live.version == start.version and (await svc.table(table.game_id)).turn_message_id == 11

    await svc.turn_posted(move, 12, "moved", live)
    assert (await svc.outbox(table.game_id)).pending == []
    now = await svc.live_announcement(table.game_id)
    assert (now.version, now.message_id, now.summary) == (move.version, 12, "moved")
    assert (await svc.outbox(table.game_id)).live == now
    settled = await svc.announcement(table.game_id, start.version)
    assert (settled.message_id, settled.summary) == (11, None), "collapsed: no longer waits to be"
    assert (await svc.table(table.game_id)).turn_message_id == 12
    fresh = await TableService.open(db_path)  # what a restart reads: the commit, not the cache
    try:
        assert (await fresh.table(table.game_id)).turn_message_id == 12
        assert (await fresh.live_announcement(table.game_id)).version == move.version
    finally:
        await fresh.close()


async def test_the_last_announcement_of_a_finished_game_carries_its_standings(svc: TableService) -> None:
    table = await started(svc, ANN, BOB)
    final = await play_to_end(svc, table)
    last = (await svc.outbox(table.game_id)).pending[-1]
    rebuilt = await svc.replayed_result(last)
    assert rebuilt.finished and rebuilt.standings == final.standings


async def test_a_repeated_confirm_finds_its_own_move_in_the_log(svc: TableService) -> None:
    table = await started(svc, ANN, BOB)
    mover = table.current_seat.user_id
    other = BOB if mover == ANN else ANN
    move = table.game.legal_moves()[0]
    await svc.play(table.game_id, mover, move, turn=table.turn)
    assert await svc.was_played(table.game_id, table.turn, mover, move)
    assert not await svc.was_played(table.game_id, table.turn, other, move)
    assert not await svc.was_played(table.game_id, table.turn, mover, table.game.legal_moves()[1])


async def test_a_database_of_the_first_schema_migrates_and_keeps_its_games(db_path: str) -> None:
    await old_database(db_path, 1)
    await raw_execute(db_path, "INSERT INTO games (guild_id, channel_id, place_id, status, options, host_id, seed,"
                               " created_at, updated_at) VALUES (1, 10, 10, 'lobby', '{}', 101, 7, 0, 0)")
    store = await Store.open(db_path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert (await store.load_game(1)).game.status == "lobby"
        assert await store.outbox(1) == ([], None)
    finally:
        await store.close()
