"""What a player reads in the pictures: every stack's books bottom to top in their colours, its height written,
the Sun and the last round, what each shelf costs now, the meeples where they stand, Penelope's queue, each of a
seat's Little Projects marked met or not, and the winners on the score sheet; every picture 720 px wide for 1 to
4 seats, in English and Italian."""
from __future__ import annotations

import pytest

from engine.books.data import SPACES
from engine.books.state import Pending, Shelf
from render.books import (
    PICTURES, render_apartment, render_apartments, render_final, render_projects, render_turn, render_village,
    turn_pictures,
)
from render.books.layout import APARTMENT_H, HEADER_H, PENDING_H, PICTURE_W, book_box, cell_box
from render.books.parts import BOOK_COLOURS
from render.books.projects import MINI, ROW_H, STATUS_W, TITLE_H
from render.books.samples import sample_game
from render.books.pictures import headline
from render.books.scores import PENELOPE_ROW, draw_sheet
from render.books.village import shelf_costs
from render.palette import GOOD, TURN
from tests.render.dice.conftest import Drawn
from tests.render.shelfie.test_pictures import decode

from .conftest import NAMES, table


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("locale", ["en", "it"])
def test_every_picture_is_drawn_720_wide_for_every_table(n: int, locale: str) -> None:
    game = sample_game(n, seed=n, turns=3 * n)
    names = NAMES[:n]
    busy = table(n)
    for png in (render_turn(game, names, locale), render_village(game, names, locale),
                render_apartments(game, names, locale), render_apartment(game, 0, names, locale),
                render_projects(game, 0, names, locale), render_turn(busy, names, locale),
                render_projects(busy, 0, names, locale)):
        assert decode(png).width == PICTURE_W
    assert decode(render_apartments(game, names, locale)).height > n * APARTMENT_H


@pytest.mark.parametrize("n", [1, 2])
def test_a_turn_shows_the_turn_picture_and_the_end_the_score_sheet(n: int) -> None:
    game = sample_game(n, seed=20 + n, turns=2)
    assert turn_pictures(game, NAMES[:n]) == [render_turn(game, NAMES[:n])]
    assert PICTURES.frame is not None and PICTURES.frame(game, NAMES[:n], "it") == [render_turn(game, NAMES[:n], "it")]
    game = sample_game(n, seed=20 + n)
    assert game.is_over
    assert turn_pictures(game, NAMES[:n]) == [render_final(game, NAMES[:n])]
    assert decode(render_final(game, NAMES[:n], "it")).width == PICTURE_W


def test_each_stack_shows_its_books_bottom_to_top_in_their_colours() -> None:
    game = table(3, seed=1)
    seat = game.current
    stacks = game.players[seat].apartment.stacks
    img = decode(render_turn(game, NAMES[:3]))
    checked = 0
    for space in SPACES:
        stack = stacks[space]
        for i, book in enumerate(stack):
            if book == "W":
                continue
            x0, y0, _, y1 = book_box(HEADER_H, space, i, len(stack))
            assert img.getpixel((x0 + 22, (y0 + y1) // 2)) == BOOK_COLOURS[book], (space, i, stack)
            checked += 1
    assert checked > 20


def test_the_height_of_every_stack_is_written_on_its_space(drawn: list[Drawn]) -> None:
    game = table(2, seed=2)
    seat = game.current
    render_turn(game, NAMES[:2])
    for space, stack in game.players[seat].apartment.stacks.items():
        x0, y0, x1, y1 = cell_box(HEADER_H, space)
        inside = [t.text for t in drawn if x0 <= t.x <= x1 and y0 <= t.y <= y0 + 30]
        assert space in inside
        assert (str(len(stack)) in inside) == bool(stack), (space, stack, inside)


def test_the_sun_track_says_the_steps_left_then_the_final_round(drawn: list[Drawn]) -> None:
    game = table(2, seed=3)
    game.village.sun, game.end_triggered = 2, False
    render_village(game, NAMES[:2])
    texts = [t.text for t in drawn]
    assert "2 steps to the last round" in texts and "Final round!" not in texts
    drawn.clear()
    game.village.sun, game.end_triggered = 0, True
    render_village(game, NAMES[:2])
    assert "This round, then one more" in [t.text for t in drawn]
    drawn.clear()
    game.last_round = True
    render_village(game, NAMES[:2], "it")
    assert "Ultimo giro!" in [t.text for t in drawn]


def test_each_shelf_costs_by_its_rank_the_left_one_higher_on_a_tie(drawn: list[Drawn]) -> None:
    assert shelf_costs([Shelf("RGB"), Shelf("RG"), Shelf("R")]) == [6, 3, 1]
    assert shelf_costs([Shelf("R"), Shelf("RGBY"), Shelf("G")]) == [3, 6, 1]
    assert shelf_costs([Shelf("RG"), Shelf("RG"), Shelf("RG")]) == [6, 3, 1]
    game = table(3, seed=4)
    game.village.shelves = [Shelf("R", "LP01"), Shelf("RGBYRG", "LP02"), Shelf("GG", "LP03")]
    render_village(game, NAMES[:3])
    prices = [t.text for t in drawn if t.text.startswith("⚡ −")]
    assert prices[:3] == ["⚡ −1", "⚡ −6", "⚡ −3"]


def test_meeples_stand_on_their_village_spaces_and_penelope_in_her_cafe(drawn: list[Drawn]) -> None:
    game = table(1, seed=5)
    game.players[0].location = "library"
    assert game.penelope is not None
    game.penelope.location = "cafe"
    game.penelope.queue = ["A", "B", "C", "D"]
    render_village(game, NAMES[:1])
    texts = [t.text for t in drawn]
    assert "P" in texts and "Penelope's Café" in texts
    assert texts.count("1") >= 2  # the seat's marker on the Library and in its line
    assert "4–5" in texts and all(card in texts for card in "ABCD")


def test_each_project_is_marked_met_now_or_not_yet() -> None:
    game = table(2, seed=6)
    player = game.players[0]
    player.dealt = []
    player.hand = ["LP04", "LP09"]
    player.apartment.stacks = {space: "" for space in SPACES}
    player.apartment.stacks.update(A1="R", D1="G", A4="B", D4="Y")  # all four corners; no stack of 4 colours
    img = decode(render_projects(game, 0, NAMES[:2]))
    status_x = PICTURE_W - 12 - STATUS_W // 2

    def pill(row: int) -> tuple[int, int, int]:
        return img.getpixel((status_x - 40, TITLE_H + row * ROW_H + ROW_H // 2))

    assert pill(0) == GOOD and pill(1) != GOOD


def test_while_keeping_three_the_dealt_five_are_shown(drawn: list[Drawn]) -> None:
    game = table(2, seed=7)
    game.players[1].dealt = ["LP01", "LP02", "LP03", "LP04", "LP05"]
    render_projects(game, 1, NAMES[:2])
    texts = [t.text for t in drawn]
    assert any(t.startswith("Keep 3 of these 5") for t in texts)
    assert [t for t in texts if t.startswith("LP0")] == ["LP01", "LP02", "LP03", "LP04", "LP05"]


def test_the_score_sheet_ranks_the_seats_by_points_then_books(drawn: list[Drawn]) -> None:
    scores = [{"books": 30, "projects": 4, "neat": 2, "majors": 0, "battery": 1, "total": 37},
              {"books": 32, "projects": 2, "neat": 2, "majors": 0, "battery": 1, "total": 37},
              {"books": 20, "projects": 2, "neat": 2, "majors": 3, "battery": 1, "lamp": 2, "total": 30}]
    draw_sheet(scores, None, frozenset({1}), frozenset(), "…", NAMES[:3], "en")
    assert [t.text for t in drawn if t.size == 24] == ["37", "37", "30"]  # the totals, the most books first
    assert [t.text[:5] for t in drawn if t.size == 19 and not t.text.isdigit()] == [NAMES[s][:5] for s in (1, 0, 2)]
    assert "2" in [t.text for t in drawn if t.x == 596]  # the Lamp's end-game part in its column


def test_the_headline_names_the_winners_or_penelope() -> None:
    assert headline(frozenset({1}), NAMES, "en", lost=False, solo=False) == "田中太郎 🐱 wins!"
    shared = headline(frozenset({0, 3}), NAMES, "it", lost=False, solo=False)
    assert shared == "Alice e 🦊 Zoë vincono a pari merito!"
    assert headline(frozenset({0}), NAMES, "en", lost=False, solo=True) == "Alice beats Penelope!"
    assert headline(frozenset({PENELOPE_ROW}), NAMES, "en", lost=True, solo=True) == (
        "Penelope wins: her Rival deck ran out")


def test_a_finished_games_sheet_shows_every_seats_total(drawn: list[Drawn]) -> None:
    game = sample_game(2, seed=31)
    render_final(game, NAMES[:2])
    totals = [t.text for t in drawn if t.size == 24]
    assert sorted(map(int, totals)) == sorted(game.score_breakdown(seat)["total"] for seat in range(2))
    assert any(t.text.endswith("wins!") or "pari merito" in t.text or "share" in t.text for t in drawn)


def test_a_projects_small_grid_lights_the_spaces_its_pattern_looks_at() -> None:
    game = table(2, seed=10)
    game.players[0].dealt = []
    game.players[0].hand = ["LP17"]  # red books in the Den: C1 D1 C2 D2
    img = decode(render_projects(game, 0, NAMES[:2]))
    x, y = 12 + 100, TITLE_H + 3 + 10

    def space(column: int, row: int) -> tuple[int, int, int]:
        return img.getpixel((x + column * MINI + (4 if column >= 2 else 0) + MINI // 2,
                             y + row * MINI + (4 if row >= 2 else 0) + MINI // 2))

    assert {space(c, r) for c in (2, 3) for r in (0, 1)} == {TURN}
    assert TURN not in {space(c, r) for c in (0, 1) for r in (0, 1, 2, 3)}


def test_a_choice_pending_within_the_turn_is_said_with_its_books(drawn: list[Drawn]) -> None:
    game = table(4, seed=12)
    game.pending = Pending("library", game.current, books="RGBYR", count=2)
    img = decode(render_turn(game, NAMES))
    assert "Library: keep 2 of" in [t.text for t in drawn]
    line = {img.getpixel((x, HEADER_H + PENDING_H // 2 - 4)) for x in range(200, PICTURE_W, 2)}
    assert set(BOOK_COLOURS.values()) <= line
    drawn.clear()
    game.pending = Pending("put", game.current, token="lamp")
    render_turn(game, NAMES, "it")
    assert "Metti la lampada su uno spazio" in [t.text for t in drawn]
