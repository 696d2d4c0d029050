"""The library's geometry: spots and their numbering, alphabetical order along the arrow, stacks, touching."""
from __future__ import annotations

from engine.librarians import LEFT, RIGHT

from .positions import build, hand_card


def test_an_empty_library_offers_one_column_either_side_of_every_shelf_numbered_in_reading_order() -> None:
    g = build([(RIGHT, {})] * 4, [["Ar", "Bg"], ["Cb"]])
    assert g.spots() == ((0, -1), (0, 1), (1, -1), (1, 1), (2, -1), (2, 1), (3, -1), (3, 1))
    assert [g.spot_number(p) for p in g.spots()] == list(range(1, 9))
    assert g.spot_number((0, 2)) is None and g.spot_number((0, 0)) is None


def test_the_reach_spans_every_row_one_column_beyond_the_widest_books() -> None:
    g = build([(RIGHT, {-2: "Ar", 1: "Cg"}), (RIGHT, {3: "Mb"})], [["Ar", "Bg"], ["Cb"]])
    xs = [-3, -2, -1, 1, 2, 3, 4]
    assert g.spots() == tuple((r, x) for r in range(2) for x in xs)
    assert all(g.spot_number(p) == i for i, p in enumerate(g.spots(), start=1))


def test_a_letter_goes_after_the_nearest_letter_before_it_and_before_the_nearest_after_it() -> None:
    g = build([(RIGHT, {-1: "Dr", 2: "Mg"})], [["Hr", "Ab", "Zy", "Dk"], ["Cb"]])
    h, a, z, d = (hand_card(g, 0, code) for code in ("Hr", "Ab", "Zy", "Dk"))
    assert g.legal_places(h) == [(0, 1)], "between D and M, across the shelf card"
    assert g.legal_places(a) == [(0, -2)]
    assert g.legal_places(z) == [(0, 3)]
    assert g.legal_places(d) == [(0, -2), (0, -1), (0, 1)], "identical letters are fine, and D stacks on D"


def test_a_left_arrow_reads_the_row_from_right_to_left() -> None:
    g = build([(LEFT, {-1: "Mr", 2: "Dg"})], [["Hr", "Ab", "Zy"], ["Cb"]])
    h, a, z = (hand_card(g, 0, code) for code in ("Hr", "Ab", "Zy"))
    assert g.legal_places(h) == [(0, 1)]
    assert g.legal_places(a) == [(0, 3)]
    assert g.legal_places(z) == [(0, -2)]


def test_gaps_count_the_nearest_letter_however_far() -> None:
    g = build([(RIGHT, {-3: "Cr", 3: "Kg"})], [["Er", "Pb"], ["Cb"]])
    e = hand_card(g, 0, "Er")
    assert g.legal_places(e) == [(0, -2), (0, -1), (0, 1), (0, 2)]
    assert g.legal_places(hand_card(g, 0, "Pb")) == [(0, 4)]


def test_a_stack_needs_the_same_letter_and_only_its_top_counts() -> None:
    g = build([(RIGHT, {1: ["Gr", "Gb"], 2: "Kg"})], [["Gy", "Kk", "Hr"], ["Cb"]])
    assert (0, 1) in g.legal_places(hand_card(g, 0, "Gy"))
    assert (0, 2) in g.legal_places(hand_card(g, 0, "Kk"))
    assert g.legal_places(hand_card(g, 0, "Hr")) == [], "H fits between G and K only, where no cell is empty"
    assert g.library.stack((0, 1))[-1] == g.library.top((0, 1))


def test_rows_are_independent_and_the_shelf_column_connects_them() -> None:
    g = build([(RIGHT, {1: "Ar"}), (RIGHT, {}), (RIGHT, {-1: "Zk"})], [["Mr", "Bb"], ["Cb"]])
    assert g.library.is_connected()
    g.library.put((0, 3), hand_card(g, 0, "Mr"))
    assert not g.library.is_connected() and g.library.groups() == 2
    assert g.library.groups(loose=True) == 1, "a one-cell gap is allowed by the loose rule"


def test_touching_is_side_by_side_or_same_x_in_neighbouring_rows_not_diagonal() -> None:
    g = build([(RIGHT, {1: "Ar", 2: "Br"}), (RIGHT, {})], [["Cr", "Dr"], ["Cb"]])
    assert g.library.touches_library((1, 2)) and g.library.touches_library((0, 3))
    assert not g.library.touches_library((1, 3)), "a diagonal does not touch"
    g.library.put((1, 3), hand_card(g, 0, "Cr"))
    assert not g.library.is_connected()
