"""The living room board and which picks the rules allow."""
from collections import Counter

import pytest

from engine.shelfie import TILE_TYPES, Game, IllegalMove, Move, TurnReport

from .positions import cell, fill_board, move, set_board, set_shelf, tile_counts, usable_spaces


@pytest.mark.parametrize("players, spaces", [(2, 29), (3, 37), (4, 45)])
def test_board_spaces_by_player_count(players: int, spaces: int) -> None:
    g = Game.new(players, seed=5)
    rows = g.board_rows()
    assert len(rows) == 9 and all(len(row) == 9 for row in rows)
    assert usable_spaces(g) == spaces
    assert sum(ch in TILE_TYPES for row in rows for ch in row) == spaces, "a new board is full"


def test_spaces_grow_with_players() -> None:
    used = {n: {(r, c) for r, row in enumerate(Game.new(n, seed=1).board_rows()) for c, ch in enumerate(row)
                if ch != " "} for n in (2, 3, 4)}
    assert used[2] < used[3] < used[4]
    assert cell("E5") in used[2]
    assert cell("B5") in used[2] and cell("A5") not in used[3] and cell("A5") in used[4]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_132_tiles_22_of_each_type(players: int) -> None:
    g = Game.new(players, seed=9)
    assert tile_counts(g) == Counter({kind: 22 for kind in TILE_TYPES})
    assert g.bag_size == 132 - usable_spaces(g)


def test_edge_and_unused_neighbours_make_a_side_free() -> None:
    """On a full board only tiles beside the edge or a space unused at this player count can be taken."""
    g2 = Game.new(2, seed=3)
    fill_board(g2)
    picks2 = {m.tiles for m in g2.legal_moves() if len(m.tiles) == 1}
    assert (cell("B5"),) in picks2, "B5's left neighbour A5 is a 4-player space, unused with 2 players"
    assert (cell("E2"),) in picks2, "E2's upper neighbour E1 is a 4-player space"
    assert (cell("E5"),) not in picks2 and (cell("C5"),) not in picks2

    g4 = Game.new(4, seed=3)
    fill_board(g4)
    picks4 = {m.tiles for m in g4.legal_moves() if len(m.tiles) == 1}
    assert (cell("B5"),) not in picks4, "with 4 players A5 holds a tile, so B5 is surrounded"
    assert (cell("A5"),) in picks4 and (cell("I5"),) in picks4 and (cell("E1"),) in picks4, "board edge"
    with pytest.raises(IllegalMove) as err:
        g4.apply(move("B5 1"))
    assert err.value.code == "no_free_side" and "B5" in str(err.value)


def test_a_tile_freed_only_by_the_same_pick_is_refused() -> None:
    g = Game.new(2, seed=3)
    fill_board(g)
    before = g.to_dict()
    with pytest.raises(IllegalMove) as err:
        g.apply(move("B5 C5 1"))
    assert err.value.code == "no_free_side"
    assert "C5" in str(err.value)
    assert g.to_dict() == before
    assert (cell("B5"), cell("C5")) not in {m.tiles for m in g.legal_moves()}
    g.apply(move("B5 1"))
    assert (cell("C5"), cell("D5")) not in {m.tiles for m in g.legal_moves()}
    g.apply(move("C5 1"))  # free now that B5 is gone: next turn it may be taken
    assert g.shelf_rows(1)[-1][0] in TILE_TYPES


def _sparse_game() -> Game:
    g = Game.new(2, seed=11)
    set_board(g, "D5=C E5=B F5=G G5=F E3=T E4=P D7=C E7=B")
    return g


@pytest.mark.parametrize("text, code, named", [
    ("E3 F5 1", "not_straight", "F5"),
    ("D5 E4 1", "not_straight", "E4"),
    ("D5 F5 1", "not_adjacent", "F5"),
    ("D5 E5 F5 G5 1", "pick_size", "4"),
    ("E5 E5 1", "duplicate_tile", "E5"),
    ("E6 1", "empty_space", "E6"),
    ("A5 1", "unused_space", "A5"),
    ("I9 1", "unused_space", "I9"),
    ("E3 E5 1", "not_adjacent", "E3"),
])
def test_refused_picks_name_the_problem_and_change_nothing(text: str, code: str, named: str) -> None:
    g = _sparse_game()
    before = g.to_dict()
    with pytest.raises(IllegalMove) as err:
        g.apply(move(text))
    assert err.value.code == code
    assert named in str(err.value)
    assert g.to_dict() == before
    assert g.legal_moves() == _sparse_game().legal_moves()


def test_surrounded_tile_in_a_sparse_board() -> None:
    g = Game.new(2, seed=11)
    set_board(g, "E4=C D5=C E5=B F5=G E6=F")
    with pytest.raises(IllegalMove) as err:
        g.apply(move("E5 1"))
    assert err.value.code == "no_free_side" and "E5" in str(err.value)
    assert {m.tiles[0] for m in g.legal_moves()} == {cell(x) for x in ("E4", "D5", "F5", "E6")}


def test_column_too_small_is_refused() -> None:
    g = _sparse_game()
    set_shelf(g, 0, [".....", "C....", "B....", "G....", "F....", "T...."])
    before = g.to_dict()
    with pytest.raises(IllegalMove) as err:
        g.apply(move("D7 E7 1"))
    assert err.value.code == "column_full"
    assert "Column 1" in str(err.value) and err.value.params["room"] == 1
    assert g.to_dict() == before
    g.apply(move("D7 1"))
    assert g.shelf_rows(0)[0] == "C...."


def test_pick_bigger_than_any_column_is_never_offered() -> None:
    g = _sparse_game()
    set_shelf(g, 0, [".....", "....."] + ["CBGFT"] * 4)
    assert {len(m.tiles) for m in g.legal_moves()} == {1, 2}
    set_shelf(g, 0, ["....T"] + ["CBGFT"] * 5)
    moves = g.legal_moves()
    assert {len(m.tiles) for m in moves} == {1} and {m.column for m in moves} == {0, 1, 2, 3}


def test_move_out_of_turn_is_refused() -> None:
    g = _sparse_game()
    with pytest.raises(IllegalMove) as err:
        g.apply(move("D5 1"), seat=1)
    assert err.value.code == "not_your_turn" and "seat 1" in str(err.value)
    report = g.apply(move("D5 1"), seat=0)
    assert report.seat == 0 and report.next_seat == 1 and g.current_seat == 1


def test_placement_order_first_tile_lands_lowest() -> None:
    g = _sparse_game()
    g.apply(move("E3 E4 2"))
    assert g.shelf_rows(0)[-2:] == [".P...", ".T..."]
    assert g.board_rows()[2][4] == "." and g.board_rows()[3][4] == "."


def test_legal_moves_cover_every_order_with_distinct_types() -> None:
    g = _sparse_game()
    picks = {(m.tiles, m.column) for m in g.legal_moves()}
    for order in ("D5 E5 F5", "F5 E5 D5", "E5 D5 F5", "E5 F5 D5", "D5 F5 E5", "F5 D5 E5"):
        for col in range(5):
            assert (move(order + " 1").tiles, col) in picks
    same = Game.new(2, seed=11)
    set_board(same, "D5=C E5=C")
    tiles = [m.tiles for m in same.legal_moves() if len(m.tiles) == 2 and m.column == 0]
    assert len(tiles) == 1, "two orders of two cats give the same shelf, listed once"


def test_move_text_round_trip() -> None:
    m = Move(tiles=(cell("E4"), cell("E5")), column=2)
    assert str(m) == "E4 E5 3" and m.tiles_text == "E4 E5"
    assert Move.parse(str(m)) == m


@pytest.mark.parametrize("tiles, column", [
    (((4.0, 3),), 0),
    (((4.7, 3),), 0),
    ((("4", "3"),), 0),
    (((True, 3),), 0),
    (((4, 3),), True),
    (((4, 3),), "1"),
    (((4, 3),), 0.0),
    ("D5", 0),
    (((4, 3, 1),), 0),
])
def test_moves_with_anything_but_int_coordinates_are_refused_and_change_nothing(tiles: object, column: object) -> None:
    g = _sparse_game()
    before = g.to_dict()
    with pytest.raises(IllegalMove) as err:
        g.apply(Move(tiles, column))  # type: ignore[arg-type]
    assert err.value.code == "malformed"
    assert g.to_dict() == before


def test_the_report_names_the_move_as_played_and_survives_saving() -> None:
    g = _sparse_game()
    report = g.apply(Move(((4, 3),), 0))
    assert str(report.move) == "D5 1"
    assert TurnReport.from_dict(report.to_dict()) == report == g.last_report
