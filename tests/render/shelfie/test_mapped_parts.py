"""Pictures mapped onto their palette part by part (render.png.MappedCanvas: parts mapped once, only what a
picture draws itself mapped per picture) are byte for byte the pictures mapped whole, at every player count,
in both caption languages, with the last move's frames, the move builder's chosen tiles and a finished game."""
from __future__ import annotations

import random

import pytest

from engine.shelfie import Game
from render.shelfie.gallery import NAMES, play
from render.png import encode
from render.shelfie.board import draw_board
from render.shelfie.picture_palette import picture_palette
from render.shelfie.pictures import render_board, render_shelves
from render.shelfie.shelves import draw_shelves


@pytest.mark.parametrize("n_players, turns, locale", [(2, 0, "en"), (3, 9, "it"), (4, 23, "en"), (2, 999, "it")])
def test_the_board_mapped_part_by_part_is_the_board_mapped_whole(n_players: int, turns: int, locale: str) -> None:
    game = Game.new(n_players, seed=n_players + turns)
    last = play(game, random.Random(turns), turns)
    names = NAMES[:n_players]
    chosen = [] if game.is_over else [(r, c) for r, row in enumerate(game.board_rows())
                                       for c, kind in enumerate(row) if kind != "."][:3]
    for move, picked in ((last, ()), (None, chosen)):
        whole = encode(draw_board(game, seat_names=names, last_move=move, chosen=picked, locale=locale),
                       picture_palette())
        assert render_board(game, seat_names=names, last_move=move, chosen=picked, locale=locale) == whole


@pytest.mark.parametrize("n_players, turns, locale", [(2, 1, "it"), (3, 14, "en"), (4, 30, "en"), (4, 999, "it")])
def test_the_shelves_mapped_part_by_part_are_the_shelves_mapped_whole(n_players: int, turns: int, locale: str) -> None:
    game = Game.new(n_players, seed=n_players * turns)
    last = play(game, random.Random(turns), turns)
    names = NAMES[:n_players]
    for seats in (None, [n_players - 1], [0, 1]):
        whole = encode(draw_shelves(game, seat_names=names, seats=seats, last_move=last, locale=locale),
                       picture_palette())
        assert render_shelves(game, seat_names=names, seats=seats, last_move=last, locale=locale) == whole
