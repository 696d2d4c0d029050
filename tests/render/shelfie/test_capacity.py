"""A busy server's pictures: what is cached grows with what the pictures are made of (player counts,
goal cards, languages), never with the number of distinct games, so memory stays bounded however
many games are in play and no game's picture waits for a rebuilt layer (issue 17)."""
from __future__ import annotations

import itertools
import random

from engine.shelfie import COMMON_GOALS, Game
from render.shelfie import board, goals, shelves
from render.shelfie.board import draw_board
from render.shelfie.shelves import draw_shelves

from .conftest import NAMES, play


def test_caches_stay_bounded_by_the_parts_whatever_the_number_of_games() -> None:
    pairs = list(itertools.combinations(sorted(COMMON_GOALS), 2))
    rng = random.Random(17)
    for k, pair in enumerate(pairs):
        n = 2 + k % 3
        game = Game.new(n, seed=k)
        data = game.to_dict()
        data["stacks"] = {goal: stack for goal, stack in zip(pair, data["stacks"].values())}
        data["common"] = list(pair)
        game = Game.from_dict(data)
        last = play(game, 3, rng.randrange(1000))
        for locale in ("en", "it", "en-US", "xx"):  # a locale without captions draws (and caches) English
            draw_board(game, seat_names=NAMES[:n], last_move=last, locale=locale)
            draw_shelves(game, seat_names=NAMES[:n], last_move=last, locale=locale)
    assert len(pairs) == 66
    assert board._board_frame.cache_info().currsize <= 3  # one per player count
    assert board._legend.cache_info().currsize <= 2  # one per language
    assert goals._card.cache_info().currsize <= len(COMMON_GOALS) * 2  # one per card and language
    assert shelves._empty_shelves.cache_info().currsize <= 4  # one per number of seats shown
