"""The hard level of Books: it imagines games from its own view only (every imagined game looks the same to the
seat as the real one, and deals the same cards in some order), and it does not walk into a loss it can see."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.books.actions import Admire
from engine.books.ai import choose
from engine.books.data import RIVAL_LEVELS
from engine.books.game import BooksGame
from engine.books.planner import queue_threat
from engine.books.revision import CURRENT, FIRST
from engine.books.sampling import PLANNED_STEPS, imagine
from tests.ai.books.test_ai import position


def _projects(game: BooksGame) -> Counter[str]:
    """Every Little Project wherever it lies but the decks' order: decks, discards, hands, piles, shelves."""
    held = Counter(game.lp_deck + game.lp_discard)
    for player in game.players:
        held.update(player.hand + player.dealt + player.scored)
    held.update(shelf.project for shelf in game.village.shelves if shelf.project is not None)
    if game.penelope is not None:
        held.update(game.penelope.projects)
    return held


@pytest.mark.parametrize("players, seed, steps", [(1, 3, 12), (1, 8, 15), (2, 5, 30), (3, 2, 55), (4, 9, 70)])
def test_an_imagined_game_looks_the_same_to_the_seat_and_holds_the_same_cards(players: int, seed: int,
                                                                              steps: int) -> None:
    game = position(players, seed, steps, level=3)
    assert not game.is_over, "pick a position of a game still going"
    while game.view(min(game.to_act)).expected not in PLANNED_STEPS:
        seat = min(game.to_act)
        game.apply(choose(game, "normal", seed=1, seat=seat), seat)
    seat = min(game.to_act)
    for k in range(3):
        world = imagine(game.view(seat), random.Random(k))
        assert world.view(seat) == game.view(seat)
        assert _projects(world) == _projects(game)
        assert sorted(world.ns_deck) == sorted(game.ns_deck)
        if game.penelope is not None:
            assert world.penelope is not None and sorted(world.penelope.deck) == sorted(game.penelope.deck)


def test_a_game_is_imagined_only_where_no_rule_waits_behind_the_choice() -> None:
    game = BooksGame.new(2, seed=4)
    with pytest.raises(ValueError, match="imagined"):
        imagine(game.view(0), random.Random(1))


def test_hard_admires_when_penelope_would_otherwise_draw_from_an_empty_deck() -> None:
    game = position(1, 11, 9)
    while game.view(0).expected != "apartment":
        game.apply(choose(game, "normal", seed=2, seat=0), 0)
    player, penelope = game.players[0], game.penelope
    assert penelope is not None
    player.apartment.stacks = {space: "" for space in player.apartment.stacks} | {"A1": "R", "D1": "G", "A4": "B",
                                                                                    "D4": "Y"}
    player.apartment.backpack = ["" for _ in player.apartment.backpack]
    player.hand = ["LP04", "LP16"]
    penelope.queue, penelope.deck = list(RIVAL_LEVELS[penelope.level]), []
    player.location = "leave"
    assert choose(game, "hard", seed=5, seat=0) == Admire()


def test_her_queue_threatens_more_as_it_grows_and_most_when_her_deck_runs_out() -> None:
    threats = [queue_threat(queue, 10 - queue, 6) for queue in range(10)]
    assert threats == sorted(threats) and threats[-1] > 2 * threats[5]


def test_a_game_of_an_earlier_revision_is_imagined_by_its_own_rules() -> None:
    """A game started before a rules change plays on by its revision: what hard imagines of it follows the same."""
    game = BooksGame.new(1, seed=3, revision=FIRST)
    while game.view(0).expected not in PLANNED_STEPS:
        game.apply(choose(game, "normal", seed=1, seat=0), 0)
    world = imagine(game.view(0), random.Random(1))
    assert world.revision == FIRST != CURRENT and world.view(0) == game.view(0)
