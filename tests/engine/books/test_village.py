"""The Village's actions, bumping to the Park, and the way home, each with its refusals."""
from __future__ import annotations

from engine.books.actions import (
    Bookstore, Exchange, Home, Leave, Library, Rest, Shoppes, Take,
)
from engine.books.choices import open_spaces
from engine.books.game import BooksGame
from tests.engine.books.play import empty, kept, lay, refused

def _out(players: int = 2, battery: int = 20, seed: int = 8) -> tuple[BooksGame, int]:
    """The current seat has just left the house (its Village action comes next)."""
    game = kept(players, seed=seed)
    seat = game.current
    game.players[seat].battery = battery
    game.apply(Leave(), seat)
    return game, seat

def _shelves(game: BooksGame, books: list[str]) -> None:
    for shelf, want in zip(game.village.shelves, books):
        for book in shelf.books:
            game.bag[book] += 1
        for book in want:
            game.bag[book] -= 1
        shelf.books = want

def test_a_shelf_costs_by_rank_its_books_go_to_the_backpack_its_project_to_the_hand_then_restock() -> None:
    game, seat = _out()
    _shelves(game, ["RGB", "YY", "RR"])
    project = game.village.shelves[1].project
    refused(game, Bookstore("C", (("Y", "P1"),)), seat, "wrong_books")
    game.apply(Bookstore("C", (("Y", "P1"), ("Y", "P2"))), seat)
    player = game.players[seat]
    assert player.battery == 20 - 5 - 3, "the middle shelf (a tie with R goes to the left) costs 3"
    assert player.apartment.backpack == ["Y", "Y"] and project in player.hand
    assert [len(s.books) for s in game.village.shelves] == [4, 1, 3]
    assert game.village.shelves[1].project not in (None, project)

def test_at_four_players_each_bookstore_space_reaches_two_shelves_and_they_count_as_one() -> None:
    game, seat = _out(players=4)
    refused(game, Bookstore("L", (), "bookstore"), seat, "bad_bookstore_space")
    books = game.village.shelves[2].books
    refused(game, Bookstore("R", tuple((b, "P1") for b in books), "bookstore_left"), seat, "shelf_out_of_reach")
    game.apply(Bookstore("R", tuple((b, "P1") for b in books), "bookstore_right"), seat)
    assert game.players[seat].location == "bookstore_right" and game.current != seat
    game.current = seat
    shelf = game.village.shelves[0].books
    refused(game, Bookstore("L", tuple((b, "P2") for b in shelf), "bookstore_left"), seat, "same_space")

def test_the_library_saves_its_draw_before_the_keep_and_the_rest_go_onto_the_shelves() -> None:
    game, seat = _out()
    before = [len(s.books) for s in game.village.shelves]
    game.apply(Library(), seat)
    pending = game.pending
    assert pending is not None and pending.kind == "library" and len(pending.books) == 4 and pending.count == 1
    saved = game.to_dict()
    assert BooksGame.from_dict(saved).pending == pending, "a restart finds the same drawn books"
    refused(game, Take(((pending.books[0], "P1"), (pending.books[1], "P1"))), seat, "keep_count")
    game.apply(Take(((pending.books[0], "P2"),)), seat)
    assert game.players[seat].apartment.backpack[1] == pending.books[0]
    assert [len(s.books) for s in game.village.shelves] == [n + 1 for n in before]
    assert game.players[seat].battery == 20 - 5 - 2

def test_shoppes_a_face_up_card_then_the_display_is_reset() -> None:
    game, seat = _out()
    left, right = game.village.shoppes
    game.apply(Shoppes("left"), seat)
    player = game.players[seat]
    assert left in player.neat and right in game.ns_discard and len(game.village.shoppes) == 2
    assert player.battery <= 20 - 5 - 4 + 4, "4 paid (a Thermos gives 4 back)"

def test_shoppes_refusals() -> None:
    game, seat = _out(battery=13)
    refused(game, Shoppes("both"), seat, "cannot_afford")
    game.village.shoppes = game.village.shoppes[:1]
    refused(game, Shoppes("right"), seat, "no_card_there")

def test_the_exchange_returns_nightstand_books_by_depth_for_one_more_named() -> None:
    game, seat = _out()
    empty(game, seat)
    lay(game, seat, {"A1": "RGB"})
    bag = dict(game.bag)
    refused(game, Exchange((1, 3), (("Y", "P1"), ("Y", "P1"))), seat, "exchange_count")
    refused(game, Exchange((4,), (("Y", "P1"), ("Y", "P1"))), seat, "no_such_book")
    game.apply(Exchange((1, 3), (("Y", "P1"), ("Y", "P1"), ("G", "P2"))), seat)
    player = game.players[seat]
    assert player.apartment.stacks["A1"] == "G" and player.apartment.backpack == ["YY", "G"]
    assert game.bag["R"] == bag["R"] + 1 and game.bag["Y"] == bag["Y"] - 2 and game.bag["G"] == bag["G"] - 1
    assert player.battery == 20 - 5 - 3

def test_with_the_bag_empty_the_exchange_is_not_offered_and_refused_clearly() -> None:
    game, seat = _out()
    empty(game, seat)
    lay(game, seat, {"A1": "RGB"})
    emptied = dict(game.bag)
    game.bag = {colour: 0 for colour in game.bag}
    assert "exchange" not in open_spaces(game, game.players[seat], village=True), "it could give nothing"
    assert not any(isinstance(action, Exchange) for action in game.legal_actions())
    refused(game, Exchange((1,), (("R", "P1"), ("G", "P1"))), seat, "exchange_empty_bag")
    refused(game, Exchange((), (("R", "P1"),)), seat, "exchange_empty_bag")
    game.bag = emptied
    assert any(isinstance(action, Exchange) for action in game.legal_actions())


def test_leaving_is_refused_when_only_the_exchange_would_be_left_with_an_empty_bag() -> None:
    game = kept(2, seed=8)
    seat = game.current
    game.players[seat].battery = 20
    empty(game, seat)
    lay(game, seat, {"A1": "RGB", "B1": "Y"})
    for shelf in game.village.shelves:
        shelf.books, shelf.project = "", None
    game.village.shoppes, game.ns_deck, game.ns_discard = [], [], []
    game.bag = {colour: 0 for colour in game.bag}
    refused(game, Leave(), seat, "cannot_afford_village")
    assert not any(isinstance(action, Leave) for action in game.legal_actions()), \
        "no step out of the house that would leave the seat with nothing to do in the Village"


def test_taking_an_occupied_space_sends_its_meeple_to_the_park_with_two_battery() -> None:
    game, first = _out()
    game.apply(Library(), first)
    game.apply(Take(((game.pending.books[0], "P1"),)), first)  # type: ignore[union-attr]
    second = game.current
    game.players[second].battery = 20
    game.players[first].battery = 10
    game.apply(Leave(), second)
    report = game.apply(Library(), second)
    assert report.bumped == (first,)
    assert game.players[first].location == "park" and game.players[first].battery == 12

def test_from_the_park_any_space_is_different_and_home_unloads_the_backpack_whole() -> None:
    game, seat = _out(players=1)
    empty(game, seat)
    lay(game, seat, {"B2": "RRRRR", "C3": "G"})
    game.players[seat].location = "park"
    game.players[seat].apartment.backpack = ["YB", "G"]
    game.bag["Y"] -= 1
    game.bag["B"] -= 1
    game.bag["G"] -= 1
    game.pending = None
    refused(game, Rest(), seat, "in_village")
    refused(game, Home((("P1", "B2"), ("P2", "C3"))), seat, "does_not_fit")
    refused(game, Home((("P1", "C3"),)), seat, "unload_each")
    game.apply(Home((("P1", "C3"), ("P2", "C3"))), seat)
    player = game.players[seat]
    assert player.apartment.stacks["C3"] == "GYBG" and player.apartment.backpack == ["", ""]
    assert game.pending is not None and game.pending.kind == "apartment"
    game.apply(Rest(), seat)
    assert game.players[seat].location == "rest" and game.players[seat].battery == 20 - 5 + 2

def test_a_stack_that_fits_nowhere_goes_anywhere_and_its_excess_to_the_bag() -> None:
    game, seat = _out(players=1)
    empty(game, seat)
    lay(game, seat, {space: "RRRRRR"[: 6 if space != "D4" else 4] for space in
                     [f"{c}{r}" for r in "1234" for c in "ABCD"]})
    game.players[seat].location = "park"
    game.players[seat].apartment.backpack = ["GGG", ""]
    game.bag["G"] -= 3
    game.pending = None
    bag = game.bag["G"]
    game.apply(Home((("P1", "D4"),)), seat)
    assert game.players[seat].apartment.stacks["D4"] == "RRRRGG" and game.bag["G"] == bag + 1


def test_more_village_refusals_change_nothing() -> None:
    game, seat = _out()
    empty(game, seat)
    lay(game, seat, {"A1": "RG"})
    refused(game, Exchange((1, 1), (("Y", "P1"), ("Y", "P1"), ("Y", "P1"))), seat, "book_twice")
    refused(game, Exchange((), (("W", "P1"),)), seat, "name_a_colour")
    game.players[seat].apartment.backpack = ["BBBBBB", "BBBBB"]
    refused(game, Exchange((), (("Y", "bag"),)), seat, "bag_while_room")
    refused(game, Exchange((), (("Y", "P1"),)), seat, "full")
    game.village.shelves[0].books, game.village.shelves[0].project = "", None
    refused(game, Bookstore("L", (), "bookstore"), seat, "empty_shelf")
    game.apply(Library(), seat)
    drawn = game.pending.books  # type: ignore[union-attr]
    missing = next(colour for colour in "RGBY" if colour not in drawn)
    refused(game, Take(((missing, "P2"),)), seat, "not_drawn")


def test_the_library_needs_a_book_in_the_bag() -> None:
    game, seat = _out()
    game.bag = {colour: 0 for colour in "RGBY"}
    refused(game, Library(), seat, "empty_bag")
