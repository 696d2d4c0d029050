"""What a player gains and where it goes: battery (capped at 20, the uncapped reach kept for MA4), books into
the backpack in the Village or onto the grid at home (books.md "Gains"), Little Projects drawn, Other Neat Stuff
taken and their one-time effects."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .actions import BAG, IllegalAction, Placement
from .data import BACKPACK_STACKS, BATTERY_MAX, COLOURS, HAND_LIMIT, SPACES, STACK_HEIGHT
from .draws import draw_books, draw_project, return_books
from .neat import backpack_stacks, effect
from .state import VILLAGE_SPACES, Apartment, Pending, Player, Tabletop, Task

__all__ = ["gain_battery", "spend", "in_village", "destinations", "place_books", "draw_projects", "take_neat",
           "resolve_neat", "fail", "over_hand", "take_named"]


def fail(message: str, code: str, **params: object) -> IllegalAction:
    """The refusal to raise (a helper so every rule module words refusals the same way)."""
    return IllegalAction(message, code, **params)


def gain_battery(player: Player, amount: int) -> None:
    """+amount, capped at 20; `reach` keeps where the gain would have taken the battery without the cap."""
    player.reach = max(player.reach, player.battery + amount)
    player.battery = min(BATTERY_MAX, player.battery + amount)


def spend(player: Player, cost: int, what: str) -> None:
    if player.battery < cost:
        raise fail(f"{what} costs {cost} battery; you have {player.battery}.", "cannot_afford", cost=cost,
                   battery=player.battery, what=what)
    player.battery -= cost


def in_village(player: Player) -> bool:
    """Whether the player's meeple stands in the Village (a Village space or the Park)."""
    return player.location in VILLAGE_SPACES


def destinations(player: Player) -> tuple[str, ...]:
    """Where a gained book may go: the backpack's stacks in the Village, the grid's spaces at home."""
    return backpack_stacks(player.neat) if in_village(player) else SPACES


def _room(apartment: Apartment, where: str) -> int:
    if where in SPACES:
        return apartment.limit(where) - len(apartment.stacks[where])
    return STACK_HEIGHT - len(apartment.backpack[BACKPACK_STACKS.index(where)])


def place_books(table: Tabletop, player: Player, books: str, placements: Sequence[Placement]) -> None:
    """Puts exactly `books` (a multiset; order free) where `placements` say, one at a time in their order: each
    onto a destination with room, or into the bag only when no destination has room (a Wild to the supply)."""
    named = Counter(book for book, _ in placements)
    if named != Counter(books):
        raise fail(f"Place exactly these books: {' '.join(sorted(books)) or 'none'}.", "wrong_books",
                   books=" ".join(sorted(books)))
    allowed = destinations(player)
    apartment = player.apartment
    for book, where in placements:
        if where == BAG:
            if any(_room(apartment, d) > 0 for d in allowed):
                raise fail("A book goes into the bag only when it fits nowhere.", "bag_while_room")
            return_books(table, book)
            continue
        if where not in allowed:
            home = allowed == SPACES
            raise fail(f"{where} is not a place for a gained book {'at home' if home else 'in the Village'}.",
                       "bad_destination", place=where)
        if _room(apartment, where) <= 0:
            raise fail(f"{where} is full.", "full", place=where)
        if where in SPACES:
            apartment.stacks[where] += book
        else:
            apartment.backpack[BACKPACK_STACKS.index(where)] += book


def take_named(table: Tabletop, player: Player, placements: Sequence[Placement]) -> None:
    """Books of the colours the player names (the Exchange, the Free Library), from the bag, placed in order."""
    for book, _ in placements:
        if book not in COLOURS:
            raise fail("Name a colour for each book: R, G, B or Y.", "name_a_colour")
        if not table.bag.get(book):
            raise fail(f"The bag has no {book} book left.", "none_in_bag", book=book)
        table.bag[book] -= 1
    place_books(table, player, "".join(book for book, _ in placements), placements)


def draw_projects(table: Tabletop, player: Player, n: int) -> list[str]:
    """Up to `n` Little Projects into the hand (fewer when the deck and discards run out)."""
    drawn = [card for card in (draw_project(table) for _ in range(n)) if card]
    player.hand += drawn
    return drawn


def take_neat(table: Tabletop, seat: int, card: str, at: int = 0) -> None:
    """`card` joins the player's Other Neat Stuff; its one-time effect is queued at `at` (first by default:
    before what the rules had still to do); a Tote opens P3."""
    player = table.players[seat]
    player.neat.append(card)
    while len(player.apartment.backpack) < len(backpack_stacks(player.neat)):
        player.apartment.backpack.append("")
    table.tasks.insert(at, Task("neat", seat, card))


def resolve_neat(table: Tabletop, seat: int, card: str) -> None:
    """A gained card's one-time effect (engine.books.neat says what); a choice it needs becomes the pending."""
    player, supply = table.players[seat], table.supply
    got = effect(card, supply)
    gain_battery(player, got.battery)
    supply.kitties -= got.kitties
    player.kitties += got.kitties
    draw_projects(table, player, got.projects)
    if got.token is not None:
        table.pending = Pending("put", seat, token=got.token)
    elif got.wilds:
        supply.wilds -= got.wilds
        table.pending = Pending("take", seat, books="W" * got.wilds)
    elif got.random_books:
        drawn = draw_books(table, got.random_books)
        if drawn:
            table.pending = Pending("take", seat, books=drawn)
    elif got.named_books and sum(table.bag.values()):
        table.pending = Pending("name", seat, count=min(got.named_books, sum(table.bag.values())))


def over_hand(player: Player) -> int:
    """How many Little Projects the player must discard at its turn's end."""
    return max(0, len(player.hand) - HAND_LIMIT)
