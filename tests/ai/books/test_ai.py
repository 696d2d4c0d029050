"""The computer players of Books: a legal step from any reachable position, for any seat that may act; the same
choice in twin games that differ only in what the seat cannot see; and normal beating easy."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.books.ai import LEVELS, choose
from engine.books.game import BooksGame


def position(players: int, seed: int, steps: int, level: int = 1) -> BooksGame:
    """A game `steps` computer steps in (normal and easy taking turns by seat), or its end if it ends sooner."""
    game = BooksGame.new(players, seed=seed, level=level)
    for step in range(steps):
        if game.is_over:
            break
        seat = min(game.to_act)
        game.apply(choose(game, ("normal", "easy")[seat % 2], seed=step, seat=seat), seat)
    return game


def played_out(levels: tuple[str, ...], seed: int, level: int = 1) -> BooksGame:
    game = BooksGame.new(len(levels), seed=seed, level=level)
    for step in range(3000):
        if game.is_over:
            return game
        seat = min(game.to_act)
        game.apply(choose(game, levels[seat], seed=seed * 7919 + step, seat=seat), seat)
    raise AssertionError("the computers did not finish the game in 3000 steps")


def twin(game: BooksGame, seat: int, seed: int) -> BooksGame:
    """The same game as `seat` sees it with everything it cannot see dealt again: the other seats' hands and dealt
    cards swapped with cards of the Little Projects deck, the decks (and Penelope's) shuffled, and other draws to
    come from the bag."""
    other = game.copy()
    rng = random.Random(seed)
    for s, player in enumerate(other.players):
        if s == seat:
            continue
        for cards in (player.hand, player.dealt):
            for i in range(len(cards)):
                if other.lp_deck:
                    j = rng.randrange(len(other.lp_deck))
                    cards[i], other.lp_deck[j] = other.lp_deck[j], cards[i]
    rng.shuffle(other.lp_deck)
    rng.shuffle(other.ns_deck)
    if other.penelope is not None:
        rng.shuffle(other.penelope.deck)
    other.seed = game.seed + 1 + seed
    return other


@pytest.mark.parametrize("level", sorted(LEVELS))
@settings(max_examples=10, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 10**6), steps=st.integers(0, 150), choice=st.integers(0, 2**32))
def test_every_choice_is_a_legal_step_for_the_seat_asked(level: str, players: int, seed: int, steps: int,
                                                         choice: int) -> None:
    game = position(players, seed, steps)
    if game.is_over:
        return
    for seat in sorted(game.to_act):
        action = choose(game, level, seed=choice, seat=seat)
        game.check(action, seat)
        assert choose(game.copy(), level, seed=choice, seat=seat) == action, "same position and seed, same step"


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("players, steps", [(2, 0), (2, 23), (3, 41), (4, 60), (1, 5), (1, 11)])
def test_a_choice_ignores_what_the_seat_cannot_see(level: str, players: int, steps: int) -> None:
    game = position(players, players * 31 + steps, steps, level=2)
    assert not game.is_over, "pick a position of a game still going"
    for seat in sorted(game.to_act):
        other = twin(game, seat, seed=steps)
        assert other.view(seat) == game.view(seat) and other.to_dict() != game.to_dict()
        for seed in (1, 2):
            assert choose(other, level, seed=seed, seat=seat) == choose(game, level, seed=seed, seat=seat)


def test_a_seat_that_may_not_act_is_refused() -> None:
    game = position(2, 5, 12)
    idle = next(s for s in range(2) if s not in game.to_act)
    with pytest.raises(ValueError, match="may not act"):
        choose(game, "normal", seed=1, seat=idle)


def test_normal_beats_easy() -> None:
    wins = 0
    for seed in range(4):
        levels = ("normal", "easy") if seed % 2 == 0 else ("easy", "normal")
        outcome = played_out(levels, seed).outcome()
        assert outcome is not None
        wins += levels.index("normal") in outcome.winners
    assert wins >= 3


@pytest.mark.parametrize(("level", "seed"), [("expert", 1), ("normal", None), ("easy", True), ("normal", 1.5)])
def test_bad_levels_and_seeds_are_refused(level: str, seed: object) -> None:
    with pytest.raises(ValueError):
        choose(BooksGame.new(2, seed=1), level, seed=seed)  # type: ignore[arg-type]
