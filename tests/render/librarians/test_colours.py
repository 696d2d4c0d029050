"""Colour-blind players can tell the six colours apart: the covers stay far apart under deuteranopia and
protanopia (Machado, Oliveira & Fernandes 2009 at full severity, CIE76 distance in CIELAB), and each colour has
a symbol of its own shape, so no one needs the colour at all."""
from __future__ import annotations

import itertools

from PIL import ImageChops

from render.librarians.cards import BOOK_COLOURS, symbol

RGB = tuple[int, int, int]
SIMULATIONS = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
}
MIN_DISTANCE = 35


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _lab(linear: list[float]) -> tuple[float, float, float]:
    r, g, b = linear
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(colour: RGB, simulation: str) -> tuple[float, float, float]:
    """The colour as a person with that vision sees it, in CIELAB."""
    linear = [_linear(c) for c in colour]
    m = SIMULATIONS[simulation]
    return _lab([min(1.0, max(0.0, sum(m[i][j] * linear[j] for j in range(3)))) for i in range(3)])


def closest_pair(colours: dict[str, RGB]) -> tuple[float, str, str, str]:
    """The two colours that look most alike under any of the simulations: (distance, simulation, a, b)."""
    return min((sum((p - q) ** 2 for p, q in zip(seen(ca, simulation), seen(cb, simulation))) ** 0.5, simulation, a, b)
               for simulation in SIMULATIONS for (a, ca), (b, cb) in itertools.combinations(colours.items(), 2))


def test_every_pair_of_covers_stays_apart_under_red_green_colour_blindness() -> None:
    distance, simulation, a, b = closest_pair(BOOK_COLOURS)
    assert distance >= MIN_DISTANCE, f"{a} and {b} under {simulation}: {distance:.0f}"


def test_every_colour_has_a_symbol_of_its_own_shape() -> None:
    masks = {colour: symbol(colour, 40, (0, 0, 0)).getchannel("A").point(lambda a: 255 if a > 127 else 0)
             for colour in BOOK_COLOURS}
    area = {colour: mask.histogram()[255] for colour, mask in masks.items()}
    assert all(200 < covered < 40 * 40 - 200 for covered in area.values()), "a symbol covers part of its square"
    for a, b in itertools.combinations(masks, 2):
        differing = ImageChops.difference(masks[a], masks[b]).histogram()[255]
        assert differing >= 0.6 * min(area[a], area[b]), f"the {a} and {b} symbols look alike"
