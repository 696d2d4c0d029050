"""My Shelfie's pictures drawn once: a turn's board and shelves and a goal card (what a turn and its DMs carry)."""
from __future__ import annotations

from engine.shelfie import Game

from .pictures import render_goal_card
from .table import render_turn_pictures


def warm_pictures() -> None:
    game = Game.new(4, seed=0)
    names = ["a", "b", "c", "d"]
    render_turn_pictures(game, seat_names=names)
    render_goal_card(game, 0)
