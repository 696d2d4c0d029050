"""A typed move carries when it was sent: one sent before the current turn began (beyond the clocks' tolerance),
or whose turn changed while it waited for the game, is out of date. Here the bot's outbox is played by `shown`:
a typed move is judged against what the channel showed (tests/bot/test_e2e_step_retries.py)."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.service import BoardChanged, StaleTurn, StepNotShown, TableService
from bot.service.turns import SENT_AT_TOLERANCE
from tests.service.conftest import ANN, BOB, Clock, play_first_legal, shown, started


async def test_a_burst_of_typed_moves_against_a_computer_applies_only_the_first(svc: TableService,
                                                                                  clock: Clock) -> None:
    table = await started(svc, ANN, computers=1)
    await shown(svc, table.game_id)
    assert table.game is not None and table.current_seat is not None and table.current_seat.user_id == ANN
    sent = clock.now
    moves = table.game.legal_moves()[:3]
    clock.advance(0.5)  # the burst reaches the service a moment after it was sent
    results = await asyncio.gather(*(svc.play(table.game_id, ANN, move, sent_at=sent) for move in moves),
                                   return_exceptions=True)
    first, *later = results
    assert not isinstance(first, BaseException)
    assert [t.kind for t in first.turns] == ["move", "auto"], "the computer answered the first move"
    assert all(isinstance(r, BoardChanged) and r.params["mover"] is None for r in later), "Ann's turn again"
    after = await svc.table(table.game_id)
    assert after.turn == first.table.turn == table.turn + 2
    assert after.game is not None and first.table.game is not None
    assert after.game.to_dict() == first.table.game.to_dict(), "the refused moves changed nothing"
    assert (await svc.audit(table.game_id)).ok


async def test_a_typed_move_sent_after_the_turn_began_plays(svc: TableService, clock: Clock) -> None:
    table = await started(svc, ANN, computers=1)
    await shown(svc, table.game_id)
    assert table.game is not None
    first = await svc.play(table.game_id, ANN, table.game.legal_moves()[0], sent_at=clock.now)
    await shown(svc, table.game_id)
    clock.advance(30)
    assert first.table.game is not None
    second = await svc.play(table.game_id, ANN, first.table.game.legal_moves()[0], sent_at=clock.now)
    assert second.table.turn == first.table.turn + 2


async def test_the_comparison_allows_the_clocks_tolerance_in_whole_milliseconds_like_a_snowflake(
        db_path: Path) -> None:
    """The bot's clock may run ahead of Discord's: a move whose snowflake says it was sent up to
    SENT_AT_TOLERANCE before the turn began (by the bot's clock) still plays; one sent earlier does not."""
    clock = Clock(1_800_000_000.0004 + SENT_AT_TOLERANCE)  # the turn begins 0.4 ms into a millisecond
    svc = await TableService.open(db_path, clock=clock)
    try:
        table = await started(svc, ANN, computers=1)
        await shown(svc, table.game_id)
        assert table.game is not None
        with pytest.raises(BoardChanged):
            await svc.play(table.game_id, ANN, table.game.legal_moves()[0], sent_at=1_799_999_999.999)
        played = await svc.play(table.game_id, ANN, table.game.legal_moves()[0], sent_at=1_800_000_000.0)
        assert played.table.turn == table.turn + 2
    finally:
        await svc.close()


async def test_when_the_turn_began_survives_a_restart(db_path: Path, clock: Clock) -> None:
    svc = await TableService.open(db_path, clock=clock)
    table = await started(svc, ANN, BOB)
    sent = clock.now
    clock.advance(10)
    table = (await play_first_legal(svc, table)).table
    await svc.close()
    svc = await TableService.open(db_path, clock=clock)
    try:
        reloaded = await svc.table(table.game_id)
        assert reloaded.turn_started_at == clock.now
        seat = reloaded.current_seat
        assert seat is not None and seat.user_id is not None and reloaded.game is not None
        with pytest.raises(StaleTurn):
            await svc.play(table.game_id, seat.user_id, reloaded.game.legal_moves()[0], sent_at=sent)
        assert (await svc.table(table.game_id)).turn == reloaded.turn
    finally:
        await svc.close()


async def test_a_move_typed_after_the_turn_began_plays_though_the_bots_clock_runs_ahead(
        svc: TableService, clock: Clock) -> None:
    """Discord stamps the move half a second before the turn began by the bot's clock (the bot's clock is ahead):
    it was typed on the board the player saw, so it plays."""
    table = await started(svc, ANN, BOB)
    await shown(svc, table.game_id)
    seat = table.current_seat
    assert seat is not None and seat.user_id is not None and table.game is not None
    played = await svc.play(table.game_id, seat.user_id, table.game.legal_moves()[0], sent_at=clock.now - 0.5)
    assert played.table.turn == table.turn + 1


async def test_a_move_typed_before_another_players_move_names_who_acts_now(svc: TableService, clock: Clock) -> None:
    table = await started(svc, ANN, BOB)
    first = table.current_seat
    assert first is not None and first.user_id is not None
    sent = clock.now
    clock.advance(10)
    moved = (await play_first_legal(svc, table)).table
    assert moved.game is not None and moved.current_seat is not None
    with pytest.raises(BoardChanged) as refused:
        await svc.play(table.game_id, first.user_id, moved.game.legal_moves()[0], sent_at=sent)
    assert refused.value.params["mover"] == moved.current_seat.name
    assert isinstance(refused.value, StaleTurn), "a StaleTurn like any out-of-date action"


async def test_a_typed_move_that_arrived_before_the_board_changed_is_refused_within_the_clock_tolerance(
        svc: TableService, clock: Clock) -> None:
    """A burst whose first move and the computer's answer are done within the clocks' tolerance: the second
    move arrived (`seen_turn`) before the board changed, so it is refused though its time stamp is close."""
    table = await started(svc, ANN, computers=1)
    await shown(svc, table.game_id)
    assert table.game is not None
    sent, seen = clock.now, table.turn
    first = await svc.play(table.game_id, ANN, table.game.legal_moves()[0], sent_at=sent, seen_turn=seen)
    clock.advance(SENT_AT_TOLERANCE / 10)
    assert first.table.game is not None
    with pytest.raises(BoardChanged):
        await svc.play(table.game_id, ANN, first.table.game.legal_moves()[0], sent_at=sent, seen_turn=seen)
    assert (await svc.table(table.game_id)).turn == first.table.turn


async def test_a_move_typed_before_the_channel_showed_the_last_step_is_refused_saying_what_went_through(
        svc: TableService, clock: Clock) -> None:
    """The bot died between Ann's step and its post; she types again once it is back: refused, the bot asked
    to post the step, and applied once."""
    wanted: list[int] = []
    svc.add_unshown_listener(wanted.append)
    table = await started(svc, ANN, BOB)
    await shown(svc, table.game_id)
    seat = table.current_seat
    assert seat is not None and seat.user_id is not None and table.game is not None
    move = table.game.legal_moves()[0]
    await svc.play(table.game_id, seat.user_id, move, sent_at=clock.now)
    clock.advance(30)
    with pytest.raises(StepNotShown) as refused:
        await svc.play(table.game_id, seat.user_id, move, sent_at=clock.now)
    assert refused.value.params["yours"] and refused.value.params["step"] == str(move)
    assert wanted == [table.game_id]
    clock.advance(1)
    await shown(svc, table.game_id)
    clock.advance(30)
    other = next(s for s in table.seats if s.user_id != seat.user_id)
    after = await svc.table(table.game_id)
    assert after.turn == table.turn + 1, "applied once"
    played = await svc.play(table.game_id, other.user_id, after.game.legal_moves()[0], sent_at=clock.now)
    assert played.table.turn == table.turn + 2, "once shown, the next step plays"
