"""Many clicks at once: one applies, the rest are refused; games never block each other's progress."""
from __future__ import annotations

import asyncio

import pytest

from bot.service import NotYourTurn, PlayResult, StaleTurn, TableService
from tests.service.conftest import ANN, BOB, CAT, DAN, started


async def test_fifty_clicks_on_one_turn_apply_once(svc: TableService) -> None:
    table = await started(svc, ANN, BOB)
    mover = table.current_seat
    assert mover is not None and table.game is not None
    move = table.game.legal_moves()[0]
    outcomes = await asyncio.gather(
        *(svc.play(table.game_id, mover.user_id, move, turn=table.turn) for _ in range(50)), return_exceptions=True)
    applied = [o for o in outcomes if isinstance(o, PlayResult)]
    assert len(applied) == 1
    assert all(isinstance(o, StaleTurn) for o in outcomes if o is not applied[0])
    after = await svc.table(table.game_id)
    assert after.turn == 1 and after.version == table.version + 1
    audit = await svc.audit(table.game_id)
    assert audit.ok and audit.moves == 1


async def test_fifty_clicks_without_a_turn_number_apply_once_between_people(svc: TableService) -> None:
    table = await started(svc, ANN, BOB)
    mover = table.current_seat
    assert mover is not None and table.game is not None
    moves = table.game.legal_moves()
    outcomes = await asyncio.gather(
        *(svc.play(table.game_id, mover.user_id, moves[i % len(moves)]) for i in range(50)), return_exceptions=True)
    assert sum(isinstance(o, PlayResult) for o in outcomes) == 1
    assert sum(isinstance(o, NotYourTurn) for o in outcomes) == 49
    assert (await svc.audit(table.game_id)).moves == 1


async def test_double_click_against_computers_applies_once(svc: TableService) -> None:
    """After the computers answer, the same person is to move again: only the turn number tells a repeat."""
    table = await started(svc, ANN, computers=1)
    assert table.game is not None
    move = table.game.legal_moves()[0]
    first, second = await asyncio.gather(svc.play(table.game_id, ANN, move, turn=table.turn),
                                         svc.play(table.game_id, ANN, move, turn=table.turn), return_exceptions=True)
    assert isinstance(first, PlayResult) and isinstance(second, StaleTurn)
    assert (await svc.table(table.game_id)).turn == table.turn + 2


async def test_moves_in_many_games_at_once_all_apply(svc: TableService) -> None:
    tables = [await started(svc, ANN, BOB, CAT, DAN, channel=c) for c in range(100, 120)]

    async def play_rounds(game_id: int) -> None:
        for _ in range(8):
            table = await svc.table(game_id)
            seat = table.current_seat
            assert seat is not None and table.game is not None
            await svc.play(game_id, seat.user_id, table.game.legal_moves()[-1], turn=table.turn)

    await asyncio.gather(*(play_rounds(t.game_id) for t in tables))
    for table in tables:
        assert (await svc.table(table.game_id)).turn == 8
        assert (await svc.audit(table.game_id)).ok


async def test_a_second_process_with_a_stale_copy_cannot_overwrite(svc: TableService, db_path) -> None:
    table = await started(svc, ANN, BOB)
    other = await TableService.open(db_path)
    try:
        stale = await other.table(table.game_id)
        mover = stale.current_seat
        assert mover is not None and stale.game is not None
        moves = stale.game.legal_moves()
        await svc.play(table.game_id, mover.user_id, moves[0], turn=0)
        with pytest.raises(StaleTurn):  # its commit found a newer version: decided again on the stored game
            await other.play(table.game_id, mover.user_id, moves[-1], turn=0)
        log = await other.audit(table.game_id)
        assert log.ok and log.moves == 1
        assert (await other.table(table.game_id)).game == (await svc.table(table.game_id)).game
    finally:
        await other.close()
