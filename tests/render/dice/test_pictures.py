"""Every Dice Game picture decodes as a PNG of its documented size, is the same bytes each time, needs only
the public view, and shows the engine's sheets and dice where the layout says: each item in its look
(circled, open, crossed out, locked), each die's face, kept dice marked by rim and tab."""
from __future__ import annotations

import dataclasses

import pytest
from PIL import Image

from engine.dice import COLUMNS, WILD, Circle, Cross, DiceGame, DiceView, Lock, Report
from render.dice import render_dice, render_final, render_sheets, render_turn, turn_pictures
from render.dice.faces import CROSS, KEPT, KIND_OF_ROW, LOCK, WILD_BG
from render.dice.layout import (
    DICE_H, HEADER_ONE_LINE_H, MAX_SETS_DRAWN, PICTURE_W, block_box, center, dice_section_height, die_box,
    final_table_height, header_height, item_box, set_chip_box, sets_height, sheets_height,
)
from render.dice.pictures import LEGEND_H
from render.dice.sheets import item_states
from render.dice.table import has_locks, has_news
from render.palette import OUTLINE, PLACED, SEAT_COLORS, TAKEN, TILE_INK
from render.dice.captions import caption
from tests.engine.dice.positions import position, sheet
from tests.render.shelfie.test_pictures import decode

from .conftest import NAMES, after_turn, choosing, finished

INKS = {TILE_INK[kind] for kind in KIND_OF_ROW}


def dice_top(view: DiceView, report: Report | None) -> int:
    return header_height(has_news(view, report), has_locks(report))


def sheets_top(view: DiceView, report: Report | None, item_sets: list | None = None) -> int:
    return dice_top(view, report) + dice_section_height(bool(view.dice), None if item_sets is None else len(item_sets))


def assert_sheets_drawn(img: Image.Image, view: DiceView, top: int) -> None:
    """Every item of every sheet shows its look at its centre: a circled item its icon's ink, a crossed-out
    one the X, a locked one the padlock, an open one none of those."""
    for seat in range(view.n_players):
        block = block_box(top, seat, view.n_players)
        for i, state in enumerate(item_states(view, seat)):
            r, c = divmod(i, COLUMNS)
            pixel = img.getpixel(center(item_box(block, r, c)))
            expected = {"circled": TILE_INK[KIND_OF_ROW[r]], "crossed": CROSS, "locked": LOCK}.get(state)
            if expected is None:
                assert pixel not in INKS | {CROSS, LOCK}, f"seat {seat} item {r},{c} is open"
            else:
                assert pixel == expected, f"seat {seat} item {r},{c} is {state}"


def assert_dice_drawn(img: Image.Image, view: DiceView, top: int) -> None:
    for i, face in enumerate(view.dice):
        box = die_box(i, view.dice_count, top)
        x, y = center(box)
        assert img.getpixel((x, y)) == (WILD_BG if face == WILD else TILE_INK[KIND_OF_ROW[face]]), f"die {i + 1}"
        assert img.getpixel((box[0] + 2, y)) == (KEPT if i in view.kept else OUTLINE), f"die {i + 1} rim"


@pytest.mark.parametrize("dice", [5, 6])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_turn_shows_the_dice_and_every_sheet_and_is_the_same_each_time(n: int, dice: int) -> None:
    game = choosing(n, dice)
    view = game.view(game.current_seat)
    sets = game.legal_item_sets()
    png = render_turn(game, NAMES[:n], "en", game.last_report, sets)
    assert render_turn(game, NAMES[:n], "en", game.last_report, sets) == png
    img = decode(png)
    top = sheets_top(view, game.last_report, sets)
    assert img.size == (PICTURE_W, top + sheets_height(n) + LEGEND_H)
    assert view.kept, "the position has kept dice"
    assert_dice_drawn(img, view, dice_top(view, game.last_report))
    assert_sheets_drawn(img, view, top)


@pytest.mark.parametrize("dice", [5, 6])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_after_a_turn_the_items_just_circled_are_outlined(n: int, dice: int) -> None:
    game = after_turn(n, dice)
    report = game.last_report
    assert report is not None and report.circled
    view = game.view(0)
    img = decode(render_turn(view, NAMES[:n], "en", report))
    top = sheets_top(view, report)
    assert img.size == (PICTURE_W, top + sheets_height(n) + LEGEND_H)
    assert_sheets_drawn(img, view, top)
    for r, c in report.circled:
        x0, y0, x1, _ = item_box(block_box(top, report.seat, n), r, c)
        assert img.getpixel(((x0 + x1) // 2, y0 + 1)) == PLACED


@pytest.mark.parametrize("dice", [5, 6])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_final_picture_shows_every_final_sheet(n: int, dice: int) -> None:
    game = finished(n, dice)
    view = game.view(0)
    png = render_final(game, NAMES[:n], "en")
    assert png == render_final(view, NAMES[:n], "en")
    assert turn_pictures(game, NAMES[:n], "en") == [png]
    img = decode(png)
    top = final_table_height(n)
    assert img.size == (PICTURE_W, top + sheets_height(n) + LEGEND_H)
    assert_sheets_drawn(img, view, top)


def test_pictures_need_nothing_but_the_view() -> None:
    """A DiceView rebuilt from its public fields alone draws the same bytes as the game it came from."""
    game = after_turn(3, 6)
    copy = DiceView(**{f.name: getattr(game.view(1), f.name) for f in dataclasses.fields(DiceView)})
    assert render_turn(copy, NAMES[:3], "it", game.last_report) == render_turn(game, NAMES[:3], "it",
                                                                               game.last_report)
    assert render_sheets(copy, NAMES[:3], "en") == render_sheets(game, NAMES[:3], "en")
    game = choosing(2, 5)
    assert render_dice(game.view(1), "en", game.legal_item_sets()) == render_dice(game, "en",
                                                                                  game.legal_item_sets())


def test_the_dice_picture_alone_shows_the_dice() -> None:
    game = choosing(2, 6)
    sets = game.legal_item_sets()
    img = decode(render_dice(game, "en", sets))
    assert img.size == (PICTURE_W, DICE_H + sets_height(len(sets)))
    assert_dice_drawn(img, game.view(0), top=0)


def test_sheets_alone_are_the_header_and_the_sheets() -> None:
    game = after_turn(4, 5)
    view = game.view(0)
    img = decode(render_sheets(game, NAMES, "en", game.last_report))
    top = dice_top(view, game.last_report)
    assert top > HEADER_ONE_LINE_H, "a turn just ended: the header tells what it did"
    assert img.size == (PICTURE_W, top + sheets_height(4) + LEGEND_H)
    assert_sheets_drawn(img, view, top)


def locked_position() -> DiceGame:
    """Seat 0 completed column 1 and (row_lock) the games row, closing them for seat 1, which had circled
    trophies:1 before and crossed out its books row by choice."""
    game = position([sheet("o....", "ooooo", "o....", "o....", "o...."),
                     sheet("x....", "xoxxx", "xxxxx", "o....", "x....")], "pgbtc", seat=1, row_lock=True)
    game.locks = [Lock("column", 0, 0), Lock("row", 1, 0)]
    return game


def test_an_item_locked_by_another_players_line_looks_unlike_one_crossed_out_by_choice() -> None:
    game = locked_position()
    view = game.view(1)
    states = item_states(view, 1)
    assert states[2 * COLUMNS + 2] == "crossed", "books row crossed out by choice"
    assert states[0] == "locked" and states[COLUMNS + 3] == "locked", "column 1 and the games row"
    assert "locked" not in item_states(view, 0), "a seat's own full lines are not locked for it"
    img = decode(render_turn(game, NAMES[:2], "en"))
    top = sheets_top(view, None)
    assert_sheets_drawn(img, view, top)
    # The locked column's head is a padlock on the locking seat's colour, on the other seat's sheet only.
    for seat, colour_expected in ((1, True), (0, False)):
        x0, y0, x1, _ = item_box(block_box(top, seat, 2), 0, 0)
        head = img.getpixel(((x0 + x1) // 2 - 13, y0 - 13))
        assert (head == SEAT_COLORS[0]) is colour_expected


def test_a_row_crossed_out_is_outlined_in_the_next_picture() -> None:
    """Nothing can be circled (games dice, games row closed), so seat 0 crosses out plants."""
    empty = sheet(*["....."] * 5)
    game = position([sheet(".....", "xxxxx", "xxxxx", "xxxxx", "xxxxx"), empty], "ggggg", rolls=3)
    report = game.apply(Cross(0))
    view = game.view(1)
    img = decode(render_turn(game, NAMES[:2], "en", report))
    top = sheets_top(view, report)
    assert_sheets_drawn(img, view, top)
    for c in range(COLUMNS):
        x0, y0, x1, _ = item_box(block_box(top, 0, 2), 0, c)
        assert img.getpixel(((x0 + x1) // 2, y0 + 1)) == TAKEN


def test_the_item_sets_are_numbered_and_more_than_a_select_holds_end_with_how_many_more(drawn) -> None:
    """All wilds: every open item is a set of its own (25), more than the 24 chips drawn."""
    empty = sheet(*["....."] * 5)
    game = position([empty, empty], "wwwww")
    sets = game.legal_item_sets()
    assert len(sets) == 25
    img = decode(render_turn(game, NAMES[:2], "en", None, sets))
    assert img.height == sheets_top(game.view(0), None, sets) + sheets_height(2) + LEGEND_H
    at = {(round(t.x), round(t.y)): t.text for t in drawn}
    for index in range(MAX_SETS_DRAWN):
        x0, y0, _, y1 = set_chip_box(HEADER_ONE_LINE_H + DICE_H, index)
        assert at[(x0 + 28, round((y0 + y1) / 2))] == str(index + 1)
    assert "+1 more" in at.values()


def test_a_set_chip_says_the_points_it_adds_now_and_only_then(drawn) -> None:
    """Plants ×3 completes a row of 3 circled (+6); cats ×2 alone adds nothing and shows no number of points."""
    game = position([sheet("oo...", ".....", ".....", ".....", "....."), sheet(*["....."] * 5)], "pppcc",
                    rolls=3)
    sets = [((0, 2),), ((4, 1),)]
    render_turn(game, NAMES[:2], "en", None, sets)
    top = HEADER_ONE_LINE_H + DICE_H
    for index, shown in enumerate(["+6", None]):
        x0, y0, x1, y1 = set_chip_box(top, index)
        inside = [t.text for t in drawn if x0 < t.x <= x1 and y0 < t.y < y1 and t.text.startswith("+")]
        assert inside == ([shown] if shown else [])


def test_a_column_completed_outlines_what_it_closed_on_the_other_sheets_and_says_so(drawn) -> None:
    """Seat 0 circles cats:1, completing column 1: seat 1's open items there are crossed out (locked)."""
    game = position([sheet("o....", "o....", "o....", "o....", "....."),
                     sheet(".....", "o....", ".....", ".....", ".....")], "cpgbt")
    report = game.apply(Circle(((4, 0),)))
    assert report.locks and {seat for seat, _ in report.locked_out} == {1}
    view = game.view(1)
    img = decode(render_turn(game, NAMES[:2], "en", report))
    top = sheets_top(view, report)
    assert_sheets_drawn(img, view, top)
    for seat, (r, c) in [(0, (4, 0))] + list(report.locked_out):
        x0, y0, x1, _ = item_box(block_box(top, seat, 2), r, c)
        assert img.getpixel(((x0 + x1) // 2, y0 + 1)) == (PLACED if seat == 0 else TAKEN)
    texts = [t.text for t in drawn]
    assert caption("dice_locked", "en", lines=caption("dice_line_column", "en", n=1)) in texts
    assert caption("dice_circled", "en", name="Alice") in texts


@pytest.mark.parametrize(("rolls", "key"), [(1, "dice_no_set"), (3, "dice_no_set_cross")])
def test_no_set_says_cross_out_a_row_only_once_the_re_rolls_are_spent(drawn, rolls: int, key: str) -> None:
    game = position([sheet(".....", "xxxxx", "xxxxx", "xxxxx", "xxxxx"), sheet(*["....."] * 5)], "ggggg",
                    rolls=rolls)
    assert game.legal_item_sets() == []
    render_turn(game, NAMES[:2], "it", None, game.legal_item_sets())
    texts = [t.text for t in drawn]
    assert caption(key, "it") in texts
    assert caption("dice_no_set_cross" if key == "dice_no_set" else "dice_no_set", "it") not in texts
