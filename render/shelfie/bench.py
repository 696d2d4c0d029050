"""My Shelfie's pictures in `python -m bench render`: the board and shelves at each player count, a turn's
pictures for one game vs many distinct games in rotation, the goal cards, the score sheet, and what each way of
encoding the 4-player board picture costs."""
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

from ..manifest import Measure
from ..png import DEFLATE_LEVEL, scanlines, write_png
from . import goals, pictures
from .board import draw_board
from .gallery import NAMES, play
from .picture_palette import picture_palette
from .pictures import render_board, render_common_goal, render_goal_card, render_shelves
from .scores import render_scores

DISTINCT_GAMES = 100


def _mid_game(n: int, turns: int, seed: int = 7) -> tuple[Game, Move]:
    game = Game.new(n, seed=seed)
    last = play(game, random.Random(seed), turns)
    assert last is not None
    return game, last


def _forget_cards() -> None:
    pictures._card_png.cache_clear()
    goals._card.cache_clear()


def _turn(game: Game, last: Move) -> bytes:
    """A turn's two pictures, as the bot posts them."""
    names = NAMES[: game.n_players]
    return render_board(game, seat_names=names, last_move=last) + render_shelves(game, seat_names=names,
                                                                                 last_move=last)


def _rotation(measure: Measure) -> None:
    """The same turn pictures for one game, then for DISTINCT_GAMES games (distinct seeds, so distinct
    common goal sets) taken in turn: the second must not cost more than the first."""
    one = _mid_game(4, 24)
    measure("turn pictures, one game", lambda: _turn(*one), 40)
    games = [_mid_game(4, 24, seed) for seed in range(DISTINCT_GAMES)]
    goal_sets = {tuple(game.common_goal_ids) for game, _ in games}
    cycle = iter(range(10**9))
    measure(f"turn pictures, {DISTINCT_GAMES} games in rotation", lambda: _turn(*games[next(cycle) % len(games)]),
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


def measure_shelfie(measure: Measure) -> None:
    for n in (4, 3, 2):
        game, last = _mid_game(n, 6 * n)
        measure(f"render_board {n} players mid-game",
                lambda: render_board(game, seat_names=NAMES[:n], last_move=last), 40 if n == 4 else 20)
        measure(f"render_shelves {n} players mid-game",
                lambda: render_shelves(game, seat_names=NAMES[:n], last_move=last), 40 if n == 4 else 20)
    _rotation(measure)
    game, _ = _mid_game(4, 24)
    measure("render_goal_card", lambda: render_goal_card(game, 0), 10)
    # The cards are cached for the process (they never change), so a repeat call is a dict lookup:
    # clear both caches before each run to time drawing and encoding one card (tile icons stay cached).
    measure("render_common_goal (uncached)", lambda: render_common_goal("staircase"), 10, reset=_forget_cards)
    play(game, random.Random(7))
    measure("render_scores 4 players", lambda: render_scores(game, seat_names=NAMES), 10)
    print("encoding the 4-player board picture:")
    _encodings()
