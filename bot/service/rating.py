"""Skill ratings from finished games: openskill's Plackett-Luce model, which ranks 2-4 players at once.

The service calls `rate_game` (its `Rater` hook) when a game finishes and stores the new ratings in the
transaction that records the result, so a rating changes exactly when the stats do, and a cancelled or
abandoned game changes neither. Finishing games are serialised in the service (reading the priors and
saving), so two games of one player ending at the same moment both count.

Computer seats are opponents with the model's default rating that is never updated: beating the
computer counts, but the computer has no rating of its own to inflate or drain.
"""
from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from bot.service.models import RatingEntry

MODEL = PlackettLuce()


def shown_rating(mu: float, sigma: float) -> float:
    """The number people see and the leaderboard sorts by: mu - 3 sigma, low until enough games are played."""
    return mu - 3 * sigma


def rate_game(entries: Sequence[RatingEntry]) -> list[tuple[float, float]]:
    """New (mu, sigma) for each person, in the order given, from their final ranks.

    Ranks come from the service's standings (1 = winner; a tie on points is already broken the way the
    engine picks the winner). Ranks of the game's seats that no person holds belong to computers.
    """
    people = [MODEL.rating(*entry.rating) if entry.rating else MODEL.rating() for entry in entries]
    seats = max([entry.seats for entry in entries] + [entry.rank for entry in entries], default=0)
    computer_ranks = sorted(set(range(1, seats + 1)) - {entry.rank for entry in entries})
    if len(people) + len(computer_ranks) < 2:
        return [(rating.mu, rating.sigma) for rating in people]
    teams = [[rating] for rating in people] + [[MODEL.rating()] for _ in computer_ranks]
    ranks = [float(entry.rank) for entry in entries] + [float(rank) for rank in computer_ranks]
    rated = MODEL.rate(teams, ranks=ranks)
    return [(team[0].mu, team[0].sigma) for team in rated[: len(people)]]
