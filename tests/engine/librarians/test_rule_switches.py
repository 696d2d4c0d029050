"""The rule switches the powers turn on, as the core honours them (the powers themselves are tested with
engine/librarians' powers): no stacking, a stack on any card, any order, loose connection, no minimum, and a
line with one wrong colour."""
from __future__ import annotations

import pytest

from engine.librarians import RIGHT, EndTurn, IllegalAction, Play
from engine.librarians.effects import ANY_ORDER, ANY_STACK, LOOSE, NO_MINIMUM, NO_STACKING, ONE_WRONG

from .positions import build, hand_card


def _game():
    return build([(RIGHT, {1: "Dr", 2: "Mg"}), (RIGHT, {})], [["Dy", "Hb", "Zk", "Ab"], ["Ey", "Fy"]])


def test_no_stacking_forbids_a_stack_even_on_the_same_letter() -> None:
    g = _game()
    d = hand_card(g, 0, "Dy")
    assert (0, 1) in g.legal_places(d)
    g.lasting_rules.add(NO_STACKING)
    assert (0, 1) not in g.legal_places(d)
    with pytest.raises(IllegalAction) as refused:
        g.apply(Play(d, (0, 1)))
    assert refused.value.code == "no_stacking"


def test_a_stack_on_any_card_still_fits_the_rows_order() -> None:
    g = _game()
    h, z = hand_card(g, 0, "Hb"), hand_card(g, 0, "Zk")
    g.turn_rules.add(ANY_STACK)
    assert (0, 1) in g.legal_places(h) and (0, 2) in g.legal_places(h), "H fits where D or M lie"
    assert (0, 1) not in g.legal_places(z), "Z on D would stand before M"
    with pytest.raises(IllegalAction) as refused:
        g.apply(Play(z, (0, 1)))
    assert refused.value.code == "out_of_order"


def test_any_order_opens_every_empty_cell_but_stacks_still_need_the_same_letter() -> None:
    g = _game()
    a = hand_card(g, 0, "Ab")
    g.turn_rules.add(ANY_ORDER)
    assert set(g.legal_places(a)) == {p for p in g.spots() if g.library.top(p) is None}


def test_loose_connection_lets_a_diagonal_end_the_turn_and_the_next_turn_may_keep_it() -> None:
    g = _game()
    g.apply(Play(hand_card(g, 0, "Zk"), (0, 3)))
    g.apply(Play(hand_card(g, 0, "Ab"), (1, 4)))
    with pytest.raises(IllegalAction):
        g.apply(EndTurn())
    g.turn_rules.add(LOOSE)
    g.apply(EndTurn())
    assert g.to_act == {1} and g.start_groups == 2 and not g.is_over


def test_no_minimum_lets_a_turn_end_with_no_card_played() -> None:
    g = _game()
    assert not g.can_end_turn()
    g.turn_rules.add(NO_MINIMUM)
    assert g.can_end_turn() and g.turn_need() == 0
    g.apply(EndTurn())
    assert g.to_act == {1}


def test_one_wrong_colour_still_completes_a_line_and_the_card_given_is_of_the_genre() -> None:
    g = build([(RIGHT, {1: "Ab", 2: "Br", 3: "Cb"}), (RIGHT, {})], [["Db", "Ey"], ["Fy"]])
    g.turn_rules.add(ONE_WRONG)
    report = g.apply(Play(hand_card(g, 0, "Db"), (0, 4)))
    [done] = report.completions
    assert done.genre == "thriller" and g.pending is not None and g.card(int(g.pending.data[0])).colour == 2
