"""A game as JSON and back. Reading checks every field and what the rules conserve (128 books and 2 Wilds, every
card once), so a damaged or hand-edited state raises ValueError instead of playing on wrongly. The rules revision
is written only when it is not the first: a game of the first revision is written as it was before revisions
existed, so its stored state and the state its move log replays to stay equal."""
from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from typing import Any

from .data import (
    BACKPACK_STACKS,
    BATTERY_MAX,
    BOOK_LETTERS,
    BOOKS_PER_COLOUR,
    COLOURS,
    MAJORS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NEAT,
    PROJECTS,
    RIVAL_LEVELS,
    RIVALS,
    SPACES,
    SUPPLY,
    WILD,
)
from .revision import FIRST, REVISIONS
from .state import (
    PENDING_KINDS,
    TASK_KINDS,
    VILLAGE_SPACES,
    APARTMENT_SPACES,
    HOME,
    Apartment,
    Penelope,
    Pending,
    Player,
    Shelf,
    Supply,
    Tabletop,
    Task,
    Village,
)

__all__ = ["to_dict", "from_dict", "STATE_VERSION"]

STATE_VERSION = 1
_LOCATIONS = set(APARTMENT_SPACES) | set(VILLAGE_SPACES) | {HOME}


def to_dict(table: Tabletop) -> dict[str, Any]:
    revision = {} if table.revision == FIRST else {"revision": table.revision}
    return {
        "version": STATE_VERSION, "game": "books", **revision,
        "n_players": table.n_players, "seed": table.seed, "draws": table.draws,
        "players": [_player(p) for p in table.players],
        "village": {"shelves": [[s.books, s.project] for s in table.village.shelves],
                    "shoppes": list(table.village.shoppes), "majors": list(table.village.majors),
                    "claims": {k: list(v) for k, v in table.village.claims.items()}, "sun": table.village.sun},
        "bag": dict(table.bag),
        "lp_deck": list(table.lp_deck), "lp_discard": list(table.lp_discard),
        "ns_deck": list(table.ns_deck), "ns_discard": list(table.ns_discard),
        "supply": {"wilds": table.supply.wilds, "kitties": table.supply.kitties, "lamp": table.supply.lamp,
                   "bookend": table.supply.bookend},
        "penelope": None if table.penelope is None else {
            "level": table.penelope.level, "deck": list(table.penelope.deck), "queue": list(table.penelope.queue),
            "location": table.penelope.location, "books": table.penelope.books,
            "projects": list(table.penelope.projects), "neat": list(table.penelope.neat)},
        "first": table.first, "current": table.current, "turn": table.turn,
        "pending": None if table.pending is None else {
            "kind": table.pending.kind, "seat": table.pending.seat, "books": table.pending.books,
            "count": table.pending.count, "token": table.pending.token},
        "tasks": [[t.kind, t.seat, t.card, t.n] for t in table.tasks],
        "moved": table.moved, "end_triggered": table.end_triggered, "last_round": table.last_round,
        "over": table.over, "lost": table.lost, "resigned": sorted(table.resigned),
    }


def _player(p: Player) -> dict[str, Any]:
    a = p.apartment
    return {"colour": p.colour, "battery": p.battery, "location": p.location,
            "stacks": dict(a.stacks), "backpack": list(a.backpack), "bookend": a.bookend, "lamp": a.lamp,
            "hand": list(p.hand), "dealt": list(p.dealt), "scored": list(p.scored), "neat": list(p.neat),
            "kitties": p.kitties, "majors": list(p.majors), "reach": p.reach}


def from_dict(table: Tabletop, d: dict[str, Any]) -> None:
    """Fills `table` from `d`; raises ValueError naming what is wrong."""
    if not isinstance(d, dict) or d.get("game") != "books" or d.get("version") != STATE_VERSION:
        raise ValueError(f"not a Books state of version {STATE_VERSION}")
    try:
        _read(table, d)
        _conserved(table)
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as err:
        raise ValueError(f"not a readable Books state: {err}") from None


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(what)


def _int(value: object, low: int, high: int, what: str) -> int:
    _need(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
          f"{what} must be a whole number {low}-{high}, not {value!r}")
    assert isinstance(value, int)
    return value


def _books(value: object, what: str, letters: frozenset[str] = BOOK_LETTERS) -> str:
    _need(isinstance(value, str) and set(value) <= letters, f"{what} must be book letters, not {value!r}")
    assert isinstance(value, str)
    return value


def _ids(value: object, known: Collection[str], what: str) -> list[str]:
    _need(isinstance(value, list) and all(isinstance(v, str) and v in known for v in value),
          f"{what} must be a list of card ids")
    assert isinstance(value, list)
    return list(value)


def _space(value: object, what: str) -> str | None:
    _need(value is None or value in SPACES, f"{what} must be a space or null, not {value!r}")
    return value if isinstance(value, str) else None


def _bool(value: object, what: str) -> bool:
    _need(isinstance(value, bool), f"{what} must be true or false")
    return bool(value)


def _read(table: Tabletop, d: dict[str, Any]) -> None:
    n = _int(d["n_players"], MIN_PLAYERS, MAX_PLAYERS, "n_players")
    table.n_players = n
    table.revision = _int(d.get("revision", FIRST), FIRST, REVISIONS[-1], "revision")
    table.seed = _int(d["seed"], -(2**63), 2**63 - 1, "seed")
    table.draws = _int(d["draws"], 0, 2**63 - 1, "draws")
    _need(isinstance(d["players"], list) and len(d["players"]) == n, f"players must list {n} seats")
    table.players = [_read_player(p, s) for s, p in enumerate(d["players"])]
    v = d["village"]
    _need(isinstance(v["shelves"], list) and len(v["shelves"]) == 3, "village shelves must be 3")
    shelves = [Shelf(_books(books, "a shelf's books"), project) for books, project in v["shelves"]]
    _need(all(s.project is None or s.project in PROJECTS for s in shelves), "a shelf's project must be a card id")
    majors = _ids(v["majors"], MAJORS, "village majors")
    claims = v["claims"]
    _need(isinstance(claims, dict) and set(claims) == set(majors) and all(
        isinstance(seats, list) and all(_int(s, 0, n - 1, "a claim") == s for s in seats)
        for seats in claims.values()), "village claims must map each major to seats")
    table.village = Village(shelves, _ids(v["shoppes"], NEAT, "shoppes"), majors,
                            {k: list(seats) for k, seats in claims.items()}, _int(v["sun"], 0, 99, "sun"))
    bag = d["bag"]
    _need(isinstance(bag, dict) and set(bag) == set(COLOURS), "bag must count each colour")
    table.bag = {c: _int(bag[c], 0, BOOKS_PER_COLOUR, f"bag {c}") for c in COLOURS}
    table.lp_deck, table.lp_discard = _ids(d["lp_deck"], PROJECTS, "lp_deck"), _ids(d["lp_discard"], PROJECTS,
                                                                                    "lp_discard")
    table.ns_deck, table.ns_discard = _ids(d["ns_deck"], NEAT, "ns_deck"), _ids(d["ns_discard"], NEAT,
                                                                                "ns_discard")
    s = d["supply"]
    table.supply = Supply(_int(s["wilds"], 0, SUPPLY["wilds"], "supply wilds"),
                          _int(s["kitties"], 0, SUPPLY["kitties"], "supply kitties"),
                          _bool(s["lamp"], "supply lamp"), _bool(s["bookend"], "supply bookend"))
    table.penelope = None if d["penelope"] is None else _read_penelope(d["penelope"])
    _need((table.penelope is not None) == (n == 1), "a solo game has Penelope, and only it")
    table.first = _int(d["first"], 0, n - 1, "first")
    table.current = _int(d["current"], 0, n - 1, "current")
    table.turn = _int(d["turn"], 0, 2**31, "turn")
    p = d["pending"]
    table.pending = None if p is None else Pending(
        p["kind"], _int(p["seat"], 0, n - 1, "pending seat"), _books(p["books"], "pending books"),
        _int(p["count"], 0, 99, "pending count"), p["token"])
    _need(table.pending is None or (table.pending.kind in PENDING_KINDS
                                    and table.pending.token in (None, "lamp", "bookend")), "pending kind")
    tasks = d["tasks"]
    _need(isinstance(tasks, list) and all(isinstance(t, list) and len(t) == 4 for t in tasks), "tasks")
    table.tasks = [Task(kind, _int(seat, 0, n - 1, "task seat"), card, _int(k, 0, 99, "task count"))
                   for kind, seat, card, k in tasks]
    _need(all(t.kind in TASK_KINDS and isinstance(t.card, str) and (not t.card or t.card in NEAT)
              for t in table.tasks), "task kinds")
    table.moved = _bool(d["moved"], "moved")
    table.end_triggered = _bool(d["end_triggered"], "end_triggered")
    table.last_round = _bool(d["last_round"], "last_round")
    table.over, table.lost = _bool(d["over"], "over"), _bool(d["lost"], "lost")
    resigned = d["resigned"]
    _need(isinstance(resigned, list), "resigned must be a list")
    table.resigned = frozenset(_int(seat, 0, n - 1, "resigned") for seat in resigned)


def _read_player(p: dict[str, Any], seat: int) -> Player:
    what = f"seat {seat + 1}"
    stacks = p["stacks"]
    _need(isinstance(stacks, dict) and set(stacks) == set(SPACES), f"{what}: stacks must name every space")
    apartment = Apartment({space: _books(stacks[space], f"{what} {space}") for space in SPACES},
                          [_books(b, f"{what} backpack") for b in p["backpack"]],
                          _space(p["bookend"], f"{what} bookend"), _space(p["lamp"], f"{what} lamp"))
    _need(2 <= len(apartment.backpack) <= len(BACKPACK_STACKS), f"{what}: 2 or 3 backpack stacks")
    _need(all(len(stack) <= apartment.limit(space) for space, stack in apartment.stacks.items())
          and all(len(stack) <= 6 for stack in apartment.backpack), f"{what}: a stack above its limit")
    _need(p["colour"] in COLOURS and (p["location"] is None or p["location"] in _LOCATIONS),
          f"{what}: colour or location")
    return Player(p["colour"], _int(p["battery"], 0, BATTERY_MAX, f"{what} battery"), apartment, p["location"],
                  _ids(p["hand"], PROJECTS, f"{what} hand"), _ids(p["dealt"], PROJECTS, f"{what} dealt"),
                  _ids(p["scored"], PROJECTS, f"{what} scored"), _ids(p["neat"], NEAT, f"{what} neat"),
                  _int(p["kitties"], 0, SUPPLY["kitties"], f"{what} kitties"),
                  _ids(p["majors"], MAJORS, f"{what} majors"), _int(p["reach"], 0, 999, f"{what} reach"))


def _read_penelope(p: dict[str, Any]) -> Penelope:
    _need(p["level"] in RIVAL_LEVELS and not isinstance(p["level"], bool), "Penelope's level")
    _need(p["location"] is None or p["location"] in VILLAGE_SPACES, "Penelope's location")
    return Penelope(p["level"], _ids(p["deck"], RIVALS, "rival deck"), _ids(p["queue"], RIVALS, "rival queue"),
                    p["location"], _books(p["books"], "Penelope's books"),
                    _ids(p["projects"], PROJECTS, "Penelope's projects"), _ids(p["neat"], NEAT, "Penelope's neat"))


def _conserved(table: Tabletop) -> None:
    """128 books and 2 Wilds, every Little Project, Other Neat Stuff and Rival card once, the Kitties."""
    books = Counter("".join(s.books for s in table.village.shelves))
    for player in table.players:
        books.update("".join(player.apartment.stacks.values()) + "".join(player.apartment.backpack))
    if table.penelope is not None:
        books.update(table.penelope.books)
    if table.pending is not None:
        books.update(table.pending.books)
    books.update({colour: count for colour, count in table.bag.items()})
    wilds = books.pop(WILD, 0) + table.supply.wilds
    _need(all(books[c] == BOOKS_PER_COLOUR for c in COLOURS) and wilds == SUPPLY["wilds"],
          "the books do not add up to 32 of each colour and 2 Wilds")
    projects = table.lp_deck + table.lp_discard + [s.project for s in table.village.shelves if s.project]
    neat = table.ns_deck + table.ns_discard + table.village.shoppes
    for player in table.players:
        projects += player.hand + player.dealt + player.scored
        neat += player.neat
    if table.penelope is not None:
        projects += table.penelope.projects
        neat += table.penelope.neat
        rivals = table.penelope.deck + table.penelope.queue
        _need(sorted(rivals) == sorted(RIVAL_LEVELS[table.penelope.level]), "the Rival cards of the level, once")
    _need(sorted(projects) == sorted(PROJECTS), "every Little Project once")
    _need(sorted(neat) == sorted(NEAT), "every Other Neat Stuff once")
    _need(table.supply.kitties + sum(p.kitties for p in table.players) == SUPPLY["kitties"], "the Lucky Kitties")
