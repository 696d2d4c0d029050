"""The numbers and words a Librarians picture draws are the state's: spot n is drawn under the state's n-th spot
(every spot in the public picture, exactly a chosen card's legal spots in the private one), rows and columns
are labelled as the bot words a place, and the header tells what the turn still needs and the deck."""
from __future__ import annotations

import pytest

from engine.librarians.data import COLOURS, GENRES
from render.librarians import render_final, render_hand, render_turn
from render.librarians.captions import LIB_CAPTIONS
from render.librarians.gallery import powers_at_work, wide_library
from render.librarians.pictures import as_view, final_grid, turn_grid
from render.librarians.layout import PICTURE_W
from render.librarians.captions import caption
from tests.render.shelfie.test_pictures import decode

from .conftest import NAMES, at, finished, mid_game, mid_turn


@pytest.mark.parametrize("n", [2, 4, 6])
def test_every_spot_is_numbered_where_the_state_numbers_it(drawn, n: int) -> None:
    game = mid_game(n, seed=1)
    render_turn(game, NAMES[:n])
    grid = turn_grid(as_view(game))
    spots = game.spots()
    assert len(spots) > 2 * len(game.library.rows)
    for number, place in enumerate(spots, start=1):
        assert game.spot_number(place) == number
        assert at(drawn, grid.number_center(place)) == [str(number)], f"spot {number} at {place}"
    for r in range(len(game.library.rows)):
        assert at(drawn, grid.number_center((r, 0))) == [], "the shelf card has no spot number"
        assert at(drawn, grid.row_label_center(r)) == [str(r + 1)]
    (section,) = grid.sections
    for x in range(section.x_lo, section.x_hi + 1):  # "row 2, 3 left of the shelf": columns count out from the shelf
        assert at(drawn, section.column_label_center(x)) == ([str(abs(x))] if x else [])


@pytest.mark.parametrize("books", [30, 40])
def test_a_wrapped_library_numbers_every_spot_with_the_states_number_past_99(drawn, books: int) -> None:
    game = wide_library(books)
    assert decode(render_turn(game, NAMES[:2])).width == PICTURE_W
    grid = turn_grid(as_view(game))
    spots = game.spots()
    assert len(spots) >= 100 and len(grid.sections) > 1
    for number, place in enumerate(spots, start=1):
        assert at(drawn, grid.number_center(place)) == [str(number)], f"spot {number} at {place}"
    labels = [t for s in grid.sections for x in range(s.x_lo, s.x_hi + 1) for t in at(drawn, s.column_label_center(x))]
    assert sorted(labels, key=int) == sorted((str(abs(x)) for x in {x for _, x in spots} if x), key=int)
    for s in grid.sections:  # each section numbers its rows, so a row is found in every section
        for r in range(s.row_lo, s.row_hi + 1):
            assert at(drawn, s.row_label_center(r)) == [str(r + 1)]


def test_only_the_chosen_cards_legal_spots_are_numbered_with_the_states_numbers(drawn) -> None:
    game = mid_turn(3, seed=2)
    seat = game.current_seat
    card = game.hands[seat][-1]
    legal = game.legal_places(card)
    assert legal and len(legal) < len(game.spots())
    render_turn(game.view(seat), NAMES[:3], spots=legal, chosen=game.card(card))
    grid = turn_grid(game.view(seat), chosen=True)
    numbers = game.legal_spots(card)
    for place in game.spots():
        expected = [str(game.spot_number(place))] if place in legal else []
        assert at(drawn, grid.number_center(place)) == expected, f"spot at {place}"
    assert sorted(int(t) for place in legal for t in at(drawn, grid.number_center(place))) == numbers
    assert caption("lib_place_card") in [t.text for t in drawn]


def test_a_card_that_fits_nowhere_says_so(drawn) -> None:
    game = mid_game(2)
    view = game.view(game.current_seat)
    render_turn(view, NAMES[:2], spots=(), chosen=view.hand[0], locale="it")
    assert caption("lib_no_spot", "it") in [t.text for t in drawn]


def test_the_header_tells_the_turn_its_need_the_hand_limit_and_the_deck(drawn) -> None:
    game = mid_turn(4, seed=3)
    render_turn(game, NAMES[:4], locale="it")
    texts = [t.text for t in drawn]
    to_play = caption("to_play", "it", name=NAMES[game.current_seat])
    assert any(to_play.startswith(t.rstrip("…")) and len(t) > 12 for t in texts), "who plays (cut to fit)"
    assert caption("turn", "it", n=game.turn + 1) in texts
    assert caption("lib_need_one", "it") in texts
    assert "· " + caption("lib_hand_limit", "it", n=4) in texts
    assert caption("lib_deck", "it", n=len(game.deck)) in texts
    for seat in range(4):
        assert str(len(game.hands[seat])) in texts


def test_the_final_picture_says_won_or_lost_and_draws_no_spot(drawn) -> None:
    game = finished(3, seed=5)
    render_final(game, NAMES[:3])
    texts = [t.text for t in drawn]
    left = game.cards_not_played()
    if game.result == "won":
        assert caption("lib_won") in texts
    else:
        assert (caption("lib_lost_one") if left == 1 else caption("lib_lost", n=left)) in texts
        assert caption(f"lib_reason_{game.end_reason}") in texts
    grid = final_grid(as_view(game))
    assert not any(at(drawn, grid.number_center(place)) for place in game.spots())


def test_a_hand_picture_names_each_card_by_letter_and_colour_in_the_locale(drawn) -> None:
    game = mid_game(2)
    view = game.view(1)
    render_hand(view, NAMES[:2], "it")
    texts = [t.text for t in drawn]
    for card in view.hand:
        assert f"{card.letter_text} {caption(f'lib_colour_{card.colour_name}', 'it')}" in texts


def test_every_caption_has_english_and_italian() -> None:
    assert all(set(entry) == {"en", "it"} and all(entry.values()) for entry in LIB_CAPTIONS.values())
    for colour in COLOURS:
        assert f"lib_colour_{colour}" in LIB_CAPTIONS
        for genre in GENRES[colour]:
            assert f"lib_genre_{genre}" in LIB_CAPTIONS and f"lib_does_{genre}" in LIB_CAPTIONS


def test_the_rules_a_power_switched_on_are_named_under_the_header(drawn) -> None:
    game, names = powers_at_work()
    assert "any_order" in game.turn_rules and game.tapped
    render_turn(game, names, locale="it")
    assert f"{caption('lib_rules_now', 'it')} {caption('lib_rule_any_order', 'it')}" in [t.text for t in drawn]
