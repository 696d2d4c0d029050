"""Dealing a new game (books.md "Setup"): the bag, the shelves, the decks, the Shoppes, 3 Major
Accomplishments, and per player a random Player card, the start books on the gold dots, 5 dealt Little
Projects and the battery of its place in turn order. Seat 0 plays first, as in every game of the platform: the
service shuffles the seats at the start, which makes the first seat random (H) and the start line's turn order true."""
from __future__ import annotations

from .data import (
    BOOKS_PER_COLOUR,
    COLOURS,
    DEALT_PROJECTS,
    GOLD_DOTS,
    MAJORS,
    MAJORS_IN_GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NEAT,
    PROJECTS,
    RIVAL_LEVELS,
    SHELF_BOOKS,
    SHOPPES_FACE_UP,
    SOLO_BATTERY,
    START_BATTERY,
    START_BOOKS_PER_COLOUR,
    SUN_STEPS,
    SUPPLY,
)
from .draws import draw_books, draw_neat, draw_project, shuffled
from .revision import CURRENT, REVISIONS
from .state import Apartment, Penelope, Player, Shelf, Supply, Tabletop, Village

LEVELS = tuple(sorted(RIVAL_LEVELS))
"""Penelope's levels (1 easiest)."""


def deal(table: Tabletop, n_players: int, seed: int, level: int = 1, revision: int = CURRENT) -> None:
    """Sets up `table` (a fresh Tabletop) for `n_players` seats, played by the rules `revision`; one seat plays solo
    against Penelope at `level`."""
    if not isinstance(n_players, int) or isinstance(n_players, bool) or not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise ValueError(f"A Place for All My Books is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n_players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"the seed must be an int, not {seed!r}")
    if level not in RIVAL_LEVELS or isinstance(level, bool):
        raise ValueError(f"Penelope's level must be one of {', '.join(map(str, LEVELS))}, not {level!r}")
    if revision not in REVISIONS or isinstance(revision, bool):
        raise ValueError(f"the rules revision must be one of {', '.join(map(str, REVISIONS))}, not {revision!r}")
    table.n_players, table.seed, table.revision = n_players, seed, revision
    table.bag = {colour: BOOKS_PER_COLOUR for colour in COLOURS}
    table.supply = Supply(SUPPLY["wilds"], SUPPLY["kitties"], SUPPLY["lamp"] > 0, SUPPLY["bookend"] > 0)
    table.lp_deck = shuffled(table, sorted(PROJECTS))
    table.ns_deck = shuffled(table, sorted(NEAT))
    majors = shuffled(table, sorted(MAJORS))[:MAJORS_IN_GAME]
    table.village = Village(majors=majors, claims={major: [] for major in majors}, sun=SUN_STEPS[n_players])
    for books in SHELF_BOOKS:
        table.village.shelves.append(Shelf(draw_books(table, books), draw_project(table)))
    table.village.shoppes = [card for card in (draw_neat(table) for _ in range(SHOPPES_FACE_UP)) if card]
    table.first = 0
    colours = shuffled(table, COLOURS)
    table.players = []
    for seat in range(n_players):
        place = (seat - table.first) % n_players
        battery = SOLO_BATTERY if n_players == 1 else START_BATTERY[place]
        player = Player(colours[seat], battery, _start_apartment(table))
        player.dealt = [card for card in (draw_project(table) for _ in range(DEALT_PROJECTS)) if card]
        table.players.append(player)
    table.current = table.first
    if n_players == 1:
        table.penelope = Penelope(level, deck=shuffled(table, RIVAL_LEVELS[level]))


def _start_apartment(table: Tabletop) -> Apartment:
    """3 books of each colour from the bag, laid at random onto the gold dots (4, 3, 3, 2 books)."""
    books = []
    for colour in COLOURS:
        table.bag[colour] -= START_BOOKS_PER_COLOUR
        books += [colour] * START_BOOKS_PER_COLOUR
    books = shuffled(table, books)
    apartment = Apartment()
    for space, dots in GOLD_DOTS.items():
        apartment.stacks[space], books = "".join(books[:dots]), books[dots:]
    return apartment
