"""The lobby picks one genre per colour (or lets the seed pick it); the game plays exactly those powers."""
from __future__ import annotations

import pytest

from engine.protocol import OptionError
from engine.registry import rules_of
from engine.librarians import COLOURS, GENRES, POWERS

RULES = rules_of("librarians")


def test_each_colour_is_a_lobby_option_of_its_four_genres_or_random_with_the_rules_page_default() -> None:
    options = {spec.name: spec for spec in RULES.description.options}
    assert list(options) == ["red", "green", "blue", "purple", "yellow", "black"]
    assert [options[c].default for c in COLOURS] == ["horror", "romance", "thriller", "fantasy", "biography",
                                                      "mystery"]
    for colour in COLOURS:
        assert options[colour].type == "choice" and options[colour].choices == (*GENRES[colour], "random")
    with pytest.raises(OptionError) as refused:
        RULES.description.check_options({"red": "romance"})
    assert refused.value.name == "red"


def test_every_genre_of_every_colour_has_its_power() -> None:
    assert set(POWERS) == {genre for colour in COLOURS for genre in GENRES[colour]}


def test_the_chosen_genres_are_in_the_state_and_every_view() -> None:
    options = RULES.description.check_options({"red": "tragedy", "black": "drama"})
    game = RULES.new(3, 7, options)
    assert game.genres == ("tragedy", "romance", "thriller", "fantasy", "biography", "drama")
    assert all(game.view(seat).genres == game.genres for seat in range(3))


def test_random_is_drawn_from_the_seed_once_at_setup() -> None:
    options = RULES.description.check_options({colour: "random" for colour in COLOURS})
    games = [RULES.new(2, seed, options) for seed in range(12)]
    assert all(g.genres[c] in GENRES[colour] for g in games for c, colour in enumerate(COLOURS))
    assert len({g.genres for g in games}) > 1
    assert RULES.new(2, 5, options).genres == games[5].genres
    assert RULES.from_dict(games[5].to_dict()).genres == games[5].genres
