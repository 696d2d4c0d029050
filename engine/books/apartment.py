"""The apartment's actions (books.md "A turn"): Gather, Sort, Rest, Read a Book, Admire, Leave the House, and
Welcome Home's unloading. Each checks as it changes the state; the game plays an action on a copy, so a
refusal leaves the game as it was."""
from __future__ import annotations

from collections import Counter

from .actions import Admire, Gather, Home, Leave, Read, Rest, Sort
from .data import APARTMENT, BACKPACK_STACKS, GATHER_MAX, NIGHTSTAND, REWARD_BATTERY, SPACES, PROJECTS
from .draws import return_books
from .gains import draw_projects, fail, gain_battery, spend
from .grid import is_most_common
from .neat import rest_draws, sort_per_space
from .projects import met
from .solo import scored
from .state import HOME, Player, Tabletop, Task

__all__ = ["gather", "sort", "rest", "read", "admire", "leave_cost", "leave", "home"]


def _battery(action: str) -> int:
    return APARTMENT[action]["battery"]


def gather(player: Player, action: Gather) -> None:
    """The tops of 1-6 different stacks, the first lowest, as one stack on any space (a source too)."""
    stacks, sources = player.apartment.stacks, action.sources
    if not 1 <= len(sources) <= GATHER_MAX:
        raise fail(f"Gather takes the tops of 1 to {GATHER_MAX} stacks.", "gather_count", most=GATHER_MAX)
    if len(set(sources)) != len(sources):
        raise fail("Gather takes from different stacks: name each space once.", "gather_twice")
    taken = ""
    for space in sources:
        if not stacks[space]:
            raise fail(f"{space} has no book to take.", "empty_space", space=space)
        taken += stacks[space][-1]
        stacks[space] = stacks[space][:-1]
    _pile(player, action.target, taken)
    gain_battery(player, _battery("gather"))


def _pile(player: Player, space: str, books: str) -> None:
    apartment = player.apartment
    limit = apartment.limit(space)
    if len(apartment.stacks[space]) + len(books) > limit:
        raise fail(f"{space} would hold more than {limit} books.", "too_high", space=space, limit=limit)
    apartment.stacks[space] += books


def sort(player: Player, action: Sort) -> None:
    """Lift a whole stack; place its books one at a time onto tops or empty spaces, at most 2 (3 with the
    Glasses) onto each space, the lifted one's own too. A token on the lifted stack moves first if named."""
    apartment = player.apartment
    lifted = apartment.stacks[action.source]
    if not lifted:
        raise fail(f"{action.source} has no stack to sort.", "empty_space", space=action.source)
    apartment.stacks[action.source] = ""
    moved = [token for token, _ in action.tokens]
    if len(set(moved)) != len(moved):
        raise fail("Move each token once.", "token_twice")
    for token, space in action.tokens:
        if getattr(apartment, token) != action.source:
            raise fail(f"The {token} is not on {action.source}.", "token_not_lifted", token=token)
        setattr(apartment, token, space)
    if Counter(book for book, _ in action.books) != Counter(lifted):
        raise fail(f"Place every book of {action.source} once: {' '.join(lifted)}.", "wrong_books",
                   books=" ".join(lifted))
    most = sort_per_space(player.neat)
    added: Counter[str] = Counter()
    for book, space in action.books:
        if space not in SPACES:
            raise fail(f"{space} is not a space of the apartment.", "bad_destination", place=space)
        added[space] += 1
        if added[space] > most:
            raise fail(f"Sort adds at most {most} books to one space.", "sort_per_space", most=most, space=space)
        _pile(player, space, book)
    gain_battery(player, _battery("sort"))


def rest(table: Tabletop, player: Player, action: Rest) -> None:
    """+2 and 2 Little Projects (3 with the Blanket); the hand is cut to 5 at the turn's end."""
    draw_projects(table, player, rest_draws(player.neat))
    gain_battery(player, _battery("rest"))


def read(player: Player, action: Read) -> None:
    """One book from any depth of any stack to the top of the Nightstand."""
    stacks = player.apartment.stacks
    stack = stacks[action.space]
    if not 1 <= action.depth <= len(stack):
        raise fail(f"{action.space} holds {len(stack)} books: no book at depth {action.depth}.", "no_such_book",
                   space=action.space, depth=action.depth, height=len(stack))
    book = stack[action.depth - 1]
    stacks[action.space] = stack[:action.depth - 1] + stack[action.depth:]
    _pile(player, NIGHTSTAND, book)
    gain_battery(player, _battery("read"))


def admire(table: Tabletop, seat: int, action: Admire) -> list[str]:
    """The Player card (+3 when its colour is strictly the most common), then every Little Project in hand the
    grid meets (all checked before any reward), scored with their rewards in hand order. Returns them."""
    player = table.players[seat]
    stacks = player.apartment.stacks
    if is_most_common(stacks, player.colour):
        gain_battery(player, APARTMENT["admire"]["player_card"])
    gain_battery(player, _battery("admire"))
    done = met(player.hand, stacks)
    for card in done:
        player.hand.remove(card)
        player.scored.append(card)
        if PROJECTS[card].reward == "battery":
            table.tasks.append(Task("battery", seat, n=REWARD_BATTERY))
        else:
            table.tasks.append(Task("neat_top", seat))
    if table.penelope is not None and done:
        scored(table, done)
    return done


def leave_cost() -> int:
    return -_battery("leave")


def leave(player: Player, action: Leave) -> None:
    """-5 (the Village action is paid on top, in the same turn); the Sun moves on the game's side."""
    spend(player, leave_cost(), "Leaving the house")


def home(table: Tabletop, player: Player, action: Home) -> None:
    """Welcome Home: every backpack stack, whole and in order, onto an empty space or a stack it fits on; a
    stack that fits nowhere goes onto any space and its books above the limit go to the bag (H). The meeple
    stands on Welcome Home until the turn's apartment action."""
    apartment = player.apartment
    stacks = [stack for stack, _ in action.unload]
    loaded = [BACKPACK_STACKS[i] for i, books in enumerate(apartment.backpack) if books]
    if sorted(stacks) != sorted(loaded) or len(set(stacks)) != len(stacks):
        raise fail(f"Unload each backpack stack once: {' '.join(loaded) or 'none'}.", "unload_each",
                   stacks=" ".join(loaded))
    player.location = HOME
    for stack, space in action.unload:
        books = apartment.backpack[BACKPACK_STACKS.index(stack)]
        apartment.backpack[BACKPACK_STACKS.index(stack)] = ""
        fits = [s for s in SPACES if len(apartment.stacks[s]) + len(books) <= apartment.limit(s)]
        if fits and space not in fits:
            raise fail(f"{stack} does not fit on {space}; it fits on {' '.join(fits[:6])}.", "does_not_fit",
                       stack=stack, space=space)
        room = max(0, apartment.limit(space) - len(apartment.stacks[space]))
        apartment.stacks[space] += books[:room]
        return_books(table, books[room:])
