"""The hard level: legal from any reachable state, fair (the future rolls never change its choice), and the
exact expectation it keeps dice by."""
from __future__ import annotations

import random
from math import comb

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dice import Circle, DiceGame, Reroll
from engine.dice.data import FACES
from engine.dice.ai import choose
from engine.dice.expectation import TurnPlan, hand_of, hands

from tests.engine.dice.positions import OPEN_SHEET, position, sheet

setups = st.tuples(st.integers(2, 4), st.integers(0, 2**32 - 1), st.sampled_from((5, 6)), st.booleans(),
                   st.integers(0, 200))
few = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _reached(setup: tuple[int, int, int, bool, int]) -> DiceGame:
    """A game played by random legal actions for up to `steps` steps (a state any players could reach)."""
    players, seed, dice, row_lock, steps = setup
    g = DiceGame.new(players, seed=seed, dice=dice, row_lock=row_lock)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@few
@given(setups)
def test_hard_returns_a_legal_action_from_any_reachable_state(setup: tuple[int, int, int, bool, int]) -> None:
    g = _reached(setup)
    if not g.is_over:
        assert choose(g, "hard", seed=1) in g.legal_actions()


@few
@given(setups, st.integers(0, 2**32 - 1), st.integers(0, 50))
def test_twins_that_differ_only_in_the_future_rolls_get_the_same_choice(
        setup: tuple[int, int, int, bool, int], other_seed: int, other_count: int) -> None:
    g = _reached(setup)
    if g.is_over:
        return
    twin = DiceGame.from_dict(g.to_dict() | {"seed": other_seed, "roll_count": other_count})
    assert choose(g, "hard", seed=3) == choose(twin, "hard", seed=99)


def test_the_roll_space_is_every_multiset_of_faces() -> None:
    for dice in (5, 6):
        assert len(set(hands(dice))) == comb(dice + FACES - 1, FACES - 1)
    assert len(set(hands(6))) == 462


def test_keeping_is_worth_its_exact_expectation() -> None:
    """One die, a plant worth 1: keep a plant, re-roll anything else; with two re-rolls 1/6 + 5/6 * 1/6."""
    plan = TurnPlan(1, lambda hand: float(hand[0]))
    assert plan.keep(hand_of([0]), 1) == (None, 1.0)
    part, worth = plan.keep(hand_of([3]), 1)
    assert part == hand_of([]) and abs(worth - 1 / 6) < 1e-12
    assert abs(plan.full(2, hand_of([3])) - 11 / 36) < 1e-12


def test_hard_takes_the_points_on_its_last_turn() -> None:
    built = sheet("oo...", ".....", ".....", ".....", ".....")
    g = position([built, OPEN_SHEET], "pppbb", rolls=3)
    g.end_triggered = True
    action = choose(g, "hard", seed=1)
    assert isinstance(action, Circle) and (0, 2) in action.items


def test_hard_completes_a_column_the_other_seat_is_about_to_lock() -> None:
    mine = sheet("o....", "o....", "o....", "o....", ".....")
    theirs = sheet("o....", "o....", "o....", "o....", ".....")
    g = position([mine, theirs], "cbtgp", rolls=3)
    action = choose(g, "hard", seed=1)
    assert isinstance(action, Circle) and (4, 0) in action.items


def test_hard_takes_the_column_item_now_rather_than_count_on_reaching_it_later() -> None:
    """Five games dice: games:5 scores 2 points more now and is rarely rolled again, but games:3 also advances
    column 3, and against a seat racing for the columns an item left for later is less sure than it looks alone
    (the pace it judges by is three quarters of what hard alone reaches): it takes games:3. With the pace measured
    alone it took games:5, and lost more column races (README)."""
    mine = sheet("oo...", "oo...", "oo...", "ooo..", "oo...")
    theirs = sheet("ox...", "oo...", "oooxx", "xo...", "oo...")
    g = position([mine, theirs], "ggggg", rolls=3)
    assert choose(g, "hard", seed=1) == Circle(((1, 2),))


def test_hard_counts_a_column_s_items_at_the_column_s_value_whatever_their_row() -> None:
    """The last turn, 15 points behind: books:1 completes a row (6) and column 1's third item (3 points: 9 in all),
    books:4 completes a row (9) and column 4's third item (12: 21 in all). Only books:4 wins; had the items of
    column 1 counted by their rows (3 + 4 + 5), books:1 would have looked worth 18 and column 4's 6."""
    mine = sheet("xxxox", "...o.", ".oo..", "o....", "o....")
    theirs = sheet("ooooo", ".....", ".....", ".....", ".....")
    g = position([theirs, mine], "bbbbp", seat=1, rolls=3)
    g.end_triggered = True
    assert choose(g, "hard", seed=1) == Circle(((2, 3),))


def test_hard_plays_its_last_turn_for_the_victory_not_the_points() -> None:
    """The game's last turn, 5 points behind, one re-roll left: plants:4 now is a sure 4 points and a sure loss;
    re-rolling every die for books:3 (6 points) wins about one time in nine and scores fewer points on average."""
    mine = sheet("ooo.x", "xxxxx", "oo.xx", "xxxxx", "xxxxx")
    theirs = sheet("ooo.o", ".....", ".....", ".....", ".....")
    g = position([theirs, mine], "ppppg", seat=1, rolls=2)
    g.end_triggered = True
    assert choose(g, "hard", seed=1) == Reroll(())


def _closing_choice(theirs: str) -> object:
    """Hard as the round's last seat, one row already closed, no re-roll left, dice plants ×4 + games: plants:4
    closes its second row (10 points on the sheet, and the game ends now), games:1 keeps the game going."""
    mine = sheet("ooo.x", ".....", ".....", "xxxxx", ".....")
    return choose(position([theirs, mine], "ppppg", seat=1, rolls=3), "hard", seed=1)


def test_hard_behind_does_not_end_the_game_it_would_lose() -> None:
    """15 to its 10: ending the game now loses for sure, so hard circles games:1 and keeps a chance, though the
    other seat's open sheet promises it more points than hard in the turns to come."""
    assert _closing_choice(sheet("ooooo", ".....", ".....", ".....", ".....")) == Circle(((1, 0),))


def test_hard_ahead_ends_the_game_it_wins() -> None:
    """6 to its 10: ending the game now wins for sure, so hard closes its second row."""
    action = _closing_choice(sheet("ooo..", ".....", ".....", ".....", "....."))
    assert isinstance(action, Circle) and (0, 3) in action.items
