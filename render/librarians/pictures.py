"""Librarians' pictures as PNG bytes: the turn picture (header, library, seats, genres), the private hand
picture, and the final picture.

The turn and final pictures draw public information only: given a game, what the whole table knows; given a
seat's view, never its hand (a hand is its size in backs, plus the cards a power showed to the whole table), so
twin states that differ only in hidden cards give the same bytes. The hand picture is the one private picture:
one seat's cards, for that seat.
Spot numbers are the state's own (engine.librarians.library), so a number in a picture is the number people
type and click.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.librarians.cards import Card, hand_order
from engine.librarians.data import COLOURS
from engine.librarians.game import LibrariansGame
from engine.librarians.view import LibrariansView

from .. import fonts, pieces
from ..palette import INK, MUTED, OUTLINE, PAPER, PLACED, SEAT_COLORS, TURN, WHITE, WOOD, WOOD_DARK, mix
from ..png import build_palette, encode, stacked
from ..text import DEFAULT_LOCALE
from .captions import caption
from . import cards
from .captions import LIB_CAPTIONS
from .cards import BOOK_COLOURS, CARD_BACK, DARK_INK, LABEL, SHELF_FACE, TAPPED
from .layout import PICTURE_W, LibraryLayout, Place, library_grid
from .library import LEGAL_FILL, PLANK_TEXT, SLOT_FILL, draw_library
from .samples import sample_game, step
from .table import draw_genres, draw_header, draw_seats, genres_height, header_height, seats_height

CHOSEN_H = 92        # the private strip: the chosen card beside "where can it go?"
FINAL_TITLE_H = 96
HAND_CARD = (132, 180)
HAND_GAP = 18
HAND_TITLE_H = 64
HAND_CAPTION_H = 40


def as_view(game_or_view: LibrariansGame | LibrariansView) -> LibrariansView:
    """What everyone at the table knows, for the public pictures: a game's view without any hand, showing only
    the hand cards every seat knows (a seat may know more than the table, such as the cards it passed on with
    Business; that never reaches a public picture). A view is drawn as given."""
    if isinstance(game_or_view, LibrariansView):
        return game_or_view
    views = [game_or_view.view(seat) for seat in range(game_or_view.n_players)]
    known = tuple(tuple(card for card in views[0].known_hands[seat] if all(card in v.known_hands[seat] for v in views))
                  for seat in range(game_or_view.n_players))
    return replace(views[game_or_view.current_seat], hand=(), known_hands=known)


def tapped_places(view: LibrariansView) -> frozenset[Place]:
    """Where Science's tapped cards lie (a tap marks a card; it shows while that card is on top)."""
    tapped = view.tapped
    library = view.library
    return frozenset(place for place in library.occupied() if library.top(place) in tapped)


def render_turn(game_or_view: LibrariansGame | LibrariansView, seat_names: Sequence[str],
                locale: str = DEFAULT_LOCALE, *, spots: Collection[Place] | None = None,
                chosen: Card | None = None) -> bytes:
    """PNG of a turn (720 px wide; a very wide library wraps into sections): header, the library with its spots
    numbered, the seats and the genres in play.

    spots None numbers every spot (the public picture); a collection marks only those places, in gold, with
    the state's spot numbers: a chosen card's legal places for the private builder picture (which then shows
    the chosen card too), or a power step's place options (a place outside the spots is marked without a
    number)."""
    return encode_librarians_picture(draw_turn(as_view(game_or_view), seat_names, locale, spots, chosen))


def turn_pictures(game_or_view: LibrariansGame | LibrariansView, seat_names: Sequence[str],
                  locale: str = DEFAULT_LOCALE) -> list[bytes]:
    """What a turn message carries: the public turn picture; the final picture once the game is over."""
    view = as_view(game_or_view)
    if view.result is not None:
        return [render_final(view, seat_names, locale)]
    return [render_turn(view, seat_names, locale)]


def render_frame(game: LibrariansGame, seat_names: Sequence[str], locale: str = DEFAULT_LOCALE) -> list[bytes]:
    """A replay's frame of this state: what the table sees (`as_view`: hands as their sizes only, never a card
    of a hand, also at the end), as the turn message shows it; the final picture once it is over."""
    return turn_pictures(game, seat_names, locale)


def draw_turn(view: LibrariansView, names: Sequence[str], locale: str, spots: Collection[Place] | None = None,
              chosen: Card | None = None) -> Image.Image:
    """The turn picture as an RGB image."""
    library = view.library
    every = library.spots()
    grid = turn_grid(view, chosen is not None, spots or ())
    img = _canvas(grid, view)
    draw_header(img, view, names, locale)
    if chosen is not None:
        _chosen(img, header_height(view), chosen, bool(spots), locale)
    numbered = frozenset(every) if spots is None else frozenset(spots)
    draw_library(img, grid, library, spots=every, numbered=numbered, legal=spots is not None,
                 taps=tapped_places(view), placed=view.played)
    _table(img, grid, view, names, locale)
    return img


def turn_grid(view: LibrariansView, chosen: bool = False, marked: Collection[Place] = ()) -> LibraryLayout:
    """Where the library lies in a turn picture: every spot, book and marked place, under the header (and the
    chosen card's strip). The same with or without a subset marked inside the spots, so a private picture
    lines up with the public one."""
    library = view.library
    top = header_height(view) + (CHOSEN_H if chosen else 0)
    return library_grid([*library.spots(), *library.occupied(), *marked], len(library.rows), top)


def final_grid(view: LibrariansView) -> LibraryLayout:
    """Where the library lies in the final picture: its books only (no spots)."""
    return library_grid(view.library.occupied(), len(view.library.rows), FINAL_TITLE_H)


def _canvas(grid: LibraryLayout, view: LibrariansView) -> Image.Image:
    height = grid.top + grid.height + 8 + seats_height(view.n_players) + genres_height()
    return Image.new("RGB", (grid.width, height), PAPER)


def _table(img: Image.Image, grid: LibraryLayout, view: LibrariansView, names: Sequence[str], locale: str) -> None:
    seats_top = grid.top + grid.height + 8
    draw_seats(img, seats_top, view, names, locale)
    draw_genres(img, seats_top + seats_height(view.n_players), view, locale)


def _chosen(img: Image.Image, top: int, card: Card, fits: bool, locale: str) -> None:
    """The private builder's strip: the chosen card and what to do with it (or that it fits nowhere now)."""
    d = ImageDraw.Draw(img)
    d.rectangle((0, top, img.width, top + CHOSEN_H - 6), fill=mix(PAPER, cards.TAPPED, 0.2))
    face = cards.book(COLOURS[card.colour], card.letter_text, (60, 82))
    img.paste(face, (16, top + 2), face)
    text = caption("lib_place_card" if fits else "lib_no_spot", locale)
    fonts.draw_text(d, (92, top + (CHOSEN_H - 6) // 2), text, 24, INK, bold=True, max_width=img.width - 108)


def render_final(game_or_view: LibrariansGame | LibrariansView, seat_names: Sequence[str],
                 locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG of the end: won or lost with the cards not played (and why it was lost), the library as it ended,
    the seats and the genres."""
    return encode_librarians_picture(draw_final(as_view(game_or_view), seat_names, locale))


def draw_final(view: LibrariansView, names: Sequence[str], locale: str) -> Image.Image:
    library = view.library
    grid = final_grid(view)
    img = _canvas(grid, view)
    d = ImageDraw.Draw(img)
    won = view.result == "won"
    left = view.cards_not_played
    if won:
        title = caption("lib_won", locale)
    else:
        title = caption("lib_lost_one", locale) if left == 1 else caption("lib_lost", locale, n=left)
    fonts.draw_text(d, (20, 32), title, 30, (20, 120, 50) if won else (170, 40, 30), bold=True,
                    max_width=img.width - 40)
    reason = _reason(view, locale)
    if reason:
        fonts.draw_text(d, (20, 72), reason, 21, MUTED, bold=True, max_width=img.width - 40)
    draw_library(img, grid, library, spots=(), numbered=(), taps=tapped_places(view))
    _table(img, grid, view, names, locale)
    return img


def _reason(view: LibrariansView, locale: str) -> str:
    """Why the table lost, in words (nothing for a win, or for a reason the pictures have no words for)."""
    key = f"lib_reason_{view.end_reason}"
    return caption(key, locale) if view.result == "lost" and key in LIB_CAPTIONS else ""


def render_hand(view: LibrariansView, seat_names: Sequence[str], locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG of one seat's hand, for that seat only (sent privately): its cards large, each with its letter and
    colour in words (what the typed path accepts)."""
    return encode_librarians_picture(draw_hand(view, seat_names, locale))


def hand_columns(count: int) -> int:
    """Cards per row of the hand picture: all on one row up to 5, then two rows."""
    return count if count <= 5 else -(-count // 2)


def draw_hand(view: LibrariansView, names: Sequence[str], locale: str) -> Image.Image:
    hand = sorted(view.hand, key=hand_order)  # as the words beside the picture list it
    columns = max(1, hand_columns(len(hand)))
    rows = max(1, -(-len(hand) // columns))
    scale = min(1.0, (PICTURE_W - 32 - (columns - 1) * HAND_GAP) / (columns * HAND_CARD[0]))
    size = (round(HAND_CARD[0] * scale), round(HAND_CARD[1] * scale))
    row_h = size[1] + HAND_CAPTION_H
    img = Image.new("RGB", (PICTURE_W, HAND_TITLE_H + rows * row_h + 12), PAPER)
    d = ImageDraw.Draw(img)
    name = pieces.seat_name(list(names), view.seat, locale)
    pieces.seat_marker(d, (30, 30), 16, view.seat)
    title = fonts.fit_name(lambda who: caption("lib_your_hand", locale, name=who), name, 26, PICTURE_W - 70, bold=True)
    fonts.draw_text(d, (54, 30), title, 26, INK, bold=True, max_width=PICTURE_W - 70)
    fonts.draw_text(d, (54, 54), caption("lib_hand_private", locale), 15, MUTED, bold=True)
    if not hand:
        fonts.draw_text(d, (PICTURE_W // 2, HAND_TITLE_H + row_h // 2), caption("lib_empty_hand", locale), 22,
                        MUTED, bold=True, align="center")
        return img
    for i, card in enumerate(hand):
        row, col = divmod(i, columns)
        in_row = min(columns, len(hand) - row * columns)
        x0 = (PICTURE_W - in_row * size[0] - (in_row - 1) * HAND_GAP) // 2 + col * (size[0] + HAND_GAP)
        y0 = HAND_TITLE_H + row * row_h
        face = cards.book(COLOURS[card.colour], card.letter_text, size)
        img.paste(face, (x0, y0), face)
        words = f"{card.letter_text} {caption(f'lib_colour_{COLOURS[card.colour]}', locale)}"
        fonts.draw_text(d, (x0 + size[0] / 2, y0 + size[1] + HAND_CAPTION_H / 2), words, 20, INK, bold=True,
                        align="center", max_width=size[0] + HAND_GAP)
    return img


KEY_COLOURS = [
    *BOOK_COLOURS.values(), *(mix(c, OUTLINE, 0.6) for c in BOOK_COLOURS.values()), LABEL,
    DARK_INK, CARD_BACK, SHELF_FACE, TAPPED, LEGAL_FILL, SLOT_FILL, PLANK_TEXT, WOOD, WOOD_DARK, *SEAT_COLORS,
    INK, MUTED, OUTLINE, PAPER, WHITE, PLACED, TURN, mix(PAPER, TURN, 0.35),
]


def encode_librarians_picture(img: Image.Image) -> bytes:
    """PNG bytes of a Librarians picture, through the shared palette."""
    return encode(img, librarians_palette())


@lru_cache(maxsize=1)
def librarians_palette() -> Image.Image:
    """The one palette every Librarians picture encodes through, built once per process: building a palette
    costs more than drawing a turn, so it is built from a sample of real pictures (a seeded game's turn picture
    with every spot numbered, the same with a card's legal spots, a hand and its end) and shared, so a picture's
    cost does not depend on which game it shows. The key colours (the six covers, labels, seats, marks) are
    pinned so they stay exact."""
    game, names = sample_game(4, seed=1, turns=6)
    view = game.view(game.current_seat)
    card = view.hand[0]
    parts = [draw_turn(view, names, "en"), draw_turn(view, names, "en", game.legal_places(card.id), card),
             draw_hand(view, names, "en")]
    k = 0
    while not game.is_over:
        step(game, k)
        k += 1
    parts.append(draw_final(game.view(0), names, "en"))
    return build_palette(stacked(parts, PAPER), KEY_COLOURS)
