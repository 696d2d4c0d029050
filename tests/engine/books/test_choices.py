"""What engine.books.choices offers a builder is what the game accepts: steps built only from its answers are
legal, and a choice it leaves out is refused."""
from __future__ import annotations

import random

import pytest

from engine.books.actions import BAG, Gather, Home, IllegalAction, Read, Sort
from engine.books.choices import (
    gain_places,
    gather_sources,
    gather_targets,
    home_stacks,
    home_targets,
    open_spaces,
    read_depths,
    read_spaces,
    sort_left,
    sort_sources,
    sort_spaces,
)
from engine.books.data import SPACES
from engine.books.game import BooksGame
from engine.books.steps import expected
from tests.engine.books.play import kept, random_play


def _apartment_turn(seed: int) -> tuple[BooksGame, int]:
    """A game some turns in, at a turn that starts at home."""
    game = kept(2, seed=seed)
    random_play(game, 12 + seed % 7, seed)
    while expected(game) != "apartment" or game.pending is not None:
        game.apply(game.legal_actions()[0])
    game.players[game.current].location = None
    return game, game.current


@pytest.mark.parametrize("seed", range(6))
def test_gathers_and_sorts_built_from_the_choices_are_accepted(seed: int) -> None:
    game, seat = _apartment_turn(seed)
    player = game.players[seat]
    rng = random.Random(seed)
    assert {"gather", "sort"} <= set(open_spaces(game, player, village=False))
    for _ in range(20):
        sources: list[str] = []
        while (offered := gather_sources(player, sources)) and (not sources or rng.random() < 0.6):
            sources.append(rng.choice(offered))
        target = rng.choice(gather_targets(player, sources))
        game.check(Gather(tuple(sources), target), seat)
        source = rng.choice(sort_sources(player))
        placed: list[tuple[str, str]] = []
        while left := sort_left(player, source, placed):
            placed.append((rng.choice(left), rng.choice(sort_spaces(player, source, placed))))
        game.check(Sort(source, tuple(placed)), seat)


@pytest.mark.parametrize("seed", range(4))
def test_read_offers_every_depth_it_accepts_and_no_other(seed: int) -> None:
    game, seat = _apartment_turn(seed)
    player = game.players[seat]
    assert "read" in open_spaces(game, player, village=False)
    for space in SPACES:
        depths = set(read_depths(player, space))
        for depth in range(1, 9):
            try:
                game.check(Read(space, depth), seat)
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == (space in read_spaces(player) and depth in depths), (space, depth)


def test_home_targets_offer_where_each_backpack_stack_fits_and_gains_spill_into_the_bag_only_when_full() -> None:
    game = kept(1, seed=4)
    player = game.players[0]
    player.location = "park"
    player.apartment.backpack = ["RRRRRR", "G"]
    game.bag["R"] -= 6
    game.bag["G"] -= 1
    assert home_stacks(player) == ["P1", "P2"]
    first = home_targets(player, (), "P1")
    assert first == [space for space in SPACES if not player.apartment.stacks[space]]
    second = home_targets(player, (("P1", first[0]),), "P2")
    assert first[0] not in second
    game.check(Home((("P1", first[0]), ("P2", second[0]))))
    assert gain_places(player, ()) == ["P2"]
    assert gain_places(player, (("B", "P2"),) * 5) == [BAG]
