"""Invariants over random play in which every seat holds powers of the genres in play and uses them: cards are
conserved, refused choices change nothing, no view shows a card its seat may not know, the game ends, and the
state round-trips through JSON and replays from its log."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.librarians import (
    BOOKS,
    COLOURS,
    GENRES,
    RED,
    Choose,
    EndTurn,
    IllegalAction,
    LibrariansGame,
    UsePower,
    colour_of,
    parse_action,
)
from engine.librarians.ai import choose
from engine.librarians.pending import read_option

genre_sets = st.fixed_dictionaries({colour: st.sampled_from((*GENRES[colour], "random")) for colour in COLOURS})
setups = st.tuples(st.integers(2, 5), st.integers(0, 2**32 - 1), genre_sets)
rngs = st.randoms(use_true_random=False)
few = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOKENS = ("done", "up", "down", "top", "bottom", "row:1", "row:9", "column:1", "card:0", "card:65", "place:1:1",
          "place:1:-1", "place:9:9", "seat:1", "seat:7")


def _with_powers(players: int, seed: int, genres: dict[str, str]) -> LibrariansGame:
    """A new game in which every seat holds a card of each non-red colour the deck still has, usable now."""
    g = LibrariansGame.new(players, seed=seed, genres=genres)
    for seat in range(players):
        for colour in range(len(COLOURS)):
            card = next((c for c in g.deck if colour_of(c) == colour), None)
            if colour != RED and card is not None:
                g.deck.remove(card)
                g.held[seat].append(card)
    return g


def _every_card(g: LibrariansGame) -> list[int]:
    return sorted(g.deck + list(g.library.cards()) + g.discard
                  + [c for hand in g.hands for c in hand] + [c for held in g.held for c in held])


def _random_action(g: LibrariansGame, rng: random.Random, tries: int):
    """Often a held power, else a random legal action; after `tries` actions in one turn, the easy teammate's
    (it finds a way to end the turn, so a random walk of plays and undos does not hold the game up)."""
    actions = g.legal_actions()
    powers = [a for a in actions if isinstance(a, UsePower)]
    if powers and rng.random() < 0.3:
        return rng.choice(powers)
    if EndTurn() in actions and rng.random() < 0.7:
        return EndTurn()
    return rng.choice(actions) if tries < 20 else choose(g, "easy", seed=tries)


def _secrets_kept(g: LibrariansGame, viewer: int) -> None:
    """The viewer sees its own hand and the known cards, never another hand's or the deck's other cards."""
    view = g.view(viewer)
    hidden = [c for s, hand in enumerate(g.hands) if s != viewer for c in hand] + g.deck
    assert all(view.card(c) is None for c in hidden if c not in g.known)
    assert [card.id for card in view.hand] == g.hands[viewer]
    assert [[card.id for card in known] for known in view.known_hands] == [
        [c for c in hand if c in g.known] for hand in g.hands]
    if view.pending is not None and view.pending.seat != viewer:
        offered = {read_option(option)[1] for option in view.pending.options if option.startswith("card:")}
        assert not offered & set(hidden) - g.known, "another seat's step shows none of the actor's hidden cards"
        assert view.pending.data == ()


@few
@given(setups, rngs)
def test_random_play_with_powers_conserves_cards_keeps_secrets_ends_and_replays(setup, rng) -> None:
    players, seed, genres = setup
    g = _with_powers(players, seed, genres)
    log: list[tuple[int, str]] = []
    used = tries = 0
    for _ in range(4000):
        if g.is_over:
            break
        (seat,) = g.to_act
        if g.pending is not None:
            token = rng.choice(TOKENS)
            if token not in g.pending.options:
                before = g.to_dict()
                try:
                    g.apply(Choose(token), seat)
                except IllegalAction as refused:
                    assert refused.code == "not_an_option" and g.to_dict() == before
                else:
                    raise AssertionError(f"{token} was accepted though not an option")
        action = _random_action(g, rng, tries)
        used += isinstance(action, UsePower)
        turn = g.turn
        g.apply(action, seat)
        tries = tries + 1 if g.turn == turn else 0
        log.append((seat, str(action)))
        assert _every_card(g) == list(range(BOOKS))
        _secrets_kept(g, rng.randrange(players))
    assert g.is_over and used > 0
    replay = _with_powers(players, seed, genres)
    for seat, text in log:
        replay.apply(parse_action(text), seat)
    assert replay == g
    assert LibrariansGame.from_dict(json.loads(json.dumps(g.to_dict()))) == g
