"""Hands, dealt cards, the decks' orders and what the bag draws next are secret: the public pictures are the same
bytes for twin tables that differ only in them (the hands' card ids are never even read), and a seat's Little
Projects picture changes with its own cards and with nothing another seat holds."""
from __future__ import annotations

import pytest

from render.books import render_apartments, render_projects, render_turn, render_village

from render.books.samples import sample_game

from .conftest import NAMES, table, twin


@pytest.mark.parametrize("n", [1, 2, 4])
def test_public_pictures_never_depend_on_a_secret(n: int) -> None:
    game = table(n, seed=11)
    game.players[-1].dealt = ["LP01", "LP02", "LP03", "LP04", "LP05"]
    other = twin(game)
    names = NAMES[:n]
    for draw in (render_turn, render_village, render_apartments):
        assert draw(other, names) == draw(game, names)


def test_a_seats_projects_picture_shows_its_own_cards_only() -> None:
    game = table(2, seed=12)
    mine = render_projects(game, 0, NAMES[:2])
    game.players[1].hand = ["LP30", "LP31"]
    assert render_projects(game, 0, NAMES[:2]) == mine
    game.players[0].hand = game.players[0].hand[:-1] + ["LP36" if "LP36" not in game.players[0].hand else "LP35"]
    assert render_projects(game, 0, NAMES[:2]) != mine


@pytest.mark.parametrize("n", [1, 3])
def test_every_seats_view_draws_the_same_public_pictures_as_the_game(n: int) -> None:
    game = sample_game(n, seed=40 + n, turns=2 * n)
    names = NAMES[:n]
    for draw in (render_turn, render_village, render_apartments):
        public = draw(game, names)
        assert draw(game.public_view(), names) == public
        assert all(draw(game.view(seat), names) == public for seat in range(n))


def test_a_seats_projects_are_never_drawn_from_another_seats_view() -> None:
    game = sample_game(2, seed=50, turns=2)
    assert render_projects(game.view(1), 1, NAMES[:2]) == render_projects(game, 1, NAMES[:2])
    with pytest.raises(ValueError):
        render_projects(game.view(0), 1, NAMES[:2])
    with pytest.raises(ValueError):
        render_projects(game.public_view(), 1, NAMES[:2])
