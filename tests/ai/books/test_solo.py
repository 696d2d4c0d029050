"""Normal against Penelope: it admires when its met projects clear enough of her queue, holds them while they clear
little, and leaves for the Village with less battery than against other players."""
from __future__ import annotations

import pytest

from engine.books.actions import Admire, Leave
from engine.books.ai import choose
from engine.books.data import COMPUTER_LEAVE_AT, COMPUTER_SOLO_LEAVE_AT, RIVAL_LEVELS
from engine.books.game import BooksGame
from engine.books.projects import meets
from tests.ai.books.test_ai import position

BLUE_CORNERS = {"A1": "B", "D1": "B", "A4": "B", "D4": "Y"}
"""A grid meeting LP04 (all 4 corners have stacks, colourless) and LP19 (3 corners with blue tops, blue)."""


def at_home(queue: list[str], battery: int, stacks: dict[str, str], hand: list[str]) -> BooksGame:
    """A solo game at level 1 at the start of the player's apartment step, with this grid, hand, battery and
    Penelope's queue (her deck: the rest of her level's cards)."""
    game = position(1, 11, 9)
    while game.view(0).expected != "apartment":
        game.apply(choose(game, "normal", seed=2, seat=0), 0)
    player, penelope = game.players[0], game.penelope
    assert penelope is not None
    player.apartment.stacks = {space: "" for space in player.apartment.stacks} | stacks
    player.apartment.backpack = ["" for _ in player.apartment.backpack]
    player.colour, player.battery, player.hand, player.location = "G", battery, hand, "rest"
    penelope.queue = queue
    penelope.deck = [card for card in RIVAL_LEVELS[penelope.level] if card not in queue]
    return game


def test_normal_admires_when_its_met_projects_clear_three_of_her_cards() -> None:
    game = at_home(["A", "C", "G"], 3, BLUE_CORNERS, ["LP04", "LP19"])
    assert choose(game, "normal", seed=1, seat=0) == Admire()


@pytest.mark.parametrize("seed", range(3))
def test_normal_holds_met_projects_that_would_clear_one_card(seed: int) -> None:
    game = at_home(["A", "B", "D"], 3, BLUE_CORNERS, ["LP04", "LP19"])
    assert choose(game, "normal", seed=seed, seat=0) != Admire()


def test_normal_admires_two_cards_away_from_her_empty_deck() -> None:
    queue = list(RIVAL_LEVELS[1][:8])
    game = at_home(queue, 3, {"A1": "R", "D1": "G", "A4": "B", "D4": "Y"}, ["LP04"])
    assert game.penelope is not None and len(game.penelope.deck) == 2
    assert choose(game, "normal", seed=1, seat=0) == Admire()


@pytest.mark.parametrize("battery, leaves", [(COMPUTER_SOLO_LEAVE_AT, True), (COMPUTER_SOLO_LEAVE_AT - 1, False)])
def test_normal_leaves_against_penelope_from_its_solo_battery_below_the_players_one(battery: int, leaves: bool) -> None:
    assert COMPUTER_SOLO_LEAVE_AT < COMPUTER_LEAVE_AT
    game = at_home(["B"], battery, {"B3": "RGBY", "C2": "GB"}, ["LP16", "LP22"])
    assert (choose(game, "normal", seed=1, seat=0) == Leave()) is leaves


@pytest.mark.parametrize("seed", range(6))
def test_normal_finds_the_one_sort_that_meets_its_project(seed: int) -> None:
    """Only spreading the blue stack over three empty spaces meets LP20 (3 lonesome blue books): normal builds a
    Sort book by book from every stack, so it finds that Sort whatever its seed (it tried two random stacks and
    missed it about half the time)."""
    stacks = {"A1": "RG", "B1": "Y", "C1": "RR", "D1": "GYR", "A3": "G", "B4": "YY", "C4": "R", "D2": "BBB"}
    game = at_home(["C"], 3, stacks, ["LP20"])
    game.apply(choose(game, "normal", seed=seed, seat=0), 0)
    assert meets("LP20", game.players[0].apartment.stacks)
