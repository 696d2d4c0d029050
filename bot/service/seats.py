"""What a table's seats become: renumbered in a lobby, stored as rows, ranked at the end of a game."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.protocol import AnyState
from engine.registry import rules_of

from bot.service.models import Seat, Standing, Table
from bot.store import SeatRow


def seat_rows(seats: Sequence[Seat]) -> tuple[SeatRow, ...]:
    return tuple(SeatRow(s.index, s.user_id, s.name, s.level, s.expired_turns) for s in seats)


def reindexed(seats: Sequence[Seat]) -> tuple[Seat, ...]:
    return tuple(replace(s, index=i) for i, s in enumerate(seats))


def replaced(seat: Seat) -> bool:
    """A person whose seat a computer took over after 3 expired turns in a row."""
    return seat.user_id is not None and seat.level is not None


def has_person_left(game: AnyState, seats: Sequence[Seat]) -> bool:
    """Whether a person still plays (one who resigned does not): a table with none left is abandoned."""
    return any(s.is_human and s.index not in game.resigned for s in seats)


def standings(game: AnyState, seats: Sequence[Seat], cooperative: bool) -> tuple[Standing, ...]:
    """The game's own ranking, with the people who left (resigned, or replaced after timing out) behind every
    seat still playing: leaving is a loss, so letting every turn time out cannot dodge one. Only a seat still
    playing can win; in a co-operative game each of them has the table's shared result."""
    outcome = game.standing(left={s.index for s in seats if replaced(s)})

    def standing(s: Seat) -> Standing:
        forfeited = s.index in game.resigned or replaced(s)
        won = bool(outcome.shared) if cooperative else s.index in outcome.winners
        return Standing(seat=s, rank=outcome.places[s.index], total=outcome.scores[s.index],
                        breakdown=game.score_breakdown(s.index), won=won and not forfeited,
                        resigned=s.index in game.resigned, replaced=replaced(s))

    return tuple(standing(seats[i]) for i in outcome.ranking)


def final_standings(table: Table) -> tuple[Standing, ...]:
    """The standings of a table whose game ended (finished, or abandoned by every person)."""
    assert table.game is not None
    return standings(table.game, table.seats, rules_of(table.kind).description.cooperative)
