"""The private picture of one seat's Little Projects: its hand (or the 5 dealt while it keeps 3), each card with
its colours, its reward, its pattern in short words and whether that seat's apartment meets it now.

Drawn for that seat only (sent privately); it reads that seat's own cards and apartment and nothing else.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.books.data import COLUMNS, CORNERS, NIGHTSTAND, PROJECTS, REWARD_BATTERY, ROOMS, ROWS, SPACES
from engine.books.projects import meets

from .. import fonts, pieces
from ..palette import CARD, CARD_EDGE, GOOD, INK, MUTED, PAPER, SPACE, SPACE_EDGE, TURN, WHITE, WOOD, mix
from . import parts
from .captions import caption
from .layout import MARGIN, PICTURE_W
from .village import REWARD_NEAT

ROW_EXAMPLE = tuple(f"{column}2" for column in COLUMNS)
COLUMN_EXAMPLE = tuple(f"B{row}" for row in ROWS)
REGIONS: dict[str, tuple[str, ...]] = {
    **{card: CORNERS for card in ("LP04", "LP19")},
    **{card: ROW_EXAMPLE for card in ("LP06", "LP15", "LP27")},
    **{card: COLUMN_EXAMPLE for card in ("LP12", "LP24")},
    **{card: (NIGHTSTAND,) for card in ("LP14",)},
    "LP17": ROOMS["den"], "LP21": ROOMS["bedroom"], "LP25": ROOMS["kitchen"], "LP28": ROOMS["living"],
    "LP11": ROOMS["bedroom"], "LP33": ("B2", "C2", "B3", "C3"),
}
"""The spaces a Little Project looks at, where that is part of its pattern (a row, a column or a room stands for
any of its kind): lit in the card's small grid. A card about the whole apartment lights none."""
MINI = 14
TITLE_H = 66
ROW_H = 84
STATUS_W = 150
CARD_WORDS = 20
"""A card's pattern in words: still about 10 px where Discord shows the picture ~380 px wide (a phone)."""
MET_FILL = mix(PAPER, GOOD, 0.18)


def projects_height(count: int) -> int:
    return TITLE_H + max(1, count) * ROW_H + 10


def draw_projects(seat: int, cards: Sequence[str], choosing: bool, stacks: Mapping[str, str], names: Sequence[str],
                  locale: str) -> Image.Image:
    """The picture as an RGB image: seat's `cards` (dealt ones when `choosing`), checked against `stacks`."""
    img = Image.new("RGB", (PICTURE_W, projects_height(len(cards))), PAPER)
    d = ImageDraw.Draw(img)
    name = pieces.seat_name(list(names), seat, locale)
    pieces.seat_marker(d, (MARGIN + 18, 26), 16, seat)
    title = caption("books_keep_three" if choosing else "books_your_projects", locale, name=name)
    fonts.draw_text(d, (MARGIN + 42, 26), title, 24, INK, bold=True, max_width=PICTURE_W - MARGIN - 54)
    fonts.draw_text(d, (MARGIN + 42, 52), caption("books_private", locale), 15, MUTED, bold=True)
    if not cards:
        fonts.draw_text(d, (PICTURE_W // 2, TITLE_H + ROW_H // 2), caption("books_no_projects", locale), 22, MUTED,
                        bold=True, align="center")
        return img
    for k, card in enumerate(cards):
        _row(img, d, TITLE_H + k * ROW_H, card, meets(card, stacks), locale)
    return img


def _row(img: Image.Image, d: ImageDraw.ImageDraw, top: int, card: str, met: bool, locale: str) -> None:
    """One card: id and colours (or "any colour"), reward, the pattern's words, met now or not yet."""
    x0, y0, x1, y1 = MARGIN, top + 3, PICTURE_W - MARGIN, top + ROW_H - 5
    d.rounded_rectangle((x0, y0, x1, y1), radius=12, fill=MET_FILL if met else CARD,
                        outline=GOOD if met else CARD_EDGE, width=3 if met else 2)
    project = PROJECTS[card]
    fonts.draw_text(d, (x0 + 12, y0 + 20), card, 20, INK, bold=True)
    if project.colours:
        x = x0 + 12
        for colour in project.colours:
            face = parts.chip(colour, 26)
            img.paste(face, (x, y0 + 38), face)
            x += 30
    else:
        fonts.draw_text(d, (x0 + 12, y0 + 52), caption("books_colourless", locale), 13, MUTED, bold=True,
                        max_width=86)
    _mini_grid(d, (x0 + 100, y0 + 10), REGIONS.get(card, ()))
    text_x = x0 + 100 + 4 * MINI + 12 + 14
    reward = REWARD_NEAT if project.reward == "neat" else f"+{REWARD_BATTERY}⚡"
    fonts.draw_text(d, (x1 - STATUS_W - 14, y0 + 20), reward, 18, INK, bold=True, align="right")
    room = x1 - STATUS_W - 20 - text_x
    for i, line in enumerate(fonts.wrap(caption(f"books_lp_{card}", locale), CARD_WORDS, room - 50, lines=3)):
        fonts.draw_text(d, (text_x, y0 + 17 + i * (CARD_WORDS + 3)), line, CARD_WORDS, INK)
    sx0, sx1 = x1 - STATUS_W - 6, x1 - 10
    mid = (y0 + y1) // 2
    if met:
        d.rounded_rectangle((sx0, mid - 18, sx1, mid + 18), radius=18, fill=GOOD)
        fonts.draw_text(d, ((sx0 + sx1) / 2, mid), "✓ " + caption("books_met", locale), 16, WHITE, bold=True,
                        align="center", max_width=STATUS_W - 12)
    else:
        d.rounded_rectangle((sx0, mid - 18, sx1, mid + 18), radius=18, outline=MUTED, width=2)
        fonts.draw_text(d, ((sx0 + sx1) / 2, mid), caption("books_not_met", locale), 16, MUTED, bold=True,
                        align="center", max_width=STATUS_W - 12)


def _mini_grid(d: ImageDraw.ImageDraw, at: tuple[int, int], lit: tuple[str, ...]) -> None:
    """The apartment's 16 spaces in small, rooms apart, the spaces the card looks at lit, the Nightstand ringed."""
    x, y = at
    d.rounded_rectangle((x - 3, y - 3, x + 4 * MINI + 9, y + 4 * MINI + 9), radius=5, fill=WOOD)
    for index, space in enumerate(SPACES):
        r, c = divmod(index, len(COLUMNS))
        cx = x + c * MINI + (4 if c >= 2 else 0)
        cy = y + r * MINI + (4 if r >= 2 else 0)
        d.rectangle((cx + 1, cy + 1, cx + MINI - 1, cy + MINI - 1), fill=TURN if space in lit else SPACE,
                    outline=INK if space == NIGHTSTAND else SPACE_EDGE)
