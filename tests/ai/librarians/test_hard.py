"""The hard teammate: late in a game (where tables lose) it tries its turn's plans on games dealt again from its
own view and plays the one after which the table goes on; its choices are legal, repeatable for a seed, and blind
to what the seat cannot see."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.librarians import GIVE, Choose, LibrariansGame, Play, seat_option
from engine.librarians.ai import choose
from engine.librarians.data import BOOKS_PER_COLOUR, LETTER_POOLS
from engine.librarians.hard import LATE
from engine.librarians.unseen import consistent_letters
from tests.ai.librarians.test_ai import same_view, twin
from tests.engine.librarians.positions import build


def late_position(players: int, seed: int, extra: int) -> LibrariansGame | None:
    """A game played by normal teammates until at most LATE cards are left to play, then `extra` more actions;
    None if it ended first."""
    game = LibrariansGame.new(players, seed=seed)
    step = 0
    while not game.is_over and (game.cards_not_played() > LATE or extra > 0):
        if game.cards_not_played() <= LATE:
            extra -= 1
        (seat,) = game.to_act
        game.apply(choose(game, "normal", seed=step), seat)
        step += 1
    return None if game.is_over else game


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), extra=st.integers(0, 6), choice=st.integers(0, 2**32))
def test_hard_chooses_a_legal_action_late_in_a_game(players: int, seed: int, extra: int, choice: int) -> None:
    game = late_position(players, seed, extra)
    if game is None:
        return
    (seat,) = game.to_act
    action = choose(game, "hard", seed=choice)
    game.check(action, seat)
    assert choose(game.copy(), "hard", seed=choice) == action, "the same position and seed give the same choice"


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), extra=st.integers(0, 4))
def test_hard_decides_alike_in_games_that_differ_only_in_what_the_seat_cannot_see(seed: int, extra: int) -> None:
    game = late_position(4, seed, extra)
    if game is None:
        return
    (seat,) = game.to_act
    other = twin(game, seat, seed=seed)
    assert same_view(game, other, seat)
    assert choose(other, "hard", seed=seed) == choose(game, "hard", seed=seed)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), seen=st.integers(0, 66), draw=st.integers(0, 2**32))
def test_unseen_letters_agree_with_how_the_cards_were_dealt(seed: int, seen: int, draw: int) -> None:
    # every pool letter of a colour is on one of its cards: one not seen yet is among its unseen cards
    letters = LibrariansGame.new(2, seed=seed).letters
    shown = set(random.Random(seed).sample(range(66), seen))
    view = tuple(letter if card in shown else -1 for card, letter in enumerate(letters))
    guessed = consistent_letters(view, random.Random(draw))
    assert all(guessed[card] == letters[card] for card in shown)
    for colour, pool in enumerate(LETTER_POOLS):
        cards = range(colour * BOOKS_PER_COLOUR, (colour + 1) * BOOKS_PER_COLOUR)
        counts = Counter(guessed[card] for card in cards)
        assert not Counter(pool) - counts, f"colour {colour} lacks a pool letter: {counts}"
        assert set(counts) <= set(pool)


def test_hard_builds_a_line_of_one_colour_and_leaves_its_fourth_place_open() -> None:
    # B C green on the top shelf: a D green after them makes three of four (Romance: 5 cards out of the deck);
    # the D black in the same hand would cover it, so hard lays its other cards elsewhere
    game = build([(1, {1: "Bg", 2: "Cg"}), (1, {1: "Mk"}), (-1, {-1: "Ty"}), (1, {1: "Hp"})],
                 [["Dg", "Dk", "Wy", "Ob"], ["Ab"]])
    for step in range(8):
        if game.current_seat != 0 or game.is_over:
            break
        game.apply(choose(game, "hard", seed=step), 0)
    assert game.current_seat == 1, "the turn ended"
    tops = [game.library.top((0, x)) for x in (1, 2, 3, 4)]
    assert [None if top is None else game.card_text(top) for top in tops] == ["B green", "C green", "D green", None]


def play_turn(game: LibrariansGame, level: str) -> None:
    """Seat 0 plays its whole turn at `level` (its card given, if it completes a genre)."""
    for step in range(12):
        if game.is_over or game.to_act != frozenset({0}):
            return
        game.apply(choose(game, level, seed=step), 0)


@pytest.mark.parametrize("deck", [None, 12])
def test_hard_keeps_the_place_beside_the_shelf_card_open_for_letters_nobody_has_seen(deck: int | None) -> None:
    # the top shelf reads J L | _ : its place right of the shelf card is the library's only one for M to Q, letters
    # the unseen cards carry; an R laid there would shut them out for good (nothing can go between L and the
    # shelf card's other side). The R has a stack of its own on the bottom shelf, the S a place after it.
    game = build([(1, {-2: "Jk", -1: "Lk"}), (1, {-1: "Ab", 1: "Zb"}), (1, {-1: "Ay", 1: "Zy"}),
                  (1, {-1: "Ar", 1: "Rr"})], [["Rg", "Sg"], ["Ab"], ["Ab"]], deck=deck)
    play_turn(game, "hard")
    assert game.result is None and game.current_seat == 1, "the turn ended"
    assert game.library.top((0, 1)) is None, "the place for M to Q is still open"


def test_hard_leaves_a_letter_still_to_come_a_place_early_in_the_game() -> None:
    # the deck is full (hard plans by its judge alone); the library's last place for an R is the bottom shelf's
    # right of Q once the Q is laid (nothing goes between Y and G, X and C, S and K...): an S laid there too would
    # shut R out for good, and R is on cards nobody has seen. The S can go on the S of the third shelf instead.
    game = build([(-1, {-2: "Yy", -1: "Gb", 1: "Ar"}), (-1, {-4: "Zk", -3: "Yy", -2: ["Xk", "Xr"], -1: "Cb", 1: "Bg"}),
                  (-1, {-5: "Ur", -4: "Sy", -3: "Ky", -2: ["Dp", "Dg"]}), (1, {-4: "Eg"})],
                 [["Qr", "Mg", "Op", "Sb"], ["Ab"], ["Ab"], ["Ab"]])
    play_turn(game, "hard")
    assert game.result is None and game.current_seat == 1, "the turn ended"
    assert game.library.legal_places(ord("R") - ord("A")), "an R still has a place"


def test_hard_keeps_every_shelf_open_for_every_letter_at_the_start() -> None:
    # the first turn of a game: a G and a Y side by side on one shelf would close that shelf to H-X for good (no
    # empty place between them ever); laid on two shelves, each shelf still takes every letter on one side or the
    # other
    game = build([(-1, {}), (-1, {}), (-1, {}), (1, {})], [["Gb", "Yy", "Xp", "Qr"], ["Ab"], ["Ab"], ["Ab"]])
    play_turn(game, "hard")
    assert game.result is None and game.current_seat == 1, "the turn ended"
    library = game.library
    closed = [(r, chr(ord("A") + letter)) for r in range(len(library.rows)) for letter in range(26)
              if not any(place[0] == r and library.touches_library(place) for place in library.legal_places(letter))]
    assert not closed, f"shelves closed to letters: {closed}"


def test_hard_gives_a_completed_genre_to_a_teammate_who_still_has_cards_to_play() -> None:
    # the deck is empty and the next seat has played its last card: it can never use a power, the seat after can
    game = build([(1, {1: "Bg", 2: "Cg", 3: "Dg"}), (1, {}), (1, {}), (1, {})],
                 [["Eg", "Fk", "Xk"], [], ["Ab", "Ak"]], deck=0)
    green = next(c for c in game.hands[0] if game.card(c).colour == 1)
    game.apply(Play(green, (0, 4)), 0)
    assert game.pending is not None and game.pending.kind == GIVE
    assert choose(game, "hard", seed=1) == Choose(seat_option(2))
