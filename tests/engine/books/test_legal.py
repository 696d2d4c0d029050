"""`legal_actions` takes shortcuts for speed — Gather's and Sort's candidates built from the limits the rules check
(not tried), the others tried on the action's own rules only (`check` too: what follows an accepted action never
refuses) — so it is compared here with the straightforward enumeration: every candidate played as a whole step on
a copy of the game. The two lists are the same, in the same order, in positions reached at random and by the
computer players, 1-4 seats and solo, and in a hand-made one with both tokens on a stack of 7."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.books import Action, BooksError, Keep, Sort
from engine.books.ai import choose
from engine.books.game import BooksGame
from engine.books.legal import _candidates
from engine.books.steps import actor, expected, play
from tests.engine.books.play import empty, kept, lay
from tests.engine.books.test_properties import stranger_actions


COMPARED = 4
"""Every how many steps the listing is compared (the straightforward enumeration is slow: that is why it is not
how the game lists)."""


def whole_step_accepts(game: BooksGame, action: Action, seat: int | None) -> bool:
    try:
        play(game.copy(), action, seat)
    except BooksError:
        return False
    return True


def straightforward(game: BooksGame) -> list[Action]:
    """The keep-3 choices as listed, then every distinct candidate that a whole step accepts."""
    keeps = [action for action in game.legal_actions() if isinstance(action, Keep)]
    who = actor(game)
    if game.is_over or game.players[who].dealt:
        return keeps
    candidates = dict.fromkeys(_candidates(game, who, expected(game)))
    return keeps + [action for action in candidates if whole_step_accepts(game, action, who)]


def check_agrees(game: BooksGame, action: Action, seat: int | None) -> None:
    try:
        game.check(action, seat)
        checked = True
    except BooksError:
        checked = False
    assert checked == whole_step_accepts(game, action, seat), f"check and the whole step differ on {action}"


@settings(max_examples=10, deadline=None, derandomize=True)
@given(players=st.integers(1, 4), seed=st.integers(0, 10**6), level=st.integers(1, 5),
       steps=st.integers(1, 80), computer=st.booleans())
def test_the_listing_is_the_whole_steps_accepted_among_the_candidates(players: int, seed: int, level: int,
                                                                      steps: int, computer: bool) -> None:
    game = BooksGame.new(players, seed=seed, level=level)
    rng = random.Random(seed)
    for step in range(steps):
        if game.is_over:
            break
        listed = game.legal_actions()
        if step % COMPARED == 0:
            assert listed == straightforward(game)
        for stranger in stranger_actions(game, rng):
            check_agrees(game, stranger, rng.randrange(game.n_players))
        seat = rng.choice(sorted(game.to_act))
        if computer:
            action = choose(game, ("normal", "easy")[seat % 2], seed=rng.getrandbits(32), seat=seat)
        else:
            mine = [a for a in listed if not isinstance(a, Keep) or a.cards[0] in game.players[seat].dealt]
            action = rng.choice(mine or listed)
            seat = actor(game) if not isinstance(action, Keep) else seat
        game.apply(action, seat)


def test_sorts_that_move_the_tokens_off_a_tall_stack_are_listed_as_the_whole_step_accepts_them() -> None:
    game = kept(2, seed=3)
    seat = game.current
    empty(game, seat)
    lay(game, seat, {"B2": "RGBYRGB", "A1": "RRRRR", "C1": "GGGGGG"})
    apartment = game.players[seat].apartment
    apartment.bookend = apartment.lamp = "B2"
    game.supply.bookend = game.supply.lamp = False
    listed = game.legal_actions()
    assert listed == straightforward(game)
    moved = [a for a in listed if isinstance(a, Sort) and a.tokens]
    assert moved and all(a.source == "B2" and {t for t, _ in a.tokens} == {"bookend", "lamp"} for a in moved)
