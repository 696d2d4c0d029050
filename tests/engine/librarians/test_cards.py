"""The generated card set and the setup: counts, pools, seeds, and what each seat starts with."""
from __future__ import annotations

import pytest

from engine.librarians import BOOKS, COLOURS, LEFT, RIGHT, LibrariansGame, colour_of
from engine.librarians.data import LETTER_POOLS


@pytest.mark.parametrize("seed", [0, 1, 99])
def test_66_books_eleven_per_colour_every_pool_letter_at_least_once(seed: int) -> None:
    g = LibrariansGame.new(2, seed=seed)
    assert len(g.letters) == BOOKS == 66
    for colour, pool in enumerate(LETTER_POOLS):
        drawn = [g.letters[c] for c in range(BOOKS) if colour_of(c) == colour]
        assert len(drawn) == 11 and set(drawn) == set(pool), COLOURS[colour]
    assert {chr(65 + letter) for letter in g.letters} == {chr(65 + i) for i in range(26)}


def test_the_same_seed_deals_the_same_game_and_another_seed_another() -> None:
    assert LibrariansGame.new(3, seed=5) == LibrariansGame.new(3, seed=5)
    assert LibrariansGame.new(3, seed=5).to_dict() != LibrariansGame.new(3, seed=6).to_dict()


@pytest.mark.parametrize("players", range(2, 7))
def test_setup_four_shelves_in_a_column_and_four_cards_each(players: int) -> None:
    g = LibrariansGame.new(players, seed=players)
    assert len(g.library.rows) == 4 and g.library.card_count() == 0
    assert len({row.shelf for row in g.library.rows}) == 4 and all(row.arrow in (LEFT, RIGHT) for row in g.library.rows)
    assert len(g.shelf_pile) == 8 and not set(g.shelf_pile) & {row.shelf for row in g.library.rows}
    assert [len(hand) for hand in g.hands] == [4] * players
    assert len(g.deck) == 66 - 4 * players
    assert sorted(g.deck + [c for hand in g.hands for c in hand]) == list(range(66))
    assert g.to_act == {0} and g.phase == "play" and g.turn == 0


def test_shelf_arrows_are_random_per_game() -> None:
    arrows = {LibrariansGame.new(2, seed=seed).arrows for seed in range(10)}
    assert len(arrows) > 1 and all(len(a) == 12 for a in arrows)


@pytest.mark.parametrize("players", [1, 7, True, 2.0])
def test_player_counts_outside_2_to_6_are_refused(players: object) -> None:
    with pytest.raises(ValueError):
        LibrariansGame.new(players, seed=1)  # type: ignore[arg-type]


def test_genres_default_to_the_first_of_each_colour_and_random_is_seeded() -> None:
    assert LibrariansGame.new(2, seed=1).genres == ("horror", "romance", "thriller", "fantasy", "biography",
                                                    "mystery")
    picked = LibrariansGame.new(2, seed=1, genres={"blue": "action", "black": "random"}).genres
    assert picked[2] == "action" and picked == LibrariansGame.new(2, seed=1, genres={"blue": "action",
                                                                                     "black": "random"}).genres
    with pytest.raises(ValueError, match="blue"):
        LibrariansGame.new(2, seed=1, genres={"blue": "horror"})
