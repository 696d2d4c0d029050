"""Librarians' pictures in `python -m bench render`: the public turn picture, the private builder picture (a
card's legal spots), a hand, the end, a library wider than a phone picture, and the turn picture of many
distinct games in rotation (the cost must not depend on how many games are in play, issue 17)."""
from __future__ import annotations

from ..manifest import Measure
from .gallery import wide_library
from .samples import NAMES, sample_game, step
from .pictures import render_final, render_hand, render_turn

DISTINCT_GAMES = 100


def measure_librarians(measure: Measure) -> None:
    game, names = sample_game(4, seed=7, turns=10)
    view = game.view(game.current_seat)
    card = view.hand[0]
    legal = game.legal_places(card.id)
    print(f"  (4 seats, turn {game.turn + 1}, {game.library.card_count()} books, {len(game.spots())} spots)")
    measure("librarians turn picture 4 players", lambda: render_turn(game, names), 40)
    measure("librarians builder (legal spots)", lambda: render_turn(view, names, spots=legal, chosen=card), 20)
    measure("librarians hand", lambda: render_hand(view, names), 20)
    wide = wide_library(30)
    measure(f"librarians turn, {len(wide.spots())} spots wide", lambda: render_turn(wide, NAMES[:2]), 20)
    games = [sample_game(2 + k % 5, seed=k, turns=3 + k % 9)[0] for k in range(DISTINCT_GAMES)]
    cycle = iter(range(10**9))
    measure(f"librarians turn, {DISTINCT_GAMES} games in rotation",
            lambda: render_turn(g := games[next(cycle) % DISTINCT_GAMES], NAMES[:g.n_players]), 2 * DISTINCT_GAMES)
    k = 0
    while not game.is_over:
        step(game, k)
        k += 1
    measure("librarians final 4 players", lambda: render_final(game, names), 20)
