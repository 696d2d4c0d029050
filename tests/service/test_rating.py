"""Skill ratings: openskill over the final ranks of 2-4 players, computers as unrated opponents."""
from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service import RatingEntry, TableService
from bot.service.rating import MODEL, rate_game, shown_rating
from tests.service.conftest import ANN, BOB, CAT, GUILD, Clock, play_first_legal, play_to_end, started


def test_the_winner_gains_and_the_loser_drops() -> None:
    (winner_mu, winner_sigma), (loser_mu, loser_sigma) = rate_game(
        [RatingEntry(1, None, 1, seats=2), RatingEntry(2, None, 2, seats=2)])
    assert winner_mu > MODEL.mu > loser_mu
    assert winner_sigma < MODEL.sigma and loser_sigma < MODEL.sigma
    assert shown_rating(winner_mu, winner_sigma) > shown_rating(loser_mu, loser_sigma)


def test_beating_a_stronger_player_is_worth_more() -> None:
    upset = rate_game([RatingEntry(1, None, 1, seats=2), RatingEntry(2, (35.0, 3.0), 2, seats=2)])[0]
    expected = rate_game([RatingEntry(1, None, 1, seats=2), RatingEntry(2, (15.0, 3.0), 2, seats=2)])[0]
    assert upset[0] > expected[0]


def test_computer_seats_count_as_opponents() -> None:
    (beat_two_computers,) = rate_game([RatingEntry(1, None, 1, seats=3)])
    (lost_to_both,) = rate_game([RatingEntry(1, None, 3, seats=3)])
    assert beat_two_computers[0] > MODEL.mu > lost_to_both[0]


def test_a_person_alone_keeps_their_rating() -> None:
    assert rate_game([RatingEntry(1, (30.0, 4.0), 1, seats=1)]) == [(30.0, 4.0)]
    assert rate_game([]) == []


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4).flatmap(lambda n: st.permutations(range(1, n + 1))))
def test_with_equal_priors_a_better_rank_never_rates_lower(ranks: list[int]) -> None:
    rated = rate_game([RatingEntry(user, None, rank, seats=len(ranks)) for user, rank in enumerate(ranks)])
    by_rank = [mu for _, mu in sorted(zip(ranks, (mu for mu, _ in rated)))]
    assert by_rank == sorted(by_rank, reverse=True)
    assert by_rank[0] > MODEL.mu > by_rank[-1]


async def test_a_finished_game_rates_everyone_and_a_cancelled_one_rates_nobody(tmp_path: Path,
                                                                               clock: Clock) -> None:
    svc = await TableService.open(tmp_path / "rated.sqlite3", clock=clock, rater=rate_game)
    try:
        result = await play_to_end(svc, await started(svc, ANN, BOB, CAT))
        ratings = {r.user_id: (r.mu, r.sigma) for r in await svc.leaderboard(GUILD, "shelfie", order="rating")}
        assert set(ratings) == {ANN, BOB, CAT}
        winner = next(s.seat.user_id for s in result.standings if s.won)
        last = result.standings[-1].seat.user_id
        assert ratings[winner][0] > MODEL.mu > ratings[last][0]
        table = await started(svc, ANN, BOB, CAT)
        for _ in range(4):
            table = (await play_first_legal(svc, table)).table
        await svc.cancel(table.game_id, ANN)
        assert {r.user_id: (r.mu, r.sigma) for r in await svc.leaderboard(GUILD, "shelfie", order="rating")} == ratings
        leaderboard = await svc.leaderboard(GUILD, "shelfie", order="rating")
        shown = [shown_rating(r.mu, r.sigma) for r in leaderboard if r.mu is not None and r.sigma is not None]
        assert shown == sorted(shown, reverse=True)
    finally:
        await svc.close()
