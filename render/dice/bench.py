"""The Dice Game's pictures in `python -m bench render`: the turn picture while choosing (with its numbered item
sets) and before a roll, the sheets alone, the dice alone, the end, and the turn picture of many distinct games
in rotation (the cost must not depend on how many games are in play, issue 17)."""
from __future__ import annotations

from engine.dice import DiceGame

from ..manifest import Measure
from .gallery import NAMES, play_until
from .pictures import render_dice, render_final, render_sheets, render_turn

DISTINCT_GAMES = 100


def _choosing(seed: int) -> DiceGame:
    """A seeded 4-seat 6-dice game some turns in, its seat to act choosing after a re-roll that kept dice."""
    game = DiceGame.new(4, seed=seed, dice=6)
    play_until(game, lambda g: g.turn >= 12 and bool(g.kept), seed=seed)
    return game


def measure_dice(measure: Measure) -> None:
    game = _choosing(7)
    sets = game.legal_item_sets()
    print(f"  (4 seats, 6 dice, turn {game.turn + 1}, {len(sets)} item sets)")
    measure("dice turn picture, choosing", lambda: render_turn(game, NAMES, "en", game.last_report, sets), 40)
    measure("dice sheets", lambda: render_sheets(game, NAMES, "en", game.last_report), 20)
    measure("dice, the dice alone", lambda: render_dice(game, "en", sets), 20)
    games = [(g, g.legal_item_sets()) for g in map(_choosing, range(DISTINCT_GAMES))]
    cycle = iter(range(10**9))
    measure(f"dice turn, {DISTINCT_GAMES} games in rotation",
            lambda: render_turn((g := games[next(cycle) % DISTINCT_GAMES])[0], NAMES, "en", g[0].last_report, g[1]),
            2 * DISTINCT_GAMES)
    play_until(game, lambda g: g.phase == "roll", seed=1000)
    measure("dice turn picture, before a roll", lambda: render_turn(game, NAMES, "en", game.last_report), 20)
    play_until(game, lambda g: False, seed=2000)
    measure("dice final 4 players", lambda: render_final(game, NAMES, "en"), 20)
