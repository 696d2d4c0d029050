"""The top of a turn picture: who plays and what just happened, the dice on the table (numbered as the
typed "keep 1 3" counts them, kept ones with a gold rim and a "kept" tab), the re-rolls left, and
optionally the item sets the dice can circle, numbered for the click-only builder ("set 1, 2, 3…")."""
from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.dice import DiceView, Item, Report, gain_of

from .. import fonts, icons, pieces
from ..palette import CARD, CARD_EDGE, GOOD, INK, MUTED, OUTLINE, WHITE, mix
from .captions import caption
from .faces import KEPT, KIND_OF_ROW, die
from .layout import (
    DIE, DIE_NUMBER_H, KEPT_TAB_H, LOCKS_LINE_H, MAX_SETS_DRAWN, PICTURE_W, ROLL_LINE_H, SETS_TITLE_H, Box, die_box,
    set_chip_box,
)

CHIP_ICON = 30
SET_ICON = 38           # an item in a numbered set: as large as a sheet's item on a phone


def has_news(view: DiceView, report: Report | None) -> bool:
    """Whether the header has a second line: a turn just ended (what it did) or the last round is on."""
    return (report is not None and report.turn_over) or (view.end_triggered and not view.over)


def has_locks(report: Report | None) -> bool:
    """Whether the header has a line of its own for the columns and rows the last turn locked for the others."""
    return report is not None and report.turn_over and bool(report.locks)


def draw_header(img: Image.Image, view: DiceView, names: Sequence[str], locale: str,
                report: Report | None) -> None:
    """Line 1: the seat to play (or "Game over") and the turn; line 2 (see has_news): what the last action
    did, and "Last round" once the end is triggered; line 3 (see has_locks): what it locked for the others."""
    d = ImageDraw.Draw(img)
    y1 = 30
    right = fonts.draw_text(d, (PICTURE_W - 16, y1), caption("turn", locale, n=view.turn + 1), 24, MUTED, bold=True,
                            align="right")
    if view.over:
        fonts.draw_text(d, (16, y1), caption("game_over", locale), 30, INK, bold=True)
    else:
        seat = view.current_seat
        pieces.seat_marker(d, (34, y1), 18, seat)
        room = PICTURE_W - 60 - right - 40
        text = fonts.fit_name(lambda name: caption("to_play", locale, name=name),
                              pieces.seat_name(list(names), seat, locale), 30, room, bold=True)
        fonts.draw_text(d, (60, y1), text, 30, INK, bold=True, max_width=room)
    y2 = 72
    x_end = PICTURE_W - 16
    if view.end_triggered and not view.over:
        x_end -= fonts.draw_text(d, (x_end, y2), caption("dice_last_round", locale), 22, (200, 60, 50), bold=True,
                                 align="right") + 16
    if report is not None and report.turn_over:
        _last_action(img, d, report, names, locale, (16, y2), x_end - 16)
    if report is not None and has_locks(report):
        _locks(d, report, locale, y2 + LOCKS_LINE_H)


def _last_action(img: Image.Image, d: ImageDraw.ImageDraw, report: Report, names: Sequence[str], locale: str,
                 at: tuple[int, int], max_x: int) -> None:
    x, y = at
    name = fonts.fit(pieces.seat_name(list(names), report.seat, locale), 22, 220, bold=True)
    if report.circled:
        text, items = caption("dice_circled", locale, name=name), list(report.circled)
    elif report.crossed_row is not None:
        text, items = caption("dice_crossed", locale, name=name), []
    elif report.action is None:
        text, items = caption("dice_resigned_now", locale, name=name), []
    else:
        return
    x += fonts.draw_text(d, (x, y), text, 22, INK, bold=True) + 10
    for item in items:
        x += item_chip(img, d, (x, y), item) + 10
    if report.crossed_row is not None:
        tile = icons.tile(KIND_OF_ROW[report.crossed_row], CHIP_ICON)
        img.paste(tile, (x, y - CHIP_ICON // 2), tile)
        x += CHIP_ICON + 10


def _locks(d: ImageDraw.ImageDraw, report: Report, locale: str, y: int) -> None:
    """The columns and rows the last turn completed, locked for every other seat, in a line of their own."""
    lines = [caption("dice_line_column" if lock.kind == "column" else "dice_line_row", locale, n=lock.index + 1)
             for lock in report.locks]
    fonts.draw_text(d, (16, y), caption("dice_locked", locale, lines=", ".join(lines)), 20, MUTED, bold=True,
                    max_width=PICTURE_W - 32)


def item_chip(img: Image.Image, d: ImageDraw.ImageDraw, at: tuple[float, float], item: Item,
              icon: int = CHIP_ICON) -> int:
    """An item as its row's tile and its column number; returns the width drawn."""
    x, y = round(at[0]), round(at[1])
    tile = icons.tile(KIND_OF_ROW[item[0]], icon)
    img.paste(tile, (x, y - icon // 2), tile)
    return icon + 3 + fonts.draw_text(d, (x + icon + 3, y), str(item[1] + 1), round(icon * 0.7), INK, bold=True)


def draw_dice(img: Image.Image, top: int, view: DiceView, names: Sequence[str], locale: str) -> None:
    """The dice section from y = top: numbers, dice, kept tabs and the re-rolls line."""
    d = ImageDraw.Draw(img)
    if not view.dice:
        if not view.over:
            name = fonts.fit(pieces.seat_name(list(names), view.current_seat, locale), 22, 300, bold=True)
            fonts.draw_text(d, (PICTURE_W / 2, top + ROLL_LINE_H / 2), caption("dice_roll_first", locale, name=name),
                            22, INK, bold=True, align="center")
        return
    count = view.dice_count
    line_y = top + DIE_NUMBER_H + DIE + KEPT_TAB_H + 20
    for i in range(count):
        box = die_box(i, count, top)
        cx = (box[0] + box[2]) / 2
        fonts.draw_text(d, (cx, top + DIE_NUMBER_H / 2), str(i + 1), 22, MUTED, bold=True, align="center")
        kept = i in view.kept
        face = die(view.dice[i], DIE, kept)
        img.paste(face, box[:2], face)
        if kept:
            _kept_tab(d, box, locale)
    if view.rerolls_left:
        text = caption("dice_rerolls_left", locale, n=view.rerolls_left)
    else:
        text = caption("dice_no_rerolls", locale)
    fonts.draw_text(d, (PICTURE_W / 2, line_y), text, 22, INK, bold=True, align="center")


def _kept_tab(d: ImageDraw.ImageDraw, box: Box, locale: str) -> None:
    """A gold tab under a kept die with a tick and the word: kept is never told by colour alone."""
    x0, _, x1, y1 = box
    d.rounded_rectangle((x0 + 2, y1 + 3, x1 - 2, y1 + KEPT_TAB_H - 1), radius=8, fill=KEPT, outline=OUTLINE,
                        width=2)
    word, room = caption("dice_kept", locale), x1 - x0 - 10
    text = "✓ " + word if fonts.width("✓ " + word, 17, True) <= room else word
    fonts.draw_text(d, ((x0 + x1) / 2, y1 + KEPT_TAB_H / 2 + 1), text, 17, INK, bold=True, align="center",
                    max_width=room)


def draw_item_sets(img: Image.Image, top: int, item_sets: Sequence[tuple[Item, ...]], rerolls_left: int,
                   locale: str, sheet: str) -> None:
    """The legal item sets as numbered chips, two to a row (the first MAX_SETS_DRAWN, then "+N more"), each
    with the points it adds to `sheet` now when it adds some (engine.dice.gain_of: the rows and columns it brings
    to 3 circled); with none, whether a re-roll may still help or a row must be crossed out."""
    d = ImageDraw.Draw(img)
    title = caption("dice_sets_title" if item_sets else "dice_no_set" if rerolls_left else "dice_no_set_cross",
                    locale)
    fonts.draw_text(d, (24, top + SETS_TITLE_H / 2), title, 22, INK, bold=True, max_width=PICTURE_W - 48)
    for index, items in enumerate(item_sets[:MAX_SETS_DRAWN]):
        x0, y0, x1, y1 = set_chip_box(top, index)
        d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=CARD, outline=mix(CARD, CARD_EDGE, 0.8), width=2)
        cy = (y0 + y1) / 2
        d.ellipse((x0 + 7, cy - 21, x0 + 49, cy + 21), fill=INK)
        fonts.draw_text(d, (x0 + 28, cy), str(index + 1), 26 if index < 9 else 23, WHITE, bold=True,
                        align="center")
        x = x0 + 60
        for item in items:
            x += item_chip(img, d, (x, cy), item, SET_ICON) + 10
        gain = gain_of(sheet, items)
        if gain > 0:
            fonts.draw_text(d, (x1 - 10, cy), f"+{gain}", 27, GOOD, bold=True, align="right")
    if len(item_sets) > MAX_SETS_DRAWN:
        x0, y0, x1, y1 = set_chip_box(top, MAX_SETS_DRAWN)
        fonts.draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2),
                        caption("dice_sets_more", locale, n=len(item_sets) - MAX_SETS_DRAWN), 20, MUTED, bold=True,
                        align="center")

