"""Every Other Neat Stuff card on its own: a lasting card changes its rule only for its owner, a one-time card
gives what it says (or +2 ⚡ when its token is gone), an end-game card scores what it counts."""
from __future__ import annotations

import pytest

from engine.books.data import NEAT
from engine.books.neat import (
    Effect,
    backpack_stacks,
    bookstore_cost,
    effect,
    end_scores,
    library_cost,
    park_battery,
    printed_vp,
    rest_draws,
    sort_per_space,
)
from engine.books.state import Supply

from .grids import player

FULL = Supply(wilds=2, kitties=4, lamp=True, bookend=True)
EMPTY = Supply(wilds=0, kitties=0, lamp=False, bookend=False)
OTHERS = ["NS09", "NS15"]
"""Cards that change none of the lasting rules: the negative case of each lasting card."""


def test_tote_adds_a_third_backpack_stack() -> None:
    assert backpack_stacks(["NS01", *OTHERS]) == ("P1", "P2", "P3")
    assert backpack_stacks(OTHERS) == ("P1", "P2")


def test_library_card_makes_the_library_free() -> None:
    assert library_cost(["NS02"]) == 0
    assert library_cost(OTHERS) == 2


def test_loyalty_card_takes_one_off_every_shelf_and_never_below_zero() -> None:
    assert [bookstore_cost(base, ["NS03"]) for base in (1, 3, 6)] == [0, 2, 5]
    assert [bookstore_cost(base, OTHERS) for base in (1, 3, 6)] == [1, 3, 6]
    assert bookstore_cost(0, ["NS03"]) == 0


def test_headphones_make_the_park_give_four() -> None:
    assert park_battery(["NS04"]) == 4
    assert park_battery(OTHERS) == 2


def test_blanket_makes_rest_draw_three() -> None:
    assert rest_draws(["NS05"]) == 3
    assert rest_draws(OTHERS) == 2


def test_glasses_let_sort_add_three_per_space() -> None:
    assert sort_per_space(["NS06"]) == 3
    assert sort_per_space(OTHERS) == 2


@pytest.mark.parametrize("card, token", [("NS07", "bookend"), ("NS08", "lamp")])
def test_a_token_card_asks_for_a_space_or_gives_battery_when_the_token_is_gone(card: str, token: str) -> None:
    assert effect(card, FULL) == Effect(token=token)
    assert effect(card, EMPTY) == Effect(battery=2)


@pytest.mark.parametrize("card", ["NS09", "NS10"])
def test_a_wild_book_card_gives_a_wild_while_the_supply_has_one(card: str) -> None:
    assert effect(card, FULL) == Effect(wilds=1)
    assert effect(card, Supply(wilds=1)) == Effect(wilds=1)
    assert effect(card, EMPTY) == Effect(battery=2)


def test_kitten_gives_one_kitty() -> None:
    assert effect("NS11", FULL) == Effect(kitties=1)
    assert effect("NS11", EMPTY) == Effect(battery=2)


def test_shelter_cat_gives_two_kitties_or_what_is_left() -> None:
    assert effect("NS12", FULL) == Effect(kitties=2)
    assert effect("NS12", Supply(kitties=1)) == Effect(kitties=1)
    assert effect("NS12", EMPTY) == Effect(battery=2)


def test_the_one_time_cards_without_a_token() -> None:
    assert effect("NS13", EMPTY) == Effect(random_books=2)
    assert effect("NS14", EMPTY) == Effect(named_books=1)
    assert effect("NS15", EMPTY) == Effect(battery=4)
    assert effect("NS16", EMPTY) == Effect(projects=2)


@pytest.mark.parametrize("card", ["NS01", "NS02", "NS03", "NS04", "NS05", "NS06", "NS17", "NS18", "NS19", "NS20"])
def test_lasting_and_end_game_cards_give_nothing_at_once(card: str) -> None:
    assert effect(card, FULL) == Effect()


def test_cat_tree_scores_two_per_kitty() -> None:
    assert end_scores(player(neat=["NS17"], kitties=3)) == {"cat_tree": 6}
    assert end_scores(player(neat=["NS17"])) == {"cat_tree": 0}
    assert end_scores(player(kitties=3)) == {}


def test_reading_log_scores_one_per_scored_project() -> None:
    assert end_scores(player(neat=["NS18"], scored=["LP01", "LP20"])) == {"reading_log": 2}
    assert end_scores(player(scored=["LP01", "LP20"])) == {}


def test_tall_bookcase_scores_two_per_full_stack() -> None:
    assert end_scores(player("A1=RRRRRR B1=GGGGGGG C1=BBBBB", neat=["NS19"])) == {"tall_bookcase": 4}
    assert end_scores(player("C1=BBBBB", neat=["NS19"])) == {"tall_bookcase": 0}


def test_rainbow_shelf_scores_three_per_room_holding_every_colour() -> None:
    rainbow = player("A1=RG B2=BY C1=RGB D2=Y A3=RGB", neat=["NS20"])
    assert end_scores(rainbow) == {"rainbow_shelf": 6}
    assert end_scores(player("A1=RG B2=BY C1=RGB A3=RGB", neat=["NS20"])) == {"rainbow_shelf": 3}
    assert end_scores(player("A1=RG B2=BW C1=RGB D2=W", neat=["NS20"])) == {"rainbow_shelf": 6}


def test_the_lamp_scores_the_books_under_it() -> None:
    lit = player("C3=RGBR")
    lit.apartment.lamp = "C3"
    assert end_scores(lit) == {"lamp": 4}
    assert end_scores(player("C3=RGBR")) == {}


def test_printed_vp_counts_question_marks_as_nothing() -> None:
    assert printed_vp(["NS01", "NS04", "NS17"]) == 3
    assert all(NEAT[card].vp is None for card in ("NS17", "NS18", "NS19", "NS20"))


def test_kinds_and_printed_vp_are_the_rules_list() -> None:
    vp = [2, 2, 2, 1, 2, 2, 1, 1, 1, 1, 1, 2, 1, 2, 1, 1, None, None, None, None]
    kinds = ["lasting"] * 6 + ["once"] * 10 + ["end"] * 4
    assert [NEAT[f"NS{n:02}"].vp for n in range(1, 21)] == vp
    assert [NEAT[f"NS{n:02}"].kind for n in range(1, 21)] == kinds
