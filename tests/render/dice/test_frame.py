"""The Dice Game's replay frame: the turn picture of the state with the step just played (without the builder's
numbered item sets), the final picture once the game is over."""
from __future__ import annotations

from render.dice import PICTURES, render_final, render_frame, render_turn

from .conftest import NAMES, after_turn, choosing, finished


def test_a_steps_frame_is_its_turn_picture() -> None:
    for game in (choosing(3, 6), after_turn(2, 5)):
        names = NAMES[:game.n_players]
        assert PICTURES.frame is render_frame
        assert render_frame(game, names, "it") == [render_turn(game, names, "it", game.last_report)]


def test_the_last_frame_is_the_final_picture() -> None:
    game = finished(4, 6)
    assert render_frame(game, NAMES, "en") == [render_final(game, NAMES, "en")]
