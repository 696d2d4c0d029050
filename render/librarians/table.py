"""The parts of a Librarians picture around the library: the header (who plays, what the turn still needs, the
deck), the rules a power switched on, the seats (hand sizes as card backs, cards the table has seen face up,
the power cards each seat holds) and the genres in play (one per colour, with what completing it does).

Everything here is public: a hand is drawn as backs, except the cards a power showed to the whole table.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.librarians.cards import Card
from engine.librarians.data import COLOUR_OF_GENRE, COLOURS
from engine.librarians.view import LibrariansView

from .. import fonts, pieces
from ..palette import INK, MUTED, PAPER, TURN, mix
from ..text import language
from .captions import caption
from . import cards
from .captions import LIB_CAPTIONS

HIGHLIGHT = mix(PAPER, TURN, 0.35)
HEADER_H = 100
RULES_H = 34
SEAT_H = 44
SEATS_PAD = 8
GENRES_TITLE_H = 30
GENRE_H = 46
GENRE_COLUMNS = 2
BACK = (24, 33)        # a card back in a hand or the deck
MINI = (30, 41)        # a face-up card in the table strip (a held power, a card the table has seen)
SWATCH = (30, 40)      # a colour's card in the genres legend


def rules_in_force(view: LibrariansView) -> list[str]:
    """The rule switches on now that the picture has words for, in a fixed order, so the line reads the same
    every turn."""
    return [rule for rule in sorted(view.rules) if f"lib_rule_{rule}" in LIB_CAPTIONS]


def header_height(view: LibrariansView) -> int:
    return HEADER_H + (RULES_H if rules_in_force(view) else 0)


def seats_height(n: int) -> int:
    return n * SEAT_H + 2 * SEATS_PAD


def genres_height() -> int:
    return GENRES_TITLE_H + -(-len(COLOURS) // GENRE_COLUMNS) * GENRE_H + 8


def mini_face(card: Card, size: tuple[int, int] = MINI) -> Image.Image:
    return cards.book(COLOURS[card.colour], card.letter_text, size)


def draw_header(img: Image.Image, view: LibrariansView, names: Sequence[str], locale: str) -> None:
    """Line 1: who plays and the turn; line 2: what the turn still needs, the hand limit and the deck (with the
    cards a power showed from its top); then the rules a power switched on, if any."""
    d = ImageDraw.Draw(img)
    width = img.width
    y1 = 30
    right = fonts.draw_text(d, (width - 16, y1), caption("turn", locale, n=view.turn + 1), 24, MUTED, bold=True,
                            align="right")
    seat = view.current_seat
    pieces.seat_marker(d, (34, y1), 18, seat)
    room = width - 60 - right - 40
    text = fonts.fit_name(lambda name: caption("to_play", locale, name=name), pieces.seat_name(list(names), seat, locale),
                          30, room, bold=True)
    fonts.draw_text(d, (60, y1), text, 30, INK, bold=True, max_width=room)
    y2 = 74
    if view.phase == "choose":
        status = caption("lib_choosing", locale)
    elif view.end_block == "not_connected":
        status = caption("lib_not_connected", locale)
    elif view.need:
        status = caption("lib_need_one", locale) if view.need == 1 else caption("lib_need", locale, n=view.need)
    else:
        status = caption("lib_may_end", locale)
    room = _deck(img, d, view, locale, (width - 16, y2)) - 16 - 24
    x = 16 + fonts.draw_text(d, (16, y2), status, 21, INK, bold=True, max_width=room) + 10
    limit = "· " + caption("lib_hand_limit", locale, n=view.hand_limit)
    if x + fonts.width(limit, 18, True) <= 16 + room:
        fonts.draw_text(d, (x, y2), limit, 18, MUTED, bold=True)
    rules = rules_in_force(view)
    if rules:
        y3 = HEADER_H + RULES_H // 2 - 6
        text = " · ".join(caption(f"lib_rule_{rule}", locale) for rule in rules)
        fonts.draw_text(d, (16, y3), f"{caption('lib_rules_now', locale)} {text}", 19, (170, 40, 30), bold=True,
                        max_width=width - 32)


def _deck(img: Image.Image, d: ImageDraw.ImageDraw, view: LibrariansView, locale: str,
          right_mid: tuple[int, int]) -> int:
    """The deck at the right of line 2, right-aligned: a back, its size, and the known cards on its top;
    returns its left edge."""
    x, y = right_mid
    top = view.deck_top
    for card in reversed(top):
        face = mini_face(card)
        x -= MINI[0] + 3
        img.paste(face, (x, y - MINI[1] // 2), face)
    if top:
        x -= fonts.draw_text(d, (x - 6, y), caption("lib_deck_top", locale), 17, MUTED, bold=True, align="right") + 12
    x -= fonts.draw_text(d, (x, y), caption("lib_deck", locale, n=view.deck_size), 22, INK, bold=True,
                         align="right") + 6
    back = cards.card_back(BACK)
    img.paste(back, (x - BACK[0], y - BACK[1] // 2), back)
    return x - BACK[0]


def draw_seats(img: Image.Image, top: int, view: LibrariansView, names: Sequence[str], locale: str) -> None:
    """One line per seat: marker and name, the hand as backs (seen cards face up) with its size, held powers."""
    d = ImageDraw.Draw(img)
    width = img.width
    for seat in range(view.n_players):
        y0 = top + SEATS_PAD + seat * SEAT_H
        mid = y0 + SEAT_H // 2
        if view.result is None and seat == view.current_seat:
            d.rounded_rectangle((8, y0 + 2, width - 8, y0 + SEAT_H - 2), radius=12, fill=HIGHLIGHT, outline=TURN,
                                width=3)
        pieces.seat_marker(d, (30, mid), 15, seat)
        resigned = seat in view.resigned
        label = pieces.seat_name(list(names), seat, locale)
        if resigned:
            label = f"{label} ({caption('resigned', locale)})"
        fonts.draw_text(d, (52, mid), label, 20, MUTED if resigned else INK, bold=True, max_width=200)
        x = _hand(img, d, view, seat, (262, mid))
        _held(img, d, view, seat, locale, (max(x + 18, 430), mid), width - 14)


def _hand(img: Image.Image, d: ImageDraw.ImageDraw, view: LibrariansView, seat: int, left_mid: tuple[int, int]) -> int:
    """A seat's hand: its size, then a back per card (a face for each card the table has seen); returns the right
    edge drawn."""
    x, y = left_mid
    size = view.hand_sizes[seat]
    x += fonts.draw_text(d, (x, y), str(size), 22, INK, bold=True) + 8
    seen = view.known_hands[seat]
    for card in seen:
        face = mini_face(card)
        img.paste(face, (x, y - MINI[1] // 2), face)
        x += MINI[0] + 3
    backs = size - len(seen)
    step = 16 if backs <= 6 else 10
    for i in range(backs):
        back = cards.card_back(BACK)
        img.paste(back, (x + i * step, y - BACK[1] // 2), back)
    return x + (backs - 1) * step + BACK[0] if backs else x - 3


def _held(img: Image.Image, d: ImageDraw.ImageDraw, view: LibrariansView, seat: int, locale: str,
          left_mid: tuple[int, int], right: int) -> None:
    """The power cards a seat holds face up: each a small card and its genre (greyed until its holder's next
    turn when received this turn); a name is left out, never cut, where it does not fit whole."""
    x, y = left_mid
    held = view.held[seat]
    if not held:
        return
    room = (right - x) // len(held)
    for card in held:
        face = mini_face(card)
        img.paste(face, (x, y - MINI[1] // 2), face)
        name = caption(f"lib_genre_{view.genres[card.colour]}", locale)
        if fonts.width(name, 17, bold=True) <= room - MINI[0] - 14:
            fonts.draw_text(d, (x + MINI[0] + 6, y), name, 17, MUTED if card.id in view.fresh else INK, bold=True)
        x += max(room, MINI[0] + 6)


def draw_genres(img: Image.Image, top: int, view: LibrariansView, locale: str) -> None:
    """The genre of each colour this game: swatch with the colour's symbol, the genre's name and what
    completing it does (red ones happen at once)."""
    d = ImageDraw.Draw(img)
    fonts.draw_text(d, (16, top + GENRES_TITLE_H // 2), caption("lib_genres", locale), 20, MUTED, bold=True)
    col_w = (img.width - 24) // GENRE_COLUMNS
    for colour_index, genre in enumerate(view.genres):
        row, col = divmod(colour_index, GENRE_COLUMNS)
        img.paste(genre_entry(genre, language(locale), col_w), (12 + col * col_w, top + GENRES_TITLE_H + row * GENRE_H))


@lru_cache(maxsize=64)  # 24 genres x 2 languages (x a wider picture now and then)
def genre_entry(genre: str, locale: str, width: int) -> Image.Image:
    """One genre of the legend, drawn once: its colour's swatch, its name, what completing it does."""
    img = Image.new("RGB", (width, GENRE_H), PAPER)
    d = ImageDraw.Draw(img)
    sw = cards.swatch(COLOURS[COLOUR_OF_GENRE[genre]], SWATCH)
    img.paste(sw, (4, (GENRE_H - SWATCH[1]) // 2), sw)
    x = 4 + SWATCH[0] + 10
    fonts.draw_text(d, (x, 13), caption(f"lib_genre_{genre}", locale), 19, INK, bold=True, max_width=width - x - 6)
    fonts.draw_text(d, (x, 33), caption(f"lib_does_{genre}", locale), 15, MUTED, max_width=width - x - 6)
    return img
