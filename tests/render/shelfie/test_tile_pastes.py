"""Tiles are pasted opaque, already laid on what lies under them (one paste instead of an alpha blend per
tile): every space and slot a tile can occupy must then look exactly as if the tile were blended onto it."""
from __future__ import annotations

import pytest
from PIL import Image

from engine.shelfie.data import BOARD_MIN_PLAYERS
from render.shelfie import pieces
from render.shelfie.layout import BOARD_N, SCORES_CELL, SHELF_CELL, SHELF_COLS, SHELF_ROWS, TILE_INSET, board_cell_box, \
    shelf_cell, shelf_size
from render.palette import PAPER, TILE_INK
from render.shelfie.board import _board_frame, _board_tile, _placed_tile


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_a_board_tile_looks_blended_onto_every_usable_space(n_players: int) -> None:
    frame = _board_frame(n_players)
    usable = [(r, c) for r in range(BOARD_N) for c in range(BOARD_N)
              if 0 < BOARD_MIN_PLAYERS[r * BOARD_N + c] <= n_players]
    assert len(usable) > 20
    for kind in TILE_INK:
        rgb, alpha = _board_tile(kind)
        for r, c in usable:
            x0, y0, _, _ = board_cell_box(r, c)
            left, top = x0 + TILE_INSET, y0 + TILE_INSET
            blended = frame.crop((left, top, left + rgb.width, top + rgb.height))
            blended.paste(rgb, (0, 0), alpha)
            assert blended.tobytes() == _placed_tile(kind).tobytes(), (n_players, r, c, kind)


@pytest.mark.parametrize("cell", [SHELF_CELL, SCORES_CELL])
def test_a_shelf_tile_looks_blended_onto_every_slot(cell: int) -> None:
    shelf = Image.new("RGB", shelf_size(cell), PAPER)
    pieces.draw_shelf_frame(shelf, (0, 0), cell)
    for kind in TILE_INK:
        blended = shelf.copy()
        for r in range(SHELF_ROWS):
            for c in range(SHELF_COLS):
                pieces.paste_tile(blended, kind, shelf_cell((0, 0), r, c, cell), inset=2)
        opaque = shelf.copy()
        pieces.paste_shelf_tiles(opaque, (0, 0), cell, [kind * SHELF_COLS] * SHELF_ROWS)
        assert opaque.tobytes() == blended.tobytes(), kind
        assert opaque.tobytes() != shelf.tobytes()
