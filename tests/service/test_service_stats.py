"""Per-guild results: recorded once when a game finishes, never for a cancelled one."""
from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.service import InvalidOption, PlayerStats, RatingEntry, Table, TableService
from tests.service.conftest import ANN, BOB, CAT, GUILD, Clock, play_first_legal, play_to_end, started


def stats_by_user(rows: list[PlayerStats]) -> dict[int, tuple[int, int, int, int]]:
    return {r.user_id: (r.games, r.wins, r.points, r.best) for r in rows}


async def test_finishing_records_each_persons_result(svc: TableService) -> None:
    table = await started(svc, ANN, BOB, computers=1)
    result = await play_to_end(svc, table)
    points = {s.seat.user_id: s.total for s in result.standings}
    winners = {s.seat.user_id for s in result.standings if s.won}
    for user in (ANN, BOB):
        stats = await svc.stats(GUILD, user, "shelfie")
        assert stats is not None
        assert (stats.games, stats.wins, stats.points, stats.best) == (1, int(user in winners), points[user],
                                                                      points[user])
        assert stats.average == points[user] and stats.name in ("Ann", "Bob")
    assert await svc.stats(GUILD + 1, ANN, "shelfie") is None
    assert {r.user_id for r in await svc.leaderboard(GUILD, "shelfie")} == {ANN, BOB}


async def test_results_accumulate_over_games(svc: TableService) -> None:
    first = await play_to_end(svc, await started(svc, ANN, BOB))
    second = await play_to_end(svc, await started(svc, ANN, BOB, CAT))
    ann_points = [next(s.total for s in r.standings if s.seat.user_id == ANN) for r in (first, second)]
    ann_wins = sum(next(s.won for s in r.standings if s.seat.user_id == ANN) for r in (first, second))
    stats = await svc.stats(GUILD, ANN, "shelfie")
    assert stats is not None
    assert (stats.games, stats.wins, stats.points, stats.best) == (2, ann_wins, sum(ann_points), max(ann_points))
    assert stats.average == sum(ann_points) / 2 and stats.win_rate == ann_wins / 2
    cat = await svc.stats(GUILD, CAT, "shelfie")
    assert cat is not None and cat.games == 1


async def test_cancelling_changes_no_stats(svc: TableService) -> None:
    await play_to_end(svc, await started(svc, ANN, BOB))
    before = stats_by_user(await svc.leaderboard(GUILD, "shelfie"))
    table = await started(svc, ANN, BOB)
    for _ in range(6):
        table = (await play_first_legal(svc, table)).table
    await svc.cancel(table.game_id, ANN)
    assert stats_by_user(await svc.leaderboard(GUILD, "shelfie")) == before


async def test_leaderboard_orders(svc: TableService) -> None:
    for _ in range(2):
        await play_to_end(svc, await started(svc, ANN, BOB, CAT))
    by_wins = await svc.leaderboard(GUILD, "shelfie", order="wins")
    assert [r.wins for r in by_wins] == sorted((r.wins for r in by_wins), reverse=True)
    by_average = await svc.leaderboard(GUILD, "shelfie", order="average")
    assert [r.average for r in by_average] == sorted((r.average for r in by_average), reverse=True)
    assert len(await svc.leaderboard(GUILD, "shelfie", limit=2)) == 2
    with pytest.raises(InvalidOption):
        await svc.leaderboard(GUILD, "shelfie", order="luck")


async def test_a_rating_hook_updates_ratings_with_the_result(tmp_path: Path, clock: Clock) -> None:
    seen: list[list[RatingEntry]] = []

    def rater(entries: Sequence[RatingEntry]) -> list[tuple[float, float]]:
        seen.append(list(entries))
        return [((e.rating or (25.0, 8.0))[0] + (1.0 if e.rank == 1 else -1.0), 8.0) for e in entries]

    svc = await TableService.open(tmp_path / "rated.sqlite3", clock=clock, rater=rater)
    try:
        result = await play_to_end(svc, await started(svc, ANN, BOB))
        winner = next(s.seat.user_id for s in result.standings if s.won)
        assert [e.rating for e in seen[0]] == [None, None]
        after_first = await svc.stats(GUILD, winner, "shelfie")
        assert after_first is not None and after_first.mu == 26.0
        await play_to_end(svc, await started(svc, ANN, BOB))
        assert all(e.rating is not None for e in seen[1])
        rated = await svc.leaderboard(GUILD, "shelfie", order="rating")
        assert all(r.mu is not None and r.sigma == 8.0 for r in rated)
        assert winner in {r.user_id for r in rated}
    finally:
        await svc.close()


async def one_move_from_the_end(svc: TableService, table: Table) -> Table:
    """Play first legal moves until the next one would finish the game."""
    while True:
        assert table.game is not None
        after = table.game.copy()
        after.apply(table.game.legal_moves()[0])
        if after.is_over:
            return table
        table = (await play_first_legal(svc, table)).table


async def test_two_games_of_one_player_finishing_at_once_both_count_in_the_rating(tmp_path: Path,
                                                                                  clock: Clock) -> None:
    def one_more_game(entries: Sequence[RatingEntry]) -> list[tuple[float, float]]:
        return [((e.rating or (0.0, 8.0))[0] + 1.0, 8.0) for e in entries]

    svc = await TableService.open(tmp_path / "rated.sqlite3", clock=clock, rater=one_more_game)
    try:
        first = await one_move_from_the_end(svc, await started(svc, ANN, BOB, channel=1))
        second = await one_move_from_the_end(svc, await started(svc, ANN, CAT, channel=2))
        results = await asyncio.gather(play_first_legal(svc, first), play_first_legal(svc, second))
        assert all(r.finished for r in results)
        ann = await svc.stats(GUILD, ANN, "shelfie")
        assert ann is not None and (ann.games, ann.mu) == (2, 2.0)
    finally:
        await svc.close()
