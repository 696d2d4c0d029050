"""The builder's step messages on boards where more than 25 tiles are free (Discord's limit per select)."""

from __future__ import annotations

from engine.shelfie import Game
from test_game_words import SEATS, table_of

from bot.games.shelfie.builder import SELECT_LIMIT, tiles_step
from bot.games.shelfie.picks import cells_text, free_tiles

EMPTIED = ((3, 4), (4, 3), (4, 4), (4, 5), (5, 4), (2, 3), (6, 5), (6, 4))


def open_board() -> Game:
    """A 4-player start with a few inner spaces emptied, so that most tiles have a free side."""
    game = Game.new(4, seed=11)
    for r, c in EMPTIED:
        game.board[r * 9 + c] = "."
    return game


def components_of(view) -> list:
    """The Discord components inside the view's DynamicItems."""
    return [getattr(child, "item", child) for child in view.children]


def selects_of(view) -> list:
    return [item for item in components_of(view) if getattr(item, "options", None)]


async def test_free_tiles_are_split_into_selects_of_at_most_25_that_together_offer_all() -> None:
    game = open_board()
    free = free_tiles(game)
    assert len(free) > SELECT_LIMIT
    content, view = tiles_step(table_of(game, SEATS), (), "en")
    selects = selects_of(view)
    assert [len(s.options) for s in selects] == [SELECT_LIMIT, len(free) - SELECT_LIMIT]
    offered = {option.value for s in selects for option in s.options}
    assert len(offered) == len(free)
    assert "Nothing selected yet." in content


async def test_a_pick_spanning_both_selects_is_shown_with_its_columns() -> None:
    game = open_board()
    free = free_tiles(game)
    first_half = set(free[:SELECT_LIMIT])
    pick = next(m for m in game.legal_moves() if len(m.tiles) == 2
                and len({cell in first_half for cell in m.tiles}) == 2)
    content, view = tiles_step(table_of(game, SEATS), pick.tiles, "en")
    assert f"Selected: **{cells_text(sorted(pick.tiles))}**" in content
    columns = [item.label for item in components_of(view) if (getattr(item, "label", None) or "").startswith("Column")]
    assert columns == [f"Column {n}" for n in range(1, 6)]
    chosen = {option.value for s in selects_of(view) for option in s.options if option.default}
    assert len(chosen) == 2
