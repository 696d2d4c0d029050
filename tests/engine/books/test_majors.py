"""Every Major Accomplishment on its own (a player who meets it and a near miss), what is left to claim, and the
first and later rewards."""
from __future__ import annotations

import pytest

from engine.books.data import MAJORS, SPACES
from engine.books.majors import meets, met, reward
from engine.books.state import Player

from .grids import player

FULL_GRID = " ".join(f"{space}=R" for space in SPACES)
ROOMS_OF_FOUR = "A1=RR B1=RR C1=GGGG A3=BBB B3=B C3=YY D4=YY"

CASES: dict[str, tuple[Player, list[Player]]] = {
    "MA1": (player(FULL_GRID), [player(FULL_GRID.replace("D4=R", "D4="))]),
    "MA2": (player("A1=GGGGGG"), [player("A1=GGGGGR"), player("A1=GGGGG")]),
    "MA3": (player("A1=RRRRRR B1=RGGGGG C1=GGBBBB D1=BBBYYY A2=YYYY"),
            [player("A1=RRRRRR B1=RGGGGG C1=GGBBBB D1=BBBYYY A2=YYY")]),
    "MA4": (player(reach=24), [player(reach=23)]),
    "MA5": (player(scored=["LP01", "LP02", "LP03", "LP04", "LP05", "LP06"]),
            [player(scored=["LP01", "LP02", "LP03", "LP04", "LP05"])]),
    "MA6": (player(neat=["NS01", "NS07", "NS13", "NS17"]), [player(neat=["NS01", "NS07", "NS13"])]),
    "MA7": (player(ROOMS_OF_FOUR),
            [player(ROOMS_OF_FOUR.replace("D4=YY", "D4=Y")), player(ROOMS_OF_FOUR.replace("C1=GGGG", "C1=RRRR"))]),
    "MA8": (player("A1=RRRRRR B1=GGGGGG C1=BBBBBB D4=RGBYRG"),
            [player("A1=RRRRRR B1=GGGGGG C1=BBBBBB D4=RGBYR")]),
    "MA9": (player("A1=RGBYRR"), [player("A1=RGBYR"), player("A1=RGBRRR"), player("B1=RGBYRR")]),
}


def test_every_major_has_its_cases() -> None:
    assert set(CASES) == set(MAJORS)


@pytest.mark.parametrize("major", sorted(CASES))
def test_a_major_is_met(major: str) -> None:
    assert meets(major, CASES[major][0])


@pytest.mark.parametrize("major", sorted(CASES))
def test_a_near_miss_does_not_meet_the_major(major: str) -> None:
    for someone in CASES[major][1]:
        assert not meets(major, someone)


def test_a_wild_completes_a_grid_accomplishment() -> None:
    assert meets("MA2", player("A1=GGWGGG"))
    assert meets("MA9", player("A1=RGBWRR"))
    assert meets("MA7", player(ROOMS_OF_FOUR.replace("D4=YY", "D4=YW")))
    assert not meets("MA9", player("A1=RGRRRW B1=BY"))


def test_a_tall_stack_under_the_bookend_is_full() -> None:
    assert meets("MA2", player("A1=GGGGGGGG"))


def test_what_is_left_to_claim_skips_claimed_and_unmet_cards() -> None:
    someone = player(FULL_GRID, reach=30)
    claims = {"MA1": [1], "MA4": [0]}
    assert met(["MA4", "MA1", "MA2"], claims, 0, someone) == ["MA1"]
    assert met(["MA4", "MA1", "MA2"], claims, 1, someone) == ["MA4"]


def test_the_first_and_later_rewards_are_the_rules_list() -> None:
    rewards = {"MA1": ({"vp": 6}, 3), "MA2": ({"vp": 5, "neat": 1}, 3), "MA3": ({"vp": 6}, 3),
               "MA4": ({"vp": 4, "neat": 1}, 2), "MA5": ({"vp": 5}, 3), "MA6": ({"vp": 4, "battery": 3}, 2),
               "MA7": ({"vp": 7}, 4), "MA8": ({"vp": 6}, 3), "MA9": ({"vp": 4, "battery": 3}, 2)}
    assert {major: (reward(major, True), reward(major, False)) for major in MAJORS} == {
        major: (first, {"vp": later}) for major, (first, later) in rewards.items()}
