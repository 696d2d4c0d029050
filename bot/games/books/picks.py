"""What the builder's selects and the typed path's autocomplete offer: only legal choices, one part of a step at a
time, read from the engine's answers to "what may come next" (engine.books.choices).

A step is built as its text, part by part, in the engine's words: `("gather", "A1", "B2", ">", "D4")`. `point`
says which parts may come next after a draft and whether the draft is already a whole step the seat may take;
`advance` adds a chosen part and the parts nothing else could follow (a Lucky Kitty the chosen space needs, the
">" of a step whose first half is chosen). The builder carries the draft in its custom ids (`encode`), so a
builder opened before a restart still builds the same step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.books import parse_action
from engine.books.actions import BAG, COLOURLESS, SHOPPES_CHOICES, TOKENS, BooksError
from engine.books.choices import (
    exchange_depths,
    gain_places,
    gather_sources,
    gather_targets,
    home_stacks,
    home_targets,
    named_colours,
    open_spaces,
    read_depths,
    read_spaces,
    removals,
    shelves,
    shoppes_options,
    sort_left,
    sort_sources,
    sort_spaces,
    sort_tokens,
)
from engine.books.data import (
    BACKPACK_STACKS,
    BOOK_LETTERS,
    HAND_LIMIT,
    KEPT_PROJECTS,
    NIGHTSTAND,
    PROJECTS,
    SHELF_NAMES,
    SPACES,
)
from engine.books.game import BooksGame
from engine.books.state import APARTMENT_SPACES, HOME, VILLAGE_SPACES, Player
from engine.books.steps import expected
from engine.numbers import read_number

Draft = tuple[str, ...]
"""A step's text so far, part by part, in the engine's words."""
ARROW = ">"
KITTY = "kitty"
CHOICE_LIMIT = 25
"""Options in one select, and autocomplete choices Discord shows."""
BARE = ("rest", "admire", "leave", "library")
"""Steps that are whole once their action space is chosen."""
BOOKSTORES = tuple(space for space in VILLAGE_SPACES if space.startswith("bookstore"))


@dataclass(frozen=True)
class Point:
    """Where a draft stands: the parts that may come next (in the order they are offered) and whether the draft
    is a whole step the seat may take now (it may be both: Gather may take one more source or stop)."""

    options: tuple[str, ...]
    complete: bool


def stage(game: BooksGame, seat: int) -> str | None:
    """What the seat is asked for now: "keep" (its 3 of 5), the engine's expected step when it is the actor, else
    None (nothing to do)."""
    if game.is_over or seat not in game.to_act:
        return None
    if game.players[seat].dealt:
        return "keep"
    return expected(game)


def _placements(parts: Sequence[str]) -> list[tuple[str, str]]:
    return [(book, where) for book, _, where in (part.partition(":") for part in parts)]


def _place_books(player: Player, books: Sequence[str], placed: Sequence[tuple[str, str]],
                 count: int) -> Point:
    """Books to put somewhere, one at a time: `count` of `books` (a multiset), each of a colour still to place
    onto a place it fits (engine.books.choices.gain_places)."""
    left = Counter(books)
    left.subtract(book for book, _ in placed)
    if len(placed) >= count:
        return Point((), True)
    places = gain_places(player, placed)
    return Point(tuple(f"{book}:{where}" for book in sorted(+left, key=_book_order) for where in places), False)


def _book_order(book: str) -> int:
    return "RGBYW".index(book) if book in "RGBYW" else len(BOOK_LETTERS)


def _cards(chosen: Sequence[str], offered: Sequence[str], need: int) -> Point:
    """Cards picked one by one until `need` are chosen."""
    if len(chosen) >= need:
        return Point((), True)
    return Point(tuple(card for card in offered if card not in chosen), False)


def _first(game: BooksGame, seat: int, now: str) -> tuple[str, ...]:
    """The first part of any step the seat may take now (the verb, or the action space for a move)."""
    player = game.players[seat]
    if now == "keep":
        return ("keep",)
    if now in ("library", "take", "name"):
        return ("take",)
    if now in ("put", "discard", "remove"):
        return (now,)
    if now == "apartment":
        return tuple(open_spaces(game, player, village=False))
    # An Exchange takes one book more than it returns, from the bag: with the bag empty it cannot be whole.
    moves = tuple(space for space in open_spaces(game, player, village=True)
                  if space != "exchange" or sum(game.bag.values()) > 0)
    return (*moves, HOME) if now == "village_or_home" else moves


def point(game: BooksGame, seat: int, draft: Draft) -> Point:
    """The parts that may follow `draft` for `seat`, and whether `draft` is a step it may take now (the engine
    checks a whole step: a choice the engine would refuse is never offered as whole)."""
    now = stage(game, seat)
    if now is None:
        return Point((), False)
    body = draft[1:] if draft[:1] == (KITTY,) else draft
    if not body:
        return Point(_first(game, seat, now), False)
    found = _after(game, seat, now, body[0], body[1:])
    if found.complete and not _accepted(game, seat, draft):
        return Point(found.options, False)
    return found


def _accepted(game: BooksGame, seat: int, draft: Draft) -> bool:
    try:
        game.check(parse_action(" ".join(draft)), seat)
    except BooksError:
        return False
    return True


def _after(game: BooksGame, seat: int, now: str, verb: str, rest: Draft) -> Point:
    """The parts after the verb, per step (a Village action's books go where they would once the meeple stands
    on its space: the backpack)."""
    player = game.players[seat]
    if verb in VILLAGE_SPACES:
        player = player.copy()
        player.location = verb
    pending = game.pending
    if verb == "keep":
        return _cards(rest, player.dealt, KEPT_PROJECTS)
    if verb == "discard":
        return _cards(rest, player.hand, len(player.hand) - HAND_LIMIT)
    if verb == "take" and pending is not None:
        placed = _placements(rest)
        if pending.kind == "name":
            colours = named_colours(game, player, (), [book for book, _ in placed])
            return _place_books(player, [*(book for book, _ in placed), *colours * pending.count], placed,
                                pending.count)
        count = pending.count if pending.kind == "library" else len(pending.books)
        return _place_books(player, pending.books, placed, count)
    if verb == "put":
        return Point((), True) if rest else Point(tuple(SPACES), False)
    if verb == "remove":
        return Point((), True) if rest else Point(tuple(c or COLOURLESS for c in removals(game.penelope)), False)
    if verb in BARE:
        return Point((), True)
    if verb == "gather":
        return _gather(player, rest)
    if verb == "sort":
        return _sort(player, rest)
    if verb == "read":
        if not rest:
            return Point(tuple(read_spaces(player)), False)
        if len(rest) == 1:
            return Point(tuple(str(depth) for depth in read_depths(player, rest[0])), False)
        return Point((), True)
    if verb in BOOKSTORES:
        if not rest:
            return Point(tuple(shelves(game, player, verb)), False)
        books = game.village.shelves[SHELF_NAMES.index(rest[0])].books
        if not books:
            return Point((), True)
        if len(rest) == 1:
            return Point((ARROW,), False)
        return _place_books(player, books, _placements(rest[2:]), len(books))
    if verb == "shoppes":
        return Point((), True) if rest else Point(tuple(shoppes_options(game, player)), False)
    if verb == "exchange":
        return _exchange(game, player, rest)
    if verb == HOME:
        return _home(player, rest)
    return Point((), False)


def _gather(player: Player, rest: Draft) -> Point:
    if ARROW not in rest:
        more = tuple(gather_sources(player, rest))
        return Point((*more, ARROW) if rest else more, False)
    sources = rest[:rest.index(ARROW)]
    if rest[-1] == ARROW:
        return Point(tuple(gather_targets(player, sources)), False)
    return Point((), True)


def _sort(player: Player, rest: Draft) -> Point:
    if not rest:
        return Point(tuple(sort_sources(player)), False)
    source = rest[0]
    if len(rest) == 1:
        return Point((ARROW,), False)
    moves = _placements(rest[2:])
    tokens = [move for move in moves if move[0] in TOKENS]
    placed = [move for move in moves if move[0] not in TOKENS]
    left = sort_left(player, source, placed)
    if not left:
        return Point((), True)
    options = [] if placed else [f"{token}:{space}" for token in sort_tokens(player, source)
                                 if token not in {t for t, _ in tokens} for space in SPACES]
    spaces = sort_spaces(player, source, placed, tokens)
    options += [f"{book}:{space}" for book in sorted(set(left), key=_book_order) for space in spaces]
    return Point(tuple(options), False)


def _exchange(game: BooksGame, player: Player, rest: Draft) -> Point:
    if ARROW not in rest:
        depths = tuple(f"{NIGHTSTAND}:{depth}" for depth in exchange_depths(player)
                       if f"{NIGHTSTAND}:{depth}" not in rest)
        return Point((*depths, ARROW), False)
    at = rest.index(ARROW)
    returned = [read_number(part.partition(":")[2]) or 0 for part in rest[:at]]
    placed = _placements(rest[at + 1:])
    colours = named_colours(game, player, returned, [book for book, _ in placed])
    count = len(returned) + 1
    return _place_books(player, [*(book for book, _ in placed), *colours * count], placed, count)


def _home(player: Player, rest: Draft) -> Point:
    stacks = home_stacks(player)
    unloaded = _placements(rest)
    if len(unloaded) >= len(stacks):
        return Point((), True)
    stack = stacks[len(unloaded)]
    return Point(tuple(f"{stack}:{space}" for space in home_targets(player, unloaded, stack)), False)


def valid(game: BooksGame, seat: int, draft: Draft) -> bool:
    """Whether the builder could have made `draft` for the seat now: each part among those offered after the ones
    before it (a custom id may be forged or from an older step)."""
    for index, part in enumerate(draft):
        if index == 0 and part == KITTY:
            if game.players[seat].kitties <= 0:
                return False
            continue
        if part not in point(game, seat, draft[:index]).options:
            return False
    return True


def back(game: BooksGame, seat: int, draft: Draft) -> Draft:
    """The draft without its last choice (and the parts `advance` added with it)."""
    shorter = draft[:-1]
    while shorter and (shorter[-1] == ARROW and point(game, seat, shorter[:-1]).options == (ARROW,)
                       or shorter == (KITTY,)):
        shorter = shorter[:-1]
    opened = start(game, seat)
    return opened if len(shorter) < len(opened) else shorter


def advance(game: BooksGame, seat: int, draft: Draft, part: str) -> Draft:
    """The draft with `part` added, then every part that is the only way on (a Lucky Kitty the chosen space needs
    goes first; Sort's and the Bookstore's ">")."""
    if not draft and part not in (HOME, "keep", "take", "put", "discard", "remove"):
        village = part not in APARTMENT_SPACES
        if open_spaces(game, game.players[seat], village=village).get(part):
            draft = (KITTY,)
    draft = (*draft, part)
    while True:
        found = point(game, seat, draft)
        if found.complete or len(found.options) != 1 or found.options[0] != ARROW:
            return draft
        draft = (*draft, ARROW)


def start(game: BooksGame, seat: int) -> Draft:
    """The draft a builder opens with: the verb when the step can only be one kind (keep, take, put, ...)."""
    now = stage(game, seat)
    if now is None:
        return ()
    first = _first(game, seat, now)
    return advance(game, seat, (), first[0]) if len(first) == 1 and now not in ("apartment", "village") else ()


VOCABULARY: tuple[str, ...] = (
    KITTY, ARROW, HOME, "keep", "take", "put", "discard", "remove", COLOURLESS, *APARTMENT_SPACES,
    *VILLAGE_SPACES, *SHOPPES_CHOICES, *SPACES, *SHELF_NAMES, *(str(n) for n in range(1, 10)),
    *(f"{NIGHTSTAND}:{n}" for n in range(1, 10)), *BOOK_LETTERS,
    *(f"{book}:{where}" for book in sorted(BOOK_LETTERS) for where in (*SPACES, *BACKPACK_STACKS, BAG)),
    *(f"{token}:{space}" for token in TOKENS for space in SPACES),
    *(f"{stack}:{space}" for stack in BACKPACK_STACKS for space in SPACES),
    *sorted(PROJECTS),
)
"""Every part a step may have, numbered for custom ids (two characters a part)."""
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_INDEX = {part: index for index, part in enumerate(dict.fromkeys(VOCABULARY))}
_PARTS = list(_INDEX)
assert len(_PARTS) <= len(_DIGITS) ** 2


def encode(draft: Draft) -> str:
    """A draft as custom id text: two characters a part."""
    return "".join(_DIGITS[_INDEX[part] // len(_DIGITS)] + _DIGITS[_INDEX[part] % len(_DIGITS)] for part in draft)


def decode(text: str) -> Draft | None:
    """A draft back from custom id text; None when it is not one the bot could have made."""
    if len(text) % 2 or any(c not in _DIGITS for c in text):
        return None
    parts = []
    for i in range(0, len(text), 2):
        index = _DIGITS.index(text[i]) * len(_DIGITS) + _DIGITS.index(text[i + 1])
        if index >= len(_PARTS):
            return None
        parts.append(_PARTS[index])
    return tuple(parts)
