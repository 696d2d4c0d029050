"""My Shelfie rules: pure, typed and deterministic given a seed.

The public surface mirrors OpenSpiel's shape and the platform protocol (engine.protocol): `Game.new`, `to_act`,
`legal_moves`, `apply`, `is_over`, `outcome`, `winner`,
and `view(seat)` for what one player may see.
"""
from .data import BOARD_SIZE, SHELF_COLS, SHELF_ROWS, TILE_NAMES, TILE_TYPES, cell_label
from .game import REFILL_RULES, Game, SeatView, TurnReport
from .goals import COMMON_GOALS, PERSONAL_GOALS, CommonGoal, PersonalGoal
from .moves import IllegalMove, Move
from .shelf import Bookshelf, adjacency_groups, adjacency_score
from .platform import RULES  # last: the rules read the modules above

__all__ = [
    "RULES",
    "BOARD_SIZE", "SHELF_COLS", "SHELF_ROWS", "TILE_NAMES", "TILE_TYPES", "cell_label",
    "REFILL_RULES", "Game", "SeatView", "TurnReport",
    "COMMON_GOALS", "PERSONAL_GOALS", "CommonGoal", "PersonalGoal",
    "IllegalMove", "Move",
    "Bookshelf", "adjacency_groups", "adjacency_score",
]
