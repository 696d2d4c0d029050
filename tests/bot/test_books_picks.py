"""What A Place for All My Books' builder and autocomplete offer: built part by part from the offered choices
only, every step reaches a whole step the engine accepts, whatever the game brings (keeps, gains, discards,
Penelope's removals...); a draft survives its custom id; a draft the builder could not have made is told apart."""

from __future__ import annotations

import random

import pytest
from engine.books import parse_action
from engine.books.game import BooksGame

from bot.games.books import picks
from bot.games.books.commands import suggestions
from bot.games.books.labels import part_label, prompt
from bot.i18n import LANGUAGES

CUSTOM_ID_DRAFT = 72
"""Characters of a draft the builder's custom ids hold (three arguments of 24)."""


def _built(game: BooksGame, seat: int, rng: random.Random) -> picks.Draft:
    """A step built from offered parts only, each shown in words in both languages, until it is whole."""
    draft = picks.start(game, seat)
    for _ in range(60):
        found = picks.point(game, seat, draft)
        assert picks.valid(game, seat, draft)
        assert picks.decode(picks.encode(draft)) == draft and len(picks.encode(draft)) <= CUSTOM_ID_DRAFT
        for language in LANGUAGES:
            assert prompt(game, seat, draft, language)
            assert all(part_label(game, seat, draft, option, language) for option in found.options)
        if found.complete and (not found.options or rng.random() < 0.5):
            return draft
        assert found.options, f"nothing offered after {draft}"
        draft = picks.advance(game, seat, draft, rng.choice(found.options))
    raise AssertionError(f"no whole step after 60 parts: {draft}")


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 5), (3, 6), (4, 7)])
def test_every_step_built_from_offered_parts_is_accepted_until_the_game_ends(players: int, seed: int) -> None:
    rng = random.Random(seed)
    game = BooksGame.new(players, seed=seed, level=1 + seed % 5)
    steps = 0
    while not game.is_over:
        seat = rng.choice(sorted(game.to_act))
        game.apply(parse_action(" ".join(_built(game, seat, rng))), seat)
        steps += 1
        assert steps < 1000


def test_only_the_seats_asked_are_offered_anything_and_a_forged_draft_is_told_apart() -> None:
    game = BooksGame.new(2, seed=3)
    for seat in range(2):
        assert picks.point(game, seat, picks.start(game, seat)).options == tuple(game.players[seat].dealt)
    for seat in range(2):
        game.apply(parse_action("keep " + " ".join(game.players[seat].dealt[:3])), seat)
    waiting = 1 - game.current
    assert picks.stage(game, waiting) is None and picks.point(game, waiting, ()).options == ()
    assert suggestions(game, waiting, "", "en") == []
    assert not picks.valid(game, game.current, ("gather", "Z9"))
    assert not picks.valid(game, game.current, ("keep", "LP01", "LP02", "LP03"))
    assert picks.decode("zz") is None and picks.decode("abc") is None and picks.decode("a-") is None


def test_typed_parts_are_read_in_any_case_and_by_their_words() -> None:
    game = BooksGame.new(2, seed=3)
    for seat in range(2):
        game.apply(parse_action("keep " + " ".join(game.players[seat].dealt[:3])), seat)
    seat = game.current
    assert [c.value for c in suggestions(game, seat, "raccog", "it")] == ["gather"]
    stacks = game.players[seat].apartment.stacks
    source = next(space for space, stack in stacks.items() if stack)
    offered = suggestions(game, seat, f"GATHER {source.lower()} ", "en")
    assert f"gather {source} >" in {c.value for c in offered}
    assert suggestions(game, seat, "gather Z9 ", "en") == []
