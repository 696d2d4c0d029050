"""The library drawn into a picture: planks, shelf cards with their arrows, stacks of books, Science's taps,
the cards played this turn, and the numbered spots.

Spot numbers are the state's (reading order over the reach: row top to bottom, x left to right), so the same
number names the same place whoever looks. Every numbered place shows its number on the plank under it; an
empty numbered place is also drawn as a slot. When only a chosen card's legal spots are numbered, their slots
and numbers are gold, so they stand out from the library around them.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.librarians.cards import colour_of, letter_text
from engine.librarians.data import COLOURS
from engine.librarians.library import Library

from .. import fonts
from ..palette import INK, MUTED, OUTLINE, PAPER, PLACED, SPACE_EDGE, WOOD, WOOD_DARK, WOOD_LIGHT, mix
from . import cards
from .layout import GUTTER, X_LABEL_SIZE, Grid, LibraryLayout, Place

PLANK_TEXT = (255, 238, 210)
SLOT_FILL = mix(PAPER, SPACE_EDGE, 0.25)
LEGAL_FILL = mix(PAPER, cards.TAPPED, 0.3)
LEGAL_EDGE = mix(cards.TAPPED, OUTLINE, 0.25)
LEGAL_INK = mix(cards.TAPPED, OUTLINE, 0.55)


@lru_cache(maxsize=256)  # as many as cards.book keeps
def book_on_paper(colour: str, letter: str, size: tuple[int, int], tapped: bool) -> Image.Image:
    """A book already laid on the paper (RGB): a lone card is one opaque paste, three times cheaper than an
    alpha blend."""
    face = cards.book(colour, letter, size, tapped)
    img = Image.new("RGB", size, PAPER)
    img.paste(face, (0, 0), face)
    return img


def draw_library(img: Image.Image, layout: LibraryLayout, library: Library, *, spots: Sequence[Place],
                 numbered: Collection[Place], legal: bool = False, taps: Collection[Place] = (),
                 placed: Collection[Place] = ()) -> None:
    """The library into img, section by section (see layout: one unless it is too wide).

    spots is the state's numbering (spot n is spots[n - 1]); the places in `numbered` are marked (an empty one
    as a slot) with their number, if the state numbers them. legal draws them in gold: a chosen card's legal
    spots or a power step's place options;
    taps are Science's tapped places; placed, the cards played this turn (a blue frame).
    """
    number_of = {place: n for n, place in enumerate(spots, start=1)}
    last = len(layout.sections) - 1
    for k, grid in enumerate(layout.sections):
        def inside(place: Place, grid: Grid = grid) -> bool:
            return grid.x_lo <= place[1] <= grid.x_hi

        _section(img, grid, library, number_of, numbered=[p for p in numbered if inside(p)], legal=legal,
                 taps=taps, placed=[p for p in placed if inside(p)], cut_left=k > 0, cut_right=k < last)


def _section(img: Image.Image, grid: Grid, library: Library, number_of: dict[Place, int], *,
             numbered: Collection[Place], legal: bool, taps: Collection[Place], placed: Collection[Place],
             cut_left: bool, cut_right: bool) -> None:
    """One section of the library: its labels and planks (with a chevron at each cut edge), shelf cards,
    stacks, marked places and this turn's frames, for the places in its columns."""
    d = ImageDraw.Draw(img)
    shelf_rows = range(max(0, grid.row_lo), min(len(library.rows) - 1, grid.row_hi) + 1)
    _axis_labels(d, grid, shelf_rows)
    for row in shelf_rows:
        _plank(d, grid, row)
        if cut_left:
            _chevron(d, grid, row, grid.left - GUTTER // 2 - 2)
        if cut_right:
            _chevron(d, grid, row, grid.left + grid.columns * grid.cell + GUTTER // 2 + 2)
    size = grid.card_size
    for r in shelf_rows:
        stacks = library.rows[r]
        if grid.x_lo <= 0 <= grid.x_hi:
            shelf = cards.shelf("right" if stacks.arrow > 0 else "left", size)
            x0, y0, _, _ = grid.card_box((r, 0))
            img.paste(shelf, (x0, y0), shelf)
        for x in sorted(stacks.cells):  # left to right, however the cells were filled: the same state, the same bytes
            if grid.x_lo <= x <= grid.x_hi:
                _stack(img, d, grid, library, (r, x), stacks.cells[x], tapped=(r, x) in taps)
    for place in numbered:
        if library.top(place) is None:
            _slot(img, grid, place, legal)
        elif legal:
            x0, y0, x1, y1 = grid.card_box(place)
            d.rounded_rectangle((x0 - 3, y0 - 3, x1 + 2, y1 + 2), radius=8, outline=LEGAL_EDGE, width=4)
        if place in number_of:
            _number(d, grid, place, number_of[place], legal, library.top(place) is None)
    for place in placed:
        x0, y0, x1, y1 = grid.card_box(place)
        d.rounded_rectangle((x0 - 3, y0 - 3, x1 + 2, y1 + 2), radius=8, outline=PLACED, width=4)


def _axis_labels(d: ImageDraw.ImageDraw, grid: Grid, shelf_rows: range) -> None:
    """How far each column lies from the shelf card, over the section's top band, and each shelf's row number at
    its left: "row 2, 3 left of the shelf", as the bot words a place."""
    for x in range(grid.x_lo, grid.x_hi + 1):
        if x:
            fonts.draw_text(d, grid.column_label_center(x), str(abs(x)), X_LABEL_SIZE, INK, bold=True,
                            align="center")
    for r in shelf_rows:
        fonts.draw_text(d, grid.row_label_center(r), str(r + 1), 22, INK, bold=True, align="center")


def _chevron(d: ImageDraw.ImageDraw, grid: Grid, row: int, cx: int) -> None:
    """A wrapped row goes on: a chevron pointing right beside the cut edge of its section, level with the
    cards (after the last column: continued in the next section; before the first: continued from the one
    above)."""
    x0, y0, x1, y1 = grid.card_box((row, grid.x_lo))
    cy, half = (y0 + y1) / 2, GUTTER * 0.38
    d.polygon([(cx - half, cy - 1.6 * half), (cx + half, cy), (cx - half, cy + 1.6 * half)], fill=MUTED)


def _plank(d: ImageDraw.ImageDraw, grid: Grid, row: int) -> None:
    """The board the row's books stand on, the whole width of the library."""
    x0, y0, x1, y1 = grid.plank_box(row)
    d.rectangle((x0, y0, x1, y1), fill=WOOD)
    d.line((x0, y0, x1, y0), fill=WOOD_LIGHT, width=2)
    d.line((x0, y1, x1, y1), fill=WOOD_DARK, width=3)


def _stack(img: Image.Image, d: ImageDraw.ImageDraw, grid: Grid, library: Library, place: Place,
           stack: Sequence[int], tapped: bool) -> None:
    """A stack at place: the top card's face; under it, the edges of the cards below (a pile) and their count."""
    x0, y0, x1, y1 = grid.card_box(place)
    size = grid.card_size
    top = stack[-1]
    colour, letter = COLOURS[colour_of(top)], letter_text(library.letters[top])
    if len(stack) == 1:
        img.paste(book_on_paper(colour, letter, size, tapped), (x0, y0))
    else:
        edges = cards.stack_edges(COLOURS[colour_of(stack[-2])], size, min(2, len(stack) - 1))
        img.paste(edges, (x0, y0 - (edges.height - size[1])), edges)
        face = cards.book(colour, letter, size, tapped)
        img.paste(face, (x0, y0), face)
        cards.stack_count(d, (x0, y0, x1, y1), len(stack))
    if tapped:
        mark = cards.bookmark(max(10, round(size[0] * 0.22)))
        img.paste(mark, (x0 + round(size[0] * 0.1), y0 - round(mark.height * 0.55)), mark)


def _slot(img: Image.Image, grid: Grid, place: Place, legal: bool) -> None:
    """An empty place that can be chosen: a pale recess (gold when it is one of a chosen card's legal spots)."""
    x0, y0, _, _ = grid.card_box(place)
    img.paste(slot(grid.card_size, legal), (x0, y0))


@lru_cache(maxsize=16)  # two looks x the few card sizes
def slot(size: tuple[int, int], legal: bool) -> Image.Image:
    """An empty numbered place as an opaque tile on the paper (one paste instead of drawing a rounded box)."""
    img = Image.new("RGB", size, PAPER)
    w, h = size
    ImageDraw.Draw(img).rounded_rectangle((2, 2, w - 3, h - 3), radius=8, fill=LEGAL_FILL if legal else SLOT_FILL,
                                          outline=LEGAL_EDGE if legal else SPACE_EDGE, width=3 if legal else 2)
    return img


def _number(d: ImageDraw.ImageDraw, grid: Grid, place: Place, n: int, legal: bool, empty: bool) -> None:
    """Spot n's number on the plank under it: gold pill for a legal spot, plain letters on the wood else;
    an empty legal spot repeats its number big inside its slot (the easiest to read on a phone)."""
    cx, cy = grid.number_center(place)
    text = str(n)
    size = 19 if n < 100 else 16
    if legal and empty:
        x0, y0, x1, y1 = grid.card_box(place)
        big = round((x1 - x0) * (0.5 if n < 100 else 0.38))
        fonts.draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), text, big, LEGAL_INK, bold=True, align="center")
    if legal:
        w = fonts.width(text, size, True) + 12
        d.rounded_rectangle((cx - w / 2, cy - 11, cx + w / 2, cy + 11), radius=10, fill=cards.TAPPED,
                            outline=OUTLINE, width=2)
        fonts.draw_text(d, (cx, cy), text, size, OUTLINE, bold=True, align="center")
    else:
        fonts.draw_text(d, (cx, cy), text, size, PLANK_TEXT, bold=True, align="center")
