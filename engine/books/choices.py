"""What may come next in a step, given what a builder (or the computer player) has chosen so far: each function
answers one question with only legal choices, so a click-only builder and typed autocomplete offer nothing
the rules would refuse. They read a `Player` and a `Board` (a game or a seat's view: both have the names).

A step's choices in order: `open_spaces` (where the meeple may go, and whether it needs a Lucky Kitty), then per
action: Gather `gather_sources` → `gather_targets`; Sort `sort_sources` → `sort_tokens` → `sort_spaces` for each
next book (`sort_left` says which remain); Read `read_spaces` → `read_depths`; Bookstore `shelves` →
`gain_places` per book; Library's kept book(s) and gains `gain_places`; Shoppes `shoppes_options`; Exchange
`exchange_depths` → `named_colours` → `gain_places`; Welcome Home `home_stacks` → `home_targets`; Put
`SPACES`; Remove `removals`."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .actions import BAG, Placement
from .apartment import leave_cost
from .data import BACKPACK_STACKS, COLOURS, GATHER_MAX, NIGHTSTAND, SHELF_NAMES, SPACES, STACK_HEIGHT
from .flow import same_space
from .gains import destinations
from .neat import sort_per_space
from .state import APARTMENT_SPACES, Apartment, Board, Penelope, Player
from .village import bookstore_spaces, reachable, shelf_cost, shoppes_cost, space_costs

__all__ = ["open_spaces", "gather_sources", "gather_targets", "sort_sources", "sort_tokens", "sort_spaces",
           "sort_room", "sort_left", "read_spaces", "read_depths", "shelves", "gain_places", "shoppes_options",
           "exchange_depths", "named_colours", "home_stacks", "home_targets", "removals", "bookstore_choices"]


def _open(space: str, player: Player) -> tuple[bool, bool]:
    """(may go, needs a Lucky Kitty) for the different-space rule."""
    same = same_space(player.location, space)
    return (not same or player.kitties > 0), same


def open_spaces(board: Board, player: Player, village: bool) -> dict[str, bool]:
    """The action spaces the player may move to now (the Village's when `village`, else the apartment's), each
    with whether it needs a Lucky Kitty (the different-space rule): only spaces whose action can be taken."""
    out: dict[str, bool] = {}
    if village:
        for space, cost in space_costs(board, player).items():
            ok, kitty = _open(space, player)
            if ok and cost <= player.battery:
                out[space] = kitty
        return out
    stacks = player.apartment.stacks
    has_books = any(stacks.values())
    costs = space_costs(board, player)
    possible = {
        "gather": has_books, "sort": has_books, "rest": True, "admire": True,
        "read": bool(read_spaces(player)),
        "leave": bool(costs) and min(costs.values()) <= player.battery - leave_cost(),
    }
    for space in APARTMENT_SPACES:
        ok, kitty = _open(space, player)
        if ok and possible[space]:
            out[space] = kitty
    return out


def gather_sources(player: Player, chosen: Sequence[str]) -> list[str]:
    """The spaces whose top may be gathered next (different stacks, at most 6, each with a book)."""
    if len(chosen) >= GATHER_MAX:
        return []
    return [space for space in SPACES if space not in chosen and player.apartment.stacks[space]]


def gather_targets(player: Player, sources: Sequence[str]) -> list[str]:
    """Where the gathered stack may go: any space it fits on once the tops are taken (a source too)."""
    apartment = player.apartment
    return [space for space in SPACES
            if len(apartment.stacks[space]) - (space in sources) + len(sources) <= apartment.limit(space)]


def sort_sources(player: Player) -> list[str]:
    return [space for space in SPACES if player.apartment.stacks[space]]


def sort_tokens(player: Player, source: str) -> list[str]:
    """The tokens sitting on the stack to lift: each may move to any space (before the books are placed)."""
    apartment = player.apartment
    return [token for token in ("bookend", "lamp") if getattr(apartment, token) == source]


def _after_tokens(apartment: Apartment, tokens: Sequence[Placement]) -> Apartment:
    moved = apartment.copy()
    for token, space in tokens:
        setattr(moved, token, space)
    return moved


def sort_left(player: Player, source: str, placed: Sequence[Placement]) -> str:
    """The lifted books not yet placed (in the stack's order)."""
    left = list(player.apartment.stacks[source])
    for book, _ in placed:
        if book in left:
            left.remove(book)
    return "".join(left)


def sort_room(player: Player, source: str, tokens: Sequence[Placement] = ()) -> dict[str, int]:
    """How many of `source`'s lifted books each space may take: fewer than 2 (3 with the Glasses), within its
    height limit once the stack is lifted (and the named tokens moved)."""
    apartment = _after_tokens(player.apartment, tokens) if tokens else player.apartment
    stacks = apartment.stacks
    most = sort_per_space(player.neat)
    return {space: min(most, apartment.limit(space) - (0 if space == source else len(stacks[space])))
            for space in SPACES}


def sort_spaces(player: Player, source: str, placed: Sequence[Placement],
                tokens: Sequence[Placement] = ()) -> list[str]:
    """Where the next lifted book may go: a space with room that has had fewer than 2 (3 with the Glasses)."""
    room = sort_room(player, source, tokens)
    added = Counter(space for _, space in placed)
    return [space for space in SPACES if added[space] < room[space]]


def read_spaces(player: Player) -> list[str]:
    """Spaces with a book that may be read onto the Nightstand (it must have room, unless read from itself)."""
    apartment = player.apartment
    room = len(apartment.stacks[NIGHTSTAND]) < apartment.limit(NIGHTSTAND)
    return [space for space in SPACES if apartment.stacks[space] and (room or space == NIGHTSTAND)]


def read_depths(player: Player, space: str) -> list[int]:
    """The depths (1 = bottom) of `space`'s books."""
    return list(range(1, len(player.apartment.stacks[space]) + 1)) if space in read_spaces(player) else []


def shelves(board: Board, player: Player, space: str) -> dict[str, int]:
    """The shelves the Bookstore space reaches that hold something and the player can pay for, with costs."""
    out: dict[str, int] = {}
    for name in reachable(space):
        shelf = board.village.shelves[SHELF_NAMES.index(name)]
        cost = shelf_cost(board, player, name)
        if (shelf.books or shelf.project) and cost <= player.battery:
            out[name] = cost
    return out


def _room(apartment: Apartment, where: str, placed: Counter[str]) -> int:
    if where in SPACES:
        return apartment.limit(where) - len(apartment.stacks[where]) - placed[where]
    return STACK_HEIGHT - len(apartment.backpack[BACKPACK_STACKS.index(where)]) - placed[where]


def gain_places(player: Player, placed: Sequence[Placement]) -> list[str]:
    """Where the next gained book may go after `placed`: backpack stacks in the Village, grid spaces at home,
    with room; the bag only when none has room."""
    counts = Counter(where for _, where in placed)
    fits = [where for where in destinations(player) if _room(player.apartment, where, counts) > 0]
    return fits or [BAG]


def shoppes_options(board: Board, player: Player) -> dict[str, int]:
    """left / right / both / deck, those on offer that the player can pay for, with costs."""
    shown = len(board.village.shoppes)
    offers = {"left": shown >= 1, "right": shown >= 2, "both": shown >= 2, "deck": board.neat_available}
    return {which: shoppes_cost(which) for which, ok in offers.items()
            if ok and shoppes_cost(which) <= player.battery}


def exchange_depths(player: Player) -> list[int]:
    return list(range(1, len(player.apartment.stacks[NIGHTSTAND]) + 1))


def named_colours(board: Board, player: Player, returned: Sequence[int], named: Sequence[str]) -> list[str]:
    """The colours the next named book may have: those the bag holds (with the returned Nightstand books back
    in it) beyond the ones named so far."""
    stack = player.apartment.stacks[NIGHTSTAND]
    bag = Counter(board.bag)
    bag.update(stack[depth - 1] for depth in returned if 1 <= depth <= len(stack))
    bag.subtract(named)
    return [colour for colour in COLOURS if bag[colour] > 0]


def home_stacks(player: Player) -> list[str]:
    """The backpack stacks Welcome Home must unload (each once)."""
    return [BACKPACK_STACKS[i] for i, books in enumerate(player.apartment.backpack) if books]


def home_targets(player: Player, unloaded: Sequence[Placement], stack: str) -> list[str]:
    """Where `stack` may be unloaded after `unloaded`: a space it fits on whole, or any space when none fits."""
    apartment = player.apartment.copy()
    for done, space in unloaded:
        apartment.stacks[space] += apartment.backpack[BACKPACK_STACKS.index(done)]
    books = len(apartment.backpack[BACKPACK_STACKS.index(stack)])
    fits = [space for space in SPACES if len(apartment.stacks[space]) + books <= apartment.limit(space)]
    return fits or list(SPACES)


def removals(penelope: Penelope | None) -> list[str]:
    """Solo: what a claimed Major Accomplishment may remove: each colour, or "" (the colourless cards)."""
    return list(COLOURS) + [""] if penelope is not None else []


def bookstore_choices(board: Board) -> tuple[str, ...]:
    """The Bookstore's action spaces this game (one, or left and right at 4 players)."""
    return bookstore_spaces(board.n_players)
