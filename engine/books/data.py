"""Static data of A Place for All My Books, read once from data/books.json (the only I/O the engine does).

The layout and every card are the product's own set; the numbers the sources do not give (books.md's H) live
in the file, so a house rule is changed there, not in code."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..game_data import load_game_data
from ..numbers import read_number

RAW = load_game_data("books")


def _numbered(table: dict[str, Any]) -> dict[int, Any]:
    """A table keyed by a number written as text (a player count, a level) keyed by the number."""
    out: dict[int, Any] = {}
    for key, value in table.items():
        number = read_number(key)
        if number is None:
            raise ValueError(f"data/books.json: {key!r} is not a number")
        out[number] = value
    return out


MIN_PLAYERS: int = RAW["players"]["min"]
MAX_PLAYERS: int = RAW["players"]["max"]
COLOURS: tuple[str, ...] = tuple(RAW["colours"])
WILD: str = RAW["wild"]
BOOK_LETTERS = frozenset(COLOURS) | {WILD}
COLOUR_NAMES: dict[str, dict[str, str]] = RAW["colour_names"]
BOOKS_PER_COLOUR: int = RAW["books_per_colour"]

_LAYOUT = RAW["layout"]
COLUMNS: tuple[str, ...] = tuple(_LAYOUT["columns"])
ROWS: tuple[str, ...] = tuple(_LAYOUT["rows"])
SPACES: tuple[str, ...] = tuple(f"{c}{r}" for r in ROWS for c in COLUMNS)
"""The 16 grid spaces, A1 B1 C1 D1 A2 ... D4 (columns A-D left to right, rows 1-4, 1 = top)."""
NIGHTSTAND: str = _LAYOUT["nightstand"]
ROOMS: dict[str, tuple[str, ...]] = {room: tuple(spaces) for room, spaces in _LAYOUT["rooms"].items()}
ROOM_NAMES: dict[str, dict[str, str]] = _LAYOUT["room_names"]
CORNERS: tuple[str, ...] = tuple(_LAYOUT["corners"])
GOLD_DOTS: dict[str, int] = dict(_LAYOUT["gold_dots"])
BACKPACK: tuple[str, ...] = tuple(_LAYOUT["backpack"])
TOTE_STACK: str = _LAYOUT["tote_stack"]
BACKPACK_STACKS: tuple[str, ...] = BACKPACK + (TOTE_STACK,)

_START = RAW["start"]
START_BOOKS_PER_COLOUR: int = _START["books_per_colour"]
START_BATTERY: tuple[int, ...] = tuple(_START["battery_by_seat"])
SOLO_BATTERY: int = _START["solo_battery"]
DEALT_PROJECTS: int = _START["dealt_projects"]
KEPT_PROJECTS: int = _START["kept_projects"]
SHELF_BOOKS: tuple[int, ...] = tuple(_START["shelf_books"])
SHELF_NAMES: tuple[str, ...] = ("L", "C", "R")
SHOPPES_FACE_UP: int = _START["shoppes_face_up"]
MAJORS_IN_GAME: int = _START["majors_in_game"]
SUN_STEPS: dict[int, int] = _numbered(RAW["sun_steps"])

_LIMITS = RAW["limits"]
BATTERY_MAX: int = _LIMITS["battery_max"]
STACK_HEIGHT: int = _LIMITS["stack_height"]
BOOKEND_HEIGHT: int = _LIMITS["bookend_height"]
SORT_PER_SPACE: int = _LIMITS["sort_per_space"]
GLASSES_SORT_PER_SPACE: int = _LIMITS["glasses_sort_per_space"]
GATHER_MAX: int = _LIMITS["gather_max"]
HAND_LIMIT: int = _LIMITS["hand"]

SUPPLY: dict[str, int] = dict(RAW["supply"])

APARTMENT: dict[str, dict[str, int]] = RAW["apartment"]
"""Per apartment action: its battery change and its other numbers (rest's draws, admire's Player card bonus)."""
_VILLAGE = RAW["village"]
BOOKSTORE_COSTS: tuple[int, ...] = tuple(_VILLAGE["bookstore_costs"])
"""The cost of the smallest, middle and largest shelf."""
LOYALTY_DISCOUNT: int = _VILLAGE["loyalty_discount"]
LIBRARY_COST: int = _VILLAGE["library_cost"]
LIBRARY_CARD_DISCOUNT: int = _VILLAGE["library_card_discount"]
LIBRARY_DRAW: dict[int, int] = _numbered(_VILLAGE["library_draw"])
LIBRARY_KEEP: dict[int, int] = _numbered(_VILLAGE["library_keep"])
SHOPPES_ONE: int = _VILLAGE["shoppes_one"]
SHOPPES_BOTH: int = _VILLAGE["shoppes_both"]
SHOPPES_DECK: int = _VILLAGE["shoppes_deck"]
EXCHANGE_COST: int = _VILLAGE["exchange_cost"]
PARK_BATTERY: int = _VILLAGE["park_battery"]
HEADPHONES_PARK_BATTERY: int = _VILLAGE["headphones_park_battery"]
FOUR_PLAYER_BOOKSTORE: dict[str, tuple[str, ...]] = {
    space: tuple(shelves) for space, shelves in _VILLAGE["four_player_bookstore"].items()}
"""4 players: each Bookstore space and the shelves it reaches."""

REWARD_BATTERY: int = RAW["rewards"]["battery"]
TOKEN_GONE_BATTERY: int = RAW["rewards"]["token_gone_battery"]
_SCORING = RAW["scoring"]
BOOK_VP: int = _SCORING["book"]
PROJECT_VP: int = _SCORING["project"]
BATTERY_PER_VP: int = _SCORING["battery_per_point"]
LAMP_VP_PER_BOOK: int = _SCORING["lamp_per_book"]
COMPUTER_LEAVE_AT: int = RAW["computer"]["leave_at_battery"]
COMPUTER_SOLO_LEAVE_AT: int = RAW["computer"]["solo_leave_at_battery"]
"""The battery at which the computer leaves for the Village against Penelope: she gains faster than the seat
once her queue has grown, so a game a turn shorter is worth a shelf taken with less to spare."""


@dataclass(frozen=True)
class ProjectCard:
    """A Little Project: the colours it names ("" = colourless), its reward ("battery" or "neat"), its text."""

    id: str
    colours: str
    reward: str
    text: str


@dataclass(frozen=True)
class NeatCard:
    """An Other Neat Stuff card: kind "lasting", "once" or "end", its effect's name, printed VP (None = "?")."""

    id: str
    kind: str
    effect: str
    vp: int | None
    names: dict[str, str]
    text: str


@dataclass(frozen=True)
class MajorCard:
    """A Major Accomplishment: its text and the first and later rewards ({"vp", "neat", "battery"})."""

    id: str
    text: str
    first: dict[str, int]
    later: dict[str, int]


@dataclass(frozen=True)
class RivalCard:
    """A solo Rival card: its removal colours ("" = colourless) and its three lines (location, then extras)."""

    id: str
    colours: str
    lines: tuple[tuple[str, ...], ...]


PROJECTS: dict[str, ProjectCard] = {
    c["id"]: ProjectCard(c["id"], c["colours"], c["reward"], c["en"]) for c in RAW["projects"]}
NEAT: dict[str, NeatCard] = {
    c["id"]: NeatCard(c["id"], c["kind"], c["effect"], c["vp"], {"en": c["en"], "it": c["it"]}, c["text"])
    for c in RAW["neat"]}
NEAT_NUMBERS: dict[str, int] = dict(RAW["neat_numbers"])
MAJORS: dict[str, MajorCard] = {
    c["id"]: MajorCard(c["id"], c["en"], dict(c["first"]), dict(c["later"])) for c in RAW["majors"]}
MAJORS_REACH: int = RAW["majors_reach"]
PLAYER_CARDS: dict[str, dict[str, str]] = RAW["player_cards"]

_SOLO = RAW["solo"]
SOLO: dict[str, Any] = _SOLO
"""The solo numbers as read (engine.books.solo reads what it needs)."""
RIVAL_LEVELS: dict[int, str] = _numbered(_SOLO["levels"])
RIVALS: dict[str, RivalCard] = {
    c["id"]: RivalCard(c["id"], c["colours"], tuple(tuple(line) for line in c["lines"])) for c in _SOLO["rival"]}
RIVAL_LOCATIONS: dict[str, str] = dict(_SOLO["locations"])
