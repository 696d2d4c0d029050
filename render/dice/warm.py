"""The Dice Game's pictures drawn once: its shared palette (sampled from a whole game, the costly part), the
turn picture with rolled dice and item sets, and the dice alone."""
from __future__ import annotations

from engine.dice import DiceGame
from engine.dice.ai import choose

from .pictures import render_dice, render_turn


def warm_pictures() -> None:
    game = DiceGame.new(4, seed=0)
    game.apply(choose(game, "easy", seed=0))
    names = ["a", "b", "c", "d"]
    item_sets = game.legal_item_sets()
    render_turn(game, names, last_report=game.last_report, item_sets=item_sets)
    render_dice(game, item_sets=item_sets)
