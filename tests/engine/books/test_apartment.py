"""The apartment's actions, each with what it changes and its refusals (a refused step changes nothing)."""
from __future__ import annotations

import pytest

from engine.books.actions import Admire, Discard, Gather, Leave, Read, Rest, Sort
from engine.books.game import BooksGame
from tests.engine.books.play import empty, kept, lay, refused


def _home(stacks: dict[str, str], battery: int = 5, players: int = 2) -> tuple[BooksGame, int]:
    game = kept(players, seed=8)
    seat = game.current
    empty(game, seat)
    lay(game, seat, stacks)
    game.players[seat].battery = battery
    return game, seat


def _hold(game: BooksGame, seat: int, cards: list[str]) -> None:
    """The seat holds exactly `cards` (taken from wherever they were; its old hand to the discards)."""
    for pile in (game.lp_deck, game.lp_discard, *(p.hand for p in game.players)):
        for card in cards:
            if card in pile:
                pile.remove(card)
    for shelf in game.village.shelves:
        if shelf.project in cards:
            shelf.project = game.lp_deck.pop()
    game.lp_discard += game.players[seat].hand
    game.players[seat].hand = list(cards)



def test_gather_stacks_the_tops_in_order_the_first_lowest_onto_any_space_even_a_source() -> None:
    game, seat = _home({"A1": "RG", "B2": "B", "C3": "YY"})
    report = game.apply(Gather(("A1", "B2", "C3"), "A1"), seat)
    stacks = game.players[seat].apartment.stacks
    assert stacks["A1"] == "RGBY" and stacks["B2"] == "" and stacks["C3"] == "Y"
    assert game.players[seat].battery == 6 and report.turn_over and game.players[seat].location == "gather"


@pytest.mark.parametrize("action, code", [
    (Gather(("D4",), "A1"), "empty_space"),
    (Gather(("A1", "A1"), "B1"), "gather_twice"),
    (Gather(("A1", "B1", "C1", "D1", "A2", "B2", "C2"), "D4"), "gather_count"),
    (Gather(("A1", "B1"), "C1"), "too_high"),
])
def test_gather_refusals(action: Gather, code: str) -> None:
    game, seat = _home({"A1": "R", "B1": "G", "C1": "BBBBBB", "D1": "Y", "A2": "R", "B2": "G", "C2": "B"})
    refused(game, action, seat, code)


def test_sort_places_the_lifted_books_one_at_a_time_at_most_two_per_space_its_own_too() -> None:
    game, seat = _home({"B2": "RGBY", "A1": "Y"})
    game.apply(Sort("B2", (("G", "A1"), ("R", "B2"), ("B", "B2"), ("Y", "C3"))), seat)
    stacks = game.players[seat].apartment.stacks
    assert (stacks["A1"], stacks["B2"], stacks["C3"]) == ("YG", "RB", "Y")
    assert game.players[seat].battery == 6


@pytest.mark.parametrize("action, code", [
    (Sort("B2", (("R", "A1"), ("G", "A1"), ("B", "A1"), ("Y", "C3"))), "sort_per_space"),
    (Sort("B2", (("R", "A1"), ("G", "A1"))), "wrong_books"),
    (Sort("B2", (("R", "A1"), ("G", "C1"), ("B", "C1"), ("R", "D1"))), "wrong_books"),
    (Sort("D4", (("R", "A1"),)), "empty_space"),
    (Sort("B2", (("R", "C2"), ("G", "A1"), ("B", "A2"), ("Y", "A3"))), "too_high"),
    (Sort("B2", (("R", "B2"), ("G", "A1"), ("B", "A2"), ("Y", "A3")), (("lamp", "C1"),)), "token_not_lifted"),
])
def test_sort_refusals(action: Sort, code: str) -> None:
    game, seat = _home({"B2": "RGBY", "C2": "RRRRRR"})
    refused(game, action, seat, code)


def test_a_token_on_a_sorted_stack_moves_with_it_where_named_and_otherwise_stays() -> None:
    game, seat = _home({"B2": "RG"})
    game.players[seat].apartment.lamp = "B2"
    game.apply(Sort("B2", (("R", "B2"), ("G", "C3")), (("lamp", "C3"),)), seat)
    assert game.players[seat].apartment.lamp == "C3"


def test_read_moves_a_book_from_any_depth_to_the_nightstand() -> None:
    game, seat = _home({"B2": "RGB", "A1": "Y"})
    game.apply(Read("B2", 2), seat)
    stacks = game.players[seat].apartment.stacks
    assert stacks["B2"] == "RB" and stacks["A1"] == "YG" and game.players[seat].battery == 7
    game2, seat2 = _home({"B2": "RGB", "A1": "YYYYYY"})
    refused(game2, Read("B2", 1), seat2, "too_high")
    refused(game2, Read("B2", 4), seat2, "no_such_book")


def test_rest_draws_two_projects_and_the_hand_is_cut_to_five_at_the_turns_end() -> None:
    game, seat = _home({"B2": "R"})
    game.players[seat].hand += [game.lp_deck.pop(), game.lp_deck.pop()]
    game.apply(Rest(), seat)
    player = game.players[seat]
    assert len(player.hand) == 7 and player.battery == 7
    assert game.pending is not None and game.pending.kind == "discard" and game.pending.count == 2
    assert game.current == seat
    refused(game, Rest(), seat, "wrong_step")
    refused(game, Discard((player.hand[0],)), seat, "discard_count")
    game.apply(Discard(tuple(player.hand[:2])), seat)
    assert len(game.players[seat].hand) == 5 and game.current != seat


def test_admire_scores_every_met_project_in_hand_order_with_the_player_card_bonus() -> None:
    game, seat = _home({"A1": "R", "D1": "R", "A4": "R", "D4": "R"}, battery=4)
    _hold(game, seat, ["LP04", "LP22"])
    game.players[seat].colour = "R"
    report = game.apply(Admire(), seat)
    assert report.admired == ("LP04",)
    after = game.players[seat]
    assert after.scored == ["LP04"] and after.hand == ["LP22"]
    assert after.battery == 4 + 3 + 3


def test_admire_meeting_nothing_is_legal_and_gains_nothing() -> None:
    game, seat = _home({"B2": "G"}, battery=4)
    game.players[seat].colour = "R"
    game.apply(Admire(), seat)
    assert game.players[seat].battery == 4 and not game.players[seat].scored


def test_leave_costs_five_moves_the_sun_and_asks_for_the_village_action_of_the_same_turn() -> None:
    game, seat = _home({"B2": "G"}, battery=9)
    sun = game.village.sun
    report = game.apply(Leave(), seat)
    assert not report.turn_over and game.pending is not None and game.pending.kind == "village"
    assert game.players[seat].battery == 4 and game.village.sun == sun - 1
    refused(game, Rest(), seat, "wrong_step")
    poor, poor_seat = _home({"B2": "G"}, battery=5)
    refused(poor, Leave(), poor_seat, "cannot_afford_village")


def test_the_same_space_twice_needs_a_lucky_kitty_which_goes_back_to_the_supply() -> None:
    game, seat = _home({"B2": "G"}, battery=4, players=1)
    game.apply(Rest(), seat)
    while game.pending is not None:
        game.apply(game.legal_actions()[0], seat)
    refused(game, Rest(), seat, "same_space")
    refused(game, Rest(kitty=True), seat, "no_kitty")
    game.players[seat].kitties, game.supply.kitties = 1, game.supply.kitties - 1
    kitties = game.supply.kitties
    game.apply(Rest(kitty=True), seat)
    assert game.players[seat].kitties == 0 and game.supply.kitties == kitties + 1
