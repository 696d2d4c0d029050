"""Every picture decodes as a PNG of its documented size, and shows the engine's tiles where
the layout says they are (so a wrong coordinate mapping fails here)."""
from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from engine.shelfie import COMMON_GOALS, PERSONAL_GOALS, Game
from render.shelfie import render_board, render_common_goal, render_goal_card, render_scores, render_shelves, render_table
from render.shelfie.layout import (
    BOARD_PICTURE_SIZE, CARD_SIZE, GOAL_CARD_SIZE, SCORES_CELL, SCORES_ROW_H, SCORES_TABLE_Y,
    SCORES_W, Point, board_cell_box, board_cell_center, goal_card_space, scores_cell_center, scores_height,
    scores_shelf_origin, scores_shelves_top, shelf_cell, shelves_cell_center, shelves_size,
)
from render.palette import CHOSEN, GOOD, MISS, SHELF_SLOT, TILE_INK

from render import pieces
from render.palette import SEAT_COLORS
from render.shelfie.captions import caption
from render.text import points

from .conftest import NAMES, play

MAX_BYTES = 400 * 1024


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) <= MAX_BYTES
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def test_board_shows_every_board_tile_where_the_engine_has_it(mid_game) -> None:
    game, last = mid_game
    img = decode(render_board(game, seat_names=NAMES[: game.n_players], last_move=last))
    assert img.size == BOARD_PICTURE_SIZE
    inks = set(TILE_INK.values())
    tiles = 0
    for r, row in enumerate(game.board_rows()):
        for c, kind in enumerate(row):
            pixel = img.getpixel(board_cell_center(r, c))
            if kind in TILE_INK:
                tiles += 1
                assert pixel == TILE_INK[kind], f"board {r},{c} holds {kind}"
            else:
                assert pixel not in inks, f"board {r},{c} is empty but shows a tile colour"
    assert tiles > 0


def test_one_picture_table_is_the_board_over_every_shelf(mid_game) -> None:
    """render_table (the CLI demo's one file per turn): the board picture with the shelves picture under it."""
    game, last = mid_game
    n = game.n_players
    img = decode(render_table(game, seat_names=NAMES[:n], last_move=last))
    assert img.size == (BOARD_PICTURE_SIZE[0], BOARD_PICTURE_SIZE[1] + shelves_size(n)[1])
    for r, row in enumerate(game.board_rows()):
        for c, kind in enumerate(row):
            if kind in TILE_INK:
                assert img.getpixel(board_cell_center(r, c)) == TILE_INK[kind]
    below = img.crop((0, BOARD_PICTURE_SIZE[1], img.width, img.height))
    assert sum(assert_shelf_drawn(below, game, seat, lambda r, c, seat=seat: shelves_cell_center(seat, n, r, c))
               for seat in range(n)) > 0


def assert_shelf_drawn(img: Image.Image, game: Game, seat: int, centre: Callable[[int, int], Point]) -> int:
    """Every cell of seat's shelf shows its tile colour (or an empty slot) at centre(r, c); returns the tiles."""
    filled = 0
    for r, row in enumerate(game.shelf_rows(seat)):
        for c, kind in enumerate(row):
            pixel = img.getpixel(centre(r, c))
            if kind == ".":
                assert pixel == SHELF_SLOT, f"seat {seat} shelf {r},{c} is empty"
            else:
                filled += 1
                assert pixel == TILE_INK[kind], f"seat {seat} shelf {r},{c} holds {kind}"
    return filled


def test_turn_pictures_never_depend_on_personal_goals(mid_game) -> None:
    """Two running games that differ only in secret personal goals give identical pictures."""
    game, last = mid_game
    data = game.to_dict()
    data["personal"] = [(p + 5) % len(PERSONAL_GOALS) for p in data["personal"]]
    other = Game.from_dict(data)
    names = NAMES[: game.n_players]
    for render in (render_board, render_shelves):
        assert render(game, seat_names=names, last_move=last) == render(other, seat_names=names, last_move=last)


def test_last_move_changes_the_picture_and_leaves_no_tile_colour_where_tiles_were_taken(mid_game) -> None:
    game, last = mid_game
    names = NAMES[: game.n_players]
    with_move = render_board(game, seat_names=names, last_move=last)
    assert with_move != render_board(game, seat_names=names)
    img = decode(with_move)
    board = game.board_rows()
    for r, c in last.tiles:
        if board[r][c] == ".":
            assert img.getpixel(board_cell_center(r, c)) not in set(TILE_INK.values())


def chosen_frame_pixel(r: int, c: int) -> Point:
    """A point on the frame the move builder draws around a chosen cell: left edge, halfway down."""
    x0, y0, _, y1 = board_cell_box(r, c)
    return x0 + 3, (y0 + y1) // 2


def test_chosen_cells_are_framed_and_still_show_their_tiles(mid_game) -> None:
    """The builder's board: exactly the tiles picked so far are framed, and each still shows its tile."""
    game, _ = mid_game
    names = NAMES[: game.n_players]
    pick = max(game.legal_moves(), key=lambda move: len(move.tiles)).tiles
    img = decode(render_board(game, seat_names=names, chosen=pick))
    board = game.board_rows()
    for r, row in enumerate(board):
        for c, kind in enumerate(row):
            framed = img.getpixel(chosen_frame_pixel(r, c)) == CHOSEN
            assert framed == ((r, c) in pick), f"board {r},{c} framed: {framed}"
            if kind in TILE_INK:
                assert img.getpixel(board_cell_center(r, c)) == TILE_INK[kind]
    plain = decode(render_board(game, seat_names=names))
    assert not any(plain.getpixel(chosen_frame_pixel(r, c)) == CHOSEN for r, c in pick)


def test_finished_board_decodes(finished_4p: Game) -> None:
    assert decode(render_board(finished_4p, seat_names=NAMES)).size == BOARD_PICTURE_SIZE


@pytest.mark.parametrize("n, seed", [(3, 0), (4, 404), (2, 7)])
def test_final_pictures_show_the_score_sheet_totals_and_its_winner(n: int, seed: int, drawn: list[str]) -> None:
    """At the end everything is public: the points under each shelf are the score sheet's totals
    (personal goals included) and the board names the engine's winner, whose total is the highest.
    (3 players, seed 0: the leader on visible points is not the winner once the goals count.)"""
    game = Game.new(n, seed=seed)
    last = play(game, None, seed)
    names = NAMES[:n]
    render_scores(game, seat_names=names)
    on_sheet = list(drawn)
    drawn.clear()
    render_shelves(game, seat_names=names, last_move=last)
    totals = [game.score_breakdown(seat)["total"] for seat in range(n)]
    for seat in range(n):
        assert points(totals[seat]) in drawn and str(totals[seat]) in on_sheet, f"seat {seat}"
    assert not any(points(p) in drawn for p in {game.public_score(s) for s in range(n)} - set(totals))
    drawn.clear()
    render_board(game, seat_names=names, last_move=last)
    winner = game.winner
    assert any(caption("winner", name=pieces.seat_name(names, winner, "en")) in text for text in drawn)
    assert totals[winner] == max(totals) and all(totals[s] < totals[winner] for s in range(winner + 1, n))


def test_goal_card_badge_is_the_card_number_not_the_seat(mid_game, drawn: list[str]) -> None:
    """The end message names "personal goal card N": the card's corner shows N, in the card-number badge
    (the common goal cards' one), never a seat marker's colour."""
    game, _ = mid_game
    for seat in range(game.n_players):
        drawn.clear()
        img = decode(render_goal_card(game, seat))
        assert str(game.personal_goal_index(seat) + 1) in drawn
        badge = img.getpixel((40 - 14, 44))
        assert badge not in SEAT_COLORS


@pytest.mark.parametrize("goal_id", sorted(COMMON_GOALS))
@pytest.mark.parametrize("locale", ["en", "it"])
def test_every_common_goal_card_decodes(goal_id: str, locale: str) -> None:
    assert decode(render_common_goal(goal_id, locale=locale)).size == CARD_SIZE


def test_common_goal_captions_are_translated() -> None:
    assert render_common_goal("x_shape", locale="it") != render_common_goal("x_shape")


def test_unknown_common_goal_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown common goal 'nope'"):
        render_common_goal("nope")


def _assert_goal_spaces(img: Image.Image, game: Game, seat: int, box_of) -> None:
    """A goal space shows the shelf's tile (the wanted one faded while empty) and the wanted tile in its top-right
    corner; a ✓ or ✗ badge only once a tile is there."""
    for r, c, want in PERSONAL_GOALS[game.personal_goal_index(seat)].cells:
        x0, y0, x1, y1 = box_of(r, c)
        have = game.shelf(seat).cell(r, c)
        centre = img.getpixel(((x0 + x1) // 2, (y0 + y1) // 2))
        if have == ".":
            assert centre not in {SHELF_SLOT, *TILE_INK.values()}, f"{r},{c}: the wanted tile, faded"
        else:
            assert centre == TILE_INK[have], f"{r},{c}: the shelf's tile"
        corner = round((x1 - x0) * 0.44)
        icon = img.crop((x1 - corner, y0, x1, y0 + corner))
        assert TILE_INK[want] in {colour for _, colour in icon.getcolors(1 << 16)}, f"{r},{c}: wanted in the corner"
        badge = img.crop((x0, y1 - round((x1 - x0) * 0.3), x0 + round((x1 - x0) * 0.3), y1))
        marks = {colour for _, colour in badge.getcolors(1 << 16)} & {GOOD, MISS}
        assert marks == (set() if have == "." else {GOOD if have == want else MISS}), f"{r},{c}: badge"


def test_a_goal_space_reads_the_same_on_the_goal_card_and_the_final_sheet(mid_game, finished_4p: Game) -> None:
    """The corner icon meant the tile there on the card and the tile wanted on the final sheet, and an empty space
    was unmarked on one and ✗ on the other: both now draw every goal space one way."""
    game, _ = mid_game
    for seat in range(game.n_players):
        img = decode(render_goal_card(game, seat))
        assert img.size == GOAL_CARD_SIZE
        _assert_goal_spaces(img, game, seat, goal_card_space)
    final = decode(render_scores(finished_4p, seat_names=NAMES))
    for seat in range(4):
        _assert_goal_spaces(final, finished_4p, seat,
                            lambda r, c: shelf_cell(scores_shelf_origin(seat, 4), r, c, SCORES_CELL))


def test_goal_cards_of_different_goals_differ(mid_game) -> None:
    game, _ = mid_game
    cards = {render_goal_card(game, seat) for seat in range(game.n_players)}
    assert len(cards) == game.n_players


def goal_spaces(game: Game, seat: int) -> set[tuple[int, int]]:
    return {(r, c) for r, c, _ in PERSONAL_GOALS[game.personal_goal_index(seat)].cells}


def test_score_sheet_shows_final_shelves(finished_4p: Game) -> None:
    img = decode(render_scores(finished_4p, seat_names=NAMES))
    assert img.size == (SCORES_W, scores_height(4))
    for seat in range(4):
        for r, row in enumerate(finished_4p.shelf_rows(seat)):
            for c, kind in enumerate(row):
                pixel = img.getpixel(scores_cell_center(seat, r, c, 4))
                if kind != "." or (r, c) not in goal_spaces(finished_4p, seat):  # an empty goal space: faded
                    assert pixel == (SHELF_SLOT if kind == "." else TILE_INK[kind]), f"seat {seat} {r},{c}"


def _ended(won: list[list]) -> Game:
    """A 2-player game stopped at once: both shelves empty, so totals come only from `won`."""
    data = Game.new(2, seed=1).to_dict()
    data["over"] = True
    data["won"] = won
    return Game.from_dict(data)


def _tiebreak_ink(png: bytes) -> int:
    """How many pixels of the tie-break sentence's colour lie between the table and the shelves."""
    img = decode(png)
    band = img.crop((0, SCORES_TABLE_Y + 3 * SCORES_ROW_H, SCORES_W, scores_shelves_top(2)))
    return sum(count for count, colour in band.getcolors(1 << 16) if colour == MISS)


def test_score_sheet_explains_the_tiebreak_only_when_it_decided() -> None:
    tied = _ended([[], []])
    assert tied.decided_by_tiebreak and tied.winner == 1
    clear = _ended([[], [["four_corners", 8]]])
    assert not clear.decided_by_tiebreak
    assert _tiebreak_ink(render_scores(tied, seat_names=["Ann", "Bo"])) > 200
    assert _tiebreak_ink(render_scores(clear, seat_names=["Ann", "Bo"])) == 0


def test_score_sheet_lists_a_resigned_player(finished_4p: Game) -> None:
    data = finished_4p.to_dict()
    data["resigned"] = [2]
    game = Game.from_dict(data)
    assert decode(render_scores(game, seat_names=NAMES)).size == (SCORES_W, scores_height(4))


@settings(max_examples=8, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000), turns=st.integers(0, 40))
def test_any_reachable_turn_shows_the_engine_tiles(n: int, seed: int, turns: int) -> None:
    game = Game.new(n, seed=seed)
    last = play(game, turns, seed)
    img = decode(render_board(game, seat_names=NAMES[:n], last_move=last))
    for r, row in enumerate(game.board_rows()):
        for c, kind in enumerate(row):
            if kind in TILE_INK:
                assert img.getpixel(board_cell_center(r, c)) == TILE_INK[kind]
    img = decode(render_shelves(game, seat_names=NAMES[:n], last_move=last))
    for seat in range(n):
        assert_shelf_drawn(img, game, seat, lambda r, c, seat=seat: shelves_cell_center(seat, n, r, c))
