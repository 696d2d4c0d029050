"""Invariants over random games: termination, refusals change nothing, persistence, replay, secrecy."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dice import (
    DESCRIPTION,
    Action,
    Circle,
    Cross,
    DiceGame,
    IllegalAction,
    Reroll,
    Roll,
    parse_action,
)

setups = st.tuples(st.integers(2, 4), st.integers(0, 2**32 - 1), st.sampled_from((5, 6)), st.booleans())
rngs = st.randoms(use_true_random=False)
few = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _new(setup: tuple[int, int, int, bool]) -> DiceGame:
    players, seed, dice, row_lock = setup
    return DiceGame.new(players, seed=seed, dice=dice, row_lock=row_lock)


def _turns_taken(g: DiceGame, rng: random.Random) -> list[int]:
    """Plays random legal actions to the end; turns each seat had (played or skipped with nothing open)."""
    turns = [0] * g.n_players
    for _ in range(5000):
        if g.is_over:
            return turns
        report = g.apply(rng.choice(g.legal_actions()))
        turns[report.seat] += report.turn_over
        for seat in report.skipped:
            turns[seat] += 1
    raise AssertionError("the game did not end")


def _any_action(rng: random.Random) -> Action:
    kind = rng.randrange(4)
    if kind == 0:
        return Roll()
    if kind == 1:
        return Reroll(tuple(sorted(rng.sample(range(7), rng.randrange(7)))))
    if kind == 2:
        return Circle(tuple(sorted({(rng.randrange(5), rng.randrange(5)) for _ in range(rng.randint(1, 4))})))
    return Cross(rng.randrange(6))


@few
@given(setups, rngs)
def test_random_legal_play_always_ends_with_everyone_playing_as_often(setup, rng) -> None:
    g = _new(setup)
    turns = _turns_taken(g, rng)
    assert len(set(turns)) == 1
    outcome = g.outcome()
    assert outcome is not None and outcome.winners
    top = max(outcome.scores)
    assert outcome.winners == {s for s in range(g.n_players) if outcome.scores[s] == top}


@few
@given(setups, rngs)
def test_every_refused_action_changes_nothing(setup, rng) -> None:
    g = _new(setup)
    for _ in range(300):
        if g.is_over:
            break
        action = _any_action(rng)
        before = g.to_dict()
        legal = action in g.legal_actions()
        try:
            g.apply(action, rng.choice([None, g.current_seat, (g.current_seat + 1) % g.n_players]))
        except IllegalAction:
            assert g.to_dict() == before
        else:
            assert legal


@few
@given(setups, rngs)
def test_json_round_trip_and_replay_from_the_log_at_every_step(setup, rng) -> None:
    g = _new(setup)
    log = []
    while not g.is_over:
        before, copy = g.to_dict(), g.copy()
        action = rng.choice(g.legal_actions())
        g.apply(action)
        log.append(str(action))
        assert copy.to_dict() == before != g.to_dict()
        restored = DiceGame.from_dict(json.loads(json.dumps(g.to_dict())))
        assert restored == g and restored.to_dict() == g.to_dict()
    replay = _new(setup)
    for text in log:
        replay.apply(parse_action(text))
    assert replay == g and replay.outcome() == g.outcome()


def test_the_same_seed_rolls_the_same_dice_and_another_seed_does_not() -> None:
    rolls = []
    for seed in (5, 5, 6):
        g = DiceGame.new(2, seed=seed, dice=6)
        g.apply(Roll())
        g.apply(Reroll((0,)))
        rolls.append(g.dice)
    assert rolls[0] == rolls[1] != rolls[2]


def test_a_view_shows_everything_but_what_predicts_the_next_roll() -> None:
    a, b = DiceGame.new(3, seed=1), DiceGame.new(3, seed=2)
    a.apply(Roll())
    b.dice, b.rolls, b.roll_count = a.dice, a.rolls, 40
    assert a.view(0) == b.view(0) and a.view(2) == b.view(2)
    fields = {f.name for f in dataclasses.fields(a.view(0))}
    assert {"sheets", "dice", "kept", "current_seat", "locks"} <= fields
    assert not fields & {"seed", "roll_count", "rng"}


@pytest.mark.parametrize(("field", "bad"), [
    ("n_players", 5), ("seed", "x"), ("dice_count", 4), ("row_lock", "yes"), ("sheets", ["." * 25]),
    ("sheets", ["." * 24, "." * 25]), ("sheets", ["?" * 25, "." * 25]), ("rolls", 4), ("dice", [0, 1, 2, 9, 1]),
    ("dice", [0, 1]), ("kept", [0, 0]), ("roll_count", -1), ("current_seat", 2), ("turn", 1.5),
    ("end_triggered", 0), ("over", None), ("resigned", [3]), ("locks", [["diagonal", 0, 0]]),
    ("locks", [["column", 5, 0]]), ("last_report", {"seat": 0}), ("last_report", {"action": "jump"}),
])
def test_a_damaged_state_is_refused_naming_the_field(field: str, bad: object) -> None:
    g = DiceGame.new(2, seed=9)
    g.apply(Roll())
    g.apply(Reroll((1,)))
    state = json.loads(json.dumps(g.to_dict()))
    state[field] = bad
    with pytest.raises(ValueError, match=field):
        DiceGame.from_dict(state)


@pytest.mark.parametrize("state", [None, [], {"game": "shelfie", "version": 1}, {"game": "dice", "version": 2}])
def test_something_else_than_a_state_is_refused(state: object) -> None:
    with pytest.raises(ValueError):
        DiceGame.from_dict(state)  # type: ignore[arg-type]


def test_the_description_names_the_game_its_players_and_typed_options() -> None:
    assert DESCRIPTION.key == "dice"
    assert DESCRIPTION.names["en"] == "My Shelfie: The Dice Game" and DESCRIPTION.names["it"]
    assert (DESCRIPTION.min_players, DESCRIPTION.max_players) == (2, 4)
    assert DESCRIPTION.check_options({}) == {"dice": 5, "row_lock": False}
    options = DESCRIPTION.check_options({"dice": 6, "row_lock": True})
    assert DiceGame.new(2, seed=1, **options).dice_count == 6
    for bad in ({"dice": 7}, {"dice": True}, {"row_lock": 1}, {"colour": "red"}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            DESCRIPTION.check_options(bad)


@pytest.mark.parametrize("kwargs", [{"n_players": 1}, {"n_players": 5}, {"dice": 4}, {"row_lock": "no"}])
def test_new_refuses_what_the_description_does_not_allow(kwargs: dict) -> None:
    args = {"n_players": 2, "seed": 1} | kwargs
    with pytest.raises(ValueError):
        DiceGame.new(args.pop("n_players"), **args)
