"""A busy server's Books pictures: what is cached grows with what pictures are made of (book colours, the few
sizes a book is drawn at, tokens, languages), never with the number of games drawn, so memory stays bounded
(issue 17)."""
from __future__ import annotations

from render.books import parts, render_apartments, render_projects, render_turn

from .conftest import NAMES, table


def test_caches_stay_bounded_by_the_parts_whatever_the_number_of_games() -> None:
    caches = (parts.segment, parts.chip, parts.symbol, parts.lamp, parts.bookend, parts.sun)
    for cache in caches:
        cache.cache_clear()
    for k in range(24):
        game = table(1 + k % 4, seed=k)
        locale = ("en", "it", "xx")[k % 3]
        render_turn(game, NAMES[:game.n_players], locale)
        render_apartments(game, NAMES[:game.n_players], locale)
        render_projects(game, 0, NAMES[:game.n_players], locale)
    assert all(cache.cache_info().maxsize is not None for cache in caches)
    assert parts.segment.cache_info().currsize <= 5 * 8  # 5 kinds of book x the heights a stack squeezes to
    assert parts.chip.cache_info().currsize <= 5 * 5     # 5 kinds of book x the 5 sizes a chip is drawn at
    assert parts.sun.cache_info().currsize == 2          # lit and not
