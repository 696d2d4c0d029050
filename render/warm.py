"""One picture of each kind drawn once, so a fresh worker process has its fonts, icons and parts cached."""
from __future__ import annotations

from engine.shelfie import Game

from .shelfie import render_board, render_goal_card, render_shelves


def warm_pictures() -> None:
    game = Game.new(4, seed=0)
    names = ["a", "b", "c", "d"]
    render_board(game, seat_names=names)
    render_shelves(game, seat_names=names)
    render_goal_card(game, 0)
