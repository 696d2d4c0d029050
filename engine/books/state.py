"""The data model of A Place for All My Books: what is on the table, in the names the Books contract fixes.

Render, face and computer player read these; the rules that change them live in game.py and the modules it
calls. A book is a letter ("R" "G" "B" "Y", or "W" for a Wild); a stack is a `str` of letters bottom to top
("" = an empty space). `Tabletop` is everything a game holds, so modules that act on it (solo.py) need not
import the game class."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, Self

from .data import (
    BACKPACK,
    BOOKEND_HEIGHT,
    COLOURS,
    SPACES,
    STACK_HEIGHT,
)
from .revision import CURRENT

__all__ = ["COLOURS", "SPACES", "APARTMENT_SPACES", "VILLAGE_SPACES", "Apartment", "Player", "Shelf", "Village",
           "Supply", "Penelope", "Pending", "Task", "Tabletop", "Board", "HOME", "PENDING_KINDS", "TASK_KINDS"]

APARTMENT_SPACES: tuple[str, ...] = ("gather", "sort", "rest", "read", "admire", "leave")
"""The action spaces of an apartment."""
VILLAGE_SPACES: tuple[str, ...] = ("bookstore", "bookstore_left", "bookstore_right", "library", "shoppes",
                                   "exchange", "park", "cafe")
"""The Village's action spaces: one Bookstore space below 4 players, two (left, right) at 4; the Park (never
chosen: a bumped meeple lands there); Penelope's Café (solo, hers alone)."""
HOME = "home"
"""Welcome Home: where a meeple returning from the Village stands while it unloads (never at a turn's end)."""


@dataclass
class Apartment:
    """One player's apartment: a stack on every grid space, the backpack's stacks (P1, P2; P3 with the Tote)
    and the spaces the Bookend and the Lamp sit on (None while the player has not placed them)."""

    stacks: dict[str, str] = field(default_factory=lambda: {space: "" for space in SPACES})
    backpack: list[str] = field(default_factory=lambda: ["" for _ in BACKPACK])
    bookend: str | None = None
    lamp: str | None = None

    def limit(self, space: str) -> int:
        """The highest a stack may be on `space`: 6, or 8 under the Bookend."""
        return BOOKEND_HEIGHT if space == self.bookend else STACK_HEIGHT

    def books(self) -> int:
        """Books on the grid and in the backpack (what scores 1 VP each)."""
        return sum(map(len, self.stacks.values())) + sum(map(len, self.backpack))

    def copy(self) -> Apartment:
        return Apartment(dict(self.stacks), list(self.backpack), self.bookend, self.lamp)


@dataclass
class Player:
    """One seat: its Player card colour, Social Battery (0-20), where its meeple stands (an action space id; None
    at home before its first action), its apartment, its Little Projects in hand (secret), the 5 dealt until it
    keeps 3 (secret; [] after), the admired ones (its scoring pile), its Other Neat Stuff, Lucky Kitties, the
    Major Accomplishments it claimed, and `reach`: the highest a single gain would have taken its battery before
    the cap (Major Accomplishment MA4)."""

    colour: str
    battery: int
    apartment: Apartment = field(default_factory=Apartment)
    location: str | None = None
    hand: list[str] = field(default_factory=list)
    dealt: list[str] = field(default_factory=list)
    scored: list[str] = field(default_factory=list)
    neat: list[str] = field(default_factory=list)
    kitties: int = 0
    majors: list[str] = field(default_factory=list)
    reach: int = 0

    def copy(self) -> Player:
        return Player(self.colour, self.battery, self.apartment.copy(), self.location, list(self.hand),
                      list(self.dealt), list(self.scored), list(self.neat), self.kitties, list(self.majors),
                      self.reach)


@dataclass
class Shelf:
    """A Bookstore shelf: its books (bottom to top, in the order they came) and its face-up Little Project."""

    books: str = ""
    project: str | None = None


@dataclass
class Village:
    """The shared board: shelves L, C, R; the Shoppes' face-up cards (2); the game's 3 Major Accomplishments and
    who claimed each (MA id -> seats in claim order); `sun`: steps left before the Sun's last space (0 =
    reached)."""

    shelves: list[Shelf] = field(default_factory=list)
    shoppes: list[str] = field(default_factory=list)
    majors: list[str] = field(default_factory=list)
    claims: dict[str, list[int]] = field(default_factory=dict)
    sun: int = 0

    def copy(self) -> Village:
        return Village([Shelf(s.books, s.project) for s in self.shelves], list(self.shoppes), list(self.majors),
                       {k: list(v) for k, v in self.claims.items()}, self.sun)


@dataclass
class Supply:
    """The tokens still in the supply (cards take them from here)."""

    wilds: int = 0
    kitties: int = 0
    lamp: bool = True
    bookend: bool = True


@dataclass
class Penelope:
    """The solo rival: her level (1-5), the Rival deck (secret order, top = last), the queue (oldest first),
    where her meeple stands, and her scoring pile (books, Little Projects, Other Neat Stuff)."""

    level: int
    deck: list[str] = field(default_factory=list)
    queue: list[str] = field(default_factory=list)
    location: str | None = None
    books: str = ""
    projects: list[str] = field(default_factory=list)
    neat: list[str] = field(default_factory=list)

    def copy(self) -> Penelope:
        return Penelope(self.level, list(self.deck), list(self.queue), self.location, self.books,
                        list(self.projects), list(self.neat))


PENDING_KINDS: tuple[str, ...] = ("village", "apartment", "library", "take", "name", "put", "discard", "remove")
"""What a seat may have to decide next within a turn:
- village: after Leave the House, the Village action of the same turn;
- apartment: after Welcome Home's unloading, the apartment action of the same turn;
- library: keep `count` of the drawn `books` (saved before the choice), each to a backpack stack;
- take: place the gained `books` (a Gift Card's random ones, a Wild), to the backpack in the Village or onto
  any grid space at home;
- name: name the colours of `count` books gained (Free Library) and place them as for take;
- put: put the `token` ("lamp" or "bookend") on a grid space;
- discard: discard Little Projects down to the hand limit at the turn's end;
- remove (solo): a claimed Major Accomplishment removes the queue's cards of one colour or the colourless."""


@dataclass(frozen=True)
class Pending:
    """A choice `seat` must make before anything else happens in this turn (kinds: PENDING_KINDS)."""

    kind: str
    seat: int
    books: str = ""
    count: int = 0
    token: str | None = None


TASK_KINDS: tuple[str, ...] = ("battery", "neat_top", "neat", "projects", "discard", "majors", "remove", "solo",
                               "pass")
"""What the rules still have to do once the pending choice is made, in order (a task may stop for a choice):
battery (gain `n`), neat_top (draw the top Other Neat Stuff and take it), neat (resolve the taken `card`'s
one-time effect), projects (draw `n` Little Projects), discard (down to the hand limit), majors (claim the met
Major Accomplishments), remove (solo: a claim's removal choice), solo (Penelope's turn), pass (the next seat)."""


@dataclass(frozen=True)
class Task:
    kind: str
    seat: int
    card: str = ""
    n: int = 0


class Board(Protocol):
    """What a game and a seat's view both show of the table: what the choices a builder offers are read from."""

    @property
    def n_players(self) -> int: ...

    @property
    def village(self) -> Village: ...

    @property
    def bag(self) -> dict[str, int]: ...

    @property
    def neat_available(self) -> bool: ...


@dataclass
class Tabletop:
    """Everything a game of Books holds. Public: players (but hands and dealt cards), village, supply, Penelope
    (but her deck's order), the counts. Hidden: `bag` (colour -> count; each draw comes from the seed and the
    draw counter `draws`, so replaying the log redraws the same), the decks' orders (top = last)."""

    n_players: int = 1
    seed: int = 0
    revision: int = CURRENT
    """The rules revision the game is played by (engine.books.revision): fixed when it is dealt, read back with its
    state; today's for a table built otherwise."""
    players: list[Player] = field(default_factory=list)
    village: Village = field(default_factory=Village)
    bag: dict[str, int] = field(default_factory=dict)
    lp_deck: list[str] = field(default_factory=list)
    lp_discard: list[str] = field(default_factory=list)
    ns_deck: list[str] = field(default_factory=list)
    ns_discard: list[str] = field(default_factory=list)
    supply: Supply = field(default_factory=Supply)
    penelope: Penelope | None = None
    draws: int = 0
    first: int = 0
    """The seat that played first (seat 0 in a new game; a game saved before may name another): rounds end before it."""
    current: int = 0
    turn: int = 0
    pending: Pending | None = None
    tasks: list[Task] = field(default_factory=list)
    moved: bool = False
    """Whether the current seat has taken its turn's action space (a village action after leaving, a home
    action after Welcome Home are the same turn)."""
    end_triggered: bool = False
    last_round: bool = False
    over: bool = False
    lost: bool = False
    """Solo: the Rival deck ran out (the player lost at once)."""
    resigned: frozenset[int] = frozenset()

    @property
    def neat_available(self) -> bool:
        """Whether a card can still be drawn from the Other Neat Stuff deck (refilled from its discards)."""
        return bool(self.ns_deck or self.ns_discard)

    def copy(self) -> Self:
        """An independent copy (cheap: a computer player tries steps on copies)."""
        other = type(self)()
        other.__dict__.update(self.__dict__)
        other.players = [player.copy() for player in self.players]
        other.village = self.village.copy()
        other.bag = dict(self.bag)
        other.lp_deck, other.lp_discard = list(self.lp_deck), list(self.lp_discard)
        other.ns_deck, other.ns_discard = list(self.ns_deck), list(self.ns_discard)
        other.supply = Supply(self.supply.wilds, self.supply.kitties, self.supply.lamp, self.supply.bookend)
        other.penelope = self.penelope.copy() if self.penelope is not None else None
        other.tasks = list(self.tasks)
        return other
