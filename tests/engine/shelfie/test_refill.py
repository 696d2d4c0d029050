"""Refilling the living room under both rules, and a bag that runs short."""
from collections import Counter

import pytest

from engine.shelfie import TILE_TYPES, Game

from .positions import move, set_bag, set_board, tile_counts, tiles_on_board, usable_spaces

ALL_TILES = Counter({kind: 22 for kind in TILE_TYPES})
SIX_APART = "D3=C F3=B C4=G E4=F G4=T D5=P"  # no two of them share a side


def _game(refill: str, tiles: str, players: int = 2) -> Game:
    g = Game.new(players, seed=21, refill=refill)
    set_board(g, tiles)
    return g


def test_isolated_refills_when_no_tile_touches_another() -> None:
    g = _game("isolated", "D5=C E5=B G5=F")
    report = g.apply(move("E5 1"))
    assert report.refilled
    assert tiles_on_board(g) == usable_spaces(g) == 29
    assert tile_counts(g) == ALL_TILES


def test_isolated_keeps_the_board_while_two_tiles_touch() -> None:
    g = _game("isolated", "D5=C E5=B G5=F")
    report = g.apply(move("G5 1"))
    assert not report.refilled
    assert g.board_rows()[4] == " ..CB... "


def test_isolated_refills_an_empty_board() -> None:
    g = _game("isolated", "E5=C")
    bag_before = g.bag_size
    assert g.apply(move("E5 1")).refilled
    assert tiles_on_board(g) == 29 and g.bag_size == bag_before - 29


def test_isolated_ignores_how_many_tiles_are_left() -> None:
    g = _game("isolated", "D5=C E5=B D6=G E6=F H5=T")
    assert not g.apply(move("H5 1")).refilled, "four tiles left, but they touch"
    assert tiles_on_board(g) == 4


def test_isolated_puts_the_leftovers_back_before_refilling() -> None:
    g = _game("isolated", SIX_APART)
    report = g.apply(move("D5 1"))
    assert report.refilled
    assert tiles_on_board(g) == 29
    assert tile_counts(g) == ALL_TILES


def test_four_or_fewer_refills_at_four_tiles() -> None:
    g = _game("four_or_fewer", SIX_APART)
    assert not g.apply(move("D5 1")).refilled, "five isolated tiles are still more than four"
    assert tiles_on_board(g) == 5
    report = g.apply(move("D3 1"))
    assert report.refilled
    assert tiles_on_board(g) == 29
    assert tile_counts(g) == ALL_TILES


def test_four_or_fewer_refills_even_when_the_tiles_touch() -> None:
    g = _game("four_or_fewer", "D5=C E5=B D6=G E6=F H5=T")
    assert g.apply(move("H5 1")).refilled
    assert tiles_on_board(g) == 29


def test_four_or_fewer_refills_an_empty_board() -> None:
    g = _game("four_or_fewer", "E5=C")
    assert g.apply(move("E5 1")).refilled
    assert tiles_on_board(g) == 29


@pytest.mark.parametrize("refill", ["isolated", "four_or_fewer"])
def test_a_short_bag_fills_what_it_can(refill: str) -> None:
    g = _game(refill, "D5=C G5=F", players=4)
    set_bag(g, 10)
    report = g.apply(move("D5 1"))
    assert report.refilled and not report.game_over
    assert tiles_on_board(g) == 11, "the 10 tiles in the bag and the one left on the board"
    assert g.bag_size == 0
    assert len(g.legal_moves()) > 0


@pytest.mark.parametrize("refill", ["isolated", "four_or_fewer"])
def test_empty_bag_and_empty_board_end_the_game(refill: str) -> None:
    g = _game(refill, "E5=C")
    set_bag(g, 0)
    report = g.apply(move("E5 1"))
    assert report.game_over and g.is_over and report.next_seat is None
    assert g.legal_moves() == []
    assert g.winner is not None
