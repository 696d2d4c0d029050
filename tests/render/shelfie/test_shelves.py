"""The Shelves picture decodes at its documented size, shows each chosen seat's tiles where the layout
says, in the order asked, and never depends on the secret personal goals."""
from __future__ import annotations

import pytest

from engine.shelfie import PERSONAL_GOALS, Game
from render.shelfie import render_shelves
from render.shelfie.layout import shelves_cell_center, shelves_size

from .conftest import NAMES
from .test_pictures import assert_shelf_drawn, decode


def test_every_seat_in_seat_order_by_default(mid_game) -> None:
    game, _ = mid_game
    n = game.n_players
    img = decode(render_shelves(game, seat_names=NAMES[:n]))
    assert img.size == shelves_size(n)
    assert sum(assert_shelf_drawn(img, game, seat, lambda r, c, seat=seat: shelves_cell_center(seat, n, r, c))
               for seat in range(n)) > 0


def test_chosen_seats_only_in_the_order_asked(mid_game) -> None:
    game, _ = mid_game
    n = game.n_players
    seats = [n - 1, 0]
    img = decode(render_shelves(game, seat_names=NAMES[:n], seats=seats, locale="it"))
    assert img.size == shelves_size(2)
    for index, seat in enumerate(seats):
        assert_shelf_drawn(img, game, seat, lambda r, c, index=index: shelves_cell_center(index, 2, r, c))


def test_shelves_never_depend_on_personal_goals(mid_game) -> None:
    game, _ = mid_game
    data = game.to_dict()
    data["personal"] = [(p + 5) % len(PERSONAL_GOALS) for p in data["personal"]]
    names = NAMES[: game.n_players]
    assert render_shelves(game, seat_names=names) == render_shelves(Game.from_dict(data), seat_names=names)


@pytest.mark.parametrize("seats", [[], [4], [-1]])
def test_seats_outside_the_game_are_refused(seats: list[int]) -> None:
    with pytest.raises(ValueError, match="seats must be 0..1"):
        render_shelves(Game.new(2, seed=1), seat_names=NAMES[:2], seats=seats)
