"""`python -m bench render`: time to draw and encode each picture, and its size."""
from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from engine.shelfie import Game, Move
from render import render_common_goal, render_goal_card, render_scores, render_shelves, render_table
from render.gallery import NAMES, play
from render.goals import common_goal_card


def _mid_game(n: int, turns: int) -> tuple[Game, Move]:
    game = Game.new(n, seed=7)
    last = play(game, random.Random(7), turns)
    assert last is not None
    return game, last


def _measure(label: str, make: Callable[[], bytes], runs: int, reset: Callable[[], None] | None = None) -> None:
    """Time `runs` calls of make; reset (untimed) runs before each one, to defeat a cache."""
    first = time.perf_counter()
    png = make()  # the first call also draws and caches the static layers
    first_ms = (time.perf_counter() - first) * 1000
    times, cpu = [], []
    for _ in range(runs):
        if reset is not None:
            reset()
        t, c = time.perf_counter(), time.process_time()
        png = make()
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    # CPU time beside wall time: on a shared machine the wall clock also counts waiting for a core.
    print(f"{label:<32} median {statistics.median(times):5.1f} ms (cpu {statistics.median(cpu):5.1f})  "
          f"best {min(times):5.1f} ms  first call {first_ms:6.1f} ms  {len(png) / 1024:5.1f} KB")


def _forget_cards() -> None:
    render_common_goal.cache_clear()
    common_goal_card.cache_clear()


def main() -> None:
    for n in (4, 3, 2):
        game, last = _mid_game(n, 6 * n)
        _measure(f"render_table {n} players mid-game", lambda: render_table(
            game, seat_names=NAMES[:n], last_move=last), 60 if n == 4 else 20)
    game, _ = _mid_game(4, 24)
    _measure("render_goal_card", lambda: render_goal_card(game, 0), 10)
    _measure("render_shelves 4 players", lambda: render_shelves(game, seat_names=NAMES), 20)
    # The cards are cached for the process (they never change), so a repeat call is a dict lookup:
    # clear both caches before each run to time drawing and encoding one card (tile icons stay cached).
    _measure("render_common_goal (uncached)", lambda: render_common_goal("staircase"), 10, reset=_forget_cards)
    play(game, random.Random(7))
    _measure("render_scores 4 players", lambda: render_scores(game, seat_names=NAMES), 10)
