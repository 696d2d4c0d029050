"""Every level of every registered game (read from the registry, so a new level or game is tested as soon as it
is registered): from any reachable state it returns a legal action for each seat that may act, the same one for
the same state and seed; and it plays fair — a twin game that differs only in what the seat cannot see gets the
same choice.

Reachable states: a new game with players and lobby options drawn from the game's description, played some
steps by the game's weakest computer level at random seeds. Few examples a level, fewer for hard
(its budget is measured in the bench, not here)."""
from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.protocol import AnyState, GameRules
from engine.registry import GAMES
from tests.ai.twins import TWINS

LEVELS = [(kind, level) for kind, rules in GAMES.items() for level in rules.levels]
MAX_STEPS = {"shelfie": 60, "dice": 200, "librarians": 80, "books": 150}
"""How far into a game the states reach (a game of other kinds: 100 steps)."""


def _examples(level: str) -> int:
    return 3 if level == "hard" else 6


def _options(rules: GameRules[Any, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Any lobby options the game's description allows."""
    return st.fixed_dictionaries({spec.name: st.booleans() if spec.type == "bool" else st.sampled_from(spec.choices)
                                  for spec in rules.description.options})


@st.composite
def reachable(draw: st.DrawFn, kind: str) -> AnyState:
    """A state still going, reached from a drawn start by the game's weakest computer level."""
    rules = GAMES[kind]
    d = rules.description
    players = draw(st.integers(d.min_players, d.max_players))
    seed = draw(st.integers(0, 2**31))
    steps = draw(st.integers(0, MAX_STEPS.get(kind, 100)))
    state = rules.new(players, seed, rules.description.check_options(draw(_options(rules))))
    rng = random.Random(seed)
    for _ in range(steps):
        seat = min(state.to_act)
        following = state.copy()
        following.apply(rules.choose(state, rules.levels[0], rng.getrandbits(32), seat), seat)
        if following.is_over:
            break
        state = following
    return state


def test_every_game_has_its_fair_play_twins() -> None:
    assert sorted(TWINS) == sorted(GAMES), "tests/ai/twins.py needs a twin maker for every registered game"


@pytest.mark.parametrize("kind, level", LEVELS)
def test_every_level_returns_a_legal_action_from_any_reachable_state(kind: str, level: str) -> None:
    rules = GAMES[kind]

    @settings(max_examples=_examples(level), deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(state=reachable(kind), choice=st.integers(0, 2**32 - 1))
    def check(state: AnyState, choice: int) -> None:
        for seat in sorted(state.to_act):
            state.check(rules.choose(state, level, choice, seat), seat)
        seat = min(state.to_act)
        assert rules.choose(state.copy(), level, choice, seat) == rules.choose(state, level, choice, seat), \
            "same state and seed, same choice"

    check()


@pytest.mark.parametrize("kind, level", LEVELS)
def test_every_level_chooses_alike_in_twins_that_differ_only_in_what_the_seat_cannot_see(kind: str,
                                                                                       level: str) -> None:
    rules = GAMES[kind]
    twins = TWINS[kind]

    @settings(max_examples=_examples(level), deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(state=reachable(kind), twin_seed=st.integers(0, 10**6), choice=st.integers(0, 2**32 - 1))
    def check(state: AnyState, twin_seed: int, choice: int) -> None:
        seat = min(state.to_act)
        twin = twins.make(state, seat, twin_seed)
        assert twins.same_view(state, twin, seat), "the twin looks the same from the seat"
        assert twin.to_dict() != state.to_dict(), "the twin differs in what the seat cannot see"
        assert rules.choose(twin, level, choice, seat) == rules.choose(state, level, choice, seat)

    check()
