"""The text a Dice Game picture draws is the engine's: names (cut to their room), every row and column
score where it counts and nowhere else, each seat's points, the final totals by place, and the winners
(every seat tied on the top score)."""
from __future__ import annotations

import pytest

from engine.dice import COLUMNS, ROWS, DiceGame, score_breakdown_of
from render import fonts, pieces
from render.dice import render_final, render_sheets, render_turn, standings
from render.dice.gallery import play_until
from render.dice.layout import (
    FINAL_ROW_H, FINAL_TITLE_H, HEADER_H, HEADER_ONE_LINE_H, PICTURE_W, block_box, column_score_center, header_height,
    dice_section_height, final_table_height, row_score_center,
)
from render.dice.pictures import COL_X
from render.dice.table import has_locks, has_news
from render.dice.captions import caption
from render.text import points
from tests.engine.dice.positions import position, sheet

from .conftest import NAMES, Drawn, after_turn, finished

HOSTILE = [
    "A" * 300,
    "line\nbreak\tand   spaces " + "W" * 60,
    "\u202eright-to-left override\u202c with a very long tail that goes on and on and on",
    "\u200b\u200d\ufe0f\x00\x07",  # nothing drawable: falls back to "Player 4"
]


def at(drawn: list[Drawn], point: tuple[float, float]) -> list[str]:
    return [t.text for t in drawn if (round(t.x), round(t.y)) == (round(point[0]), round(point[1]))]


def within(drawn: list[Drawn], box: tuple[int, int, int, int]) -> list[str]:
    return [t.text for t in drawn if box[0] <= t.x <= box[2] and box[1] <= t.y <= box[3]]


def assert_sheet_numbers_drawn(drawn: list[Drawn], game: DiceGame, top: int, locale: str = "en") -> None:
    """Each line's score at its place exactly when it counts, and each seat's points in its block."""
    for seat in range(game.n_players):
        block = block_box(top, seat, game.n_players)
        score = score_breakdown_of(game.sheet(seat))
        assert score["total"] == game.score(seat)
        for r in range(ROWS):
            assert at(drawn, row_score_center(block, r)) == ([str(score["rows"][r])] if score["rows"][r] else [])
        for c in range(COLUMNS):
            expected = [str(score["columns"][c])] if score["columns"][c] else []
            assert at(drawn, column_score_center(block, c)) == expected
        assert points(game.score(seat), locale) in within(drawn, block)
        name = pieces.seat_name(NAMES, seat, locale)
        assert any(name.startswith(t.rstrip(fonts.ELLIPSIS)) and len(t) > 3 for t in within(drawn, block))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_turn_draws_every_score_that_counts_and_every_seats_points(drawn, n: int) -> None:
    game = after_turn(n, 6 if n == 3 else 5, seed=3)
    view = game.view(0)
    assert any(any(score_breakdown_of(s)["rows"] + score_breakdown_of(s)["columns"]) for s in view.sheets)
    render_turn(game, NAMES[:n], "en", game.last_report)
    report = game.last_report
    top = header_height(has_news(view, report), has_locks(report)) + dice_section_height(bool(view.dice))
    assert_sheet_numbers_drawn(drawn, game, top)
    name = pieces.seat_name(NAMES, game.current_seat, "en")
    assert any(t.text.startswith(caption("to_play", "en", name=name)[:8]) for t in drawn)
    mover = pieces.seat_name(NAMES, game.last_report.seat, "en")
    assert any(t.text.startswith(caption("dice_circled", "en", name=mover)[:6]) for t in drawn)


def test_the_sheets_picture_draws_the_same_numbers(drawn) -> None:
    game = finished(4, 5, seed=8)
    render_sheets(game, NAMES, "it")
    assert_sheet_numbers_drawn(drawn, game, HEADER_ONE_LINE_H, "it")  # over, no report: no news line


@pytest.mark.parametrize("dice", [5, 6])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_final_table_ranks_the_engines_totals_and_names_its_winners(drawn, n: int, dice: int) -> None:
    game = finished(n, dice, seed=n + dice)
    outcome = game.outcome()
    assert outcome is not None
    scores, ranking, winners = standings(game.view(0))
    assert (tuple(scores), tuple(ranking), winners) == (outcome.scores, outcome.ranking, outcome.winners)
    render_final(game, NAMES[:n], "en")
    for row, seat in enumerate(ranking, start=1):
        mid = FINAL_TITLE_H + row * FINAL_ROW_H + (FINAL_ROW_H - 6) / 2
        parts = score_breakdown_of(game.sheet(seat))
        assert at(drawn, (COL_X[0], mid)) == [str(sum(parts["rows"]))]
        assert at(drawn, (COL_X[1], mid)) == [str(sum(parts["columns"]))]
        assert at(drawn, (COL_X[2], mid)) == [str(outcome.scores[seat])]
        assert at(drawn, (34, mid)) == [str(outcome.places[seat])]
    assert_sheet_numbers_drawn(drawn, game, final_table_height(n))
    if len(winners) == 1:
        (winner,) = winners
        line = caption("winner", "en", name=pieces.seat_name(NAMES, winner, "en"))
        assert fonts.fit(line, 22, PICTURE_W - 78, True) in [t.text for t in drawn]


def tied_game() -> DiceGame:
    """Seats 0 and 2 tie on the top score (one full row of 15 each), seat 1 has less: shared victory."""
    top = sheet("ooooo", "xxxxx", ".....", ".....", ".....")
    low = sheet("ooo..", "xxxxx", "xxxxx", ".....", ".....")
    game = position([top, low, top], "ppppp")
    game.over, game.dice, game.rolls = True, (), 0
    return game


@pytest.mark.parametrize("locale", ["en", "it"])
def test_a_tie_on_the_top_score_shares_the_victory(drawn, locale: str) -> None:
    game = tied_game()
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0, 2}
    render_final(game, NAMES[:3], locale)
    names = [fonts.fit(pieces.seat_name(NAMES, s, locale), 22, 200, bold=True) for s in (0, 2)]
    line = caption("dice_winners", locale, names=names[0] + caption("dice_and", locale) + names[1])
    assert line in [t.text for t in drawn]
    for row, seat in enumerate((0, 2, 1), start=1):
        mid = FINAL_TITLE_H + row * FINAL_ROW_H + (FINAL_ROW_H - 6) / 2
        assert at(drawn, (34, mid)) == ["1" if seat != 1 else "3"]


def test_hostile_names_are_cut_to_their_room_and_never_break_a_line(drawn) -> None:
    game = after_turn(4, 5, seed=5)
    render_turn(game, HOSTILE, "en", game.last_report, None)
    render_final(finished(4, 6, seed=5), HOSTILE, "it")
    for t in drawn:
        assert "\n" not in t.text and "\u202e" not in t.text
        if t.max_width is not None:
            assert fonts.width(t.text, t.size, t.bold) <= t.max_width, t.text
    texts = [t.text for t in drawn]
    assert any(t.startswith("AAAA") and t.endswith(fonts.ELLIPSIS) for t in texts)
    assert caption("seat", "en", n=4) in texts and caption("seat", "it", n=4) in texts


def test_a_resigned_seat_says_so_and_comes_last_without_a_place(drawn) -> None:
    game = after_turn(3, 5, seed=2)
    report = game.resign(game.current_seat)
    gone = report.seat
    render_turn(game, NAMES[:3], "it", report)
    assert caption("dice_resigned_now", "it", name=fonts.fit(pieces.seat_name(NAMES, gone, "it"), 22, 220, True)) \
        in [t.text for t in drawn]
    assert caption("resigned", "it") in within(drawn, block_box(HEADER_H + dice_section_height(False), gone, 3))
    play_until(game, lambda g: False, seed=9)
    drawn.clear()
    render_final(game, NAMES[:3], "en")
    _, ranking, winners = standings(game.view(0))
    assert ranking[-1] == gone and gone not in winners
    assert at(drawn, (34, FINAL_TITLE_H + 3 * FINAL_ROW_H + (FINAL_ROW_H - 6) / 2)) == ["—"]
