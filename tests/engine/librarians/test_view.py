"""What a seat may see (its own hand and everything public, never another hand or the deck's order), and a
stored state that is damaged is refused."""
from __future__ import annotations

import pytest

from engine.librarians import RIGHT, Choose, LibrariansGame, Play, Undo

from .positions import build, hand_card
from .power_setup import holding, refused, use


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
    lambda d: d.update(played=[["a", "b"]]),
    lambda d: d.update(played=[[0, 5]]),
    lambda d: d.update(played=[d["deck"][0]]),
    lambda d: d.update(undoable=[[0, 0, 5, 0]]),
    lambda d: d.update(undoable=[[d["played"][0], 0, 2, 9]]),
    lambda d: d.update(tapped=[[999, 0]]),
    lambda d: d.update(taken_back=[[[], [9, 1], 0]]),
    lambda d: d.update(taken_back=[[[], [0, 1], 26]]),
    lambda d: d.update(taken_back=[[[], [0, 1], 3], [[], [0, 1], 3]]),
    lambda d: d.update(taken_back={"x": 1}),
    lambda d: d.update(tapped=[[d["deck"][0], 0]]),
    lambda d: (d["shelf_pile"].extend(row["shelf"] for row in d["library"]), d.update(library=[])),
    lambda d: d.update(need=10**9),
    lambda d: d.update(hand_limit=10**6),
    lambda d: d.update(hand_limit=1),
    lambda d: d.update(fresh=[d["deck"][0]]),
    lambda d: d.update(queue=[{"kind": "pick_book", "seat": 0, "options": ["place:9:9"], "genre": "thriller",
                               "data": [], "step": 1, "steps": 4}]),
    lambda d: d.update(queue=[{"kind": "pick_book", "seat": 0, "options": ["place:1:-3"], "genre": "thriller",
                               "data": [], "step": 1, "steps": 4}]),
    lambda d: d.update(queue=[{"kind": "give", "seat": 0, "options": ["seat:7"], "genre": None,
                               "data": [0], "step": 1, "steps": 1}]),
])
def test_a_damaged_state_is_refused(damage) -> None:
    g = build([(RIGHT, {1: "Ar"})], [["Br", "Cg"], ["Dy"]])
    g.apply(Play(hand_card(g, 0, "Br"), (0, 2)))
    d = g.to_dict()
    assert LibrariansGame.from_dict(d) == g
    damage(d)
    with pytest.raises(ValueError):
        LibrariansGame.from_dict(d)


def test_an_undo_whose_card_is_gone_is_refused_with_nothing_changed() -> None:
    g = build([(RIGHT, {1: "Ar"})], [["Br", "Cg"], ["Dy"]])
    g.apply(Play(hand_card(g, 0, "Br"), (0, 2)))
    g.discard.append(g.library.take((0, 2)))  # the card left its place (as if a power took it)
    refused(g, Undo(), "nothing_to_undo")


def test_another_seats_view_of_a_step_hides_the_hand_cards_it_offers() -> None:
    g = build([(RIGHT, {1: "Ar", 2: "Bg"})] * 2, [["Cg", "Dg"], ["Dy"]])
    hand = list(g.hands[0])
    holding(g, 0, "travel")
    use(g, "travel")
    g.apply(Choose("place:1:2"))
    assert g.pending is not None and g.pending.kind == "pick_hand"
    own, other = g.view(0).pending, g.view(1).pending
    assert own == g.pending and {f"card:{c}" for c in hand} <= set(own.options)
    assert other is not None and other.kind == "pick_hand" and other.options == ("done",) and other.data == ()
