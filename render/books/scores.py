"""The final score sheet of Books: per seat (and Penelope in a solo game) its books, Little Projects, Other Neat
Stuff, Major Accomplishments, battery, end-game parts (the Lamp, the end-scoring cards) and total, best first,
and who won."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from .. import fonts, icons, pieces
from ..palette import CARD, CARD_EDGE, INK, MUTED, PAPER, TURN, mix
from . import parts
from .captions import caption
from .layout import MARGIN, PICTURE_W

TITLE_H = 84
ROW_H = 46
COLUMNS = ("books", "projects", "neat", "majors", "battery", "end", "total")
COLUMN_X = (300, 362, 420, 478, 536, 596, 668)
NAME_RIGHT = COLUMN_X[0] - 34
PENELOPE_ROW = -1
"""The row key of Penelope in a solo game's sheet."""

Breakdown = Mapping[str, int]


def columns_of(breakdown: Breakdown) -> dict[str, int]:
    """A score breakdown in the sheet's columns: whatever is not books, projects, neat, majors or battery is an
    end-game part (the Lamp, the end-scoring cards)."""
    known = {key: breakdown.get(key, 0) for key in COLUMNS[:5]}
    return {**known, "end": breakdown["total"] - sum(known.values()), "total": breakdown["total"]}


def sheet_height(rows: int) -> int:
    return TITLE_H + (rows + 1) * ROW_H + 12


def draw_sheet(scores: Sequence[Breakdown], penelope: Breakdown | None, winners: frozenset[int],
               resigned: frozenset[int], headline: str, names: Sequence[str], locale: str) -> Image.Image:
    """The sheet as an RGB image: `scores` per seat, Penelope's (solo) as a row of her own, the winners (seats,
    PENELOPE_ROW for her) highlighted under `headline`."""
    rows = [(seat, columns_of(score)) for seat, score in enumerate(scores)]
    if penelope is not None:
        rows.append((PENELOPE_ROW, columns_of(penelope)))
    rows.sort(key=lambda row: (row[0] in resigned, -row[1]["total"], -row[1]["books"], row[0] == PENELOPE_ROW))
    img = Image.new("RGB", (PICTURE_W, sheet_height(len(rows))), PAPER)
    d = ImageDraw.Draw(img)
    fonts.draw_text(d, (20, 26), caption("final_scores", locale), 30, INK, bold=True)
    trophy = icons.item("T", 34)
    img.paste(trophy, (18, 44), trophy)
    fonts.draw_text(d, (58, 61), headline, 22, INK, bold=True, max_width=PICTURE_W - 78)
    y = TITLE_H
    d.rounded_rectangle((MARGIN, y, PICTURE_W - MARGIN, y + ROW_H - 6), radius=8, fill=mix(CARD, CARD_EDGE, 0.35))
    mid = y + (ROW_H - 6) / 2
    fonts.draw_text(d, (78, mid), caption("col_player", locale), 17, INK, bold=True)
    for x, key in zip(COLUMN_X, COLUMNS):
        fonts.draw_text(d, (x, mid), caption("col_total" if key == "total" else f"books_col_{key}", locale), 15, INK,
                        bold=True, align="center", max_width=58 if key != "total" else 80)
    place = 0
    for k, (seat, score) in enumerate(rows, start=1):
        if k == 1 or score["total"] != rows[k - 2][1]["total"] or score["books"] != rows[k - 2][1]["books"]:
            place = k
        top = y + k * ROW_H
        mid = top + (ROW_H - 6) / 2
        won = seat in winners
        gone = seat in resigned
        d.rounded_rectangle((MARGIN, top, PICTURE_W - MARGIN, top + ROW_H - 6), radius=8,
                            fill=mix(PAPER, TURN, 0.45) if won else CARD,
                            outline=TURN if won else mix(CARD, CARD_EDGE, 0.6), width=2)
        fonts.draw_text(d, (34, mid), "—" if gone else str(place), 20, MUTED, bold=True, align="center")
        if seat == PENELOPE_ROW:
            parts.penelope_marker(d, (64, mid), 14)
            label = caption("books_penelope", locale)
        else:
            pieces.seat_marker(d, (64, mid), 14, seat)
            label = pieces.seat_name(list(names), seat, locale)
            if gone:
                label = f"{label} ({caption('resigned', locale)})"
        colour = MUTED if gone else INK
        fonts.draw_text(d, (86, mid), label, 19, colour, bold=True, max_width=NAME_RIGHT - 86)
        for x, key in zip(COLUMN_X, COLUMNS):
            bold = key == "total"
            fonts.draw_text(d, (x, mid), str(score[key]), 24 if bold else 19, colour, bold=bold, align="center")
    return img
