"""Green powers add something for the table; a seat uses one it holds on a later turn."""
from __future__ import annotations

from engine.librarians import RIGHT, Choose, EndTurn, Play

from .positions import build, hand_card
from .power_setup import holding, refused, use, use_refused


def test_romance_removes_the_top_five_deck_cards_and_is_refused_on_an_empty_deck() -> None:
    g = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg"], ["Dy"]])
    card = holding(g, 0, "romance")
    top, hands = g.deck[:5], [list(h) for h in g.hands]
    deck = len(g.deck)
    use(g, "romance")
    assert len(g.deck) == deck - 5 and g.discard[-6:] == [*top, card] and g.hands == hands
    assert g.held[0] == [] and g.pending is None

    empty = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg"], ["Dy"]], deck=0)
    holding(empty, 0, "romance")
    use_refused(empty, "romance", "deck_empty")


def test_a_power_received_this_turn_waits_for_a_later_turn() -> None:
    g = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg"], ["Dy"]])
    card = holding(g, 0, "romance")
    g.fresh.add(card)
    use_refused(g, "romance", "fresh_power")


def test_comedy_adds_the_next_unused_shelf_at_the_top_or_bottom() -> None:
    g = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg"], ["Dy"]])
    holding(g, 0, "comedy")
    pile = list(g.shelf_pile)
    use(g, "comedy")
    assert g.pending is not None and g.pending.kind == "pick_side" and g.pending.options == ("top", "bottom")
    refused(g, Choose("middle"), "not_an_option")
    g.apply(Choose("top"))
    assert [row.shelf for row in g.library.rows][0] == pile[0] and len(g.library.rows) == 3
    assert g.library.rows[0].arrow == g.arrows[pile[0]] and g.library.rows[0].cells == {}
    assert g.shelf_pile == pile[1:] and g.library.top((1, 1)) is not None

    g.apply(Play(hand_card(g, 0, "Bg"), (0, 1)))
    g.apply(Play(hand_card(g, 0, "Cg"), (0, 2)))
    g.apply(EndTurn())
    assert len(g.library.rows) == 3


def test_comedy_is_refused_when_every_shelf_is_in_the_library() -> None:
    g = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg"], ["Dy"]])
    holding(g, 0, "comedy")
    g.shelf_pile = []
    use_refused(g, "comedy", "no_shelf_left")


def test_adventure_raises_the_hand_limit_and_the_seat_draws_up_to_it() -> None:
    g = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg", "Dg"], ["Dy"]])
    holding(g, 0, "adventure")
    use(g, "adventure")
    assert g.hand_limit == 5
    g.apply(Play(hand_card(g, 0, "Bg"), (0, 2)))
    g.apply(Play(hand_card(g, 0, "Cg"), (0, 3)))
    g.apply(EndTurn())
    assert len(g.hands[0]) == 5

    full = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg"], ["Dy"]])
    holding(full, 0, "adventure")
    full.hand_limit = 6
    use_refused(full, "adventure", "hand_limit_max")


def test_self_help_lets_a_card_cover_any_book_where_its_letter_fits_this_turn_only() -> None:
    g = build([(RIGHT, {1: "Ar", 2: "Mg", 3: "Zb"}), (RIGHT, {})], [["Kb", "Cg", "Dg", "Eg"], ["Dy"]])
    holding(g, 0, "self_help")
    cover = Play(hand_card(g, 0, "Kb"), (0, 2))
    refused(g, cover, "stack_letter")
    use(g, "self_help")
    assert g.held[0] == [] and "any_stack" in g.view(1).rules
    g.apply(cover)
    assert g.library.stack((0, 2))[-1] == cover.card and len(g.library.stack((0, 2))) == 2
    refused(g, Play(hand_card(g, 0, "Cg"), (0, 3)), "out_of_order")
    g.apply(Play(hand_card(g, 0, "Cg"), (1, 1)))
    g.apply(EndTurn())
    assert "any_stack" not in g.turn_rules


def test_self_help_twice_in_one_turn_is_refused_and_keeps_the_second_card() -> None:
    g = build([(RIGHT, {1: "Ar"})] * 2, [["Bg", "Cg"], ["Dy"]])
    holding(g, 0, "self_help")
    holding(g, 0, "self_help")
    use(g, "self_help")
    use_refused(g, "self_help", "power_in_force")
