"""The final score (books.md "Score") and the ranking: 1 VP per book (the backpack's too), 2 per scored Little
Project, the printed Other Neat Stuff VP, the Major Accomplishments' VP, 1 per 4 battery left, the Lamp and the
end-game cards; a tie goes to the most books, then the victory is shared. Solo: the player wins with at least
Penelope's score, and loses at once on an empty Rival deck."""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Any

from ..protocol import Outcome, Termination, ranked_outcome, ranked_termination
from .data import BATTERY_PER_VP, BOOK_VP, MAJORS, PROJECT_VP
from .neat import end_scores, printed_vp
from .solo import score as penelope_score
from .solo import wins
from .state import Tabletop

__all__ = ["breakdown", "total", "standing"]


def breakdown(table: Tabletop, seat: int) -> dict[str, Any]:
    """The seat's points by part: books, projects, neat, majors, battery, then the Lamp and each end-game card
    by its effect name (cat_tree, reading_log, tall_bookcase, rainbow_shelf), and total."""
    player = table.players[seat]
    majors = 0
    for major in player.majors:
        first = table.penelope is not None or table.village.claims.get(major, [seat])[0] == seat
        majors += (MAJORS[major].first if first else MAJORS[major].later).get("vp", 0)
    parts: dict[str, Any] = {
        "books": BOOK_VP * player.apartment.books(),
        "projects": PROJECT_VP * len(player.scored),
        "neat": printed_vp(player.neat),
        "majors": majors,
        "battery": player.battery // BATTERY_PER_VP,
    }
    parts.update(end_scores(player))
    parts["total"] = sum(parts.values())
    return parts


def total(table: Tabletop, seat: int) -> int:
    total: int = breakdown(table, seat)["total"]
    return total


def standing(table: Tabletop, left: Collection[int] = ()) -> Outcome:
    """The ranking as the game stands: by score, a tie by the most books, then shared. Solo: the player places
    first when it wins against Penelope, second (no winner) when it loses; its points are the solo result, set up
    by Penelope's level."""
    gone = table.resigned | frozenset(left)
    termination = (ranked_termination(table.over, table.n_players, table.resigned) if table.n_players > 1
                   else _solo_termination(table))
    scores = [total(table, seat) for seat in range(table.n_players)]
    if table.penelope is not None:
        won = not table.lost and not gone and wins(scores[0], table.penelope)
        return Outcome(tuple(scores), (0,), (1 if won else 2,), frozenset({0}) if won else frozenset(),
                       termination, result=scores[0], setup=(("level", table.penelope.level),))
    books = [table.players[seat].apartment.books() for seat in range(table.n_players)]
    keyed = [score * 1000 + book for score, book in zip(scores, books)]
    return replace(ranked_outcome(keyed, gone, ties="shared", termination=termination), scores=tuple(scores))


def _solo_termination(table: Tabletop) -> Termination:
    if not table.over:
        return Termination.UNFINISHED
    return Termination.RESIGNED if table.resigned else Termination.COMPLETED


def rival_score(table: Tabletop) -> dict[str, int]:
    """Penelope's score by part (solo games)."""
    assert table.penelope is not None
    return penelope_score(table.penelope)
