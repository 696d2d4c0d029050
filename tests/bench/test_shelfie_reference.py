"""The outside reference player bench ai measures My Shelfie's hard level against: it plays legal moves, the same
move for the same seed, and decides from its own seat's view (twins differing only in hidden parts agree)."""
from __future__ import annotations

import random

import pytest

from bench.shelfie_reference import ismcts_move
from engine.shelfie import Game
from tests.ai.shelfie.test_choose_move import with_other_secrets
from tests.positions import random_position


@pytest.mark.parametrize("players,turns", [(2, 0), (2, 17), (3, 30), (4, 12)])
def test_the_reference_plays_a_legal_move_from_its_view_only(players: int, turns: int) -> None:
    game = random_position(players, seed=players * 31 + turns, turns=turns)
    twin = with_other_secrets(game, seed=7)
    move = ismcts_move(game.view(game.current_seat), random.Random(3), plies=300)
    assert move in game.legal_moves()
    assert ismcts_move(twin.view(twin.current_seat), random.Random(3), plies=300) == move


def test_in_the_last_round_it_still_answers() -> None:
    game = Game.new(3, seed=5)
    rng = random.Random(5)
    while game.end_token_seat is None:
        game.apply(rng.choice(game.legal_moves()))
    assert not game.is_over
    assert ismcts_move(game.view(game.current_seat), random.Random(1), plies=50) in game.legal_moves()
