"""`python -m bench render`: time to draw and encode each picture, and its size; the cost of a turn's
pictures with one game vs many distinct games in rotation; what each way of encoding costs."""
from __future__ import annotations

import io
import random
import statistics
import time
import zlib
from collections.abc import Callable

from isal import isal_zlib
from PIL import Image

from engine.shelfie import Game, Move
from render.png import DEFLATE_LEVEL, scanlines, write_png
from render.shelfie import render_board, render_common_goal, render_goal_card, render_scores, render_shelves
from render.shelfie.board import draw_board
from render.gallery import NAMES, play
from render.shelfie import goals
from render.shelfie.picture_palette import picture_palette

DISTINCT_GAMES = 100


def _mid_game(n: int, turns: int, seed: int = 7) -> tuple[Game, Move]:
    game = Game.new(n, seed=seed)
    last = play(game, random.Random(seed), turns)
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
    print(f"{label:<40} median {statistics.median(times):5.1f} ms (cpu {statistics.median(cpu):5.1f})  "
          f"best {min(times):5.1f} ms  first call {first_ms:6.1f} ms  {len(png) / 1024:5.1f} KB")


def _forget_cards() -> None:
    goals._card_png.cache_clear()
    goals._card.cache_clear()


def _turn(game: Game, last: Move) -> bytes:
    """A turn's two pictures, as the bot posts them."""
    names = NAMES[: game.n_players]
    return render_board(game, seat_names=names, last_move=last) + render_shelves(game, seat_names=names,
                                                                                 last_move=last)


def _rotation() -> None:
    """The same turn pictures for one game, then for DISTINCT_GAMES games (distinct seeds, so distinct
    common goal sets) taken in turn: the second must not cost more than the first."""
    one = _mid_game(4, 24)
    _measure("turn pictures, one game", lambda: _turn(*one), 40)
    games = [_mid_game(4, 24, seed) for seed in range(DISTINCT_GAMES)]
    goal_sets = {tuple(game.common_goal_ids) for game, _ in games}
    cycle = iter(range(10**9))
    _measure(f"turn pictures, {DISTINCT_GAMES} games in rotation", lambda: _turn(*games[next(cycle) % len(games)]),
             2 * DISTINCT_GAMES)
    print(f"  ({len(goal_sets)} distinct common-goal sets among the {DISTINCT_GAMES} games)")


def _encodings() -> None:
    """Each way of encoding the 4-player board picture once mapped onto its palette, and the mapping itself: CPU
    ms and size (the encoder uses the first; the others are kept for the record)."""
    game, last = _mid_game(4, 24)
    img = draw_board(game, seat_names=NAMES, last_move=last)
    palette = picture_palette()
    indexed = img.quantize(palette=palette, dither=Image.Dither.NONE)
    rows = scanlines(indexed)

    def save(picture: Image.Image, fmt: str, **options: object) -> bytes:
        out = io.BytesIO()
        picture.save(out, fmt, **options)
        return out.getvalue()

    choices: list[tuple[str, Callable[[], bytes]]] = [
        (f"write_png, ISA-L level {DEFLATE_LEVEL} (chosen)", lambda: write_png(indexed)),
        ("  of which the scanlines (filter bytes)", lambda: scanlines(indexed)[:0]),
        *((f"  deflate only, ISA-L level {level}", lambda level=level: isal_zlib.compress(rows, level))
          for level in (0, 1, 2, 3)),
        ("  deflate only, zlib level 1 (Pillow's)", lambda: zlib.compress(rows, 1)),
        ("Pillow palette PNG level 1 (before)", lambda: save(indexed, "PNG", compress_level=1)),
        ("mapping the whole picture onto the palette", lambda: img.quantize(palette=palette,
                                                                             dither=Image.Dither.NONE).tobytes()[:0]),
        ("Pillow palette PNG level 3", lambda: save(indexed, "PNG", compress_level=3)),
        ("Pillow palette PNG level 6", lambda: save(indexed, "PNG", compress_level=6)),
        ("Pillow palette PNG optimize", lambda: save(indexed, "PNG", optimize=True)),
        ("new palette per picture (octree)", lambda: img.quantize(256, method=Image.Quantize.FASTOCTREE)
         .tobytes()[:0]),
        ("RGB PNG level 3", lambda: save(img, "PNG", compress_level=3)),
        ("WebP lossless, fastest (method 0)", lambda: save(img, "WEBP", lossless=True, method=0, quality=0)),
        ("WebP lossless, method 4", lambda: save(img, "WEBP", lossless=True, method=4, quality=50)),
        ("WebP lossy q90, method 4", lambda: save(img, "WEBP", quality=90, method=4)),
    ]
    for label, encode in choices:
        cpu = []
        for _ in range(25 if label.startswith(("  ", "write_png")) else 5):
            c = time.process_time()
            data = encode()
            cpu.append((time.process_time() - c) * 1000)
        size = f"{len(data) / 1024:6.1f} KB" if data else ""
        print(f"  {label:<44} cpu {statistics.median(cpu):6.2f} ms  {size}")


def main() -> None:
    for n in (4, 3, 2):
        game, last = _mid_game(n, 6 * n)
        _measure(f"render_board {n} players mid-game",
                 lambda: render_board(game, seat_names=NAMES[:n], last_move=last), 40 if n == 4 else 20)
        _measure(f"render_shelves {n} players mid-game",
                 lambda: render_shelves(game, seat_names=NAMES[:n], last_move=last), 40 if n == 4 else 20)
    _rotation()
    game, _ = _mid_game(4, 24)
    _measure("render_goal_card", lambda: render_goal_card(game, 0), 10)
    # The cards are cached for the process (they never change), so a repeat call is a dict lookup:
    # clear both caches before each run to time drawing and encoding one card (tile icons stay cached).
    _measure("render_common_goal (uncached)", lambda: render_common_goal("staircase"), 10, reset=_forget_cards)
    play(game, random.Random(7))
    _measure("render_scores 4 players", lambda: render_scores(game, seat_names=NAMES), 10)
    print("encoding the 4-player board picture:")
    _encodings()
    # Imported here: they reuse this module's _measure.
    from .dice_pictures import measure_dice
    from .librarians_pictures import measure_librarians

    measure_dice()
    measure_librarians()
