"""Red powers happen at once, to the whole table, when a red genre is completed."""
from __future__ import annotations

from engine.librarians import RIGHT, Choose, EndTurn, LibrariansGame, Play

from .positions import build, hand_card
from .power_setup import playing, refused, row_text


def _completing_red(genre: str, rows: int = 3, hand_limit: int = 4) -> LibrariansGame:
    """Seat 0 is about to lay D red after A B C red on row 1; rows below hold a green and a blue book."""
    more = [(RIGHT, {1: "Mg"}), (RIGHT, {1: "Nb"}), (RIGHT, {1: "Oy"})][:rows - 1]
    g = build([(RIGHT, {1: "Ar", 2: "Br", 3: "Cr"}), *more], [["Dr", "Pg", "Qg", "Rg"], ["Sy"]])
    playing(g, genre)
    g.hand_limit = hand_limit
    g.apply(Play(hand_card(g, 0, "Dr"), (0, 4)))
    return g


def test_horror_loses_the_game_for_the_table_at_once() -> None:
    g = _completing_red("horror")
    assert g.is_over and g.result == "lost" and g.end_reason == "horror"
    outcome = g.outcome()
    assert outcome is not None and outcome.shared is False and outcome.scores[0] == g.cards_not_played()
    assert g.legal_actions() == []


def test_detective_removes_the_chosen_shelf_and_its_books_and_the_rows_below_move_up() -> None:
    g = _completing_red("detective")
    assert g.pending is not None and g.pending.kind == "pick_shelf" and g.pending.genre == "detective"
    assert g.pending.options == ("row:1", "row:2", "row:3") and g.to_act == {0}
    refused(g, Choose("row:4"), "not_an_option")
    refused(g, Play(hand_card(g, 0, "Pg"), (0, 1)), "choose_first")
    shelves = [row.shelf for row in g.library.rows]
    green = g.library.top((1, 1))
    g.apply(Choose("row:2"))
    assert [row.shelf for row in g.library.rows] == [shelves[0], shelves[2]]
    assert row_text(g, 1) == {1: "Nb"} and green in g.discard and green not in g.library.cards()
    assert shelves[1] not in g.shelf_pile and g.phase == "play"


def test_detective_on_the_only_shelf_discards_its_books_but_the_shelf_stays() -> None:
    g = _completing_red("detective", rows=1)
    assert g.pending is None and len(g.library.rows) == 1 and g.library.occupied() == []
    g.apply(Play(hand_card(g, 0, "Pg"), (0, 1)))
    g.apply(EndTurn())
    assert g.to_act == {1}


def test_true_crime_lowers_the_hand_limit_for_good_and_never_below_two() -> None:
    g = _completing_red("true_crime")
    assert g.hand_limit == 3
    g.apply(Play(hand_card(g, 0, "Pg"), (1, 2)))
    g.apply(EndTurn())
    assert len(g.hands[0]) == 3
    assert _completing_red("true_crime", hand_limit=2).hand_limit == 2


def test_tragedy_forbids_stacking_from_then_on() -> None:
    g = build([(RIGHT, {1: "Ar", 2: "Br", 3: "Cr"}), (RIGHT, {1: "Pg"})], [["Dr", "Pb", "Qg"], ["Sy"]])
    playing(g, "tragedy")
    stack = Play(hand_card(g, 0, "Pb"), (1, 1))
    assert stack in g.legal_actions()
    g.apply(Play(hand_card(g, 0, "Dr"), (0, 4)))
    assert stack not in g.legal_actions()
    refused(g, stack, "no_stacking")
