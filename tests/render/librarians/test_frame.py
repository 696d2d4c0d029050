"""Librarians' replay frame: the public turn picture of the state, the final picture at the end, and never a card
of a hand (twin states that differ only in hidden cards give the same frame, the end's too)."""
from __future__ import annotations

from render.librarians import PICTURES, render_final, render_frame, render_turn

from .conftest import NAMES, finished, mid_game, mid_turn, twin


def test_a_frame_is_the_public_turn_picture_and_never_shows_a_hand() -> None:
    for game in (mid_game(3, seed=2), mid_turn(4, seed=1)):
        names = NAMES[:game.n_players]
        assert PICTURES.frame is render_frame
        assert render_frame(game, names, "it") == [render_turn(game, names, "it")]
        assert render_frame(twin(game, 0, 1), names, "it") == render_frame(game, names, "it")


def test_the_last_frame_is_the_final_picture_without_the_hands_left() -> None:
    game = next(g for g in (finished(4, seed=seed) for seed in range(20)) if sum(1 for h in g.hands if h) >= 2)
    seat, other = [s for s, hand in enumerate(game.hands) if hand][:2]
    assert render_frame(game, NAMES[:4], "en") == [render_final(game, NAMES[:4], "en")]
    assert render_frame(twin(game, seat, other), NAMES[:4], "en") == render_frame(game, NAMES[:4], "en")
