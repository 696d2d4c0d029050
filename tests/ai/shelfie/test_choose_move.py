"""The computer players: legal, reproducible, blind to hidden information, and better than chance."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.shelfie import Game
from engine.shelfie.ai import LEVELS, choose_move, explain_move
from tests.positions import random_position

positions = st.builds(
    random_position,
    players=st.integers(2, 4),
    seed=st.integers(0, 10**6),
    turns=st.integers(0, 60),
    first_game=st.booleans(),
    refill=st.sampled_from(["isolated", "four_or_fewer"]),
).filter(lambda g: not g.is_over)


@pytest.mark.parametrize("level", ["easy", "normal"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(game=positions, seed=st.integers(0, 2**32))
def test_fast_levels_return_a_legal_move(level: str, game: Game, seed: int) -> None:
    move = choose_move(game, level, seed=seed)
    assert move in game.legal_moves()


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(game=positions, seed=st.integers(0, 2**32))
def test_hard_returns_a_legal_move(game: Game, seed: int) -> None:
    move = choose_move(game, "hard", seed=seed)
    assert move in game.legal_moves()


def test_the_chosen_move_can_be_played_to_the_end_of_the_game() -> None:
    game = Game.new(3, seed=7)
    levels = ["easy", "normal", "easy"]
    while not game.is_over:
        game.apply(choose_move(game, levels[game.current_seat], seed=game.turn))
    assert game.winner is not None


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_same_seed_same_move(level: str) -> None:
    game = random_position(2, seed=11, turns=6)
    assert choose_move(game, level, seed=5) == choose_move(game.copy(), level, seed=5)


def with_other_secrets(game: Game, seed: int) -> Game:
    """The same public position with different hidden parts: others' personal goals, bag order, random state."""
    state = game.to_dict()
    rng = random.Random(seed)
    me = game.current_seat
    mine = state["personal"][me]
    others = rng.sample([i for i in range(12) if i != mine], game.n_players - 1)
    state["personal"] = [mine if s == me else others.pop() for s in range(game.n_players)]
    bag = list(state["bag"])
    rng.shuffle(bag)
    state["bag"] = "".join(bag)
    version, internal, gauss = random.Random(seed + 1).getstate()
    state["rng"] = [version, list(internal), gauss]
    return Game.from_dict(state)


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("players,turns", [(2, 5), (3, 14), (4, 9)])
def test_decisions_ignore_hidden_information(level: str, players: int, turns: int) -> None:
    game = random_position(players, seed=players * 100 + turns, turns=turns)
    twin = with_other_secrets(game, seed=99)
    assert twin.view(twin.current_seat) == game.view(game.current_seat)
    assert twin.to_dict() != game.to_dict()
    for seed in (1, 2):
        assert choose_move(twin, level, seed=seed) == choose_move(game, level, seed=seed)


def test_unknown_level_is_refused_clearly() -> None:
    game = Game.new(2, seed=1)
    with pytest.raises(ValueError, match="'expert'.*easy, normal, hard"):
        choose_move(game, "expert", seed=1)


@pytest.mark.parametrize("level", [None, 1, ("normal",)])
def test_a_level_that_is_not_text_is_refused_clearly(level: object) -> None:
    game = Game.new(2, seed=1)
    before = game.to_dict()
    with pytest.raises(ValueError, match="unknown computer level.*easy, normal, hard"):
        choose_move(game, level, seed=1)  # type: ignore[arg-type]
    assert game.to_dict() == before


@pytest.mark.parametrize("seed", [None, True, 1.0, "1"])
def test_a_seed_that_is_not_an_int_is_refused_clearly(seed: object) -> None:
    game = Game.new(2, seed=1)
    before = game.to_dict()
    with pytest.raises(ValueError, match="seed must be an int"):
        choose_move(game, "easy", seed=seed)  # type: ignore[arg-type]
    assert game.to_dict() == before


def test_a_finished_game_has_no_move_to_choose() -> None:
    game = Game.new(2, seed=1)
    game.resign(1)
    with pytest.raises(ValueError, match="over"):
        choose_move(game, "normal", seed=1)


def play(levels: list[str], seed: int) -> list[int]:
    game = Game.new(len(levels), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        level = levels[game.current_seat]
        if level == "random":
            move = rng.choice(game.legal_moves())
        else:
            move = choose_move(game, level, seed=rng.getrandbits(32))
        game.apply(move)
    return [game.score_breakdown(s)["total"] for s in range(game.n_players)]


def test_normal_beats_a_random_player() -> None:
    for seed in range(6):
        levels = ["normal", "random"] if seed % 2 == 0 else ["random", "normal"]
        scores = play(levels, seed)
        normal = levels.index("normal")
        assert scores[normal] > scores[1 - normal]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(game=positions, seed=st.integers(0, 2**32))
def test_explanation_matches_what_the_move_scores(game: Game, seed: int) -> None:
    move = choose_move(game, "normal", seed=seed)
    why = explain_move(game, move)
    seat = game.current_seat
    before = game.score_breakdown(seat)
    report = game.apply(move)
    after = game.score_breakdown(seat)
    assert why["points_now"] == after["total"] - before["total"]
    assert why["adjacency_delta"] == after["adjacency"] - before["adjacency"]
    assert why["personal_points_delta"] == after["personal"] - before["personal"]
    assert why["tokens"] == list(report.tokens)
    assert why["end_token"] == report.end_token
    assert why["rank"] == 1


def last_turn(seed: int) -> Game:
    """A two-player game where seat 0 has filled its shelf, so seat 1 plays the game's last turn."""
    game = Game.new(2, seed=seed)
    while True:
        game.apply(choose_move(game, "normal", seed=game.turn))
        if game.is_over:
            return last_turn(seed + 1000)
        if game.end_token_seat == 0:
            return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_on_the_last_turn_normal_takes_the_most_points(seed: int) -> None:
    game = last_turn(seed)

    def gained(move) -> int:
        after = game.copy()
        after.apply(move)
        return after.score_breakdown(1)["total"] - game.score_breakdown(1)["total"]

    best = max(gained(m) for m in game.legal_moves())
    assert gained(choose_move(game, "normal", seed=0)) == best
