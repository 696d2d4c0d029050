"""The Dice Game's drawn pieces: die faces (the five item types reuse My Shelfie's icons and colours, the
wild face has its own symbol), and the four looks of an item on a sheet.

Colour-blind safe by shape as well as colour: a circled item is a full-colour tile inside a dark ring, an
open one a faint icon, a crossed-out one a bold X, an item closed by another player's full line is hatched
grey with a padlock. Every piece is drawn once per size and cached.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from engine.dice import ITEM_TYPES, WILD

from .. import icons
from ..palette import INK, OUTLINE, PAPER, TILE_BG, TILE_INK, UNUSED, UNUSED_MARK, WHITE, RGB, mix

SS = icons.SS
TILE_OF_TYPE: dict[str, str] = {"plants": "P", "games": "G", "books": "B", "trophies": "T", "cats": "C"}
"""My Shelfie's tile letter of each Dice Game item type (its icon and colours)."""
KIND_OF_ROW: tuple[str, ...] = tuple(TILE_OF_TYPE[name] for name in ITEM_TYPES)

WILD_BG: RGB = (70, 52, 118)     # deep violet: darker than every item colour, under any colour vision
WILD_INK: RGB = WHITE
KEPT: RGB = (255, 180, 0)        # the rim of a kept die (its tab says "kept" too)
RING: RGB = INK                  # the circle around a circled item
CROSS: RGB = (150, 30, 30)
LOCK: RGB = (90, 84, 78)

CellState = Literal["open", "circled", "crossed", "locked"]


def face_colours(face: int) -> tuple[RGB, RGB]:
    """(background, ink) of a die face: the item tile's colours, or the wild's."""
    if face == WILD:
        return WILD_BG, WILD_INK
    kind = KIND_OF_ROW[face]
    return TILE_BG[kind], TILE_INK[kind]


def _sparkle(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """An eight-pointed burst: the wild's symbol, unlike any item silhouette."""
    return [(cx + (r if i % 2 == 0 else r * 0.38) * math.cos(-math.pi / 2 + i * math.pi / 8),
             cy + (r if i % 2 == 0 else r * 0.38) * math.sin(-math.pi / 2 + i * math.pi / 8)) for i in range(16)]


@lru_cache(maxsize=None)
def wild_symbol(size: int) -> Image.Image:
    """The wild face's symbol alone (RGBA): a white burst with a dark rim and a violet core."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.polygon(_sparkle(s / 2, s / 2, s * 0.48), fill=OUTLINE)
    d.polygon(_sparkle(s / 2, s / 2, s * 0.40), fill=WILD_INK)
    d.ellipse((s * 0.42, s * 0.42, s * 0.58, s * 0.58), fill=WILD_BG)
    return img.reduce(SS)


def face_symbol(face: int, size: int) -> Image.Image:
    """The symbol on a die face (RGBA): the item's icon, or the wild's burst."""
    return wild_symbol(size) if face == WILD else icons.item(KIND_OF_ROW[face], size)


@lru_cache(maxsize=None)
def die(face: int, size: int, kept: bool) -> Image.Image:
    """A die showing `face` (RGBA): rounded body in the face's colour, a dark rim (a thick gold one when
    kept), the symbol in the middle."""
    s = size * SS
    bg, _ = face_colours(face)
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    rim = KEPT if kept else OUTLINE
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.2, fill=rim)
    inset = s * (0.09 if kept else 0.045)
    d.rounded_rectangle((inset, inset, s - 1 - inset, s - 1 - inset), radius=s * 0.16, fill=bg)
    small = img.reduce(SS)
    inner = round(size * 0.7)
    symbol = face_symbol(face, inner)
    small.alpha_composite(symbol, ((size - inner) // 2, (size - inner) // 2))
    return small


def padlock(d: ImageDraw.ImageDraw, center: tuple[float, float], size: float, colour: RGB) -> None:
    """A padlock: the mark of an item closed by another player's full line."""
    x, y = center
    w, h = size * 0.7, size * 0.5
    shackle = size * 0.24
    lw = max(2, round(size * 0.12))
    d.arc((x - shackle, y - h / 2 - shackle * 1.5, x + shackle, y - h / 2 + shackle * 0.5), 180, 360,
          fill=colour, width=lw)
    d.line((x - shackle + lw / 2, y - h / 2 - shackle * 0.5, x - shackle + lw / 2, y - h / 2), fill=colour, width=lw)
    d.line((x + shackle - lw / 2, y - h / 2 - shackle * 0.5, x + shackle - lw / 2, y - h / 2), fill=colour, width=lw)
    d.rounded_rectangle((x - w / 2, y - h / 2, x + w / 2, y + h / 2), radius=size * 0.08, fill=colour)
    d.ellipse((x - size * 0.07, y - size * 0.1, x + size * 0.07, y + size * 0.04), fill=WHITE)


@lru_cache(maxsize=None)
def sheet_item(row: int, state: CellState, size: int) -> Image.Image:
    """One item of a sheet (RGB, size x size) in one of its four looks."""
    kind = KIND_OF_ROW[row]
    pale = mix(TILE_BG[kind], PAPER, 0.6)
    img = Image.new("RGB", (size, size), PAPER)
    d = ImageDraw.Draw(img)
    if state == "locked":
        d.rectangle((1, 1, size - 2, size - 2), fill=UNUSED)
        for k in range(-size, size, 8):
            d.line((k, size, k + size, 0), fill=UNUSED_MARK, width=2)
        d.rectangle((0, 0, size - 1, size - 1), outline=PAPER, width=1)
        padlock(d, (size / 2, size / 2 + size * 0.08), size * 0.55, LOCK)
        return img
    d.rectangle((1, 1, size - 2, size - 2), fill=TILE_BG[kind] if state == "circled" else pale)
    icon = icons.item(kind, round(size * (0.66 if state == "circled" else 0.6)))
    off = ((size - icon.width) // 2, (size - icon.height) // 2)
    if state == "circled":
        img.paste(icon, off, icon)
        lw = max(3, size // 9)  # a ring that still reads at half size, on a phone
        d.ellipse((1, 1, size - 2, size - 2), outline=RING, width=lw)
        d.ellipse((1 + lw, 1 + lw, size - 2 - lw, size - 2 - lw), outline=WHITE, width=2)
    else:
        faint = icon.copy()
        faint.putalpha(faint.getchannel("A").point(lambda a: a * 28 // 100))
        img.paste(faint, off, faint)
    if state == "crossed":
        lw = max(3, size // 7)
        m = size * 0.16
        d.line((m, m, size - m, size - m), fill=CROSS, width=lw)
        d.line((m, size - m, size - m, m), fill=CROSS, width=lw)
    return img
