"""Static My Shelfie data, read once from data/shelfie.json (the only I/O the engine does)."""
from __future__ import annotations

from ..game_data import load_game_data

RAW = load_game_data("shelfie")

TILE_TYPES = "CBGFTP"
"""One letter per item type, in the order of data's tile_types."""
TILE_NAMES: dict[str, str] = dict(zip(TILE_TYPES, RAW["tile_types"]))
_LETTER_OF_NAME = {name: letter for letter, name in TILE_NAMES.items()}

TILES_PER_TYPE: int = RAW["tiles_per_type"]
BOARD_SIZE = 9
SHELF_ROWS = 6
SHELF_COLS = 5

BOARD_MIN_PLAYERS: tuple[int, ...] = tuple(v for row in RAW["board"] for v in row)
"""Flat 9x9 (row-major, row 0 = top): 0 = no space, else the fewest players that use the space."""

PERSONAL_GOAL_CELLS: tuple[tuple[tuple[int, int, str], ...], ...] = tuple(
    tuple((cell["row"], cell["col"], _LETTER_OF_NAME[cell["type"]]) for cell in card)
    for card in RAW["personal_goals"]
)
PERSONAL_POINTS: tuple[int, ...] = tuple(RAW["personal_goal_points_by_matches"])
ADJACENCY_POINTS: dict[str, int] = RAW["adjacency_points_by_group_size"]
TOKENS_BY_PLAYERS: dict[int, tuple[int, ...]] = {
    int(n): tuple(points) for n, points in RAW["scoring_tokens_top_first_by_players"].items()
}
END_TOKEN_POINTS: int = RAW["end_game_token_points"]
CARD_NUMBER_OF_GOAL: dict[str, int] = {goal: int(n) for n, goal in RAW["common_goal_card_numbers"].items()}


def cell_label(row: int, col: int) -> str:
    """Board coordinates as people read them: columns A-I left to right, rows 1-9 top to bottom."""
    return f"{'ABCDEFGHI'[col]}{row + 1}"
