"""`shelfie-bot demo`: a computer-only game of each game, written as pictures, with its result in words.

A game whose face names a `demo` module plays that (My Shelfie writes its table per turn and its score sheet); any
other game is played here through the platform alone — its rules' computer player, and its replay frame (the public
pictures its turn message shows) after every step — so a new game has a demo as soon as it has a frame.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path

from engine.protocol import Outcome
from engine.registry import rules_of
from render.manifest import pictures_of

from bot.games.registry import FACES

DEMO_LOCALE = "en"
MAX_STEPS = 5000
"""A computer-only game longer than this has a broken computer player: the demo stops rather than run forever."""


def demo_kinds() -> list[str]:
    """The games `shelfie-bot demo` can play: those with a demo of their own or a replay frame."""
    return [kind for kind, face in FACES.items() if face.demo is not None or pictures_of(kind).frame is not None]


def demo_names(players: int) -> list[str]:
    return [f"Computer {seat + 1}" for seat in range(players)]


def run_game_demo(kind: str, outdir: Path, *, players: int, level: str, seed: int) -> list[str]:
    """Play one game's demo into outdir; the lines to print (the result, the files written)."""
    module = FACES[kind].demo
    if module is not None:
        lines: list[str] = importlib.import_module(module).run_demo(outdir, players=players, level=level, seed=seed)
        return lines
    return _platform_demo(kind, outdir, players=players, level=level, seed=seed)


def _platform_demo(kind: str, outdir: Path, *, players: int, level: str, seed: int) -> list[str]:
    """step_000.png (the opening table), one picture per step (step_NNN_K.png when a step shows several), the last
    one the end's; the result in words."""
    rules = rules_of(kind)
    frame = pictures_of(kind).frame
    assert frame is not None, "demo_kinds lists only games with a frame"
    outdir.mkdir(parents=True, exist_ok=True)
    names = demo_names(players)
    game = rules.new(players, seed, rules.description.check_options({}))
    written = _write_frame(outdir, 0, frame(game, names, DEMO_LOCALE))
    step = 0
    while not game.is_over and step < MAX_STEPS:
        step += 1
        seat = min(game.to_act)  # where several seats may act (a private choice each), one after another
        game.apply(rules.choose(game, level, seed * 1000 + step, seat), seat)
        written += _write_frame(outdir, step, frame(game, names, DEMO_LOCALE))
    outcome = game.outcome()
    result = (_result_lines(kind, outcome, names) if outcome is not None
              else [f"Stopped after {MAX_STEPS} steps without an end."])
    return [*result, f"Wrote {written} files to {outdir}."]


def _write_frame(outdir: Path, step: int, pictures: Sequence[bytes]) -> int:
    for k, png in enumerate(pictures, start=1):
        name = f"step_{step:03d}.png" if len(pictures) == 1 else f"step_{step:03d}_{k}.png"
        (outdir / name).write_bytes(png)
    return len(pictures)


def _result_lines(kind: str, outcome: Outcome, names: Sequence[str]) -> list[str]:
    """A ranked game's scores best first and its winners; a co-operative game's shared result by its measure."""
    description = rules_of(kind).description
    if outcome.shared is not None:
        assert description.measure is not None, "a co-operative game names its measure"
        verdict = "Won together." if outcome.shared else "Lost together."
        return [verdict, f"{description.measure.name(DEMO_LOCALE)}: {outcome.result}."]
    lines = ["Final scores:"]
    lines += [f"  {outcome.places[seat]}. {names[seat]}: {outcome.scores[seat]} points" for seat in outcome.ranking]
    winners = [names[seat] for seat in outcome.ranking if seat in outcome.winners]
    if winners:
        lines.append(f"Winner{'s' if len(winners) > 1 else ''}: {' and '.join(winners)}.")
    return lines
