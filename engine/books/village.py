"""The Village's actions (books.md "Village"): the Bookstore (shelves by rank, restock; two spaces at 4
players), the Library (draw, keep, the rest onto the shelves), the Shoppes (a face-up card, both, or the deck's
top; the display reset) and the Exchange; what each costs a player now, for the forced way home and Leave."""
from __future__ import annotations

from .actions import Bookstore, Exchange, Placement, Shoppes
from .data import (
    BOOKSTORE_COSTS,
    EXCHANGE_COST,
    FOUR_PLAYER_BOOKSTORE,
    LIBRARY_DRAW,
    LIBRARY_KEEP,
    NIGHTSTAND,
    SHELF_NAMES,
    SHOPPES_BOTH,
    SHOPPES_DECK,
    SHOPPES_FACE_UP,
    SHOPPES_ONE,
)
from .draws import draw_books, draw_neat, draw_project, return_books, shuffled
from .gains import fail, place_books, spend, take_named, take_neat
from .neat import bookstore_cost, library_cost
from .state import Board, Pending, Player, Shelf, Tabletop

__all__ = ["bookstore_spaces", "reachable", "shelf_order", "shelf_cost", "bookstore", "restock", "library",
           "library_keep", "shoppes", "shoppes_cost", "reset_shoppes", "exchange", "advance_sun", "space_costs"]


def bookstore_spaces(n_players: int) -> tuple[str, ...]:
    """The Bookstore's action spaces: one, or left and right at 4 players."""
    return tuple(FOUR_PLAYER_BOOKSTORE) if n_players == 4 else ("bookstore",)


def reachable(space: str) -> tuple[str, ...]:
    """The shelves a Bookstore space reaches."""
    return FOUR_PLAYER_BOOKSTORE.get(space, SHELF_NAMES)


def shelf_order(shelves: list[Shelf]) -> list[int]:
    """The shelves' indexes from the smallest to the largest by books; tied counts: the left shelf ranks higher
    (H)."""
    return sorted(range(len(shelves)), key=lambda i: (len(shelves[i].books), -i))


def _rank(shelves: list[Shelf], index: int) -> int:
    """0 smallest .. 2 largest."""
    return shelf_order(shelves).index(index)


def shelf_cost(table: Board, player: Player, shelf: str) -> int:
    """What taking `shelf` costs the player now: 1/3/6 by rank, 1 less with the Loyalty Card."""
    index = SHELF_NAMES.index(shelf)
    return bookstore_cost(BOOKSTORE_COSTS[_rank(table.village.shelves, index)], player.neat)


def bookstore(table: Tabletop, seat: int, action: Bookstore) -> None:
    """Pay the shelf's cost; its books to the backpack in the player's order, its Little Project to the hand;
    then a new Little Project there and 1 random book onto each shelf."""
    player = table.players[seat]
    if action.shelf not in reachable(action.space):
        raise fail(f"The {action.space} space reaches shelves {' '.join(reachable(action.space))}.",
                   "shelf_out_of_reach", shelf=action.shelf, space=action.space)
    shelf = table.village.shelves[SHELF_NAMES.index(action.shelf)]
    if not shelf.books and shelf.project is None:
        raise fail(f"Shelf {action.shelf} is empty.", "empty_shelf", shelf=action.shelf)
    spend(player, shelf_cost(table, player, action.shelf), "This shelf")
    place_books(table, player, shelf.books, action.books)
    if shelf.project is not None:
        player.hand.append(shelf.project)
    restock(table, shelf)


def restock(table: Tabletop, taken: Shelf) -> None:
    """After a shelf was taken (by a player or Penelope): a new Little Project there and 1 random book onto each
    shelf."""
    taken.books, taken.project = "", draw_project(table)
    for shelf in table.village.shelves:
        shelf.books += draw_books(table, 1)


def library(table: Tabletop, seat: int) -> None:
    """Pay; draw 4 (5 at 4 players), saved in the pending choice of which to keep."""
    player = table.players[seat]
    if not sum(table.bag.values()):
        raise fail("The bag is empty: the Library has no book to draw.", "empty_bag")
    spend(player, library_cost(player.neat), "The Library")
    drawn = draw_books(table, LIBRARY_DRAW[table.n_players])
    table.pending = Pending("library", seat, books=drawn, count=min(LIBRARY_KEEP[table.n_players], len(drawn)))


def library_keep(table: Tabletop, seat: int, books: str, keep: int, placements: tuple[Placement, ...]) -> None:
    """The kept books (exactly `keep` of the drawn `books`) to the backpack; the rest one each onto L, C, R at
    random."""
    if len(placements) != keep:
        raise fail(f"Keep {keep} of the drawn books.", "keep_count", count=keep)
    rest = list(books)
    for book, _ in placements:
        if book not in rest:
            raise fail(f"No {book} was drawn that you could keep.", "not_drawn", book=book)
        rest.remove(book)
    kept = "".join(book for book, _ in placements)
    place_books(table, table.players[seat], kept, placements)
    for shelf, book in zip(table.village.shelves, shuffled(table, rest)):
        shelf.books += book


def shoppes_cost(which: str) -> int:
    return {"left": SHOPPES_ONE, "right": SHOPPES_ONE, "both": SHOPPES_BOTH, "deck": SHOPPES_DECK}[which]


def shoppes(table: Tabletop, seat: int, action: Shoppes) -> None:
    """A face-up card (4), both (9) or the deck's top (3); after a face-up take, the rest of the display is
    discarded and 2 new are shown. The cards' one-time effects follow, in order."""
    player, village = table.players[seat], table.village
    which = action.which
    shown = len(village.shoppes)
    wanted = {"left": [0], "right": [1], "both": [0, 1], "deck": []}[which]
    if any(i >= shown for i in wanted):
        raise fail("That card is not on display.", "no_card_there", which=which)
    if which == "deck" and not table.neat_available:
        raise fail("The Other Neat Stuff deck is empty.", "empty_deck")
    spend(player, shoppes_cost(which), "That")
    if which == "deck":
        card = draw_neat(table)
        assert card is not None
        taken = [card]
    else:
        taken = [village.shoppes[i] for i in wanted]
        reset_shoppes(table, taken)
    for at, card in enumerate(taken):
        take_neat(table, seat, card, at)


def reset_shoppes(table: Tabletop, taken: list[str]) -> None:
    """After face-up cards were taken (`taken`): the rest of the display is discarded and 2 new are shown."""
    village = table.village
    table.ns_discard += [card for card in village.shoppes if card not in taken]
    village.shoppes = [card for card in (draw_neat(table) for _ in range(SHOPPES_FACE_UP)) if card]


def advance_sun(table: Tabletop) -> None:
    """The Sun one step on; reaching its last space triggers the end; later moves do nothing."""
    if table.village.sun > 0:
        table.village.sun -= 1
        table.end_triggered = table.end_triggered or table.village.sun == 0


def exchange(table: Tabletop, seat: int, action: Exchange) -> None:
    """Pay; return Nightstand books from any depths (a Wild to the supply), then take one more book than
    returned, of the colours named, from the bag into the backpack: refused with the bag empty, since then it
    could not give the one more."""
    player = table.players[seat]
    if not sum(table.bag.values()):
        raise fail("The bag is empty: the Exchange would have no book to give for those returned.",
                   "exchange_empty_bag")
    stack = player.apartment.stacks[NIGHTSTAND]
    depths = action.returned
    if len(set(depths)) != len(depths):
        raise fail("Name each Nightstand book once.", "book_twice")
    bad = [depth for depth in depths if not 1 <= depth <= len(stack)]
    if bad:
        raise fail(f"The Nightstand holds {len(stack)} books: no book at depth {bad[0]}.", "no_such_book",
                   space=NIGHTSTAND, depth=bad[0], height=len(stack))
    spend(player, EXCHANGE_COST, "The Exchange")
    return_books(table, "".join(stack[depth - 1] for depth in depths))
    player.apartment.stacks[NIGHTSTAND] = "".join(book for i, book in enumerate(stack, 1) if i not in depths)
    if len(action.books) != len(depths) + 1:
        raise fail(f"Take {len(depths) + 1} books for the {len(depths)} returned.", "exchange_count",
                   count=len(depths) + 1)
    take_named(table, player, action.books)


def space_costs(table: Board, player: Player) -> dict[str, int]:
    """The least each Village space's action costs the player now (a space with nothing to take is left out):
    what decides the forced way home and whether Leave the House can be paid."""
    costs: dict[str, int] = {}
    for space in bookstore_spaces(table.n_players):
        shelves = [s for s in reachable(space)
                   if table.village.shelves[SHELF_NAMES.index(s)].books
                   or table.village.shelves[SHELF_NAMES.index(s)].project]
        if shelves:
            costs[space] = min(shelf_cost(table, player, s) for s in shelves)
    bag = sum(table.bag.values())
    if bag:
        costs["library"] = library_cost(player.neat)
    offers = [shoppes_cost(w) for w, ok in (("left", table.village.shoppes), ("deck", table.neat_available)) if ok]
    if offers:
        costs["shoppes"] = min(offers)
    if bag:  # one more book than returned: the bag must give at least one of its own
        costs["exchange"] = EXCHANGE_COST
    return costs
