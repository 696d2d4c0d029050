"""What holds in every position a game of Books can reach, played at random or by the computer players, 1-4 seats
and solo: the 128 books are all somewhere, no stack passes its limit, batteries stay within 0-20, every legal
action is accepted and a refused one changes nothing, the state survives JSON mid-turn, the text log replays it,
and every game ends."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.books import (
    Action,
    Bookstore,
    BooksError,
    Discard,
    Gather,
    Keep,
    Read,
    Sort,
    Take,
    parse_action,
)
from engine.books.ai import choose
from engine.books.data import BOOKS_PER_COLOUR, COLOURS, PROJECTS, SPACES, STACK_HEIGHT, SUPPLY, WILD
from engine.books.game import BooksGame

MAX_STEPS = 3000
"""Steps a played-out game may take before the test calls it endless (games take a few hundred)."""


def books_everywhere(game: BooksGame) -> dict[str, int]:
    """Every book by where it is: the bag, the shelves, the grids and backpacks, Penelope's pile, and books
    drawn and waiting for a choice (the Library's)."""
    pending = game.pending.books if game.pending is not None else ""
    penelope = game.penelope.books if game.penelope is not None else ""
    places = {
        "bag": sum(game.bag.values()),
        "shelves": sum(len(shelf.books) for shelf in game.village.shelves),
        "grids": sum(len(stack) for p in game.players for stack in p.apartment.stacks.values()),
        "backpacks": sum(len(stack) for p in game.players for stack in p.apartment.backpack),
        "penelope": len(penelope),
        "pending": len(pending),
    }
    wilds = sum(stack.count(WILD) for p in game.players
                for stack in [*p.apartment.stacks.values(), *p.apartment.backpack]) + pending.count(WILD)
    places["wilds"] = wilds
    return places


def assert_invariants(game: BooksGame) -> None:
    places = books_everywhere(game)
    wilds = places.pop("wilds")
    assert sum(places.values()) - wilds == BOOKS_PER_COLOUR * len(COLOURS), places
    assert wilds + game.supply.wilds == SUPPLY["wilds"]
    for player in game.players:
        apartment = player.apartment
        for space in SPACES:
            assert len(apartment.stacks[space]) <= apartment.limit(space), (space, apartment.stacks[space])
        assert all(len(stack) <= STACK_HEIGHT for stack in apartment.backpack)
        assert 0 <= player.battery <= 20


def random_step(game: BooksGame, actions: list[Action], rng: random.Random) -> tuple[int, Action]:
    """A seat that may act and one of `actions` (the legal ones), the kind of action drawn first (so a Leave is as
    likely as one of the hundreds of Gathers)."""
    kinds: dict[str, list[Action]] = {}
    for action in actions:
        kinds.setdefault(type(action).__name__, []).append(action)
    action = rng.choice(kinds[rng.choice(sorted(kinds))])
    seat = next(s for s in sorted(game.to_act) if accepts(game, action, s))
    return seat, action


def accepts(game: BooksGame, action: Action, seat: int) -> bool:
    try:
        game.check(action, seat)
    except BooksError:
        return False
    return True


def stranger_actions(game: BooksGame, rng: random.Random) -> list[Action]:
    """Actions drawn with no regard to the rules: most are refused, some happen to be legal."""
    spaces = list(SPACES)
    cards = sorted(PROJECTS)
    return [
        Gather(tuple(rng.sample(spaces, rng.randint(1, 3))), rng.choice(spaces)),
        Sort(rng.choice(spaces), ((rng.choice(COLOURS), rng.choice(spaces)),)),
        Read(rng.choice(spaces), rng.randint(1, 7)),
        Bookstore(rng.choice("LCR"), ((rng.choice(COLOURS), "P1"),)),
        Keep(tuple(rng.sample(cards, 3))),
        Discard((rng.choice(cards),)),
        Take(((rng.choice(COLOURS), rng.choice(["P1", "P2", *spaces])),)),
    ]


def play_out(game: BooksGame, rng: random.Random, steps: int, levels: tuple[str, ...] | None,
             log: list[tuple[int, str]]) -> None:
    """Up to `steps` steps, at random (levels None: a few legal actions are checked at each position) or by the
    computer players at `levels` by seat, checking the invariants and a few refusals at each position."""
    for _ in range(steps):
        if game.is_over:
            return
        assert_invariants(game)
        if levels is None:
            actions = game.legal_actions()
            assert actions, "a game not over has a legal action"
            for legal in rng.sample(actions, min(3, len(actions))):
                game.check(legal)
            seat, action = random_step(game, actions, rng)
        else:
            seat = rng.choice(sorted(game.to_act))
            action = choose(game, levels[seat % len(levels)], seed=rng.getrandbits(32), seat=seat)
        for stranger in stranger_actions(game, rng):
            someone = rng.randrange(game.n_players)
            if not accepts(game, stranger, someone):
                before = game.to_dict()
                with pytest.raises(BooksError):
                    game.apply(stranger, someone)
                assert game.to_dict() == before, f"the refused {stranger} changed the game"
        game.apply(action, seat)
        log.append((seat, str(action)))
    assert_invariants(game)


def replayed(game: BooksGame, log: list[tuple[int, str]], players: int, seed: int, level: int) -> BooksGame:
    replay = BooksGame.new(players, seed=seed, level=level)
    for seat, text in log:
        replay.apply(parse_action(text), seat)
    return replay


@settings(max_examples=10, deadline=None, derandomize=True)
@given(players=st.integers(1, 4), seed=st.integers(0, 10**6), level=st.integers(1, 5),
       steps=st.integers(1, 60), computer=st.booleans())
def test_every_reachable_position_keeps_the_rules_invariants(players: int, seed: int, level: int, steps: int,
                                                             computer: bool) -> None:
    game = BooksGame.new(players, seed=seed, level=level)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    play_out(game, rng, steps, ("normal", "easy") if computer else None, log)
    stored = json.loads(json.dumps(game.to_dict()))
    assert BooksGame.from_dict(stored).to_dict() == game.to_dict(), "the state survives JSON mid-turn"
    assert replayed(game, log, players, seed, level).to_dict() == game.to_dict(), "the text log replays it"


@pytest.mark.parametrize("players, computer", [(1, False), (1, True), (2, False), (2, True), (3, True), (4, False),
                                               (4, True)])
def test_every_game_ends(players: int, computer: bool) -> None:
    seed = 101 * players + computer
    game = BooksGame.new(players, seed=seed, level=1 + seed % 5)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        if computer:
            seat = min(game.to_act)
            game.apply(choose(game, ("normal", "easy")[seat % 2], seed=rng.getrandbits(32), seat=seat), seat)
        else:
            seat, action = random_step(game, game.legal_actions(), rng)
            game.apply(action, seat)
    assert game.is_over, f"{players} seats, seed {seed}: not over after {MAX_STEPS} steps"
    outcome = game.outcome()
    assert outcome is not None and outcome.winners <= frozenset(range(players))
    assert_invariants(game)
