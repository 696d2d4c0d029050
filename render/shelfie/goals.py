"""The 12 common goal cards: a small example diagram, the card number and a one-line caption."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.shelfie import COMMON_GOALS

from .. import fonts, icons
from . import pieces
from .layout import CARD_SIZE, cell_box
from ..palette import CARD, CARD_EDGE, GHOST, INK, MUTED, TILE_INK, mix
from ..text import DEFAULT_LOCALE, language
from .captions import caption

# Example shelf fragments (rows top first; letters are tiles, '.' an empty slot) and how many
# times the pattern is needed. The caption states the rule; the diagram shows one way to meet it.
DIAGRAMS: dict[str, tuple[list[str], str]] = {
    "six_pairs": (["C", "C"], "×6"),
    "four_quads": (["G", "G", "G", "G"], "×4"),
    "four_corners": (["F...F", ".....", ".....", ".....", ".....", "F...F"], ""),
    "two_squares": (["TT", "TT"], "×2"),
    "three_cols_max3": (["C", "B", "C", "P", "B", "P"], "×3"),
    "eight_same": (["P...P", "..P..", ".P..P", "P....", "...P.", ".P..."], ""),
    "diagonal5": (["C....", ".C...", "..C..", "...C.", "....C", "....."], ""),
    "four_rows_max3": (["FFBTB"], "×4"),
    "two_cols_distinct": (["C", "B", "G", "F", "T", "P"], "×2"),
    "two_rows_distinct": (["CBGFT"], "×2"),
    "x_shape": (["G.G", ".G.", "G.G"], ""),
    "staircase": ([".....", "....B", "...CF", "..TGP", ".PFCB", "GBTPC"], ""),
}
DIAGRAM_BOX = (52, 10, 268, 142)  # where the diagram and its multiplier go on the card
TOKEN_SPOT = (CARD_SIZE[0] - 40, 42)  # centre of the token pile on a card in the board picture
CAPTION_TOP = 150  # the line between the diagram and the caption


def common_goal_card(goal_id: str, locale: str = DEFAULT_LOCALE) -> Image.Image:
    """The card as an RGB image of CARD_SIZE (cached per card and caption language: cards never change)."""
    return _card(goal_id, language(locale))


@lru_cache(maxsize=None)  # at most 12 cards x the caption languages, ~230 KB each
def _card(goal_id: str, locale: str) -> Image.Image:
    if goal_id not in DIAGRAMS:
        raise ValueError(f"unknown common goal {goal_id!r}; expected one of {', '.join(sorted(DIAGRAMS))}")
    w, h = CARD_SIZE
    img = Image.new("RGB", CARD_SIZE, CARD)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=14, fill=CARD, outline=CARD_EDGE, width=3)
    pieces.card_number(d, (28, 28), 19, COMMON_GOALS[goal_id].number)
    d.ellipse((TOKEN_SPOT[0] - 30, TOKEN_SPOT[1] - 30, TOKEN_SPOT[0] + 30, TOKEN_SPOT[1] + 30),
              outline=mix(CARD, CARD_EDGE, 0.6), width=2)
    _diagram(img, goal_id)
    d.line((14, CAPTION_TOP, w - 14, CAPTION_TOP), fill=mix(CARD, CARD_EDGE, 0.5), width=1)
    # Large enough to read on a phone, where the card shows about half size: two lines when needed.
    lines = fonts.wrap(caption(f"goal_{goal_id}", locale), 23, w - 24, bold=True)
    step = (h - CAPTION_TOP) / (len(lines) + 1)
    for k, line in enumerate(lines, start=1):
        fonts.draw_text(d, (w / 2, CAPTION_TOP + k * step + 1), line, 23, INK, bold=True, align="center")
    return img


def _diagram(img: Image.Image, goal_id: str) -> None:
    rows, times = DIAGRAMS[goal_id]
    n_r, n_c = len(rows), len(rows[0])
    x0, y0, x1, y1 = DIAGRAM_BOX
    mult_w = 64 if times else 0
    cell = min(34, (y1 - y0) // n_r, (x1 - x0 - mult_w) // n_c)
    gw, gh = n_c * cell, n_r * cell
    gx = x0 + (x1 - x0 - gw - mult_w) // 2
    gy = y0 + (y1 - y0 - gh) // 2
    d = ImageDraw.Draw(img)
    if n_r == 6 and n_c == 5:
        d.rectangle((gx - 4, gy - 4, gx + gw + 3, gy + gh + 3), fill=mix(CARD, CARD_EDGE, 0.45))
    for r, row in enumerate(rows):
        for c, kind in enumerate(row):
            bx, by, bx1, by1 = cell_box((gx, gy), r, c, cell)
            if kind == ".":
                d.rounded_rectangle((bx + 1, by + 1, bx1 - 2, by1 - 2), radius=3, fill=GHOST)
            elif kind in TILE_INK:
                t = icons.tile(kind, cell - 2)
                img.paste(t, (bx + 1, by + 1), t)
    if times:
        fonts.draw_text(d, (gx + gw + 12, gy + gh / 2), times, 34, MUTED, bold=True)
