"""My Shelfie's pictures drawn once: the board, the shelves and a goal card (what a turn and its DMs carry)."""
from __future__ import annotations

from engine.shelfie import Game

from .board import render_board
from .goal_card import render_goal_card
from .shelves import render_shelves


def warm_pictures() -> None:
    game = Game.new(4, seed=0)
    names = ["a", "b", "c", "d"]
    render_board(game, seat_names=names)
    render_shelves(game, seat_names=names)
    render_goal_card(game, 0)
