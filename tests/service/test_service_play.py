"""Turns: who may move, stale clicks, illegal moves, computers following, resigning, and the end."""
from __future__ import annotations

import pytest

from bot.service import (
    GameOver,
    IllegalMoveError,
    NotInGame,
    NotStarted,
    NotYourTurn,
    StaleTurn,
    StepNotShown,
    Table,
    TableService,
)
from tests.service.conftest import ANN, BOB, CAT, lobby, play_first_legal, play_to_end, shown, started


async def assert_unchanged(svc: TableService, table: Table) -> None:
    """A refusal left the game, its log and its version exactly as they were."""
    now = await svc.table(table.game_id)
    assert (now.version, now.turn, now.status) == (table.version, table.turn, table.status)
    assert now.game is not None and table.game is not None and now.game.to_dict() == table.game.to_dict()
    assert (await svc.audit(table.game_id)).moves == table.turn


async def test_a_move_is_applied_logged_and_passes_the_turn(svc: TableService) -> None:
    table = await started(svc, ANN, BOB)
    mover = table.current_seat
    assert mover is not None and table.game is not None
    move = table.game.legal_moves()[0]
    result = await svc.play(table.game_id, mover.user_id, str(move), turn=table.turn)
    assert [(t.seat, t.kind, t.move) for t in result.turns] == [(mover, "move", move)]
    assert result.turns[0].report.next_seat == 1 - mover.index
    assert result.table.turn == 1 and result.table.version == table.version + 1
    assert result.table.current_seat == table.seats[1 - mover.index]
    assert (await svc.audit(table.game_id)).ok


async def test_moving_out_of_turn(svc: TableService) -> None:
    table = await started(svc, ANN, BOB)
    waiting = table.seats[1]
    assert table.game is not None
    with pytest.raises(NotYourTurn) as err:
        await svc.play(table.game_id, waiting.user_id, table.game.legal_moves()[0])
    assert err.value.params["current_user_id"] == table.seats[0].user_id
    assert err.value.params["current_name"] == table.seats[0].name
    await assert_unchanged(svc, table)


async def test_moving_in_a_game_you_are_not_in(svc: TableService) -> None:
    table = await started(svc, ANN, BOB)
    with pytest.raises(NotInGame):
        await svc.play(table.game_id, CAT, "E4 1")
    with pytest.raises(NotInGame):
        await svc.resign(table.game_id, CAT)
    await assert_unchanged(svc, table)


async def test_moving_before_the_start(svc: TableService) -> None:
    table = await lobby(svc, ANN, BOB)
    with pytest.raises(NotStarted):
        await svc.play(table.game_id, ANN, "E4 1")
    with pytest.raises(NotStarted):
        await svc.resign(table.game_id, ANN)


@pytest.mark.parametrize(
    ("text", "reason"),
    [("hello", None), ("E4 E5", "no_column"), ("A1 1", "unused_space"), ("E5 9", None), ("E4 E4 1", None)],
)
async def test_illegal_or_garbled_moves_are_explained_and_change_nothing(svc: TableService, text: str,
                                                                         reason: str | None) -> None:
    table = await started(svc, ANN, BOB)
    mover = table.current_seat
    assert mover is not None
    with pytest.raises(IllegalMoveError) as err:
        await svc.play(table.game_id, mover.user_id, text)
    assert err.value.code == "illegal_move" and str(err.value)
    assert err.value.params["reason"] == err.value.reason
    if reason is not None:
        assert err.value.reason == reason
    await assert_unchanged(svc, table)


async def test_a_click_from_an_older_turn_is_stale(svc: TableService) -> None:
    table = await started(svc, ANN, BOB)
    after = (await play_first_legal(svc, table)).table
    await shown(svc, table.game_id)
    second = after.current_seat
    assert second is not None and after.game is not None
    with pytest.raises(StaleTurn) as err:
        await svc.play(table.game_id, second.user_id, after.game.legal_moves()[0], turn=table.turn)
    assert type(err.value) is StaleTurn
    assert err.value.params == {"game_id": table.game_id, "seen": 0, "current": 1}
    await assert_unchanged(svc, after)


async def test_a_click_from_the_turn_the_channel_still_shows_says_what_went_through(svc: TableService) -> None:
    """The bot died between Ann's move and its post; Bob clicks the turn message the channel still shows."""
    wanted: list[int] = []
    svc.add_unshown_listener(wanted.append)
    table = await started(svc, ANN, BOB)
    await shown(svc, table.game_id)
    mover = table.current_seat
    after = (await play_first_legal(svc, table)).table
    second = after.current_seat
    assert mover is not None and second is not None and after.game is not None
    with pytest.raises(StepNotShown) as err:
        await svc.play(table.game_id, second.user_id, after.game.legal_moves()[0], turn=table.turn)
    assert err.value.params["player"] == mover.name and not err.value.params["yours"]
    assert wanted == [table.game_id], "the bot is asked to post the waiting announcement"
    await assert_unchanged(svc, after)


async def test_computers_answer_a_person_at_once(svc: TableService) -> None:
    table = await started(svc, ANN, computers=2)
    result = await play_first_legal(svc, table)
    assert [t.kind for t in result.turns] == ["move", "auto", "auto"]
    assert result.table.current_seat is not None and result.table.current_seat.user_id == ANN
    assert result.table.turn == table.turn + 3
    audit = await svc.audit(table.game_id)
    assert audit.ok and audit.moves == result.table.turn


async def test_a_game_played_to_the_end(svc: TableService) -> None:
    table = await started(svc, ANN, BOB, computers=1)
    result = await play_to_end(svc, table)
    assert result.finished and result.table.end_reason == "completed"
    assert result.table.game is not None and result.table.game.is_over
    standings = result.standings
    assert [s.rank for s in standings] == [1, 2, 3]
    assert sum(s.won for s in standings) == 1 and standings[0].won
    assert standings[0].total >= standings[1].total >= standings[2].total
    assert all(s.total == s.breakdown["total"] for s in standings)
    assert await svc.table_in_channel(table.channel_id) is None
    with pytest.raises(GameOver):
        await svc.play(table.game_id, ANN, "E4 1")
    assert (await svc.audit(table.game_id)).ok


async def test_resigning_in_a_two_player_game_ends_it_for_the_other(svc: TableService) -> None:
    table = await started(svc, ANN, BOB)
    result = await svc.resign(table.game_id, BOB)
    assert result.turns[0].kind == "resign" and result.turns[0].move is None
    assert result.finished
    winner = next(s for s in result.standings if s.won)
    assert winner.seat.user_id == ANN
    assert next(s for s in result.standings if s.seat.user_id == BOB).resigned
    assert (await svc.audit(table.game_id)).ok


async def test_a_resigned_player_cannot_move_and_the_game_goes_on(svc: TableService) -> None:
    table = await started(svc, ANN, BOB, CAT)
    quitter = table.current_seat
    assert quitter is not None
    result = await svc.resign(table.game_id, quitter.user_id)
    assert result.table.status == "active"
    assert result.table.current_seat == table.seats[1]
    with pytest.raises(NotInGame):
        await svc.resign(table.game_id, quitter.user_id)
    await play_first_legal(svc, result.table)
    assert (await svc.audit(table.game_id)).ok


async def test_the_last_person_resigning_against_computers_abandons_the_game_as_their_loss(
        svc: TableService) -> None:
    table = await started(svc, ANN, computers=2)
    result = await svc.resign(table.game_id, ANN)
    assert (result.table.status, result.table.end_reason) == ("cancelled", "abandoned")
    assert [(s.seat.user_id, s.rank, s.won, s.resigned) for s in result.standings][-1] == (ANN, 3, False, True)
    stats = await svc.stats(table.guild_id, ANN, "shelfie")
    assert stats is not None and (stats.games, stats.wins) == (1, 0)


async def test_games_reload_identically_after_reopening(svc: TableService, db_path, clock) -> None:
    table = (await play_first_legal(svc, await started(svc, ANN, BOB))).table
    other = await TableService.open(db_path, clock=clock)
    try:
        reloaded = await other.table(table.game_id)
        assert reloaded == table
        assert reloaded.game is not None and table.game is not None
        assert reloaded.game.to_dict() == table.game.to_dict()
        await play_first_legal(other, reloaded)
    finally:
        await other.close()


async def test_a_small_cache_still_serves_every_game(db_path, clock) -> None:
    svc = await TableService.open(db_path, clock=clock, cache_size=2)
    try:
        tables = [await started(svc, ANN, BOB, channel=c) for c in range(20, 26)]
        for table in tables:
            await play_first_legal(svc, table)
        for table in tables:
            assert (await svc.table(table.game_id)).turn == 1
            assert (await svc.audit(table.game_id)).ok
    finally:
        await svc.close()


async def test_message_ids_and_threads_survive_a_restart(svc: TableService, db_path, clock) -> None:
    table = await started(svc, ANN, BOB)
    await svc.set_lobby_message(table.game_id, 9001)
    await svc.set_turn_message(table.game_id, 9002)
    version = (await svc.table(table.game_id)).version
    other = await TableService.open(db_path, clock=clock)
    try:
        reloaded = await other.table(table.game_id)
        assert (reloaded.lobby_message_id, reloaded.turn_message_id, reloaded.version) == (9001, 9002, version)
        assert [t.game_id for t in await other.tables_of(ANN, guild_id=table.guild_id)] == [table.game_id]
        assert await other.tables_of(ANN, guild_id=table.guild_id + 1) == []
    finally:
        await other.close()
