"""Every Little Project on its own: an apartment that meets it and a near miss that does not; then how a Wild
counts, and the measure the computer player steers by."""
from __future__ import annotations

import pytest

from engine.books.data import PROJECTS
from engine.books.grid import is_most_common
from engine.books.projects import colours, meets, met, shortfall

from .grids import grid

CASES: dict[str, tuple[str, list[str]]] = {
    # project: (a grid that meets it, [grids that do not])
    "LP01": ("A1=RRRRRR B1=GGGGG", ["A1=RRRRRR B1=GGGGGG", "A1=RRRRR B1=GG"]),
    "LP02": ("A1=R B1=R C1=R D1=R A2=R", ["A1=R B1=R C1=R D1=R B2=RR", "A1=R B1=R C1=R D1=G A2=G"]),
    "LP03": ("A1=R B2=R C3=R D4=R", ["A1=R B2=R C3=R C4=R", "A1=R B1=R C1=R D1=R"]),
    "LP04": ("A1=R D1=G A4=B D4=Y", ["A1=R D1=G A4=B C4=Y"]),
    "LP05": ("A1=RRRRRR B1=GGGBBB", ["A1=RRRRRR B1=GGGBB"]),
    "LP06": ("A3=R B3=RR C3=RRR D3=RRRR", ["A3=R B3=RR C3=RR D3=RRRR", "B3=R C3=RR D3=RRR",
                                          "A3=R B3=RR C2=RRR D3=RRRR"]),
    "LP07": ("A1=R B1=R C1=R D1=R A3=R B3=R C3=R D3=R", ["A1=R B1=R C1=R D1=R A3=R B3=R C3=RRRRRR"]),
    "LP08": ("C1=R D1=R C2=R A3=R B3=R A4=R C3=R D3=R C4=R", ["A1=R C1=R D1=R C2=R A3=R B3=R A4=R C3=R D3=R C4=R",
                                                             "C1=R D1=R C2=R A3=R B3=R A4=R C3=R D3=RR"]),
    "LP09": ("A1=RGBY", ["A1=RGB B1=Y", "A1=RGBR"]),
    "LP10": ("A1=RRR B1=GGG", ["A1=RRR B1=GGB", "A1=RRR B1=GG"]),
    "LP11": ("C1=R D1=G C2=RB D2=Y", ["C1=R D1=G C2=BR D2=Y", "C1=R D1=G C2=B C3=Y"]),
    "LP12": ("B1=RRR B2=GGG B3=BBB B4=YYY", ["B1=RRR B2=GGG B3=BBB B4=YY", "A1=RRR B2=GGG B3=BBB B4=YYY"]),
    "LP13": ("A1=RGB B1=GBY C1=RGY D1=RBY", ["A1=RGB B1=GBY C1=RGY D1=RBB"]),
    "LP14": ("A1=RGRG", ["A1=RGGR", "A1=RGB", "B1=RGRG"]),
    "LP15": ("A2=GR B2=R D2=BR", ["A2=GR B2=RG D2=BR", "A1=R A2=R A3=R"]),
    "LP16": ("A1=RRRRR", ["A1=RRRRG", "A1=RRRR"]),
    "LP17": ("C1=RRR D2=RR", ["C1=RRR C3=RR", "C1=RRR D2=RG"]),
    "LP18": ("A1=RRRRRR B1=RRR", ["A1=RRRRRR B1=RR"]),
    "LP19": ("A1=B D1=RB A4=B", ["A1=B D1=BR A4=B", "A1=B B1=B A4=B"]),
    "LP20": ("A1=B B1=B C1=B", ["A1=B B1=B C1=BB"]),
    "LP21": ("A1=RB B1=RR A2=RR", ["A1=BR B1=RR A2=RR", "A1=RB B1=RR A2=R"]),
    "LP22": ("A1=BBBBBB D4=BBB", ["A1=BBBBBB D4=BB"]),
    "LP23": ("A1=GR B1=G C1=GB", ["A1=RG B1=G C1=GB"]),
    "LP24": ("C1=G C2=RG C4=G", ["C1=G C2=GR C4=G", "C1=G D2=G C4=G"]),
    "LP25": ("C3=GGG D4=GG", ["C3=GGG B4=GG"]),
    "LP26": ("A1=GGGGGG D4=GGG", ["A1=GGGGGG D4=GG"]),
    "LP27": ("A4=Y B4=YR C4=RY D4=GYG", ["A4=Y B4=YR C4=RR D4=GYG", "A4=Y B4=Y C4=Y"]),
    "LP28": ("A3=Y B4=Y", ["A3=Y C4=Y", "A3=Y B4=YY"]),
    "LP29": ("A1=YRY B1=YY", ["A1=YRY B1=Y", "A1=YRY B1=YR"]),
    "LP30": ("A1=YYYYYY D4=YYY", ["A1=YYYYYY D4=YY"]),
    "LP31": ("A1=YGR", ["A1=YR", "A1=RGY"]),
    "LP32": ("A1=BBGG B1=GBGB", ["A1=BBGG B1=GBG", "A1=BBGG B1=GBBB"]),
    "LP33": ("B2=R C2=B B3=B C3=R", ["B2=R C2=B B3=B C3=RB", "B2=R C2=B A3=B C3=R"]),
    "LP34": ("A1=YG B1=RYGR C1=YGY", ["A1=GY B1=RYGR C1=YGY"]),
    "LP35": ("A1=BBBBB B1=YYYYY", ["A1=BBBBBB B1=YYYYY", "A1=BBBB B1=YYYY"]),
    "LP36": ("A1=R B1=R C1=G D1=G", ["A1=R B1=R C1=G D1=GG"]),
}


def test_every_project_has_its_cases() -> None:
    assert set(CASES) == set(PROJECTS)


@pytest.mark.parametrize("project", sorted(CASES))
def test_a_project_is_met_by_its_pattern(project: str) -> None:
    stacks = grid(CASES[project][0])
    assert meets(project, stacks)
    assert shortfall(project, stacks) == 0


@pytest.mark.parametrize("project", sorted(CASES))
def test_a_near_miss_does_not_meet_the_project(project: str) -> None:
    for text in CASES[project][1]:
        stacks = grid(text)
        assert not meets(project, stacks), text
        assert shortfall(project, stacks) > 0, text


@pytest.mark.parametrize("project", sorted(CASES))
def test_an_empty_apartment_meets_no_project(project: str) -> None:
    assert not meets(project, grid(""))


def test_the_descending_row_and_a_row_under_the_bookend_rise_too() -> None:
    assert meets("LP06", grid("A2=GGGG B2=GGG C2=GG D2=G"))
    assert meets("LP06", grid("A4=R B4=RR C4=RRR D4=RRRRRRR"))


def test_the_other_diagonal_of_the_block() -> None:
    assert meets("LP33", grid("B2=B C2=R B3=R C3=B"))


def test_a_wild_is_the_colour_that_makes_the_check_true() -> None:
    assert meets("LP09", grid("A1=RGBW"))
    assert meets("LP09", grid("A1=RWGW"))
    assert meets("LP01", grid("A1=RRRRRW B1=GGGGG"))
    assert not meets("LP01", grid("A1=RRRRRB B1=GGGGG"))
    assert meets("LP16", grid("A1=RRWRR"))


def test_a_wild_is_one_colour_within_a_check() -> None:
    assert not meets("LP09", grid("A1=RGW"))
    assert not meets("LP36", grid("A1=R B1=W C1=G"))
    assert meets("LP36", grid("A1=R B1=W C1=G D1=G"))


def test_a_wild_may_be_another_colour_for_another_check() -> None:
    stacks = grid("A1=RRRRRR B1=RR C1=BBBBBB D1=BB A2=W")
    assert meets("LP18", stacks) and meets("LP22", stacks)
    assert met(["LP18", "LP26", "LP22"], stacks) == ["LP18", "LP22"]


def test_most_common_is_strict_and_a_wild_may_break_a_tie() -> None:
    assert not is_most_common(grid("A1=RR B1=GG"), "R")
    assert is_most_common(grid("A1=RR B1=GGG"), "G")
    assert is_most_common(grid("A1=RR B1=GG C1=W"), "R")
    assert is_most_common(grid("A1=RR B1=GG C1=W"), "G")
    assert not is_most_common(grid("A1=RR B1=GG C1=W"), "B")


def test_the_shortfall_shrinks_as_the_pattern_nears() -> None:
    assert shortfall("LP18", grid("A1=RRRRRR")) == 3
    assert shortfall("LP18", grid("A1=RRRRRR B1=RR")) == 1
    assert shortfall("LP04", grid("A1=R")) == 3
    assert shortfall("LP14", grid("A1=RRG")) == 2


def test_project_colours_say_what_a_scored_card_removes() -> None:
    assert colours("LP03") == ""
    assert colours("LP18") == "R"
    assert set(colours("LP31")) == {"Y", "R"}


def test_colours_and_rewards_are_the_rules_list() -> None:
    neat_rewards = {"LP05", "LP06", "LP08", "LP11", "LP12", "LP16", "LP27", "LP33"}
    named = {"LP31": "YR", "LP32": "BG", "LP33": "RB", "LP34": "GY", "LP35": "BY", "LP36": "RG"}
    for number in range(1, 37):
        project = f"LP{number:02}"
        expected = "" if number <= 14 else named.get(project, "RRRRBBBBGGGGYYYY"[(number - 15) % 16])
        assert colours(project) == expected, project
        assert PROJECTS[project].reward == ("neat" if project in neat_rewards else "battery"), project
