"""Every player's bookshelf sheet, two to a row: items in their four looks, row and column scores when
they count, points, rows closed, the seat to play highlighted and what the last action changed outlined.

Drawn from a DiceView only (everything on a sheet is public). A crossed-out item lying in a line another
seat completed is drawn as locked: the lock is why nobody can circle it, whoever crossed it first.
"""
from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.dice import COLUMNS, ROWS, DiceView, Report, closed_rows, score_breakdown_of
from engine.dice.data import CLOSED_ROWS_TO_END
from engine.dice.items import CIRCLED, CROSSED

from .. import fonts, icons, pieces
from ..palette import INK, MUTED, PAPER, PLACED, SEAT_COLORS, TAKEN, TURN, WHITE, mix
from ..text import points
from .captions import caption
from .faces import KIND_OF_ROW, CellState, padlock, sheet_item
from .layout import (
    BLOCK_W, CELL, COL_NUMBERS_H, ICON_COL_W, SHEET_HEADER_H, Box, block_box, column_score_center, grid_origin,
    item_box, row_score_center,
)

HIGHLIGHT = mix(PAPER, TURN, 0.35)
WINNER = mix(PAPER, TURN, 0.55)


def locked_cells(view: DiceView, seat: int) -> frozenset[int]:
    """Cells of `seat`'s sheet inside a line another seat completed (closed for `seat`)."""
    cells: set[int] = set()
    for lock in view.locks:
        if lock.seat == seat:
            continue
        if lock.kind == "column":
            cells.update(r * COLUMNS + lock.index for r in range(ROWS))
        else:
            cells.update(lock.index * COLUMNS + c for c in range(COLUMNS))
    return frozenset(cells)


def item_states(view: DiceView, seat: int) -> list[CellState]:
    """The look of each item of `seat`'s sheet, row by row."""
    locked = locked_cells(view, seat)
    states: list[CellState] = []
    for i, mark in enumerate(view.sheets[seat]):
        if mark == CIRCLED:
            states.append("circled")
        elif mark == CROSSED:
            states.append("locked" if i in locked else "crossed")
        else:
            states.append("open")
    return states


def just_marked(report: Report | None, seat: int) -> list[tuple[int, int]]:
    """Items of `seat` the last action circled or locked out, to outline (a crossed-out row is framed whole)."""
    if report is None or not report.turn_over:
        return []
    items = [item for other, item in report.locked_out if other == seat]
    return items + list(report.circled) if report.seat == seat else items


def draw_sheets(img: Image.Image, top: int, view: DiceView, names: Sequence[str], locale: str,
                report: Report | None = None, winners: frozenset[int] = frozenset()) -> None:
    """Every seat's block in a sheets area starting at y = top of img."""
    d = ImageDraw.Draw(img)
    for seat in range(view.n_players):
        block = block_box(top, seat, view.n_players)
        turn = not view.over and seat == view.current_seat
        draw_sheet(img, d, view, seat, names, locale, block, turn=turn, winner=seat in winners)
        if report is not None and report.turn_over:
            _outline_last_action(d, block, report, seat)


def _outline_last_action(d: ImageDraw.ImageDraw, block: Box, report: Report, seat: int) -> None:
    """Blue around the items just circled, red around a row just crossed out and around the items a new
    lock just closed on this sheet."""
    for r, c in just_marked(report, seat):
        x0, y0, x1, y1 = item_box(block, r, c)
        circled = report.seat == seat and (r, c) in report.circled
        d.rectangle((x0, y0, x1 - 1, y1 - 1), outline=PLACED if circled else TAKEN, width=4)
    if report.seat == seat and report.crossed_row is not None:
        x0, y0, _, _ = item_box(block, report.crossed_row, 0)
        _, _, x1, y1 = item_box(block, report.crossed_row, COLUMNS - 1)
        d.rectangle((x0, y0, x1 - 1, y1 - 1), outline=TAKEN, width=4)


def draw_sheet(img: Image.Image, d: ImageDraw.ImageDraw, view: DiceView, seat: int, names: Sequence[str],
               locale: str, block: Box, *, turn: bool = False, winner: bool = False) -> None:
    """One seat's block: header (marker, name), the grid, scores and the footer."""
    x0, y0, x1, y1 = block
    if turn or winner:
        d.rounded_rectangle(block, radius=14, fill=WINNER if winner else HIGHLIGHT, outline=TURN, width=4)
    _paste_row_icons(img, block)
    hy = y0 + SHEET_HEADER_H / 2
    pieces.seat_marker(d, (x0 + 24, hy), 17, seat)
    right = x1 - 8
    if winner:
        trophy = icons.item("T", 38)
        img.paste(trophy, (right - 38, round(hy) - 19), trophy)
        right -= 44
    resigned = seat in view.resigned
    fonts.draw_text(d, (x0 + 48, hy), pieces.seat_name(list(names), seat, locale), 26, MUTED if resigned else INK,
                    bold=True, max_width=right - x0 - 54)
    _column_heads(img, d, view, seat, block)
    for i, state in enumerate(item_states(view, seat)):
        r, c = divmod(i, COLUMNS)
        bx, by, _, _ = item_box(block, r, c)
        img.paste(sheet_item(r, state, CELL), (bx, by))
    score = score_breakdown_of(view.sheets[seat])
    for r, value in enumerate(score["rows"]):
        if value:
            _score_badge(d, row_score_center(block, r), value)
    for c, value in enumerate(score["columns"]):
        if value:
            _score_badge(d, column_score_center(block, c), value)
    fy = column_score_center(block, 0)[1] + 15
    mid = (x0 + x1) / 2
    if resigned:
        fonts.draw_text(d, (mid, fy + 22), caption("resigned", locale), 22, MUTED, bold=True, align="center")
        return
    fonts.draw_text(d, (mid, fy + 19), points(score["total"], locale), 30, INK, bold=True, align="center")
    if view.over:
        return
    fonts.draw_text(d, (mid, fy + 47), caption("dice_closed_rows", locale, n=closed_rows(view.sheets[seat]),
                                               of=CLOSED_ROWS_TO_END), 18, MUTED, align="center",
                    max_width=BLOCK_W - 10)


def _score_badge(d: ImageDraw.ImageDraw, centre: tuple[int, int], value: int) -> None:
    """A line's points, drawn only when the line counts (3+ circled): white on a dark pill."""
    x, y = centre
    w = 17 if value < 10 else 24
    d.rounded_rectangle((x - w, y - 15, x + w, y + 15), radius=14, fill=INK)
    fonts.draw_text(d, (x, y), str(value), 24, WHITE, bold=True, align="center")


def _column_heads(img: Image.Image, d: ImageDraw.ImageDraw, view: DiceView, seat: int, block: Box) -> None:
    """1..5 over the columns (an item's dice and value); a column another seat completed shows a padlock in
    that seat's colour instead (with row_lock, a completed row's icon gets one too)."""
    gx, gy = grid_origin(block)
    locked = {lock.index: lock.seat for lock in view.locks if lock.kind == "column" and lock.seat != seat}
    for c in range(COLUMNS):
        cx, cy = gx + c * CELL + CELL / 2, gy - COL_NUMBERS_H / 2
        if c in locked:
            d.rounded_rectangle((cx - 16, cy - 12, cx + 16, cy + 12), radius=6,
                                fill=SEAT_COLORS[locked[c] % len(SEAT_COLORS)])
            padlock(d, (cx, cy + 2), 20, WHITE)
        else:
            fonts.draw_text(d, (cx, cy), str(c + 1), 22, MUTED, bold=True, align="center")
    for lock in view.locks:
        if lock.kind == "row" and lock.seat != seat:
            cx, cy = gx - ICON_COL_W / 2, gy + lock.index * CELL + CELL / 2
            d.ellipse((cx + 4, cy + 2, cx + 24, cy + 22), fill=SEAT_COLORS[lock.seat % len(SEAT_COLORS)])
            padlock(d, (cx + 14, cy + 13), 13, WHITE)


def _paste_row_icons(img: Image.Image, block: Box) -> None:
    """The item tile of each row, left of the grid: which type the row circles."""
    gx, gy = grid_origin(block)
    for r, kind in enumerate(KIND_OF_ROW):
        tile = icons.tile(kind, ICON_COL_W - 6)
        img.paste(tile, (gx - ICON_COL_W + 1, gy + r * CELL + 3), tile)
