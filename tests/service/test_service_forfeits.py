"""Leaving a game is a loss: a person replaced after timing out, or resigned, ranks behind every seat still
playing, in the standings, the stats and the rating, whether the game finishes or is abandoned."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bot.service import GameOptions, RatingEntry, Table, TableService, TurnTimedOut
from tests.service.conftest import ANN, BOB, GUILD, Clock, play_first_legal, play_to_end, started

HOUR = 3600
OPTIONS = GameOptions(players=4, turn_timeout=HOUR)


async def let_ann_time_out_until_replaced(svc: TableService, clock: Clock, table: Table) -> Table:
    """Ann lets every turn of hers run out; everybody else plays in time."""
    while (ann := table.seat_of(ANN)) is not None and ann.is_human:
        seat = table.current_seat
        assert seat is not None and seat.user_id is not None
        if seat.user_id == ANN:
            [timed_out] = [e for e in await svc.fire_due(clock.advance(HOUR)) if isinstance(e, TurnTimedOut)]
            table = timed_out.result.table
        else:
            table = (await play_first_legal(svc, table)).table
    return table


async def test_a_replaced_absentee_ranks_last_when_the_game_finishes(db_path: Path, clock: Clock) -> None:
    rated: list[list[RatingEntry]] = []

    def rater(entries: Sequence[RatingEntry]) -> list[tuple[float, float]]:
        rated.append(list(entries))
        return [(25.0 + (len(entries) - e.rank), 8.0) for e in entries]

    svc = await TableService.open(db_path, clock=clock, rater=rater)
    try:
        table = await let_ann_time_out_until_replaced(svc, clock, await started(svc, ANN, BOB, computers=1,
                                                                               options=OPTIONS))
        assert table.status == "active", "Bob still plays, so the game goes on"
        result = await play_to_end(svc, table)
        assert result.finished
        last = result.standings[-1]
        assert (last.seat.user_id, last.rank, last.won, last.replaced) == (ANN, 3, False, True)
        assert [s.rank for s in result.standings] == [1, 2, 3]
        assert sum(s.won for s in result.standings) == 1
        [entries] = rated
        assert {e.user_id: e.rank for e in entries}[ANN] == 3 and all(e.seats == 3 for e in entries)
        ann = await svc.stats(GUILD, ANN, "shelfie")
        assert ann is not None and (ann.games, ann.wins) == (1, 0)
    finally:
        await svc.close()


async def test_everyone_replaced_still_scores_each_absentee_a_loss(svc: TableService, clock: Clock) -> None:
    table = await started(svc, ANN, BOB, options=OPTIONS)
    timeouts: list[TurnTimedOut] = []
    while table.status == "active":
        timeouts += [e for e in await svc.fire_due(clock.advance(HOUR)) if isinstance(e, TurnTimedOut)]
        table = timeouts[-1].result.table
    assert (table.status, table.end_reason) == ("cancelled", "abandoned")
    standings = timeouts[-1].result.standings
    assert {s.seat.user_id for s in standings} == {ANN, BOB}
    assert all(s.replaced and not s.won for s in standings)
    for user in (ANN, BOB):
        stats = await svc.stats(GUILD, user, "shelfie")
        assert stats is not None and (stats.games, stats.wins) == (1, 0)


async def test_resigning_and_timing_out_rank_alike_behind_the_players_left(svc: TableService,
                                                                           clock: Clock) -> None:
    table = await let_ann_time_out_until_replaced(svc, clock, await started(svc, ANN, BOB, computers=2,
                                                                           options=OPTIONS))
    result = await svc.resign(table.game_id, BOB)
    assert (result.table.status, result.table.end_reason) == ("cancelled", "abandoned")
    people = [s for s in result.standings if s.seat.user_id is not None]
    computers = [s for s in result.standings if s.seat.user_id is None]
    assert max(s.rank for s in computers) < min(s.rank for s in people)
    assert {(s.seat.user_id, s.resigned, s.replaced) for s in people} == {(ANN, False, True), (BOB, True, False)}
    assert [s.won for s in result.standings] == [True, False, False, False]
