"""A Place for All My Books' pictures as PNG bytes, 720 px wide like the other games'.

- `render_turn`: what a turn message carries: who plays, the apartment of the seat to act, the Village, a line
  per seat (battery, cards, books, where its meeple stands).
- `render_village`: the Village and the seats' lines alone.
- `render_apartment` / `render_apartments`: one seat's apartment, or every seat's one under another (`board`).
- `render_projects`: one seat's Little Projects (or its 5 dealt while it keeps 3), each with whether its
  apartment meets it now: the one private picture, for that seat only.
- `render_final`: the score sheet (books, projects, neat stuff, majors, battery, end-game cards, total) and the
  winners.

The public pictures are drawn from `render.books.table.public_table`, which copies only what the whole table
knows (a hand is its size), so they cannot show a secret. Every picture encodes through one palette
(`books_palette`), built once from pictures drawn here.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.books.data import COLOURS
from engine.books.scoring import breakdown, rival_score, standing
from engine.books.state import Tabletop
from engine.books.view import BooksView, view_of

from .. import fonts, pieces
from ..palette import CARD, CARD_EDGE, GOOD, INK, MUTED, OUTLINE, PAPER, SEAT_COLORS, TURN, WHITE, WOOD, WOOD_DARK
from ..png import build_palette, encode, stacked
from ..text import DEFAULT_LOCALE
from . import parts
from .apartment import BATTERY_OFF, BATTERY_ON, GOLD, HIGHLIGHT, NIGHTSTAND_FILL, draw_apartment, draw_legend
from .apartment import place_name
from .captions import BOOKS_CAPTIONS, caption
from .projects import MET_FILL, draw_projects
from .scores import PENELOPE_ROW, draw_sheet
from .layout import APARTMENT_H, HEADER_H, LEGEND_H, MARGIN, PENDING_H, PICTURE_W, SEAT_H, SUPPLY_H
from .samples import sample_table
from .table import Source, Table, public_table
from .village import BAND, BANNER, SHELF_FACE, draw_village, village_height

Names = Sequence[str]


def render_turn(game: Source, names: Names, locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG of a turn: header, the apartment of the seat to act, the Village, a line per seat."""
    return encode_books_picture(draw_turn(public_table(game), names, locale))


def render_village(game: Source, names: Names, locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG of the Village and a line per seat, under the header."""
    return encode_books_picture(draw_village_picture(public_table(game), names, locale))


def render_apartment(game: Source, seat: int, names: Names, locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG of one seat's apartment."""
    return encode_books_picture(draw_apartments(public_table(game), names, locale, (seat,)))


def render_apartments(game: Source, names: Names, locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG of every seat's apartment, one under another."""
    table = public_table(game)
    return encode_books_picture(draw_apartments(table, names, locale, tuple(range(table.n_players))))


def render_projects(game: Source, seat: int, names: Names, locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG of one seat's Little Projects (its 5 dealt while it keeps 3), each marked met now or not yet: for that
    seat only."""
    view = game if isinstance(game, BooksView) else view_of(game, seat)
    if view.seat != seat:
        raise ValueError(f"the Little Projects of seat {seat} are drawn from its own view, not seat {view.seat}'s")
    choosing = bool(view.dealt)
    cards = view.dealt if choosing else view.hand
    stacks = view.players[seat].apartment.stacks
    return encode_books_picture(draw_projects(seat, cards, choosing, stacks, names, locale))


def render_final(game: Tabletop, names: Names, locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG of the score sheet at the end: each seat's points by part (and Penelope's, solo), best first, and who
    won (the engine's standing: the most points, then the most books, then shared; solo, at least her score)."""
    table = public_table(game)
    scores = [breakdown(game, seat) for seat in range(game.n_players)]
    penelope = rival_score(game) if game.penelope is not None else None
    winners = standing(game).winners
    if penelope is not None and not winners:
        winners = frozenset({PENELOPE_ROW})
    line = headline(winners, names, locale, table.lost, solo=penelope is not None)
    return encode_books_picture(draw_sheet(scores, penelope, winners, table.resigned, line, names, locale))


def headline(winners: frozenset[int], names: Names, locale: str, lost: bool, solo: bool) -> str:
    """The line under "Final scores": who won, or that Penelope did (and why, when her deck ran out)."""
    if PENELOPE_ROW in winners:
        return caption("books_deck_out" if lost else "books_penelope_wins", locale)
    cut = [fonts.fit(pieces.seat_name(list(names), s, locale), 22, 200, bold=True) for s in sorted(winners)]
    if solo and cut:
        return caption("books_you_win", locale, name=cut[0])
    if not cut:
        return caption("no_winner", locale)
    if len(cut) == 1:
        return caption("winner", locale, name=cut[0])
    return caption("books_winners", locale, names=", ".join(cut[:-1]) + caption("books_and", locale) + cut[-1])


def turn_pictures(game: Tabletop, names: Names, locale: str = DEFAULT_LOCALE) -> list[bytes]:
    """What a turn message carries: the turn picture (the seat to act reads its apartment beside the Village in
    one picture); once the game is over, the score sheet instead."""
    if game.over:
        return [render_final(game, names, locale)]
    return [render_turn(game, names, locale)]


def render_frame(game: Tabletop, names: Names, locale: str = DEFAULT_LOCALE) -> list[bytes]:
    """A replay's frame of this state: what the turn message shows (the public turn picture, never a hand; the
    score sheet at the end)."""
    return turn_pictures(game, names, locale)


def draw_turn(table: Table, names: Names, locale: str) -> Image.Image:
    """The turn picture as an RGB image."""
    top = header_height(table)
    seats_top = top + APARTMENT_H + village_height(table)
    img = Image.new("RGB", (PICTURE_W, seats_top + seats_height(table) + LEGEND_H), PAPER)
    draw_header(img, table, names, locale)
    seat = table.current
    draw_apartment(img, top, table.seats[seat], seat, names, locale, turn=not table.over)
    draw_village(img, top + APARTMENT_H, table, locale)
    draw_seats(img, seats_top, table, names, locale)
    draw_legend(ImageDraw.Draw(img), img.height - LEGEND_H // 2 - 2, locale)
    return img


def draw_village_picture(table: Table, names: Names, locale: str) -> Image.Image:
    top = header_height(table)
    seats_top = top + village_height(table)
    img = Image.new("RGB", (PICTURE_W, seats_top + seats_height(table) + LEGEND_H), PAPER)
    draw_header(img, table, names, locale)
    draw_village(img, top, table, locale)
    draw_seats(img, seats_top, table, names, locale)
    draw_legend(ImageDraw.Draw(img), img.height - LEGEND_H // 2 - 2, locale)
    return img


def draw_apartments(table: Table, names: Names, locale: str, seats: Sequence[int]) -> Image.Image:
    img = Image.new("RGB", (PICTURE_W, len(seats) * APARTMENT_H + LEGEND_H), PAPER)
    for k, seat in enumerate(seats):
        draw_apartment(img, k * APARTMENT_H, table.seats[seat], seat, names, locale,
                       turn=not table.over and seat == table.current)
    draw_legend(ImageDraw.Draw(img), img.height - LEGEND_H // 2 - 2, locale)
    return img


def draw_header(img: Image.Image, table: Table, names: Names, locale: str) -> None:
    """Who plays (or "Game over") and the turn; under it, the choice pending within the turn, if any."""
    d = ImageDraw.Draw(img)
    mid = HEADER_H // 2
    right = fonts.draw_text(d, (PICTURE_W - 16, mid), caption("turn", locale, n=table.turn + 1), 24, MUTED,
                            bold=True, align="right")
    if table.over:
        fonts.draw_text(d, (16, mid), caption("game_over", locale), 30, INK, bold=True)
        return
    seat = table.current
    pieces.seat_marker(d, (34, mid), 18, seat)
    fonts.draw_text(d, (60, mid), caption("to_play", locale, name=pieces.seat_name(list(names), seat, locale)), 30,
                    INK, bold=True, max_width=PICTURE_W - 60 - right - 40)
    if pending_key(table):
        _pending(img, d, table, locale)


def header_height(table: Table) -> int:
    """The header: who plays, and a second line while the seat to act has a choice pending within its turn."""
    return HEADER_H + (PENDING_H if pending_key(table) else 0)


def pending_key(table: Table) -> str:
    """The caption of the choice pending within the turn ("" for none, or once the game is over)."""
    pending = table.pending
    if pending is None or table.over:
        return ""
    if pending.kind == "put":
        return f"books_pending_put_{pending.token}"
    key = f"books_pending_{pending.kind}"
    return key if key in BOOKS_CAPTIONS else ""


def _pending(img: Image.Image, d: ImageDraw.ImageDraw, table: Table, locale: str) -> None:
    """The pending choice in words, with the books it is about (the Library's drawn ones, a gain to place)."""
    key = pending_key(table)
    assert table.pending is not None
    mid = HEADER_H + PENDING_H // 2 - 4
    x = 20 + fonts.draw_text(d, (20, mid), caption(key, locale, n=table.pending.count), 20, INK, bold=True,
                             max_width=PICTURE_W - 40) + 10
    for book in table.pending.books[:16]:
        face = parts.chip(book, 26)
        img.paste(face, (x, mid - 13), face)
        x += 30


def seats_height(table: Table) -> int:
    return table.n_players * SEAT_H + 12 + SUPPLY_H


def draw_supply(img: Image.Image, d: ImageDraw.ImageDraw, mid: int, table: Table, locale: str) -> None:
    """The bag's books by colour and the decks' sizes, on one line under the seats."""
    x = MARGIN + 4 + fonts.draw_text(d, (MARGIN + 4, mid), caption("books_bag", locale), 16, MUTED, bold=True) + 8
    for colour in COLOURS:
        face = parts.chip(colour, 22)
        img.paste(face, (x, mid - 11), face)
        x += 26 + fonts.draw_text(d, (x + 26, mid), str(table.bag.get(colour, 0)), 16, INK, bold=True) + 12
    decks = caption("books_decks", locale, lp=table.lp_deck, ns=table.ns_deck)
    fonts.draw_text(d, (PICTURE_W - MARGIN - 4, mid), decks, 16, MUTED, bold=True, align="right",
                    max_width=PICTURE_W - MARGIN - 4 - x - 8)


def draw_seats(img: Image.Image, top: int, table: Table, names: Names, locale: str) -> None:
    """A line per seat: marker and name, Player card, battery, Little Projects in hand (and scored), Neat Stuff,
    books, where its meeple stands; then the bag and the decks."""
    d = ImageDraw.Draw(img)
    draw_supply(img, d, top + 12 + table.n_players * SEAT_H + SUPPLY_H // 2 - 4, table, locale)
    for seat, s in enumerate(table.seats):
        y0 = top + 6 + seat * SEAT_H
        mid = y0 + SEAT_H // 2
        if not table.over and seat == table.current:
            d.rounded_rectangle((6, y0 + 2, PICTURE_W - 6, y0 + SEAT_H - 2), radius=12, fill=HIGHLIGHT, outline=TURN,
                                width=3)
        pieces.seat_marker(d, (MARGIN + 16, mid), 14, seat)
        resigned = seat in table.resigned
        label = pieces.seat_name(list(names), seat, locale)
        if resigned:
            label = f"{label} ({caption('resigned', locale)})"
        fonts.draw_text(d, (MARGIN + 38, mid), label, 18, MUTED if resigned else INK, bold=True, max_width=150)
        face = parts.chip(s.colour, 22)
        img.paste(face, (206, mid - 11), face)
        fonts.draw_text(d, (236, mid), f"⚡{s.battery}", 18, INK, bold=True)
        cards = caption("books_keeping", locale) if s.choosing else f"LP {s.hand} · ✓{len(s.scored)}"
        fonts.draw_text(d, (290, mid), cards, 17, INK, bold=True, max_width=104)
        fonts.draw_text(d, (400, mid), f"NS {len(s.neat)}", 17, INK, bold=True)
        for i, book in enumerate("YBR"):  # a little stack: the seat's books
            segment = parts.segment(book, 22, 7)
            img.paste(segment, (452, mid + 4 - (i + 1) * 7), segment)
        fonts.draw_text(d, (480, mid), str(s.apartment.books()), 17, INK, bold=True)
        place = place_name(s.location, locale, bare=True)
        fonts.draw_text(d, (PICTURE_W - MARGIN - 4, mid), place, 16, MUTED, bold=True, align="right",
                        max_width=PICTURE_W - MARGIN - 4 - 516)

KEY_COLOURS = [
    *parts.BOOK_COLOURS.values(), *parts.EDGE.values(), parts.DARK_INK, parts.LAMP_SHADE, parts.BOOKEND_WOOD,
    parts.PENELOPE, *SEAT_COLORS, INK, MUTED, OUTLINE, PAPER, WHITE, CARD, CARD_EDGE, TURN, HIGHLIGHT, WOOD, WOOD_DARK,
    NIGHTSTAND_FILL, MET_FILL, GOOD, GOLD, BATTERY_ON, BATTERY_OFF, BAND, BANNER, SHELF_FACE,
]


def encode_books_picture(img: Image.Image) -> bytes:
    """PNG bytes of a Books picture, through the shared palette."""
    return encode(img, books_palette())


@lru_cache(maxsize=1)
def books_palette() -> Image.Image:
    """The one palette every Books picture encodes through, built once per process from sample pictures (a
    4-seat turn and a solo turn), so a picture's cost does not depend on which game it shows. The key colours
    (covers, their edges, seats, tokens) are pinned so they stay exact."""
    parts_ = [draw_turn(public_table(sample_table(4, 1)), [], "en"),
              draw_turn(public_table(sample_table(1, 2, solo=True)), [], "en")]
    return build_palette(stacked(parts_, PAPER), KEY_COLOURS)
