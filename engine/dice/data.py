"""Static Dice Game data, read once from data/dice.json (the only I/O the engine does)."""
from __future__ import annotations

from ..game_data import load_game_data

RAW = load_game_data("dice")

ITEM_TYPES: tuple[str, ...] = tuple(RAW["item_types"])
"""Row r of every sheet holds items of ITEM_TYPES[r]; a die face r shows that type."""
ROWS = len(ITEM_TYPES)
COLUMNS = len(RAW["item_values_by_column"])
WILD = ROWS
"""The wild face; faces 0..ROWS-1 are the item types."""
FACES = ROWS + 1
FACE_NAMES: tuple[str, ...] = ITEM_TYPES + (RAW["wild_names"]["en"],)

ITEM_VALUES: tuple[int, ...] = tuple(RAW["item_values_by_column"])
"""House values: the item in column k (0-based) is worth ITEM_VALUES[k]."""
MIN_CIRCLED: int = RAW["min_circled_to_score_a_line"]
CLOSED_ROWS_TO_END: int = RAW["closed_rows_to_end"]
MAX_ITEMS: int = RAW["max_items_per_turn"]
REROLLS: int = RAW["rerolls_per_turn"]
DICE_COUNTS: tuple[int, ...] = tuple(RAW["dice_counts"])
DEFAULT_DICE: int = RAW["default_dice_count"]
MIN_PLAYERS: int = RAW["players"]["min"]
MAX_PLAYERS: int = RAW["players"]["max"]

ROW_OF_NAME: dict[str, int] = {
    name: r for names in RAW["item_names"].values() for r, aliases in enumerate(names) for name in aliases
}
"""Every English and Italian name (plural and singular) of a row, for typed actions."""
ROW_OF_NAME.update({name: r for r, name in enumerate(ITEM_TYPES)})
