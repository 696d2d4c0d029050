"""Purple powers turn one core rule off for the rest of the turn."""
from __future__ import annotations

from engine.librarians import LEFT, RIGHT, Choose, EndTurn, Play

from .positions import build, hand_card
from .power_setup import holding, refused, row_text, use, use_refused


def test_fantasy_lets_the_turn_end_without_playing_this_turn_only() -> None:
    g = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg"], ["Dy", "Ey"]])
    holding(g, 0, "fantasy")
    refused(g, EndTurn(), "play_more")
    use(g, "fantasy")
    assert g.turn_need() == 0 and EndTurn() in g.legal_actions()
    g.apply(EndTurn())
    assert g.to_act == {1} and g.turn_need() == 2 and "no_minimum" not in g.turn_rules


def test_sci_fi_accepts_a_library_joined_across_a_one_place_gap_and_the_next_turn_keeps_it() -> None:
    g = build([(RIGHT, {1: "Ar"}), (RIGHT, {}), (RIGHT, {1: "Cb", 2: "Db", 3: "Eb"})],
              [["Fg", "Gg"], ["Hy", "Iy"]])
    holding(g, 0, "sci_fi")
    g.apply(Play(hand_card(g, 0, "Fg"), (0, 3)))
    g.apply(Play(hand_card(g, 0, "Gg"), (0, 4)))
    refused(g, EndTurn(), "not_connected")
    use(g, "sci_fi")
    g.apply(EndTurn())
    assert g.to_act == {1} and g.library.groups() == 2 and g.start_groups == 2
    g.apply(Play(hand_card(g, 1, "Hy"), (0, 5)))
    g.apply(Play(hand_card(g, 1, "Iy"), (0, 6)))
    g.apply(EndTurn())
    assert g.to_act == {0}


def test_sci_fi_counts_a_diagonal_as_touching() -> None:
    g = build([(RIGHT, {1: "Ar"}), (RIGHT, {})], [["Bg", "Cg"], ["Ey"]])
    holding(g, 0, "sci_fi")
    g.apply(Play(hand_card(g, 0, "Bg"), (1, 2)))
    g.apply(Play(hand_card(g, 0, "Cg"), (1, 3)))
    refused(g, EndTurn(), "not_connected")
    use(g, "sci_fi")
    g.apply(EndTurn())


def test_poetry_ignores_alphabetical_order_but_a_stack_still_needs_the_same_letter() -> None:
    g = build([(RIGHT, {1: "Mr", 2: "Ng"}), (RIGHT, {})], [["Zb", "Ag", "Bg"], ["Ey"]])
    holding(g, 0, "poetry")
    out_of_order = Play(hand_card(g, 0, "Zb"), (0, -1))
    refused(g, out_of_order, "out_of_order")
    use(g, "poetry")
    g.apply(out_of_order)
    refused(g, Play(hand_card(g, 0, "Ag"), (0, 2)), "stack_letter")
    g.apply(Play(hand_card(g, 0, "Ag"), (0, 3)))
    g.apply(EndTurn())
    assert row_text(g, 0) == {-1: "Zb", 1: "Mr", 2: "Ng", 3: "Ag"} and "any_order" not in g.turn_rules


def test_graphic_novel_opens_a_shelf_row_that_stays_once_a_book_is_in_it() -> None:
    g = build([(RIGHT, {1: "Ar"}), (LEFT, {1: "Bg"})], [["Cg", "Dg"], ["Ey"]])
    holding(g, 0, "graphic_novel")
    pile = list(g.shelf_pile)
    use(g, "graphic_novel")
    assert g.pending is not None and g.pending.kind == "pick_side"
    g.apply(Choose("bottom"))
    assert [row.shelf for row in g.library.rows][-1] == pile[0] and g.library.rows[2].cells == {}
    g.apply(Play(hand_card(g, 0, "Cg"), (2, 1)))
    g.apply(Play(hand_card(g, 0, "Dg"), (0, 2)))
    g.apply(EndTurn())
    assert len(g.library.rows) == 3 and g.shelf_pile == pile[1:] and g.opened_shelves == []


def test_graphic_novel_shelf_left_empty_goes_back_when_the_turn_ends() -> None:
    g = build([(RIGHT, {1: "Ar"}), (RIGHT, {})], [["Cg", "Dg"], ["Ey"]])
    holding(g, 0, "graphic_novel")
    pile = list(g.shelf_pile)
    use(g, "graphic_novel")
    g.apply(Choose("top"))
    assert len(g.library.rows) == 3 and row_text(g, 1) == {1: "Ar"}
    g.apply(Play(hand_card(g, 0, "Cg"), (1, 2)))
    g.apply(Play(hand_card(g, 0, "Dg"), (1, 3)))
    g.apply(EndTurn())
    assert len(g.library.rows) == 2 and row_text(g, 0) == {1: "Ar", 2: "Cg", 3: "Dg"} and g.shelf_pile == pile


def test_graphic_novel_is_refused_when_no_shelf_card_is_left() -> None:
    g = build([(RIGHT, {1: "Ar"})] * 2, [["Cg", "Dg"], ["Ey"]])
    holding(g, 0, "graphic_novel")
    g.shelf_pile = []
    use_refused(g, "graphic_novel", "no_shelf_left")
