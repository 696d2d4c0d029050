"""Positions from seeded random play, shared by the tests that need a realistic board."""
from __future__ import annotations

import random

from engine.shelfie import Game


def random_position(players: int, seed: int, turns: int, *, first_game: bool = False,
                    refill: str = "isolated") -> Game:
    """The game after up to `turns` random legal moves (fewer if it ends first)."""
    game = Game.new(players, seed=seed, first_game=first_game, refill=refill)
    rng = random.Random(seed)
    for _ in range(turns):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_moves()))
    return game
