"""Every Librarians picture decodes as a PNG of its documented size, is the same bytes each time, and shows
the engine's state where the layout says: each book's cover colour in its place, the shelf cards, the cards
played this turn, each seat's line; a library too wide for the picture wraps into sections rather than shrinking
the cards away or widening the picture."""
from __future__ import annotations

import pytest
from PIL import Image

from engine.librarians.data import COLOURS
from engine.librarians.view import LibrariansView
from render.librarians import render_final, render_hand, render_turn, turn_pictures
from render.librarians.cards import BOOK_COLOURS, TAPPED
from render.librarians.gallery import wide_library
from render.librarians.layout import MIN_CELL, PICTURE_W, LibraryLayout
from render.librarians.library import LEGAL_FILL, SLOT_FILL
from render.librarians.pictures import (
    HAND_CARD, HAND_TITLE_H, as_view, final_grid, hand_columns, turn_grid,
)
from render.librarians.table import SEAT_H, SEATS_PAD, genres_height, seats_height
from render.palette import MUTED, PLACED, SEAT_COLORS
from tests.render.shelfie.test_pictures import decode

from .conftest import NAMES, finished, mid_game, mid_turn


def cover_pixel(grid: LibraryLayout, place: tuple[int, int]) -> tuple[int, int]:
    """A point of a card's cover between its label and its symbol, in the middle."""
    x0, y0, x1, y1 = grid.card_box(place)
    return (x0 + x1) // 2, y0 + round((y1 - y0) * 0.6) + 2


def assert_library_drawn(img: Image.Image, view: LibrariansView, grid: LibraryLayout) -> None:
    """Every top card shows its colour's cover, every shelf card is where its row is, every card lies inside
    the picture."""
    library = view.library
    for place in library.occupied():
        box = grid.card_box(place)
        assert 0 <= box[0] and box[2] <= img.width and box[3] <= img.height, f"{place} lies outside"
        colour = COLOURS[library.top(place) // 11]
        assert img.getpixel(cover_pixel(grid, place)) == BOOK_COLOURS[colour], f"the book at {place}"
    for r in range(len(library.rows)):
        assert img.getpixel(cover_pixel(grid, (r, 0))) not in BOOK_COLOURS.values(), f"shelf card of row {r + 1}"


def assert_seats_drawn(img: Image.Image, view: LibrariansView, top: int) -> None:
    """Each seat's marker in its line, in the seat's colour."""
    for seat in range(view.n_players):
        mid = top + SEATS_PAD + seat * SEAT_H + SEAT_H // 2
        assert img.getpixel((30, mid + 8)) == SEAT_COLORS[seat % len(SEAT_COLORS)], f"seat {seat + 1}"


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_a_turn_shows_the_library_and_every_seat_at_its_size(n: int) -> None:
    game = mid_game(n)
    png = render_turn(game, NAMES[:n])
    assert render_turn(game, NAMES[:n]) == png
    img = decode(png)
    view = as_view(game)
    grid = turn_grid(view)
    assert img.size == (PICTURE_W, grid.top + grid.height + 8 + seats_height(n) + genres_height())
    assert view.library.card_count() >= 2 * n
    assert_library_drawn(img, view, grid)
    assert_seats_drawn(img, view, grid.top + grid.height + 8)
    empty = [p for p in view.library.spots() if view.library.top(p) is None]
    x0, y0, x1, y1 = grid.card_box(empty[0])
    assert img.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)) == SLOT_FILL, "an empty spot is a slot"
    assert turn_pictures(game, NAMES[:n]) == [png]


def test_the_cards_played_this_turn_are_framed_in_blue() -> None:
    game = mid_turn(4)
    img = decode(render_turn(game, NAMES[:4]))
    grid = turn_grid(as_view(game))
    for r, x in game.library.occupied():
        x0, y0, x1, y1 = grid.card_box((r, x))
        framed = img.getpixel((x0 - 2, (y0 + y1) // 2)) == PLACED
        assert framed is ((r, x) in game.played), f"card at {(r, x)}"


@pytest.mark.parametrize("books", [14, 30, 60])
def test_a_library_wider_than_the_picture_wraps_into_sections_and_keeps_every_card(books: int) -> None:
    game = wide_library(books)
    view = as_view(game)
    grid = turn_grid(view)
    columns = max(x for _, x in game.spots()) - min(x for _, x in game.spots()) + 1
    assert columns * MIN_CELL > PICTURE_W - 40, "too wide for one row of the smallest cards"
    img = decode(render_turn(game, NAMES[:2]))
    assert img.width == PICTURE_W, "a phone shows it at the size of every other picture"
    assert grid.cell >= MIN_CELL
    sections = grid.sections
    assert len(sections) > 1
    assert [s.x_lo for s in sections[1:]] == [s.x_hi + 1 for s in sections[:-1]], "columns in order, none twice"
    for above, below in zip(sections, sections[1:]):
        assert below.top >= above.top + above.height, "sections one under the other"
    for s in sections:
        assert s.left >= 0 and s.left + s.columns * s.cell <= PICTURE_W
    assert_library_drawn(img, view, grid)
    x0, y0, x1, y1 = sections[0].card_box((0, sections[0].x_hi))
    gutter = {img.getpixel((x, (y0 + y1) // 2)) for x in range(x1 + 4, min(PICTURE_W, x1 + 26))}
    assert MUTED in gutter, "a chevron says the row goes on in the next section"


def test_a_chosen_cards_legal_spots_are_gold_slots_and_only_they() -> None:
    game = mid_game(3, seed=4)
    card = game.hands[game.current_seat][0]
    legal = game.legal_places(card)
    view = game.view(game.current_seat)
    img = decode(render_turn(view, NAMES[:3], spots=legal, chosen=game.card(card)))
    grid = turn_grid(view, chosen=True)
    for place in view.library.spots():
        if view.library.top(place) is not None:
            continue
        x0, y0, x1, y1 = grid.card_box(place)
        low = img.getpixel(((x0 + x1) // 2, y1 - 8))  # under the big number an empty legal spot shows
        assert (low == LEGAL_FILL) is (place in legal), f"spot at {place}"
    assert any(view.library.top(p) is None for p in legal), "the position offers an empty legal spot"


def test_a_tapped_card_wears_a_gold_bookmark() -> None:
    game = mid_game(2)
    place = game.library.occupied()[0]
    game.tapped[game.library.top(place)] = 1
    view = as_view(game)
    grid = turn_grid(view)
    img = decode(render_turn(game, NAMES[:2]))
    x0, y0, x1, y1 = grid.card_box(place)
    rim = img.getpixel((x0 + 1, (y0 + y1) // 2))
    assert rim == TAPPED
    assert TAPPED in {img.getpixel((x, y0 - 3)) for x in range(x0, x1)}, "the ribbon sticks out above the card"


@pytest.mark.parametrize("n", [2, 6])
def test_the_final_picture_shows_the_library_as_it_ended_without_spots(n: int) -> None:
    game = finished(n)
    png = render_final(game, NAMES[:n])
    assert turn_pictures(game, NAMES[:n]) == [png]
    img = decode(png)
    view = as_view(game)
    grid = final_grid(view)
    assert img.size == (PICTURE_W, grid.top + grid.height + 8 + seats_height(n) + genres_height())
    assert_library_drawn(img, view, grid)
    for place in view.library.spots():  # no empty place is drawn as a slot to choose
        if view.library.top(place) is None:
            x0, y0, x1, y1 = grid.card_box(place)
            assert img.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)) != SLOT_FILL, f"a slot at {place}"


@pytest.mark.parametrize("size", [0, 1, 4, 7])
def test_a_hand_picture_shows_that_seats_cards_big(size: int) -> None:
    game = mid_game(3)
    seat = 1
    game.deck.extend(game.hands[seat])
    game.hands[seat] = game.deck[:size]
    del game.deck[:size]
    view = game.view(seat)
    img = decode(render_hand(view, NAMES[:3]))
    columns = max(1, hand_columns(size))
    assert img.width == PICTURE_W and columns <= 5
    assert img.getpixel((30, 38)) == SEAT_COLORS[seat]
    covers = {img.getpixel((x, y)) for x in range(0, PICTURE_W, 3) for y in range(HAND_TITLE_H, img.height, 3)}
    assert {BOOK_COLOURS[COLOURS[c // 11]] for c in game.hands[seat]} <= covers
    assert HAND_CARD[1] >= 150


@pytest.mark.parametrize("held", [1, 2, 3, 4])
def test_held_power_names_are_shown_whole_or_left_out_never_cut(held: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from render import fonts
    from tests.render.test_captions_fit import NAMES as SHOWN_NAMES

    cut: list[str] = []
    fit = fonts.fit.__wrapped__

    def watched(text: str, size: int, max_width: int, bold: bool = False) -> str:
        shown = fit(text, size, max_width, bold)
        if shown.endswith(fonts.ELLIPSIS) and shown != fonts.visible(text, bold):
            cut.append(text)
        return shown

    monkeypatch.setattr(fonts, "fit", watched)
    game = mid_game(2)
    game.held[0] = [card for hand in game.hands for card in hand][:held]
    render_turn(game, NAMES[:2])
    assert [text for text in cut if text not in SHOWN_NAMES] == [], "only names may be cut"
