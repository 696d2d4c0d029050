"""The Gathers normal builds one top at a time: each step adds the top, and picks the space, its judge likes best,
so a Gather of several chosen tops that random samples seldom draw is among its candidates."""
from __future__ import annotations

from engine.books.arrangements import built_gathers
from engine.books.grid import count
from tests.ai.books.test_solo import at_home


def test_a_built_gather_collects_every_top_the_judge_wants_onto_one_space() -> None:
    stacks = {"A1": "RB", "B1": "GG", "C1": "RR", "D1": "GB", "A2": "RR", "B2": "YB", "C2": "GG", "D2": "RR",
              "A3": "YY", "B3": "RB", "C4": "GG"}
    player = at_home(["A"], 3, stacks, ["LP22"]).players[0]

    def blue_on_d4(grid: dict[str, str]) -> float:
        return count(grid, "B", ["D4"]) - 0.1 * len(grid["D4"])

    gathers = built_gathers(player, blue_on_d4, 4)
    assert [len(gather.sources) for gather, _ in gathers] == [1, 2, 3, 4]
    last, after = gathers[-1]
    assert sorted(last.sources) == ["A1", "B2", "B3", "D1"] and last.target == "D4"
    assert after["D4"] == "".join(stacks[s][-1] for s in last.sources) == "BBBB"
