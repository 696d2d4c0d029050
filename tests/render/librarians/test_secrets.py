"""Hands are secret: the public pictures are the same bytes for twin states that differ only in hidden cards
(whoever's view they are drawn from), and a hand picture changes with its own seat's hand and with nothing
else."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.librarians.data import COLOURS
from render.librarians import render_final, render_hand, render_turn
from render.librarians.cards import BOOK_COLOURS
from render.librarians.layout import PICTURE_W
from render.librarians.pictures import as_view, turn_grid
from render.librarians.table import SEAT_H, SEATS_PAD
from tests.render.shelfie.test_pictures import decode

from .conftest import NAMES, finished, mid_game, twin


@settings(max_examples=8, deadline=None)
@given(n=st.integers(2, 6), seed=st.integers(0, 50), turns=st.integers(0, 8), data=st.data())
def test_public_pictures_never_depend_on_a_hidden_card(n: int, seed: int, turns: int, data: st.DataObject) -> None:
    game = mid_game(n, seed, turns)
    seat = data.draw(st.integers(0, n - 1), label="seat whose hand changes")
    other = data.draw(st.none() | st.integers(0, n - 1).filter(lambda s: s != seat), label="swapped with")
    changed = twin(game, seat, other)
    assert changed.hands != game.hands
    public = render_turn(game, NAMES[:n])
    assert render_turn(changed, NAMES[:n]) == public
    for viewer in range(n):
        assert render_turn(game.view(viewer), NAMES[:n]) == public
        assert render_turn(changed.view(viewer), NAMES[:n]) == public
    for watcher in range(n):
        same = watcher != seat and watcher != other
        assert (render_hand(changed.view(watcher), NAMES[:n]) == render_hand(game.view(watcher), NAMES[:n])) is same


def test_the_final_picture_never_depends_on_the_cards_left_in_hands() -> None:
    games = (finished(4, seed=seed) for seed in range(20))  # the first the teammates lose with cards in 2+ hands
    game = next(game for game in games if sum(1 for hand in game.hands if hand) >= 2)
    seat = next(s for s, hand in enumerate(game.hands) if hand)
    other = next(s for s, hand in enumerate(game.hands) if hand and s != seat)
    assert render_final(twin(game, seat, other), NAMES[:4]) == render_final(game, NAMES[:4])


def test_cards_the_whole_table_has_seen_show_face_up_and_only_those() -> None:
    game = mid_game(4, seed=6)
    seat = 2
    view = as_view(game)
    grid = turn_grid(view)
    top = grid.top + grid.height + 8 + SEATS_PAD + seat * SEAT_H
    line = (200, top, PICTURE_W, top + SEAT_H)

    def colours_in_line(png: bytes) -> set[tuple[int, int, int]]:
        img = decode(png)
        return {img.getpixel((x, y)) for x in range(line[0], line[2], 2) for y in range(line[1], line[3], 2)}

    covers = set(BOOK_COLOURS.values())
    assert not colours_in_line(render_turn(game, NAMES[:4])) & covers, "a secret hand is only backs"
    shown = game.hands[seat][0]
    game.known.add(shown)
    assert BOOK_COLOURS[COLOURS[shown // 11]] in colours_in_line(render_turn(game, NAMES[:4]))
