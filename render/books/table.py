"""What the public pictures of Books are drawn from: the table as everyone sees it.

`public_table` copies what the whole table knows and nothing else: a hand is its size, the dealt cards their
count, Penelope's Rival deck its size; the bag and the decks are not read at all. So a public picture cannot
show a secret, whoever's view it is drawn from.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.books.state import Apartment, Penelope, Tabletop, Village


@dataclass(frozen=True)
class Seat:
    """One seat as the table sees it."""

    colour: str
    battery: int
    location: str | None
    apartment: Apartment
    hand: int
    """How many Little Projects it holds (their faces are secret)."""
    choosing: bool
    """Whether it has still to keep 3 of its 5 dealt Little Projects."""
    scored: tuple[str, ...]
    neat: tuple[str, ...]
    kitties: int
    majors: tuple[str, ...]


@dataclass(frozen=True)
class PublicPenelope:
    """Penelope as the table sees her: her deck is its size."""

    level: int
    deck: int
    queue: tuple[str, ...]
    location: str | None
    books: str
    projects: tuple[str, ...]
    neat: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """The public table: the Village, the seats, Penelope (solo), whose turn it is and how the game stands."""

    village: Village
    seats: tuple[Seat, ...]
    penelope: PublicPenelope | None
    current: int
    turn: int
    last_round: bool
    over: bool
    lost: bool
    resigned: frozenset[int]

    @property
    def n_players(self) -> int:
        return len(self.seats)


def public_penelope(penelope: Penelope | None) -> PublicPenelope | None:
    if penelope is None:
        return None
    return PublicPenelope(penelope.level, len(penelope.deck), tuple(penelope.queue), penelope.location,
                          penelope.books, tuple(penelope.projects), tuple(penelope.neat))


def public_table(table: Tabletop) -> Table:
    """What everyone at the table knows of it."""
    seats = tuple(Seat(p.colour, p.battery, p.location, p.apartment.copy(), len(p.hand), bool(p.dealt),
                       tuple(p.scored), tuple(p.neat), p.kitties, tuple(p.majors)) for p in table.players)
    return Table(table.village.copy(), seats, public_penelope(table.penelope), table.current, table.turn,
                 table.last_round or table.village.sun <= 0, table.over, table.lost, table.resigned)
