"""The pieces of a Books picture drawn in code (original art): a book as a segment of a stack, the colour
symbols, a shelf's loose book, the Bookend and the Lamp, Penelope's meeple.

The four colours stay apart under deuteranopia and protanopia (Machado 2009, CIE76 distance >= 45,
tests/render/books/test_colours.py), and each has a symbol of its own shape, drawn on every book, so no one
needs the colour at all: red a heart (the Romantic), green a triangle (a tree, the Naturalist), blue a crescent
moon (the Daydreamer), yellow a star (the Optimist). A Wild book is striped in the four colours with a white
diamond. Every piece is drawn once per size and cached.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from .. import fonts
from ..icons import star
from ..palette import OUTLINE, WHITE, RGB, mix

SS = 4  # supersampling: shapes are drawn four times larger and shrunk with a good filter

BOOK_COLOURS: dict[str, RGB] = {
    "R": (176, 0, 0),
    "G": (110, 205, 160),
    "B": (60, 110, 230),
    "Y": (245, 215, 60),
}
"""The cover of each colour's books (also its chip wherever a colour is named)."""
WILD = "W"
DARK_INK: RGB = (28, 24, 22)
SYMBOL_INK: dict[str, RGB] = {"R": WHITE, "G": DARK_INK, "B": WHITE, "Y": DARK_INK, WILD: WHITE}
"""The symbol's colour on each cover: whichever of white and near-black contrasts more."""
EDGE: dict[str, RGB] = {c: mix(rgb, OUTLINE, 0.55) for c, rgb in BOOK_COLOURS.items()} | {WILD: OUTLINE}
LAMP_SHADE: RGB = (255, 190, 40)
BOOKEND_WOOD: RGB = (110, 70, 40)
PENELOPE: RGB = (60, 60, 66)


def _symbol_mask(letter: str, s: int) -> Image.Image:
    """The colour's symbol as a coverage mask of s x s pixels (drawn at supersampled size)."""
    m = Image.new("L", (s, s), 0)
    d = ImageDraw.Draw(m)
    P = lambda *xy: [v * s for v in xy]  # noqa: E731  fractions -> pixels
    if letter == "R":  # a heart: two lobes and a point
        d.ellipse(P(0.04, 0.08, 0.54, 0.58), fill=255)
        d.ellipse(P(0.46, 0.08, 0.96, 0.58), fill=255)
        d.polygon(P(0.07, 0.45, 0.5, 0.96, 0.93, 0.45, 0.5, 0.3), fill=255)
    elif letter == "G":  # a triangle: a tree
        d.polygon(P(0.5, 0.02, 0.98, 0.94, 0.02, 0.94), fill=255)
    elif letter == "B":  # a crescent moon
        d.ellipse(P(0.04, 0.04, 0.96, 0.96), fill=255)
        d.ellipse(P(0.34, -0.06, 1.14, 0.74), fill=0)
    elif letter == "Y":  # a five-pointed star
        d.polygon(star(s / 2, s * 0.54, s * 0.5, inner=0.45), fill=255)
    elif letter == WILD:  # a diamond
        d.polygon(P(0.5, 0.0, 0.92, 0.5, 0.5, 1.0, 0.08, 0.5), fill=255)
    else:
        raise ValueError(f"unknown book {letter!r}")
    return m


@lru_cache(maxsize=128)  # 5 symbols x the sizes the segments and chips use
def symbol(letter: str, size: int, ink: RGB | None = None) -> Image.Image:
    """The colour's symbol (RGBA, transparent around it) in `ink` (the cover's symbol ink by default)."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (*(ink or SYMBOL_INK[letter]), 0))
    img.putalpha(_symbol_mask(letter, s))
    return img.reduce(SS)


def _body(w: int, h: int, letter: str) -> Image.Image:
    """A book's rounded cover with its edge, RGBA, supersampled size (w, h already multiplied by SS)."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = min(w, h) * 0.22
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=r, fill=EDGE[letter])
    inset = max(SS, round(min(w, h) * 0.1))
    inner = (inset, inset, w - 1 - inset, h - 1 - inset)
    if letter == WILD:
        stripes = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        sd = ImageDraw.Draw(stripes)
        band = w / 4
        for i, colour in enumerate(BOOK_COLOURS.values()):
            sd.rectangle((round(i * band), 0, round((i + 1) * band), h), fill=colour)
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).rounded_rectangle(inner, radius=max(1.0, r - inset), fill=255)
        img.paste(stripes, (0, 0), mask)
    else:
        d.rounded_rectangle(inner, radius=max(1.0, r - inset), fill=BOOK_COLOURS[letter])
    return img


@lru_cache(maxsize=256)  # 5 letters x the few sizes the pictures use
def segment(letter: str, w: int, h: int) -> Image.Image:
    """One book lying in a stack, w x h (RGBA): its cover and, when it is tall enough, its symbol in the middle
    (with a second one at each side on a wide book, so a glance along the stack finds it)."""
    img = _body(w * SS, h * SS, letter).reduce(SS)
    size = h - 4 if h >= 12 else h - 3
    if size >= 6:
        if letter == WILD:
            back = Image.new("RGBA", (size + 4, size + 2), (0, 0, 0, 0))
            ImageDraw.Draw(back).ellipse((0, 0, size + 3, size + 1), fill=(*DARK_INK, 200))
            img.alpha_composite(back, ((w - size - 4) // 2, (h - size - 2) // 2))
        mark = symbol(letter, size)
        xs = [(w - size) // 2] if w < 5 * size or letter == WILD else [(w - size) // 2, 6, w - size - 6]
        for x in xs:
            img.alpha_composite(mark, (x, (h - size) // 2))
    return img


@lru_cache(maxsize=64)
def chip(letter: str, size: int) -> Image.Image:
    """A book seen face on (a shelf's loose book, a colour named on a card): a square cover with its symbol."""
    img = _body(size * SS, size * SS, letter).reduce(SS)
    mark = symbol(letter, round(size * 0.62))
    img.alpha_composite(mark, ((size - mark.width) // 2, (size - mark.height) // 2))
    return img


def _token(size: int, shape: str) -> Image.Image:
    """A token drawn on a supersampled canvas: `shape` picks the lamp or the bookend."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    P = lambda *xy: [v * s for v in xy]  # noqa: E731
    if shape == "lamp":  # a yellow shade on a stem and a foot
        d.polygon(P(0.3, 0.04, 0.7, 0.04, 0.92, 0.5, 0.08, 0.5), fill=LAMP_SHADE, outline=OUTLINE, width=SS * 2)
        d.rectangle(P(0.44, 0.5, 0.56, 0.86), fill=OUTLINE)
        d.rounded_rectangle(P(0.2, 0.84, 0.8, 0.98), radius=s * 0.05, fill=OUTLINE)
    else:  # a wooden L-shaped end holding books up
        d.polygon(P(0.22, 0.02, 0.5, 0.02, 0.5, 0.7, 0.96, 0.7, 0.96, 0.98, 0.22, 0.98), fill=BOOKEND_WOOD,
                  outline=OUTLINE, width=SS * 2)
    return img.reduce(SS)


@lru_cache(maxsize=8)
def lamp(size: int) -> Image.Image:
    """The Desk Lamp token."""
    return _token(size, "lamp")


@lru_cache(maxsize=8)
def bookend(size: int) -> Image.Image:
    """The Bookend token."""
    return _token(size, "bookend")


def penelope_marker(d: ImageDraw.ImageDraw, center: tuple[float, float], radius: float) -> None:
    """Penelope's meeple: a dark disc with a P, beside the seats' numbered discs."""
    x, y = center
    d.ellipse((x - radius, y - radius, x + radius, y + radius), fill=PENELOPE, outline=OUTLINE, width=2)
    fonts.draw_text(d, (x, y), "P", round(radius * 1.1), WHITE, bold=True, align="center")


@lru_cache(maxsize=8)
def sun(size: int, lit: bool) -> Image.Image:
    """A Sun track space: a disc with rays, gold where the Sun stands, pale elsewhere."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = (255, 176, 0) if lit else (236, 226, 204)
    edge = mix(fill, OUTLINE, 0.5)
    for k in range(8):
        a = k * math.pi / 4
        d.line((s / 2 + math.cos(a) * s * 0.3, s / 2 + math.sin(a) * s * 0.3,
                s / 2 + math.cos(a) * s * 0.48, s / 2 + math.sin(a) * s * 0.48), fill=edge, width=SS * 3)
    d.ellipse((s * 0.24, s * 0.24, s * 0.76, s * 0.76), fill=fill, outline=edge, width=SS * 2)
    return img.reduce(SS)
