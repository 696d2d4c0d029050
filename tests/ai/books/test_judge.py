"""Normal's judge sees a grid as the rules check it: a Wild takes the colour that meets a Major Accomplishment."""
from __future__ import annotations

import pytest

from engine.books.ai import choose
from engine.books.data import SPACES
from engine.books.majors import meets
from engine.books.outlook import major_promise
from tests.ai.books.test_solo import at_home

FIVE_RED_AND_A_WILD = {"D2": "RRRRR", "A1": "GW", "B3": "YB", "C4": "GY"}
"""Five red books on D2 and a Wild on top of A1: gathering the Wild onto D2 makes a one-colour stack of height 6
(MA2) when the Wild counts as red."""


def grid(stacks: dict[str, str]) -> dict[str, str]:
    return {space: "" for space in SPACES} | stacks


def test_a_wild_counts_as_the_colour_that_meets_a_major_accomplishment() -> None:
    assert major_promise("MA2", grid({"D2": "RRRRRW"})) == 1.0
    assert major_promise("MA2", grid({"D2": "RRRRGW"})) < 1.0
    assert major_promise("MA9", grid({"A1": "RGBWWR"})) == 1.0


@pytest.mark.parametrize("seed", range(3))
def test_normal_gathers_the_wild_that_completes_a_major_accomplishment(seed: int) -> None:
    game = at_home(["C"], 3, FIVE_RED_AND_A_WILD, ["LP16", "LP22", "LP26"])
    game.village.majors = ["MA2", "MA1", "MA5"]
    game.apply(choose(game, "normal", seed=seed, seat=0), 0)
    player = game.players[0]
    assert meets("MA2", player) and 0 in game.village.claims.get("MA2", [])
