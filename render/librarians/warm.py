"""Librarians' pictures drawn once: its shared palette (sampled from a whole game, the costly part), the turn
picture with every spot numbered and with a card's legal spots, and a hand."""
from __future__ import annotations

from .samples import sample_game
from .pictures import render_hand, render_turn


def warm_pictures() -> None:
    game, names = sample_game(4, seed=0, turns=2)
    view = game.view(game.current_seat)
    render_turn(game, names)
    card = view.hand[0]
    render_turn(view, names, spots=game.legal_places(card.id), chosen=card)
    render_hand(view, names)
