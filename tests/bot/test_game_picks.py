"""The builder and autocomplete offer exactly what the engine allows, on boards from random games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.shelfie import Game, IllegalMove
from tests.positions import random_position
from bot.games.shelfie.picks import (
    columns_for,
    decode_cells,
    encode_cells,
    free_tiles,
    legal_picks,
    orders_for,
    pick_problem,
    suggested_moves,
)


SAMPLED_MOVES = 20


games = st.builds(random_position, st.integers(2, 4), st.integers(0, 10_000), st.integers(0, 40))


@settings(max_examples=25, deadline=None)
@given(games)
def test_every_offer_is_legal_and_every_legal_move_can_be_built(game: Game) -> None:
    legal = set(game.legal_moves())
    for move in suggested_moves(game, ""):
        assert any(m.tiles == move.tiles for m in legal)
    free = set(free_tiles(game))
    assert {cell for move in legal for cell in move.tiles} == free, "the selects offer exactly the free tiles"
    rows = game.board_rows()
    for move in random.Random(0).sample(sorted(legal), min(SAMPLED_MOVES, len(legal))):
        columns = columns_for(game, move.tiles)
        assert move.column in columns and all(any(set(m.tiles) == set(move.tiles) and m.column == c for m in legal)
                                              for c in columns), "the column buttons are exactly the fitting ones"
        built = [[rows[r][c] for r, c in order] for order in orders_for(game, move.tiles, move.column)]
        assert [rows[r][c] for r, c in move.tiles] in built, "the order buttons can reproduce every placement"


@settings(max_examples=25, deadline=None)
@given(games, st.data())
def test_a_selection_is_refused_exactly_when_no_legal_pick_contains_it(game: Game, data: st.DataObject) -> None:
    free = list(free_tiles(game))
    if not free:
        return
    cells = tuple(data.draw(st.lists(st.sampled_from(free), min_size=1, max_size=3, unique=True)))
    grows = any(set(cells) <= pick for pick in legal_picks(game))
    problem = pick_problem(game, cells)
    assert (problem is None) == grows
    if problem is not None:
        assert isinstance(problem, IllegalMove) and problem.code != "column_full"


def test_cells_survive_a_custom_id_and_typed_cells_narrow_the_suggestions() -> None:
    game = random_position(2, 7, 0)
    cells = ((3, 4), (4, 4), (8, 0))
    assert decode_cells(encode_cells(cells)) == cells
    first = suggested_moves(game, "")[0]
    typed = first.tiles_text.split()[0].lower()
    narrowed = suggested_moves(game, typed)
    assert narrowed and all(first.tiles[0] in move.tiles for move in narrowed)
    assert len(suggested_moves(game, "")) <= 25
