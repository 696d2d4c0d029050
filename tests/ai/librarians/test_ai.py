"""The computer teammates: legal one step at a time, they finish games, they decide from their own view only (twin
games that differ only in hidden cards get the same choices), and normal leaves fewer cards than easy."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.librarians import GIVE, POWERS, Choose, EndTurn, LibrariansGame, Play, UsePower, seat_option
from engine.librarians.effects import NO_MINIMUM
from engine.librarians.ai import LEVELS, choose
from tests.engine.librarians.positions import build


def position(players: int, seed: int, steps: int, levels: tuple[str, ...] = ("easy",)) -> LibrariansGame:
    """A game `steps` computer actions in (levels taking turns by seat), or its end if it ends sooner."""
    game = LibrariansGame.new(players, seed=seed)
    for step in range(steps):
        if game.is_over:
            break
        (seat,) = game.to_act
        game.apply(choose(game, levels[seat % len(levels)], seed=step), seat)
    return game


def played_out(players: int, seed: int, levels: tuple[str, ...]) -> LibrariansGame:
    game = LibrariansGame.new(players, seed=seed)
    for step in range(2000):
        if game.is_over:
            return game
        (seat,) = game.to_act
        action = choose(game, levels[seat], seed=seed * 7919 + step)
        game.check(action, seat)
        game.apply(action, seat)
    raise AssertionError("the computers did not finish the game in 2000 actions")


def twin(game: LibrariansGame, seat: int, seed: int) -> LibrariansGame:
    """The same game as `seat` sees it with the hidden cards dealt again: the other hands and the deck below its
    known top swap cards (and the letters those cards carry), everything else as it was."""
    state = game.to_dict()
    view = game.view(seat)
    hidden = [c for c in range(len(view.library.letters)) if view.library.letters[c] < 0]
    rng = random.Random(seed)
    moved = hidden.copy()
    rng.shuffle(moved)
    swap = dict(zip(hidden, moved))
    state["hands"] = [hand if s == seat else [swap.get(c, c) for c in hand] for s, hand in enumerate(state["hands"])]
    state["deck"] = [swap.get(c, c) for c in state["deck"]]
    letters = list(state["letters"])
    colour_of = {c: c // 11 for c in hidden}
    for card in hidden:  # a hidden card's letter is drawn again from its colour's letters in this game
        same = [c for c in hidden if colour_of[c] == colour_of[card]]
        letters[card] = state["letters"][rng.choice(same)]
    state["letters"] = "".join(letters)
    return LibrariansGame.from_dict(state)


def same_view(a: LibrariansGame, b: LibrariansGame, seat: int) -> bool:
    va, vb = a.view(seat), b.view(seat)
    fields = [f for f in vars(va) if f != "library"]
    return all(getattr(va, f) == getattr(vb, f) for f in fields) and \
        va.library.letters == vb.library.letters and va.library.to_list() == vb.library.to_list()


@pytest.mark.parametrize("level", sorted(LEVELS))
@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), steps=st.integers(0, 60), choice=st.integers(0, 2**32))
def test_every_choice_is_a_legal_action_for_the_seat_to_act(level: str, players: int, seed: int, steps: int,
                                                            choice: int) -> None:
    game = position(players, seed, steps)
    if game.is_over:
        return
    (seat,) = game.to_act
    action = choose(game, level, seed=choice)
    game.check(action, seat)
    assert choose(game.copy(), level, seed=choice) == action, "the same position and seed give the same choice"


@pytest.mark.parametrize("players, levels", [(2, ("normal", "easy")), (4, ("easy", "normal", "normal", "easy"))])
def test_computers_finish_a_game_with_legal_actions(players: int, levels: tuple[str, ...]) -> None:
    game = played_out(players, 3, levels)
    assert game.result in ("won", "lost") and game.outcome() is not None


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("players, steps, powers", [(2, 9, False), (3, 25, False), (5, 40, False), (3, 12, True)])
def test_decisions_ignore_the_cards_the_seat_cannot_see(level: str, players: int, steps: int, powers: bool) -> None:
    game = position(players, players * 31 + steps, steps, levels=("normal", "easy"))
    if game.is_over:
        pytest.fail("pick a position of a game still going")
    (seat,) = game.to_act
    if powers:  # the seat to act holds a power of each colour but red, to try on its guessed game
        for colour in range(1, 6):
            card = next(c for c in game.deck if c // 11 == colour)
            game.deck.remove(card)
            game.held[seat].append(card)
    other = twin(game, seat, seed=steps)
    assert same_view(game, other, seat) and other.to_dict() != game.to_dict()
    for seed in (1, 2, 3):
        assert choose(other, level, seed=seed) == choose(game, level, seed=seed)


def test_a_completed_genre_goes_to_the_next_teammate() -> None:
    # seat 0 lays the 4th green of a row: the table gets the power card
    game = build([(1, {1: "Bg", 2: "Cg", 3: "Dg"}), (1, {}), (1, {}), (1, {})], [["Eg", "Fk", "Xk"], ["Ab"], ["Ab"]])
    green = next(c for c in game.hands[0] if game.card(c).colour == 1)
    game.apply(Play(green, (0, 4)), 0)
    assert game.pending is not None and game.pending.kind == GIVE
    assert choose(game, "normal", seed=1) == Choose(seat_option(1))


def test_normal_does_not_complete_a_red_line_it_can_avoid() -> None:
    # an E red fits after A B C red (Horror: the table would lose at once) or on the other rows
    game = build([(1, {1: "Ar", 2: "Br", 3: "Cr"}), (1, {1: "Ak"}), (1, {1: "Ag"}), (1, {1: "Ab"})],
                 [["Er", "Er", "Ey"], ["Ab"]])
    for step in range(6):
        if game.is_over or game.current_seat != 0:
            break
        action = choose(game, "normal", seed=step)
        game.apply(action, 0)
    assert game.result != "lost" and not any(r == 0 and x == 4 for r, x in game.library.occupied())


def test_normal_leaves_fewer_cards_than_easy() -> None:
    left = {level: sum(played_out(3, seed, (level,) * 3).cards_not_played() for seed in range(3))
            for level in ("easy", "normal")}
    assert left["normal"] <= left["easy"], left


class _Effect:
    """A power for these tests only: `begin` does what it is given, no steps."""

    def __init__(self, begin) -> None:
        self.begin_with = begin

    def refusal(self, game: LibrariansGame, seat: int) -> None:
        return None

    def begin(self, game: LibrariansGame, seat: int) -> None:
        self.begin_with(game)

    def resume(self, game: LibrariansGame, pending: object, option: str) -> None:
        raise AssertionError("no steps")

    def turn_ends(self, game: LibrariansGame, seat: int) -> None:
        pass


def holding(game: LibrariansGame, colour: int) -> int:
    """Seat 0 holds a card of `colour` from the deck, received on an earlier turn."""
    card = next(c for c in game.deck if c // 11 == colour)
    game.deck.remove(card)
    game.held[0].append(card)
    return card


OPEN_LIBRARY = [(1, {1: "Mb"}), (1, {1: "Nk"}), (-1, {-1: "Ky"}), (1, {})]


def test_normal_uses_a_power_that_helps_the_table_and_keeps_one_that_does_not(monkeypatch) -> None:
    monkeypatch.setitem(POWERS, "romance", _Effect(lambda game: game.discard.extend(game.deck[:5]) or
                                                     game.deck.__delitem__(slice(0, 5))))
    monkeypatch.setitem(POWERS, "thriller", _Effect(lambda game: None))
    game = build(OPEN_LIBRARY, [["Ab", "Qy", "Zk", "Ok"], ["Ab"]])
    useless, helpful = holding(game, 2), holding(game, 1)
    assert choose(game, "normal", seed=1) == UsePower(helpful)
    game.apply(UsePower(helpful), 0)
    assert isinstance(choose(game, "normal", seed=1), Play), f"{useless} stays held for a harder turn"


def test_normal_uses_a_power_that_saves_a_turn_it_cannot_end(monkeypatch) -> None:
    monkeypatch.setitem(POWERS, "fantasy", _Effect(lambda game: game.turn_rules.add(NO_MINIMUM)))
    # every row reads A Z with nothing between: an M fits nowhere, so the turn cannot end without the power
    game = build([(1, {1: "Ab", 2: "Zk"}), (1, {1: "Ab", 2: "Zk"}), (1, {1: "Ag", 2: "Zy"}), (1, {1: "Ab", 2: "Zy"})],
                 [["Mg", "Mb"], ["Ab"]])
    saver = holding(game, 3)
    game.result = game.end_reason = None
    game._start_turn(0)
    assert game.finishing_plan() is None and not game.is_over
    assert choose(game, "normal", seed=1) == UsePower(saver)
    game.apply(UsePower(saver), 0)
    assert choose(game, "normal", seed=1) == EndTurn()
