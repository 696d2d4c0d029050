"""What the public pictures of Books are drawn from: the table as everyone sees it.

`public_table` reads the engine's public view (a view for no seat: every hand and dealt card emptied, Penelope's
deck emptied) and keeps what the pictures draw: a hand is its size, the dealt cards their count, Penelope's Rival
deck its size. Given a seat's view it still keeps only that, so a public picture cannot show a secret, whoever's
view it is drawn from.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.books.state import Apartment, Pending, Tabletop, Village
from engine.books.view import BooksView, view_of


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
    end_triggered: bool
    """The Sun reached its last space: the round finishes, then one more."""
    last_round: bool
    """That one more round is on."""
    over: bool
    lost: bool
    resigned: frozenset[int]
    pending: Pending | None
    """What the seat to act must decide next within its turn (the Library's drawn books, a gain to place...)."""
    bag: dict[str, int]
    """How many books of each colour are left in the bag (public: every other book is in sight)."""
    lp_deck: int
    ns_deck: int

    @property
    def n_players(self) -> int:
        return len(self.seats)


Source = Tabletop | BooksView
"""What a public picture is drawn from: a game (a BooksGame is a Tabletop), or any seat's view."""


def public_table(source: Source) -> Table:
    """What everyone at the table knows of it."""
    view = source if isinstance(source, BooksView) else view_of(source, None)
    seats = tuple(Seat(p.colour, p.battery, p.location, p.apartment.copy(), view.hand_counts[s],
                       view.dealt_counts[s] > 0, tuple(p.scored), tuple(p.neat), p.kitties, tuple(p.majors))
                  for s, p in enumerate(view.players))
    penelope = None
    if view.penelope is not None:
        p = view.penelope
        penelope = PublicPenelope(p.level, view.rival_deck, tuple(p.queue), p.location, p.books, tuple(p.projects),
                                  tuple(p.neat))
    return Table(view.village.copy(), seats, penelope, view.current, view.turn,
                 view.end_triggered, view.last_round, view.over, view.lost, view.resigned, view.pending,
                 dict(view.bag), view.lp_deck, view.ns_deck)
