"""Colour-blind players can tell the four book colours apart: the covers stay far apart under deuteranopia and
protanopia (the Librarians tests' simulation), and each colour (and the Wild) has a symbol of its own shape, drawn
on every book, so no one needs the colour at all."""
from __future__ import annotations

import itertools

from PIL import ImageChops

from render.books.parts import BOOK_COLOURS, WILD, symbol
from tests.render.librarians.test_colours import closest_pair

MIN_DISTANCE = 45


def test_every_pair_of_covers_stays_apart_under_red_green_colour_blindness() -> None:
    distance, simulation, a, b = closest_pair(BOOK_COLOURS)
    assert distance >= MIN_DISTANCE, f"{a} and {b} under {simulation}: {distance:.0f}"


def test_every_colour_has_a_symbol_of_its_own_shape() -> None:
    masks = {letter: symbol(letter, 40, (0, 0, 0)).getchannel("A").point(lambda a: 255 if a > 127 else 0)
             for letter in (*BOOK_COLOURS, WILD)}
    area = {letter: mask.histogram()[255] for letter, mask in masks.items()}
    assert all(200 < covered < 40 * 40 - 200 for covered in area.values()), "a symbol covers part of its square"
    for a, b in itertools.combinations(masks, 2):
        differing = ImageChops.difference(masks[a], masks[b]).histogram()[255]
        assert differing >= 0.3 * min(area[a], area[b]), f"the {a} and {b} symbols look alike"
