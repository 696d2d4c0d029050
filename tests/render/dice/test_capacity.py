"""A busy server's Dice Game pictures: what is cached grows with what pictures are made of (item rows,
looks, faces, sizes), never with the number of games drawn, so memory stays bounded (issue 17)."""
from __future__ import annotations

from engine.dice import DiceGame
from render.dice import faces, render_turn
from render.dice.gallery import play_until

from .conftest import NAMES


def test_caches_stay_bounded_by_the_parts_whatever_the_number_of_games() -> None:
    for k in range(12):
        n, dice = 2 + k % 3, 5 + k % 2
        game = DiceGame.new(n, seed=k, dice=dice, row_lock=k % 4 == 0)
        play_until(game, lambda g, k=k: g.turn >= 2 + k and g.phase == "choose", seed=k)
        render_turn(game, NAMES[:n], ("en", "it", "xx")[k % 3], game.last_report, game.legal_item_sets())
    assert faces.sheet_item.cache_info().currsize <= 5 * 4  # one per item row and look
    assert faces.die.cache_info().currsize <= 6 * 2  # one per face, kept or not
    assert faces.wild_symbol.cache_info().currsize <= 1
