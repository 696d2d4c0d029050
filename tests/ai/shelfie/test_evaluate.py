"""The shelf model's incremental scoring agrees with the engine's own scoring of the same shelf."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.shelfie import COMMON_GOALS, PERSONAL_GOALS, TILE_TYPES, Bookshelf, adjacency_score
from engine.shelfie.ai.evaluate import SeatContext, ShelfModel, Weights, after_placing

# With no promise at all (open groups worth their points, no hope, nothing per tile) a gain is exact points.
EXACT = Weights(open_group=(0, 0, 0, 2, 3, 5, 8), personal_hope=0.0, tile_value=0.0, goal_hope=0.0)


def random_shelf(rng: random.Random, kinds: str) -> list[str]:
    shelf = Bookshelf()
    for col in range(5):
        shelf.place(col, [rng.choice(kinds) for _ in range(rng.randint(0, 6))])
    return shelf.grid


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**9), kinds=st.sampled_from(["CB", "CBG", TILE_TYPES]),
       personal=st.integers(0, 11), goals=st.lists(st.sampled_from(sorted(COMMON_GOALS)), min_size=1, max_size=2,
                                                   unique=True))
def test_gain_is_the_exact_change_in_points(seed: int, kinds: str, personal: int, goals: list[str]) -> None:
    rng = random.Random(seed)
    grid = random_shelf(rng, kinds)
    before = Bookshelf(grid.copy())
    column = rng.choice([c for c in range(5) if before.free(c)] or [0])
    if before.free(column) == 0:
        return
    placed = "".join(rng.choice(kinds) for _ in range(rng.randint(1, min(3, before.free(column)))))
    after = Bookshelf(after_placing(grid, column, placed))
    open_goals = [g for g in goals if not COMMON_GOALS[g].is_met(before)]
    ctx = SeatContext(personal, tuple((g, 8) for g in open_goals), end_token_open=True, weights=EXACT)
    goal = PERSONAL_GOALS[personal]
    expected = (
        adjacency_score(after) - adjacency_score(before) + goal.score(after) - goal.score(before)
        + sum(8 for g in open_goals if COMMON_GOALS[g].is_met(after))
        + (1 if after.is_full else 0)
    )
    assert ShelfModel(grid, ctx).gain(column, placed) == expected


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 10**9), personal=st.integers(0, 11))
def test_a_model_asked_many_placements_answers_each_as_a_fresh_model_would(seed: int, personal: int) -> None:
    """Search asks one shelf model thousands of placements and it remembers them: no answer may leak into another."""
    rng = random.Random(seed)
    grid = random_shelf(rng, TILE_TYPES)
    ctx = SeatContext(personal, (("six_pairs", 8), ("eight_same", 4)), end_token_open=True)
    shared = ShelfModel(grid.copy(), ctx)
    asks = [(c, "".join(rng.choice(TILE_TYPES) for _ in range(k))) for c in range(5) for k in (1, 2, 3)
            if shared.free[c] >= k] * 2
    rng.shuffle(asks)
    for column, placed in asks:
        assert shared.gain(column, placed) == ShelfModel(grid.copy(), ctx).gain(column, placed)
