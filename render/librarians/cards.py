"""Librarians' cards drawn in code (original art): book cards, shelf cards, card backs and the six colour
symbols.

A book card is a coloured cover with a cream spine label holding its letter big, and under the label its
colour's symbol beside its alphabet position (A=1 … Z=26). The colours stay apart under
deuteranopia and protanopia (Machado 2009, CIE76 distance >= 38, tests/render/librarians/test_colours.py), and
the symbol tells them apart without colour at all: one shape per colour, naming what its genres do
(red destroys: a flame; green adds: a plus; blue moves: two arrows; purple bends a rule: a star; yellow
informs: an eye; black is chaos: a lightning bolt). Every piece is drawn once per size and cached.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from .. import fonts
from ..icons import star
from ..palette import OUTLINE, WHITE, WOOD, WOOD_DARK, WOOD_LIGHT, RGB, mix

SS = 4  # supersampling: shapes are drawn four times larger and shrunk with a good filter

BOOK_COLOURS: dict[str, RGB] = {
    "red": (176, 0, 0),
    "green": (51, 157, 121),
    "blue": (113, 212, 245),
    "purple": (120, 26, 159),
    "yellow": (250, 225, 80),
    "black": (45, 45, 50),
}
"""The cover of each colour's books (also the swatch of its genre in the legend)."""

DARK_INK: RGB = (28, 24, 22)
SYMBOL_INK: dict[str, RGB] = {c: DARK_INK if c in ("green", "blue", "yellow") else WHITE for c in BOOK_COLOURS}
"""The symbol's colour on each cover: whichever of white and near-black contrasts more."""

LABEL: RGB = (255, 250, 236)       # the spine label behind the letter
TAPPED: RGB = (255, 180, 0)        # Science's hint: a gold bookmark and frame
CARD_BACK: RGB = (92, 70, 120)
SHELF_FACE: RGB = mix(WOOD, WOOD_LIGHT, 0.35)


def alphabet_position(letter: str) -> int:
    """A=1 … Z=26, as the printed cards can show beside the letter."""
    return ord(letter.upper()) - ord("A") + 1


def _symbol_mask(colour: str, s: int) -> Image.Image:
    """The colour's symbol as a coverage mask of s x s pixels (drawn at supersampled size)."""
    m = Image.new("L", (s, s), 0)
    d = ImageDraw.Draw(m)
    P = lambda *xy: [v * s for v in xy]  # noqa: E731  fractions -> pixels
    if colour == "red":  # a flame: a teardrop pointing up with a bite out of its side
        d.ellipse(P(0.16, 0.36, 0.84, 1.0), fill=255)
        d.polygon(P(0.17, 0.62, 0.42, 0.0, 0.6, 0.3, 0.83, 0.62), fill=255)
        d.polygon(P(0.6, 0.4, 0.8, 0.16, 0.84, 0.62), fill=255)
        d.ellipse(P(0.36, 0.68, 0.64, 0.94), fill=0)
        d.polygon(P(0.37, 0.8, 0.5, 0.5, 0.63, 0.8), fill=0)
    elif colour == "green":  # a plus
        d.rectangle(P(0.36, 0.06, 0.64, 0.94), fill=255)
        d.rectangle(P(0.06, 0.36, 0.94, 0.64), fill=255)
    elif colour == "blue":  # two arrows, one each way
        d.rectangle(P(0.08, 0.2, 0.7, 0.36), fill=255)
        d.polygon(P(0.62, 0.04, 0.96, 0.28, 0.62, 0.52), fill=255)
        d.rectangle(P(0.3, 0.64, 0.92, 0.8), fill=255)
        d.polygon(P(0.38, 0.48, 0.04, 0.72, 0.38, 0.96), fill=255)
    elif colour == "purple":  # a five-pointed star
        d.polygon(star(s / 2, s * 0.54, s * 0.5, inner=0.42), fill=255)
    elif colour == "yellow":  # an eye: a lens with a round pupil
        d.polygon([(s * (0.02 + 0.96 * t), s * (0.5 - 0.36 * math.sin(math.pi * t))) for t in
                   (i / 24 for i in range(25))] +
                  [(s * (0.98 - 0.96 * t), s * (0.5 + 0.36 * math.sin(math.pi * t))) for t in
                   (i / 24 for i in range(25))], fill=255)
        d.ellipse(P(0.3, 0.28, 0.7, 0.72), fill=0)
        d.ellipse(P(0.39, 0.37, 0.61, 0.63), fill=255)
    elif colour == "black":  # a lightning bolt
        d.polygon(P(0.58, 0.0, 0.14, 0.56, 0.46, 0.56, 0.34, 1.0, 0.86, 0.38, 0.52, 0.38, 0.7, 0.0), fill=255)
    else:
        raise ValueError(f"unknown book colour {colour!r}")
    return m


@lru_cache(maxsize=None)
def symbol(colour: str, size: int, ink: RGB | None = None) -> Image.Image:
    """The colour's symbol (RGBA, transparent around it) in `ink` (the cover's symbol ink by default)."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (*(ink or SYMBOL_INK[colour]), 0))
    img.putalpha(_symbol_mask(colour, s))
    return img.reduce(SS)


def _cover(size: tuple[int, int], fill: RGB, edge: RGB) -> Image.Image:
    """A card's rounded body with a dark edge, RGBA at the final size."""
    w, h = size
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = min(w, h) * SS * 0.12
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=r, fill=edge)
    inset = max(SS, round(min(w, h) * SS * 0.04))
    d.rounded_rectangle((inset, inset, w * SS - 1 - inset, h * SS - 1 - inset), radius=r - inset, fill=fill)
    return img.reduce(SS)


@lru_cache(maxsize=256)  # 35 colour-letter pairs x the few card sizes a busy server draws (~15 KB each)
def book(colour: str, letter: str, size: tuple[int, int], tapped: bool = False) -> Image.Image:
    """A book card of `size` (RGBA): cover, spine label with the letter alone (as big as the label allows), and
    under it the colour's symbol beside the letter's alphabet position, large enough to read on a phone. A
    tapped card (Science's hint) has a gold rim (see bookmark for its ribbon)."""
    w, h = size
    cover = BOOK_COLOURS[colour]
    img = _cover(size, cover, mix(cover, OUTLINE, 0.6))
    d = ImageDraw.Draw(img)
    if tapped:
        t = max(3, round(w * 0.07))
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=min(w, h) * 0.12, outline=TAPPED, width=t)
        d.rounded_rectangle((t, t, w - 1 - t, h - 1 - t), radius=min(w, h) * 0.08, outline=OUTLINE, width=1)
    lx0, ly0, lx1, ly1 = _label_box(size)
    d.rounded_rectangle((lx0, ly0, lx1, ly1), radius=max(2, round(w * 0.08)), fill=LABEL,
                        outline=mix(cover, OUTLINE, 0.4), width=1)
    big, small, sym = letter_sizes(size)
    fonts.draw_text(d, ((lx0 + lx1) / 2, (ly0 + ly1) / 2 + 1), letter, big, DARK_INK, bold=True, align="center")
    number = str(alphabet_position(letter))
    gap = max(2, round(w * 0.04))
    left = (w - sym - gap - fonts.width(number, small, bold=True)) / 2
    middle = ly1 + (h - ly1) / 2
    img.alpha_composite(symbol(colour, sym), (round(left), round(middle - sym / 2)))
    fonts.draw_text(d, (left + sym + gap, middle), number, small, SYMBOL_INK[colour], bold=True)
    return img


def _label_box(size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The spine label of a card of `size`: nearly the card's width, its upper three fifths."""
    w, h = size
    side = 0.12 if w >= 60 else 0.08
    return round(w * side), round(h * 0.09), round(w * (1 - side)), round(h * 0.6)


@lru_cache(maxsize=None)
def letter_sizes(size: tuple[int, int]) -> tuple[int, int, int]:
    """(letter, alphabet position) font sizes and the symbol's size for cards of `size`: the largest letter whose
    widest (W) still fits the label, so every letter of one card size is drawn equally big; under the label, the
    position as large as the strip allows (at most 7/10 of the letter) with its widest (23) beside the symbol,
    which gives way to it down to a third of the card's width (a number is what a phone must read)."""
    w, h = size
    lx0, ly0, lx1, ly1 = _label_box(size)
    big = round((ly1 - ly0) * 0.8)
    while big > 10 and fonts.width("W", big, bold=True) + 4 > lx1 - lx0:
        big -= 1
    room = w - max(2, round(w * 0.04)) - 2 * max(2, round(w * 0.05))
    small = min(round((h - ly1) * 0.72), round(big * 0.7))
    while small > 8 and fonts.width("23", small, bold=True) > room - round(w * 0.33):
        small -= 1
    sym = min(round(min(w * 0.4, h * 0.28)), room - fonts.width("23", small, bold=True))
    return big, small, sym


@lru_cache(maxsize=8)
def bookmark(width: int) -> Image.Image:
    """Science's hint on a tapped card: a gold ribbon `width` px wide with a notched tail, pasted so it sticks
    out above the card's top edge (it covers nothing the card shows)."""
    h = round(width * 1.5)
    big = Image.new("RGBA", (width * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    W, H = width * SS - 1, h * SS - 1
    d.polygon([(0, 0), (W, 0), (W, H), (W / 2, H - width * SS * 0.45), (0, H)], fill=OUTLINE)
    e = 1.5 * SS
    d.polygon([(e, e), (W - e, e), (W - e, H - 2.2 * e), (W / 2, H - width * SS * 0.45 - 1.2 * e), (e, H - 2.2 * e)],
              fill=TAPPED)
    return big.reduce(SS)


def stack_count(d: ImageDraw.ImageDraw, card_box: tuple[int, int, int, int], count: int) -> None:
    """How many cards a stack holds: a white disc with the number, big enough to read on a phone, on the top
    card's top right corner, mostly in the room above the card (over the pile's edges, clear of the letter, the
    symbol and Science's bookmark)."""
    x0, y0, x1, y1 = card_box
    r = max(12, round((x1 - x0) * 0.24))
    cx, cy = x1 - r * 0.7, y0 - r * 0.35
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=OUTLINE, width=2)
    fonts.draw_text(d, (cx, cy), str(count), round(r * 1.35), DARK_INK, bold=True, align="center")


@lru_cache(maxsize=64)
def stack_edges(colour: str, size: tuple[int, int], layers: int) -> Image.Image:
    """The edges of the cards under a stack's top (RGBA, `layers` steps taller than `size`), pasted so they peek
    out above the top card: a pile. One edge for 2 cards, two for 3 or more (the count is written on the top
    card). They shift right by at most 2 px a layer, so they stay in the gap between two cards."""
    w, h = size
    step = max(3, round(h * 0.05))
    img = Image.new("RGBA", (w + 2 * layers, h + layers * step), (0, 0, 0, 0))
    for k in range(layers, 0, -1):
        edge = _cover(size, mix(BOOK_COLOURS[colour], WHITE, 0.25), OUTLINE)
        img.alpha_composite(edge, (2 * k, (layers - k) * step))
    return img


@lru_cache(maxsize=32)
def shelf(arrow: str, size: tuple[int, int]) -> Image.Image:
    """A shelf card (RGBA): wood with A and Z big at the ends the alphabet runs from and to along its row, and
    a big arrow under them the way A→Z runs (both read on a phone)."""
    w, h = size
    img = _cover(size, SHELF_FACE, WOOD_DARK)
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    cy = h * SS * 0.66
    shaft = h * SS * 0.06
    head = w * SS * 0.34
    x0, x1 = w * SS * 0.1, w * SS * 0.9
    if arrow == "right":
        d.rectangle((x0, cy - shaft, x1 - head * 0.8, cy + shaft), fill=OUTLINE)
        d.polygon([(x1 - head, cy - head * 0.7), (x1, cy), (x1 - head, cy + head * 0.7)], fill=OUTLINE)
    else:
        d.rectangle((x0 + head * 0.8, cy - shaft, x1, cy + shaft), fill=OUTLINE)
        d.polygon([(x0 + head, cy - head * 0.7), (x0, cy), (x0 + head, cy + head * 0.7)], fill=OUTLINE)
    img.alpha_composite(big.reduce(SS))
    d = ImageDraw.Draw(img)
    size_az = max(10, round(w * 0.4))
    first, last = ("A", "Z") if arrow == "right" else ("Z", "A")
    y = h * 0.3
    fonts.draw_text(d, (w * 0.3, y), first, size_az, WHITE, bold=True, align="center")
    fonts.draw_text(d, (w * 0.7, y), last, size_az, WHITE, bold=True, align="center")
    return img


@lru_cache(maxsize=16)
def swatch(colour: str, size: tuple[int, int]) -> Image.Image:
    """A colour's card without a letter (RGBA): its cover and symbol, for the genres in play."""
    w, h = size
    img = _cover(size, BOOK_COLOURS[colour], mix(BOOK_COLOURS[colour], OUTLINE, 0.6))
    sym = round(w * 0.66)
    mark = symbol(colour, sym)
    img.alpha_composite(mark, ((w - sym) // 2, (h - sym) // 2))
    return img


@lru_cache(maxsize=16)
def card_back(size: tuple[int, int]) -> Image.Image:
    """The back of a book card (RGBA): what a hand size or the deck is drawn with, never a face."""
    w, h = size
    img = _cover(size, CARD_BACK, OUTLINE)
    d = ImageDraw.Draw(img)
    inset = max(2, round(w * 0.16))
    d.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius=max(1, w * 0.08),
                        outline=mix(CARD_BACK, WHITE, 0.45), width=max(1, round(w * 0.06)))
    return img
