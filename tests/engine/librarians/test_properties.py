"""Invariants over random legal play: every card somewhere exactly once, legal spots accepted and every other
refused with nothing changed, games end, states round-trip through JSON and replay from their log."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.librarians import BOOKS, COLOURS, EndTurn, IllegalAction, LibrariansGame, Play, parse_action

setups = st.tuples(st.integers(2, 6), st.integers(0, 2**32 - 1))
rngs = st.randoms(use_true_random=False)
few = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _every_card(g: LibrariansGame) -> list[int]:
    return sorted(g.deck + list(g.library.cards()) + g.discard
                  + [c for hand in g.hands for c in hand] + [c for held in g.held for c in held])


def _random_action(g: LibrariansGame, rng: random.Random):
    """A random legal action that keeps a legal end of turn in reach (a player who lays cards where no order of
    the rest can join them up only undoes them again), ending the turn most times it may."""
    actions = g.legal_actions()
    if EndTurn() in actions and rng.random() < 0.7:
        return EndTurn()
    rng.shuffle(actions)
    for action in actions:
        trial = g.copy()
        trial.apply(action)
        if trial.is_over or trial.phase != "play" or trial.finishing_plan() is not None:
            return action
    raise AssertionError("no legal action keeps the turn finishable")


def _play_out(g: LibrariansGame, rng: random.Random, limit: int = 4000) -> list[tuple[int, str]]:
    log = []
    for _ in range(limit):
        if g.is_over:
            return log
        (seat,) = g.to_act
        action = _random_action(g, rng)
        g.apply(action, seat)
        log.append((seat, str(action)))
        assert _every_card(g) == list(range(BOOKS))
    raise AssertionError("the game did not end")


@few
@given(setups, rngs)
def test_random_legal_play_ends_conserves_cards_and_replays_from_its_log(setup, rng) -> None:
    players, seed = setup
    g = LibrariansGame.new(players, seed=seed)
    log = _play_out(g, rng)
    outcome = g.outcome()
    assert outcome is not None and outcome.shared == (g.result == "won")
    assert outcome.scores == (g.cards_not_played(),) * players == (outcome.result,) * players
    assert (g.result == "won") == (outcome.result == 0) and dict(outcome.setup) == dict(zip(COLOURS, g.genres))
    replay = LibrariansGame.new(players, seed=seed)
    for seat, text in log:
        replay.apply(parse_action(text), seat)
    assert replay == g
    assert LibrariansGame.from_dict(json.loads(json.dumps(g.to_dict()))) == g


@few
@given(setups, rngs, st.integers(0, 30))
def test_every_legal_spot_is_accepted_and_every_other_place_refused_with_nothing_changed(setup, rng, steps) -> None:
    players, seed = setup
    g = LibrariansGame.new(players, seed=seed)
    for _ in range(steps):
        if g.is_over or g.phase != "play":
            break
        g.apply(_random_action(g, rng))
    if g.is_over or g.phase != "play":
        return
    before = g.to_dict()
    assert LibrariansGame.from_dict(json.loads(json.dumps(before))) == g
    for card in g.hands[g.current_seat]:
        legal = set(g.legal_places(card))
        assert [g.spots()[n - 1] for n in g.legal_spots(card)] == g.legal_places(card)
        lo, hi = g.library.extent()
        for r in range(-1, len(g.library.rows) + 1):
            for x in range(lo - 3, hi + 4):
                trial = g.copy()
                if (r, x) in legal:
                    trial.apply(Play(card, (r, x)))
                    assert trial.library.top((r, x)) == card or card in trial.discard
                else:
                    try:
                        trial.apply(Play(card, (r, x)))
                    except IllegalAction:
                        assert trial.to_dict() == before
                    else:
                        raise AssertionError(f"{(r, x)} was accepted for {g.card_text(card)}")
    assert g.to_dict() == before
