"""`legal_actions`: the steps the game accepts now, bounded (a few thousand at most).

Exhaustive for every step with few choices (Rest, Read, Admire, Leave, the Village's shelves and cards, the
Library's keep, gains, tokens, discards, removals, the keep-3). Gather and Sort have too many to list, so they
are a representative subset in which every kind of choice appears: Gather from one stack onto every space it
fits, from every ordered pair onto either source or the first empty space, and from the first 3 to 6 stacks
onto every space; Sort of every stack dealt round the apartment from each space in turn (and a token moved).
Placements into the backpack or onto the grid fill the first place with room, or alternate. Gather's candidates
and Sort's without a token are built from the very limits the rules check (choices.gather_targets,
choices.sort_room), so they are accepted as built; every other candidate is tried on a copy, so each listed step
is accepted (`check` is exact on anything else). tests/engine/books compare the list with trying every candidate."""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, permutations, product

from .actions import (
    Action,
    Admire,
    BooksError,
    Bookstore,
    Discard,
    Exchange,
    Gather,
    Home,
    Keep,
    Leave,
    Library,
    Placement,
    Put,
    Read,
    Remove,
    Rest,
    Shoppes,
    Sort,
    Take,
)
from .choices import (
    gain_places,
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
    sort_room,
    sort_sources,
    sort_tokens,
)
from .data import KEPT_PROJECTS, NIGHTSTAND, SHELF_NAMES, SPACES
from .state import Player, Tabletop
from .steps import actor, expected, refuse

__all__ = ["legal_actions"]


def legal_actions(table: Tabletop) -> list[Action]:
    """The acting seat's steps first, then the keep-3 of every other seat still choosing."""
    if table.over:
        return []
    who = actor(table)
    out: list[Action] = []
    seats = [who] + [seat for seat in range(table.n_players) if seat != who]
    for seat in seats:
        player = table.players[seat]
        if player.dealt and seat not in table.resigned:
            out += [Keep(cards) for cards in combinations(player.dealt, KEPT_PROJECTS)]
    if table.players[who].dealt:
        return out
    seen: set[Action] = set()
    for action in _candidates(table, who, expected(table)):
        if action not in seen and _accepted(table, action, who):
            seen.add(action)
            out.append(action)
    return out


def _accepted(table: Tabletop, action: Action, seat: int) -> bool:
    if isinstance(action, Gather) or (isinstance(action, Sort) and not action.tokens):
        return True  # built legal (the docstring says why); trying them was nine tenths of the listing's time
    try:
        refuse(table.copy(), action, seat)
    except BooksError:
        return False
    return True


def _candidates(table: Tabletop, seat: int, step: str) -> Iterator[Action]:
    player = table.players[seat]
    pending = table.pending
    if step == "apartment":
        for space, kitty in open_spaces(table, player, village=False).items():
            yield from _apartment(player, space, kitty)
    elif step in ("village", "village_or_home"):
        if step == "village_or_home":
            yield from _home(player)
        for space, kitty in open_spaces(table, player, village=True).items():
            yield from _village(table, player, space, kitty)
    elif pending is not None and step == "library":
        for kept in sorted(set(combinations(sorted(pending.books), pending.count))):
            yield from (Take(p) for p in _placements(player, "".join(kept)))
    elif pending is not None and step == "take":
        yield from (Take(p) for p in _all_placements(player, pending.books))
    elif pending is not None and step == "name":
        for colours in product(named_colours(table, player, (), ()), repeat=pending.count):
            yield from (Take(p) for p in _all_placements(player, "".join(colours)))
    elif step == "put":
        yield from (Put(space) for space in SPACES)
    elif pending is not None and step == "discard":
        yield from (Discard(cards) for cards in combinations(player.hand, pending.count))
    elif step == "remove":
        yield from (Remove(colour) for colour in removals(table.penelope))


def _apartment(player: Player, space: str, kitty: bool) -> Iterator[Action]:
    if space == "gather":
        yield from _gathers(player, kitty)
    elif space == "sort":
        yield from _sorts(player, kitty)
    elif space == "read":
        for source in read_spaces(player):
            yield from (Read(source, depth, kitty) for depth in read_depths(player, source))
    elif space == "rest":
        yield Rest(kitty)
    elif space == "admire":
        yield Admire(kitty)
    else:
        yield Leave(kitty)


def _gathers(player: Player, kitty: bool) -> Iterator[Action]:
    stacks = player.apartment.stacks
    sources = [space for space in SPACES if stacks[space]]
    empty = next((space for space in SPACES if not stacks[space]), None)
    for source in sources:
        yield from (Gather((source,), target, kitty) for target in gather_targets(player, (source,)))
    for pair in permutations(sources, 2):
        targets = set(gather_targets(player, pair))
        yield from (Gather(pair, target, kitty) for target in (*pair, empty) if target in targets)
    for k in range(3, min(6, len(sources)) + 1):
        chosen = tuple(sources[:k])
        yield from (Gather(chosen, target, kitty) for target in gather_targets(player, chosen))


def _sorts(player: Player, kitty: bool) -> Iterator[Action]:
    for source in sort_sources(player):
        books = player.apartment.stacks[source]
        tokens = sort_tokens(player, source)
        room = sort_room(player, source)
        for start in range(len(SPACES)):
            order = SPACES[start:] + SPACES[:start]
            for sequence in (books, books[::-1]) if start == 0 else (books,):
                placed = _deal_round(room, sequence, order)
                if placed is not None:
                    yield Sort(source, placed, (), kitty)
                    if tokens:
                        yield Sort(source, placed, tuple(sorted((t, placed[0][1]) for t in tokens)), kitty)


def _deal_round(room: dict[str, int], books: str, order: Sequence[str]) -> tuple[Placement, ...] | None:
    """Each book onto the next space in `order` that has room left for it (choices.sort_room), going round."""
    left = dict(room)
    placed: list[Placement] = []
    at = 0
    for book in books:
        for step in range(len(order)):
            space = order[(at + step) % len(order)]
            if left[space] > 0:
                left[space] -= 1
                placed.append((book, space))
                at = (at + step + 1) % len(order)
                break
        else:
            return None
    return tuple(placed)


def _placements(player: Player, books: str) -> list[tuple[Placement, ...]]:
    """Two ways to place gained books: each into the first place with room, or alternating places."""
    ways = []
    for alternate in (False, True):
        placed: list[Placement] = []
        for i, book in enumerate(books):
            places = gain_places(player, placed)
            placed.append((book, places[i % len(places)] if alternate else places[0]))
        ways.append(tuple(placed))
    return ways


def _all_placements(player: Player, books: str) -> list[tuple[Placement, ...]]:
    """Every way to place a few gained books one after another (the last place of each is a set)."""
    ways: list[tuple[Placement, ...]] = [()]
    for book in books:
        ways = [way + ((book, place),) for way in ways for place in gain_places(player, way)]
    return ways


def _village(table: Tabletop, player: Player, space: str, kitty: bool) -> Iterator[Action]:
    player = player.copy()
    player.location = space
    if space.startswith("bookstore"):
        for shelf in shelves(table, player, space):
            books = table.village.shelves[SHELF_NAMES.index(shelf)].books
            yield from (Bookstore(shelf, placed, space, kitty) for placed in _placements(player, books))
    elif space == "library":
        yield Library(kitty)
    elif space == "shoppes":
        yield from (Shoppes(which, kitty) for which in shoppes_options(table, player))
    elif space == "exchange":
        height = len(player.apartment.stacks[NIGHTSTAND])
        returns: list[tuple[int, ...]] = [()] + [(depth,) for depth in range(1, height + 1)]
        returns += [tuple(range(height, height - j, -1)) for j in range(2, height + 1)]
        for returned in returns:
            for colour in named_colours(table, player, returned, ()):
                named = _named(table, player, returned, colour, len(returned) + 1)
                if named:
                    yield from (Exchange(returned, placed, kitty) for placed in _placements(player, named))


def _named(table: Tabletop, player: Player, returned: tuple[int, ...], first: str, count: int) -> str:
    """`count` colours the bag can give, `first` as often as it can, then the others in turn."""
    named: list[str] = []
    while len(named) < count:
        available = named_colours(table, player, returned, named)
        if not available:
            return ""
        named.append(first if first in available else available[len(named) % len(available)])
    return "".join(named)


def _home(player: Player) -> Iterator[Action]:
    stacks = home_stacks(player)
    if not stacks:
        yield Home(())
        return
    first, rest = stacks[0], stacks[1:]
    for space in home_targets(player, (), first):
        unload: list[Placement] = [(first, space)]
        for stack in rest:
            unload.append((stack, home_targets(player, unload, stack)[0]))
        yield Home(tuple(unload))
