"""Computer players: legal, deterministic per seed, fair (the view only), and normal clearly beats easy."""
from __future__ import annotations

import pytest

from engine.dice import Circle, Cross, DiceGame, Reroll, Roll
from engine.dice.ai import LEVELS, choose

from tests.engine.dice.positions import OPEN_SHEET, position, sheet


def _play(levels: tuple[str, ...], seed: int, dice: int = 5) -> DiceGame:
    g = DiceGame.new(len(levels), seed=seed, dice=dice)
    for step in range(2000):
        if g.is_over:
            return g
        action = choose(g, levels[g.current_seat], seed=seed * 7919 + step)
        assert action in g.legal_actions()
        g.apply(action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("levels", "dice"), [
    (("easy", "normal"), 5), (("normal", "normal", "easy"), 6), (("easy", "easy", "normal", "normal"), 5),
])
def test_computer_games_always_end_with_legal_actions(levels: tuple[str, ...], dice: int) -> None:
    for seed in range(3):
        assert _play(levels, seed, dice).outcome() is not None


def test_the_same_state_and_seed_give_the_same_action() -> None:
    g = DiceGame.new(2, seed=4, dice=6)
    g.apply(Roll())
    for level in LEVELS:
        assert len({str(choose(g, level, seed=12)) for _ in range(3)}) == 1


def test_a_computer_decides_from_the_view_only() -> None:
    """Two games whose hidden seeds differ but whose public state is the same get the same action."""
    a, b = DiceGame.new(2, seed=1), DiceGame.new(2, seed=99)
    a.apply(Roll())
    b.dice, b.rolls = a.dice, a.rolls
    for level in LEVELS:
        assert choose(a, level, seed=3) == choose(b, level, seed=3)


def test_normal_circles_the_set_that_builds_lines_and_crosses_the_least_valuable_row() -> None:
    built = sheet("oo...", ".....", ".....", ".....", ".....")
    g = position([built, OPEN_SHEET], "pppgg", rolls=3)
    assert choose(g, "normal", seed=1) == Circle(((0, 2), (1, 1)))
    stuck = sheet(".....", "xx.xx", ".....", ".....", "xxxxx")
    g = position([stuck, OPEN_SHEET], "ccccc", rolls=3)
    assert choose(g, "normal", seed=1) == Cross(1)


def test_normal_keeps_dice_towards_the_best_items_instead_of_stopping_on_a_poor_roll() -> None:
    g = position([OPEN_SHEET, OPEN_SHEET], "ppppw")
    action = choose(g, "normal", seed=2)
    assert isinstance(action, Circle) and sum(c + 1 for _, c in action.items) == 5
    g = position([OPEN_SHEET, OPEN_SHEET], "pppgt")
    action = choose(g, "normal", seed=2)
    assert isinstance(action, Reroll) and {0, 1, 2} <= set(action.keep)


def test_normal_clearly_beats_easy() -> None:
    wins = 0
    for seed in range(12):
        levels = ("normal", "easy") if seed % 2 == 0 else ("easy", "normal")
        outcome = _play(levels, seed).outcome()
        assert outcome is not None
        wins += levels.index("normal") in outcome.winners
    assert wins >= 10


@pytest.mark.parametrize(("level", "seed"), [("expert", 1), ("normal", None), ("easy", True), ("normal", 1.5)])
def test_bad_levels_and_seeds_are_refused(level: str, seed: object) -> None:
    with pytest.raises(ValueError):
        choose(DiceGame.new(2, seed=1), level, seed=seed)  # type: ignore[arg-type]


def test_no_action_is_chosen_for_a_finished_game() -> None:
    g = _play(("easy", "easy"), 0)
    with pytest.raises(ValueError):
        choose(g, "normal", seed=1)
