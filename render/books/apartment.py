"""One player's apartment, the whole picture's width: the title (marker, name, Player card, where the meeple
stands), the 4x4 grid in its four rooms with every stack drawn bottom to top, its height written, the start
dots, the Nightstand, the Bookend and the Lamp; and on the right the backpack's stacks, the Social Battery bar,
the Little Projects in hand (a count: the cards are secret) and scored, the Lucky Kitties and the Other Neat
Stuff owned.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.books.data import BACKPACK_STACKS, BATTERY_MAX, COLUMNS, GOLD_DOTS, NEAT, NIGHTSTAND, PLAYER_CARDS, ROOMS
from engine.books.data import ROWS, STACK_HEIGHT

from .. import fonts, pieces
from ..palette import (
    INK, MUTED, OUTLINE, PAPER, SPACE, SPACE_EDGE, TURN, WHITE, WOOD, WOOD_DARK, mix,
)
from ..text import language
from . import parts
from .captions import caption
from .table import Seat
from .layout import (
    APT_TITLE_H, BOOK_W, CELL_TOP_H, COL_LABELS_H, GRID_LEFT, GRID_W, MARGIN, PACK_BOOK_W,
    PACK_W, PANEL_W, PANEL_X, PICTURE_W, ROOM_BAND_H, PACK_BOOK_H, book_box, book_height, cell_box, grid_top,
)

HIGHLIGHT = mix(PAPER, TURN, 0.35)
NIGHTSTAND_FILL = mix(SPACE, TURN, 0.35)
GOLD = (214, 160, 20)
BATTERY_ON = (250, 175, 30)
BATTERY_OFF = (226, 216, 196)
HEIGHT_BADGE = INK


def place_name(location: str | None, locale: str, bare: bool = False) -> str:
    """Where a meeple stands, in words: 'at home' before its first action, else 'at' the action space's name (its
    name alone when bare: a column of places)."""
    if location is None:
        return caption("books_at_home", locale)
    place = caption(f"books_space_{location}", locale)
    return place if bare else caption("books_at", locale, place=place)


def draw_apartment(img: Image.Image, top: int, player: Seat, seat: int, names: Sequence[str], locale: str,
                   *, turn: bool = False) -> None:
    """The apartment section of `seat` from y = top (APARTMENT_H tall)."""
    d = ImageDraw.Draw(img)
    _title(img, d, top, player, seat, names, locale, turn)
    _grid(img, d, top, player, locale)
    _panel(img, d, top + APT_TITLE_H, player, locale)
    _key(img, d, cell_box(top, "D4")[3], locale)


def _title(img: Image.Image, d: ImageDraw.ImageDraw, top: int, player: Seat, seat: int, names: Sequence[str],
           locale: str, turn: bool) -> None:
    if turn:
        d.rounded_rectangle((6, top + 4, PICTURE_W - 6, top + APT_TITLE_H - 4), radius=12, fill=HIGHLIGHT,
                            outline=TURN, width=3)
    mid = top + APT_TITLE_H // 2
    pieces.seat_marker(d, (MARGIN + 20, mid), 17, seat)
    where = place_name(player.location, locale)
    right = PICTURE_W - 16 - fonts.draw_text(d, (PICTURE_W - 16, mid), where, 18, MUTED, bold=True, align="right")
    card = PLAYER_CARDS[player.colour][language(locale)]
    card_w = 24 + 6 + fonts.width(card, 16, True)
    name_room = right - 20 - card_w - (MARGIN + 44) - 14
    x = MARGIN + 44 + fonts.draw_text(d, (MARGIN + 44, mid), pieces.seat_name(list(names), seat, locale), 24, INK,
                                      bold=True, max_width=max(80, name_room)) + 14
    face = parts.chip(player.colour, 24)
    img.paste(face, (x, mid - 12), face)
    fonts.draw_text(d, (x + 30, mid), card, 16, INK, bold=True, max_width=max(0, right - 20 - x - 30))


def _grid(img: Image.Image, d: ImageDraw.ImageDraw, top: int, player: Seat, locale: str) -> None:
    gy = grid_top(top)
    last = cell_box(top, "D4")
    d.rounded_rectangle((GRID_LEFT - 8, gy - 2, GRID_LEFT + GRID_W + 8, last[3] + 8), radius=14, fill=WOOD,
                        outline=WOOD_DARK, width=3)
    for c, letter in enumerate(COLUMNS):
        x0, _, x1, _ = cell_box(top, f"{letter}1")
        fonts.draw_text(d, ((x0 + x1) / 2, gy - COL_LABELS_H / 2 - 2), letter, 17, MUTED, bold=True, align="center")
    for r, number in enumerate(ROWS):
        _, y0, _, y1 = cell_box(top, f"A{number}")
        fonts.draw_text(d, (MARGIN + 8, (y0 + y1) / 2), number, 17, MUTED, bold=True, align="center")
    for room, spaces in ROOMS.items():
        boxes = [cell_box(top, s) for s in spaces]
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1 = max(b[2] for b in boxes)
        fonts.draw_text(d, ((x0 + x1) / 2, y0 - ROOM_BAND_H / 2), caption(f"books_room_{room}", locale), 16, WHITE,
                        bold=True, align="center", max_width=x1 - x0 - 8)
    apartment = player.apartment
    for space, stack in apartment.stacks.items():
        _space(img, d, top, space, stack, apartment.bookend == space, apartment.lamp == space)


def _space(img: Image.Image, d: ImageDraw.ImageDraw, top: int, space: str, stack: str, bookend: bool,
           lamp: bool) -> None:
    x0, y0, x1, y1 = cell_box(top, space)
    fill = NIGHTSTAND_FILL if space == NIGHTSTAND else SPACE
    d.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), radius=9, fill=fill, outline=SPACE_EDGE, width=2)
    ty = y0 + 3 + CELL_TOP_H // 2 + 1
    x = x0 + 9 + fonts.draw_text(d, (x0 + 9, ty), space, 14, MUTED, bold=True) + 5
    if space == NIGHTSTAND:
        icon = nightstand_icon(16)
        img.paste(icon, (x, ty - 8), icon)
        x += 20
    if space in GOLD_DOTS:
        _gold_dot(d, (x + 8, ty), GOLD_DOTS[space])
        x += 20
    for token, here in ((parts.bookend(18), bookend), (parts.lamp(18), lamp)):
        if here:
            img.paste(token, (x, ty - 9), token)
            x += 20
    if stack:
        text = str(len(stack))
        w = max(22, fonts.width(text, 15, True) + 10)
        d.rounded_rectangle((x1 - 8 - w, ty - 10, x1 - 8, ty + 10), radius=10, fill=HEIGHT_BADGE)
        fonts.draw_text(d, (x1 - 8 - w / 2, ty), text, 15, WHITE, bold=True, align="center")
    for i, book in enumerate(stack):
        bx0, by0, _, _ = book_box(top, space, i, len(stack))
        face = parts.segment(book, BOOK_W, book_height(len(stack)))
        img.paste(face, (bx0, by0), face)


@lru_cache(maxsize=4)
def nightstand_icon(size: int) -> Image.Image:
    """A bedside table (the Nightstand), drawn in the muted ink of a space's id."""
    s = size * parts.SS
    icon = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(icon)
    ink = (*MUTED, 255)
    d.rectangle((s * 0.1, s * 0.3, s * 0.9, s * 0.44), fill=ink)
    d.rectangle((s * 0.18, s * 0.44, s * 0.82, s * 0.86), outline=ink, width=parts.SS * 2)
    d.line((s * 0.18, s * 0.65, s * 0.82, s * 0.65), fill=ink, width=parts.SS * 2)
    d.rectangle((s * 0.2, s * 0.86, s * 0.3, s), fill=ink)
    d.rectangle((s * 0.7, s * 0.86, s * 0.8, s), fill=ink)
    d.ellipse((s * 0.58, s * 0.02, s * 0.82, s * 0.28), fill=ink)
    return icon.reduce(parts.SS)


def _panel(img: Image.Image, d: ImageDraw.ImageDraw, top: int, player: Seat, locale: str) -> None:
    """The right of the section: backpack, battery, cards, kitties, neat stuff, and what the marks mean."""
    x = PANEL_X
    y = top + 14
    fonts.draw_text(d, (x, y), caption("books_backpack", locale), 17, INK, bold=True)
    backpack = player.apartment.backpack
    stack_room = STACK_HEIGHT * PACK_BOOK_H
    base = y + 16 + stack_room + 8
    for k, stack in enumerate(backpack):
        px = x + k * PACK_W
        d.rounded_rectangle((px, y + 14, px + PACK_W - 6, base + 2), radius=8, fill=mix(PAPER, WOOD, 0.18),
                            outline=mix(PAPER, WOOD, 0.5), width=2)
        for i, book in enumerate(stack[:STACK_HEIGHT + 2]):
            h = PACK_BOOK_H if len(stack) <= STACK_HEIGHT else stack_room // len(stack)
            face = parts.segment(book, PACK_BOOK_W, h)
            img.paste(face, (px + (PACK_W - 6 - PACK_BOOK_W) // 2, base - 3 - (i + 1) * h), face)
        fonts.draw_text(d, (px + (PACK_W - 6) / 2, base + 14), f"{BACKPACK_STACKS[k]} · {len(stack)}", 14, MUTED,
                        bold=True, align="center")
    y = base + 40
    battery = player.battery
    fonts.draw_text(d, (x, y), "⚡ " + caption("books_battery", locale), 16, INK, bold=True,
                    max_width=PANEL_W - 50)
    fonts.draw_text(d, (x + PANEL_W, y), f"{battery}", 22, INK, bold=True, align="right")
    _battery_bar(d, (x, y + 16), battery)
    y += 58
    lines = [caption("books_hand", locale, n=player.hand), caption("books_scored", locale, n=len(player.scored))]
    if player.kitties:
        lines.append(caption("books_kitties", locale, n=player.kitties))
    for line in lines:
        fonts.draw_text(d, (x, y), line, 16, INK, bold=True, max_width=PANEL_W)
        y += 24
    y += 4
    if not player.neat:
        fonts.draw_text(d, (x, y), caption("books_no_neat", locale), 15, MUTED, bold=True, max_width=PANEL_W)
    shown = player.neat if len(player.neat) <= NEAT_LINES else player.neat[:NEAT_LINES - 1]
    for card in shown:
        neat = NEAT[card]
        vp = "?" if neat.vp is None else str(neat.vp)
        fonts.draw_text(d, (x, y), f"• {neat.names[language(locale)]} ({vp})", 15, INK, max_width=PANEL_W)
        y += 21
    if len(shown) < len(player.neat):
        fonts.draw_text(d, (x, y), caption("books_more", locale, n=len(player.neat) - len(shown)), 15, MUTED, bold=True)


def _key(img: Image.Image, d: ImageDraw.ImageDraw, bottom: int, locale: str) -> None:
    """What the marks on the spaces mean, at the bottom of the panel."""
    x = PANEL_X
    y = bottom - 4 * KEY_LINE + KEY_LINE // 2
    icon = nightstand_icon(18)
    img.paste(icon, (x, y - 9), icon)
    fonts.draw_text(d, (x + 26, y), caption("books_nightstand", locale), 15, MUTED, bold=True)
    y += KEY_LINE
    _gold_dot(d, (x + 9, y), 2)
    fonts.draw_text(d, (x + 26, y), caption("books_start_dot", locale), 15, MUTED, bold=True)
    for token, key in ((parts.bookend(18), "books_bookend"), (parts.lamp(18), "books_lamp")):
        y += KEY_LINE
        img.paste(token, (x, y - 9), token)
        fonts.draw_text(d, (x + 26, y), caption(key, locale), 15, MUTED, bold=True, max_width=PANEL_W - 26)


def _gold_dot(d: ImageDraw.ImageDraw, centre: tuple[int, int], n: int) -> None:
    x, y = centre
    d.ellipse((x - 8, y - 8, x + 8, y + 8), fill=GOLD, outline=mix(GOLD, OUTLINE, 0.5))
    fonts.draw_text(d, (x, y), str(n), 11, WHITE, bold=True, align="center")


KEY_LINE = 24
NEAT_LINES = 6  # the Neat Stuff listed by name; past it, how many more
BAR_CELL = (PANEL_W - 4) // BATTERY_MAX


def _battery_bar(d: ImageDraw.ImageDraw, at: tuple[int, int], battery: int) -> None:
    """0-20 as 20 cells, the charged ones gold, a notch every 5."""
    x, y = at
    for i in range(BATTERY_MAX):
        cx = x + i * BAR_CELL
        d.rectangle((cx, y, cx + BAR_CELL - 2, y + 18), fill=BATTERY_ON if i < battery else BATTERY_OFF,
                    outline=mix(BATTERY_OFF, OUTLINE, 0.4) if i >= battery else mix(BATTERY_ON, OUTLINE, 0.4))
        if (i + 1) % 5 == 0:
            d.line((cx + BAR_CELL - 1, y - 3, cx + BAR_CELL - 1, y + 21), fill=OUTLINE, width=2)


def draw_legend(d: ImageDraw.ImageDraw, y: int, locale: str) -> None:
    """What the symbols mean, under a picture."""
    fonts.draw_text(d, (PICTURE_W / 2, y), caption("books_legend", locale), 15, MUTED, align="center",
                    max_width=PICTURE_W - 20)

