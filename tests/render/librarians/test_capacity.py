"""A busy server's Librarians pictures: what is cached grows with what pictures are made of (colours, letters,
card sizes, genres, languages), never with the number of games drawn, so memory stays bounded (issue 17)."""
from __future__ import annotations

from render.librarians import cards, library, render_turn, table

from render.librarians.gallery import wide_library

from .conftest import NAMES, mid_game


def test_caches_stay_bounded_by_the_parts_whatever_the_number_of_games() -> None:
    for cache in (cards.letter_sizes, library.slot, table.genre_entry, cards.shelf):
        cache.cache_clear()  # what earlier tests drew in this process (hand and builder cards) is not counted
    for k in range(16):
        n = 2 + k % 5
        game = wide_library(6 + 3 * k, seed=k) if k % 4 == 0 else mid_game(n, seed=k, turns=k % 7)
        render_turn(game, NAMES[:game.n_players], ("en", "it", "xx")[k % 3])
    assert cards.book.cache_info().maxsize is not None and library.book_on_paper.cache_info().maxsize is not None
    assert cards.letter_sizes.cache_info().currsize <= 7 + 1  # one per cell size (8 px steps) and the table strip's cards
    assert library.slot.cache_info().currsize <= 2 * 7
    assert table.genre_entry.cache_info().currsize <= 24 * 2  # one per genre and language
    assert cards.shelf.cache_info().currsize <= 2 * 7  # one per arrow and card size
