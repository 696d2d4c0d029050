"""What a seat may see (its own hand and everything public, never another hand or the deck's order), and a
stored state that is damaged is refused."""
from __future__ import annotations

import pytest

from engine.librarians import RIGHT, LibrariansGame, Play

from .positions import build, hand_card


def test_a_view_holds_its_own_hand_and_only_the_sizes_of_the_others_and_of_the_deck() -> None:
    g = LibrariansGame.new(3, seed=4)
    v = g.view(1)
    assert [c.id for c in v.hand] == g.hands[1] and v.hand_sizes == (4, 4, 4) and v.deck_size == 54
    hidden = set(g.deck) | set(g.hands[0]) | set(g.hands[2])
    assert all(v.card(c) is None for c in hidden) and all(v.library.letters[c] == -1 for c in hidden)
    assert all(v.card(c) is not None for c in g.hands[1])
    assert "deck" not in {name for name in vars(v)} and v.genres == g.genres and v.phase == "play"


def test_a_view_shows_the_library_the_held_powers_and_the_turn_in_progress() -> None:
    g = build([(RIGHT, {1: "Ar"})], [["Br", "Cg"], ["Dy"]])
    b = hand_card(g, 0, "Br")
    g.apply(Play(b, (0, 2)))
    g.held[1].append(g.deck.pop())
    v = g.view(1)
    assert v.card(b) is not None and v.library.top((0, 2)) == b and v.played == ((0, 2),) and v.can_undo
    assert [c.id for c in v.held[1]] == g.held[1] and v.need == 1
    assert v.library.legal_places(g.letters[hand_card(g, 1, "Dy")]) == g.legal_places(hand_card(g, 1, "Dy"))


def test_known_cards_show_in_every_view_and_the_rest_stay_hidden() -> None:
    g = LibrariansGame.new(2, seed=2)
    shown = g.hands[0][0]
    g.known.add(shown)
    g.known.add(g.deck[0])
    v = g.view(1)
    assert [c.id for c in v.known_hands[0]] == [shown] and [c.id for c in v.deck_top] == [g.deck[0]]
    assert v.card(g.hands[0][1]) is None and v.card(g.deck[1]) is None


def test_a_view_of_a_seat_that_is_not_in_the_game_is_refused() -> None:
    with pytest.raises(ValueError):
        LibrariansGame.new(2, seed=1).view(2)


@pytest.mark.parametrize("damage", [
    lambda d: d.update(letters=d["letters"][:-1]),
    lambda d: d["hands"][0].append(d["deck"][0]),
    lambda d: d.update(deck=d["deck"][1:]),
    lambda d: d.update(genres=["romance"] * 6),
    lambda d: d.update(current_seat=5),
    lambda d: d.update(version=99),
])
def test_a_damaged_state_is_refused(damage) -> None:
    d = LibrariansGame.new(2, seed=1).to_dict()
    damage(d)
    with pytest.raises(ValueError):
        LibrariansGame.from_dict(d)
