"""The Village, the whole picture's width: the Sun track (the last round's space marked, a banner once it is
reached), the Bookstore's shelves (their books, their Little Project, their cost now), the other spaces with the
meeples standing on them, the Shoppes' two face-up cards, the game's three Major Accomplishments with their
claim tokens, and in a solo game Penelope: her Rival queue by line, her deck's size and her pile.

Everything here is public: a deck is its size, never its order.
"""
from __future__ import annotations

from collections.abc import Sequence
from PIL import Image, ImageDraw

from engine.books.data import (
    BOOKSTORE_COSTS, EXCHANGE_COST, FOUR_PLAYER_BOOKSTORE, LIBRARY_COST, MAJORS, NEAT, PARK_BATTERY, PROJECTS,
    REWARD_BATTERY, RIVALS, SHELF_NAMES, SHOPPES_BOTH, SHOPPES_DECK, SHOPPES_ONE, SOLO, SUN_STEPS,
)
from engine.books.state import Shelf

from .. import fonts, pieces
from ..palette import CARD, CARD_EDGE, INK, MUTED, OUTLINE, PAPER, WHITE, WOOD, WOOD_DARK, WOOD_LIGHT, mix
from ..text import language
from . import parts
from .captions import caption
from .table import PublicPenelope, Table
from .layout import (
    BAND_H, CARD_HEAD, CARD_TEXT, CHIP, CHIPS_PER_ROW, MAJOR_H, MARGIN, PENELOPE_H, PICTURE_W, PROJECT_CARD_H, SHELF_H,
    SHELF_W, SHOPPES_H, SPACES_ROW_H, SUN, SUN_ROW_H, Box, chip_box, shelf_box,
)

BANNER = (200, 50, 40)
BAND = mix(WOOD, WOOD_LIGHT, 0.3)
SHELF_FACE = mix(PAPER, WOOD_LIGHT, 0.35)
REWARD_NEAT = "+NS★"
GAP = 8


def village_height(table: Table) -> int:
    bands = 2 if len(table.seats) == 4 else 1
    solo = PENELOPE_H if table.penelope is not None else 0
    return SUN_ROW_H + bands * BAND_H + SHELF_H + GAP + SPACES_ROW_H + GAP + SHOPPES_H + GAP + MAJOR_H + solo + 8


def shelf_costs(shelves: Sequence[Shelf]) -> list[int]:
    """What each shelf costs now: 1/3/6 by its rank (smallest, middle, largest); of two shelves holding as many
    books the left one ranks higher."""
    order = sorted(range(len(shelves)), key=lambda i: (len(shelves[i].books), -i))
    costs = [0] * len(shelves)
    for rank, index in enumerate(order):
        costs[index] = BOOKSTORE_COSTS[rank]
    return costs


def draw_village(img: Image.Image, top: int, table: Table, locale: str) -> None:
    """The Village section from y = top (village_height tall)."""
    d = ImageDraw.Draw(img)
    y = _sun(img, d, top, table, locale)
    y = _bookstore(img, d, y, table, locale) + GAP
    y = _spaces(d, y, table, locale) + GAP
    y = _shoppes(img, d, y, table, locale) + GAP
    y = _majors(d, y, table, locale)
    if table.penelope is not None:
        _penelope(img, d, y, table.penelope, locale)


def _meeples(d: ImageDraw.ImageDraw, table: Table, space: str, right_mid: tuple[int, int]) -> int:
    """The meeples on a Village space, right-aligned ending at right_mid; returns their left edge."""
    x, y = right_mid
    who = [seat for seat, player in enumerate(table.seats) if player.location == space]
    if table.penelope is not None and table.penelope.location == space:
        x -= 13
        parts.penelope_marker(d, (x, y), 13)
        x -= 17
    for seat in reversed(who):
        x -= 13
        pieces.seat_marker(d, (x, y), 13, seat)
        x -= 17
    return x


def _band(d: ImageDraw.ImageDraw, box: Box, title: str, cost: str, table: Table, space: str) -> None:
    """A Village space's band: its name, what it costs, the meeples on it."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) // 2
    d.rounded_rectangle(box, radius=10, fill=BAND, outline=WOOD_DARK, width=2)
    left = _meeples(d, table, space, (x1 - 6, mid))
    w = fonts.draw_text(d, (x0 + 12, mid), title, 17, WHITE, bold=True, max_width=left - x0 - 24)
    fonts.draw_text(d, (x0 + 20 + w, mid), cost, 15, mix(WHITE, BAND, 0.2), bold=True,
                    max_width=max(0, left - x0 - 30 - w))


def _sun(img: Image.Image, d: ImageDraw.ImageDraw, top: int, table: Table, locale: str) -> int:
    """The Sun track: a space per step, the Sun's space lit, the last one ringed; the steps left in words, or a
    banner once the last round is on."""
    mid = top + SUN_ROW_H // 2
    steps = SUN_STEPS[len(table.seats)]
    x = MARGIN + fonts.draw_text(d, (MARGIN, mid), caption("books_sun", locale), 18, INK, bold=True) + 10
    at = steps - max(0, min(steps, table.village.sun))
    for i in range(steps + 1):
        if i == steps:
            d.ellipse((x - 3, mid - SUN // 2 - 3, x + SUN + 3, mid + SUN // 2 + 3), outline=BANNER, width=3)
        face = parts.sun(SUN, i == at)
        img.paste(face, (x, mid - SUN // 2), face)
        x += SUN + 4
    x += 12
    left = table.village.sun
    if table.last_round or table.end_triggered:
        text = caption("books_final_round" if table.last_round else "books_sun_reached", locale)
        w = fonts.width(text, 18, True) + 24
        d.rounded_rectangle((x, mid - 15, x + w, mid + 15), radius=15, fill=BANNER)
        fonts.draw_text(d, (x + w / 2, mid), text, 18, WHITE, bold=True, align="center")
    else:
        text = caption("books_sun_left_one", locale) if left == 1 else caption("books_sun_left", locale, n=left)
        fonts.draw_text(d, (x, mid), text, 16, MUTED, bold=True, max_width=PICTURE_W - MARGIN - x)
    return top + SUN_ROW_H


def _bookstore(img: Image.Image, d: ImageDraw.ImageDraw, top: int, table: Table, locale: str) -> int:
    """The Bookstore's band (two at 4 players, each over the shelves it reaches) and its three shelves."""
    y = top
    if len(table.seats) == 4:
        for space, reach in FOUR_PLAYER_BOOKSTORE.items():
            first, last = SHELF_NAMES.index(reach[0]), SHELF_NAMES.index(reach[-1])
            box = (shelf_box(0, first)[0], y, shelf_box(0, last)[2], y + BAND_H - 4)
            _band(d, box, caption(f"books_space_{space}", locale), "", table, space)
            y += BAND_H
    else:
        _band(d, (MARGIN, y, PICTURE_W - MARGIN, y + BAND_H - 4), caption("books_space_bookstore", locale), "",
              table, "bookstore")
        y += BAND_H
    costs = shelf_costs(table.village.shelves)
    for index, shelf in enumerate(table.village.shelves):
        _shelf(img, d, shelf_box(y, index), shelf, SHELF_NAMES[index], costs[index], locale)
    return y + SHELF_H


def _shelf(img: Image.Image, d: ImageDraw.ImageDraw, box: Box, shelf: Shelf, name: str, cost: int,
           locale: str) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=10, fill=SHELF_FACE, outline=mix(SHELF_FACE, OUTLINE, 0.35), width=2)
    fonts.draw_text(d, (x0 + 10, y0 + 16), caption(f"books_shelf_{name}", locale), 17, INK, bold=True,
                    max_width=SHELF_W - 90)
    price = f"⚡ −{cost}"
    w = fonts.width(price, 16, True) + 16
    d.rounded_rectangle((x1 - 8 - w, y0 + 4, x1 - 8, y0 + 28), radius=12, fill=INK)
    fonts.draw_text(d, (x1 - 8 - w / 2, y0 + 16), price, 16, WHITE, bold=True, align="center")
    room = 2 * CHIPS_PER_ROW
    shown = shelf.books if len(shelf.books) <= room else shelf.books[:room - 1]
    for i, book in enumerate(shown):
        face = parts.chip(book, CHIP)
        cx0, cy0, _, _ = chip_box(box, i)
        img.paste(face, (cx0, cy0), face)
    if len(shown) < len(shelf.books):
        cx0, cy0, cx1, cy1 = chip_box(box, room - 1)
        fonts.draw_text(d, ((cx0 + cx1) / 2, (cy0 + cy1) / 2), f"+{len(shelf.books) - len(shown)}", 14, INK,
                        bold=True, align="center")
    if shelf.project is not None:
        project_card(img, d, (x0 + 6, y1 - PROJECT_CARD_H - 6, x1 - 6, y1 - 6), shelf.project, locale)


def project_card(img: Image.Image, d: ImageDraw.ImageDraw, box: Box, card: str, locale: str) -> None:
    """A Little Project, small: its id, its colours (or none), its reward, its pattern in up to four lines."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=8, fill=CARD, outline=CARD_EDGE, width=2)
    project = PROJECTS[card]
    x = x0 + 8 + fonts.draw_text(d, (x0 + 8, y0 + 14), card, CARD_HEAD, INK, bold=True) + 6
    for colour in project.colours:
        face = parts.chip(colour, 18)
        img.paste(face, (x, y0 + 5), face)
        x += 20
    reward = REWARD_NEAT if project.reward == "neat" else f"+{REWARD_BATTERY}⚡"
    fonts.draw_text(d, (x1 - 8, y0 + 14), reward, CARD_HEAD, INK, bold=True, align="right")
    for k, line in enumerate(fonts.wrap(caption(f"books_lp_{card}", locale), CARD_TEXT, x1 - x0 - 14, lines=4)):
        fonts.draw_text(d, (x0 + 8, y0 + 36 + k * (CARD_TEXT + 3)), line, CARD_TEXT, INK)


def _spaces(d: ImageDraw.ImageDraw, top: int, table: Table, locale: str) -> int:
    """Library, Exchange, the Park and (solo) Penelope's Café: each a band with its cost and meeples."""
    spaces = [("library", f"⚡ −{LIBRARY_COST}"), ("exchange", f"⚡ −{EXCHANGE_COST}"),
              ("park", f"⚡ +{PARK_BATTERY}")]
    if table.penelope is not None:
        spaces.append(("cafe", ""))
    w = (PICTURE_W - 2 * MARGIN - (len(spaces) - 1) * GAP) // len(spaces)
    for k, (space, cost) in enumerate(spaces):
        x = MARGIN + k * (w + GAP)
        box = (x, top, x + w, top + SPACES_ROW_H - 6)
        d.rounded_rectangle(box, radius=10, fill=BAND, outline=WOOD_DARK, width=2)
        fonts.draw_text(d, (x + 10, top + 15), caption(f"books_space_{space}", locale), 15, WHITE, bold=True,
                        max_width=w - 14)
        fonts.draw_text(d, (x + 10, top + 37), cost, 15, mix(WHITE, BAND, 0.2), bold=True)
        _meeples(d, table, space, (x + w - 6, top + 37))
    return top + SPACES_ROW_H


def _shoppes(img: Image.Image, d: ImageDraw.ImageDraw, top: int, table: Table, locale: str) -> int:
    """The Shoppes' band (one card, both, the deck's top) and its two face-up cards."""
    costs = f"⚡ −{SHOPPES_ONE} / −{SHOPPES_BOTH} / {caption('books_deck', locale)} −{SHOPPES_DECK}"
    _band(d, (MARGIN, top, PICTURE_W - MARGIN, top + BAND_H - 4), caption("books_space_shoppes", locale), costs,
          table, "shoppes")
    w = (PICTURE_W - 2 * MARGIN - GAP) // 2
    for k, card in enumerate(table.village.shoppes[:2]):
        x = MARGIN + k * (w + GAP)
        neat_card(d, (x, top + BAND_H, x + w, top + SHOPPES_H - 6), card, locale)
    return top + SHOPPES_H


def neat_card(d: ImageDraw.ImageDraw, box: Box, card: str, locale: str) -> None:
    """An Other Neat Stuff card: its name, when it acts (all game, at once, at the end) and its VP."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=8, fill=CARD, outline=CARD_EDGE, width=2)
    neat = NEAT[card]
    mid = (y0 + y1) // 2
    vp = "?" if neat.vp is None else str(neat.vp)
    d.ellipse((x1 - 40, mid - 15, x1 - 10, mid + 15), fill=INK)
    fonts.draw_text(d, (x1 - 25, mid), vp, 17, WHITE, bold=True, align="center")
    fonts.draw_text(d, (x0 + 10, mid - 11), f"{card} {neat.names[language(locale)]}", CARD_TEXT, INK, bold=True,
                    max_width=x1 - x0 - 60)
    fonts.draw_text(d, (x0 + 10, mid + 12), caption(f"books_kind_{neat.kind}", locale), CARD_HEAD, MUTED, bold=True,
                    max_width=x1 - x0 - 60)


def reward_text(reward: dict[str, int]) -> str:
    """A Major Accomplishment's reward in marks: '5', '5+★', '4+3⚡'."""
    text = str(reward.get("vp", 0))
    if reward.get("neat"):
        text += REWARD_NEAT
    if reward.get("battery"):
        text += f"+{reward['battery']}⚡"
    return text


def _majors(d: ImageDraw.ImageDraw, top: int, table: Table, locale: str) -> int:
    """The three Major Accomplishments: the claim tokens in claim order beside the id, the first and later
    rewards, the text."""
    fonts.draw_text(d, (MARGIN, top + 12), caption("books_majors", locale), 17, INK, bold=True)
    w = (PICTURE_W - 2 * MARGIN - 2 * GAP) // 3
    for k, card in enumerate(table.village.majors):
        x0 = MARGIN + k * (w + GAP)
        y0, y1 = top + 26, top + MAJOR_H - 4
        d.rounded_rectangle((x0, y0, x0 + w, y1), radius=8, fill=CARD, outline=CARD_EDGE, width=2)
        major = MAJORS[card]
        x = x0 + 14 + fonts.draw_text(d, (x0 + 8, y0 + 14), card, CARD_HEAD, INK, bold=True)
        for seat in table.village.claims.get(card, []):
            pieces.seat_marker(d, (x + 11, y0 + 14), 11, seat)
            x += 25
        fonts.draw_text(d, (x0 + w - 8, y0 + 14), f"{reward_text(major.first)} / {reward_text(major.later)}",
                        CARD_HEAD, INK, bold=True, align="right")
        for i, line in enumerate(fonts.wrap(caption(f"books_ma_{card}", locale), CARD_TEXT, w - 16, lines=3)):
            fonts.draw_text(d, (x0 + 8, y0 + 40 + i * (CARD_TEXT + 4)), line, CARD_TEXT, INK)
    return top + MAJOR_H


def _penelope(img: Image.Image, d: ImageDraw.ImageDraw, top: int, penelope: PublicPenelope, locale: str) -> None:
    """Penelope: her level and deck size, the line the queue's size picks, the queue's cards, her pile."""
    box = (MARGIN, top + 4, PICTURE_W - MARGIN, top + PENELOPE_H - 4)
    d.rounded_rectangle(box, radius=12, fill=mix(PAPER, parts.PENELOPE, 0.12), outline=parts.PENELOPE, width=2)
    y = top + 24
    parts.penelope_marker(d, (MARGIN + 22, y), 14)
    head = (f"{caption('books_penelope', locale)} · {caption('books_level', locale, n=penelope.level)}"
            f" · {caption('books_rival_deck', locale, n=penelope.deck)}")
    fonts.draw_text(d, (MARGIN + 44, y), head, 18, INK, bold=True, max_width=PICTURE_W - 2 * MARGIN - 60)
    line = rival_line(len(penelope.queue))
    x = MARGIN + 12
    y = top + 60
    for k, label in enumerate(line_labels()):
        on = k == line
        w = fonts.width(label, 15, True) + 16
        d.rounded_rectangle((x, y - 13, x + w, y + 13), radius=12, fill=INK if on else PAPER, outline=INK, width=2)
        fonts.draw_text(d, (x + w / 2, y), label, 15, WHITE if on else INK, bold=True, align="center")
        x += w + 6
    x += 8
    for card in penelope.queue:
        x = _rival(img, d, (x, y - 19), card) + 5
        if x > PICTURE_W - MARGIN - 50:
            break
    pile = caption("books_pile", locale, books=len(penelope.books), projects=len(penelope.projects),
                   neat=len(penelope.neat))
    fonts.draw_text(d, (MARGIN + 12, top + 100), pile, 16, INK, bold=True, max_width=PICTURE_W - 2 * MARGIN - 24)


def line_labels() -> list[str]:
    """'1–3', '4–5', '6+' from the solo line bounds."""
    bounds = SOLO["line_bounds"]
    return [f"1–{bounds[0]}", f"{bounds[0] + 1}–{bounds[1]}", f"{bounds[1] + 1}+"]


def rival_line(queue: int) -> int:
    """The line (0, 1, 2) a queue of this many cards picks."""
    bounds = SOLO["line_bounds"]
    return 0 if queue <= bounds[0] else 1 if queue <= bounds[1] else 2


def _rival(img: Image.Image, d: ImageDraw.ImageDraw, at: tuple[int, int], card: str) -> int:
    """A Rival card in the queue: its letter and its removal icon (its colours' symbols, or ○); returns its right
    edge."""
    x, y = at
    colours = RIVALS[card].colours
    w = 34 + 14 * max(0, len(colours) - 1)
    d.rounded_rectangle((x, y, x + w, y + 38), radius=6, fill=parts.PENELOPE, outline=OUTLINE, width=2)
    fonts.draw_text(d, (x + w / 2, y + 11), card, 15, WHITE, bold=True, align="center")
    if colours:
        cx = x + (w - 14 * len(colours)) // 2
        for colour in colours:
            face = parts.chip(colour, 14)
            img.paste(face, (cx, y + 20), face)
            cx += 14
    else:
        d.ellipse((x + w / 2 - 6, y + 21, x + w / 2 + 6, y + 33), outline=WHITE, width=2)
    return x + w

