"""`python -m bench render`: time to draw and encode each picture, and its size, for every registered game
(engine.registry.KINDS, each game's PICTURES.bench: the cost of a turn's pictures with one game vs many distinct
games in rotation, and My Shelfie's board picture under each way of encoding)."""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from engine.registry import KINDS, rules_of
from render.manifest import pictures_of
from render.replay import Step, render_replay

REPLAY_MOVES = 40


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
    print(f"{label:<40} median {statistics.median(times):5.1f} ms (cpu {statistics.median(cpu):5.1f})  "
          f"best {min(times):5.1f} ms  first call {first_ms:6.1f} ms  {len(png) / 1024:5.1f} KB")


def replay_steps(kind: str, moves: int = REPLAY_MOVES, players: int = 4) -> list[Step]:
    """The start and `moves` steps of the first seeded computer game of `kind` that lasts that long (the longest
    of 20 seeds if none does), captioned."""
    rules = rules_of(kind)
    n = max(rules.description.min_players, min(players, rules.description.max_players))
    longest: list[Step] = []
    for seed in range(20):
        game = rules.new(n, seed, rules.description.check_options({}))
        steps = [Step(game.copy(), "The game begins! Turn order: Ann, Bo, Cy, Di.")]
        while len(steps) <= moves and not game.is_over:
            seat = min(game.to_act)
            action = rules.choose(game, rules.levels[0], len(steps), seat)
            game.apply(action, seat)
            steps.append(Step(game.copy(), f"Ann played {action}"))
        longest = max(longest, steps, key=len)
        if len(longest) > moves:
            break
    return longest


def main() -> None:
    for kind in KINDS:
        pictures_of(kind).bench(_measure)
    print()
    names = ["Ann", "Bo", "Cy", "Di"]
    for kind in KINDS:
        if pictures_of(kind).frame is None:
            print(f"{kind}: no replay frame yet")
            continue
        steps = replay_steps(kind)
        _measure(f"{kind} replay, {len(steps) - 1} moves (GIF)",
                 lambda: render_replay(kind, steps, names[:steps[0].state.n_players], "en").gif, 3)
