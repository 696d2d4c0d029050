"""My Shelfie: The Dice Game (rules: shared/games/dice.md): pure, typed and deterministic given a seed.

The surface mirrors engine.shelfie and OpenSpiel's Game/State split: a static `DESCRIPTION`, and a
`DiceGame` state with `to_act`, `legal_actions`, `legal_item_sets`, `check`, `apply` (returns a `Report`),
`is_over`, `outcome` (engine.protocol.Outcome), `view(seat)`, `to_dict`/`from_dict` and `copy`. Every roll is drawn from the seed and
the count of rolls so far, so replaying the action log from `DiceGame.new(..., seed=...)` rebuilds the state.

Text form of an action (`parse_action(text)`, `str(action)` gives it back; English or Italian words, any
case, spaces or commas between parts):

    roll                        first roll of the turn, all dice            (tira)
    keep 1 3 5                  keep dice 1, 3 and 5 as shown, re-roll the rest  (tieni 1 3 5)
    keep none | reroll          re-roll every die                          (tieni nessuno | rilancia)
    circle plants:3 cats:1      circle 1-3 items: row name + column 1-5    (cerchia piante:3 gatti:1)
    cross books | cross 3       cross out a row (by name or 1-5 from the top)   (barra libri)

Items are written "row:column"; "plants 3", "plant:3" and "piante=3" read the same. Text that is not an
action raises `InvalidNotation`; an action the rules refuse raises `IllegalAction`; both are a `DiceError`
(ValueError) with a `code` and `params` for translation.
"""
from .actions import (
    Action,
    Circle,
    Cross,
    DiceError,
    IllegalAction,
    InvalidNotation,
    Reroll,
    Roll,
    item_label,
    parse_action,
)
from .data import COLUMNS, DICE_COUNTS, FACE_NAMES, ITEM_TYPES, ITEM_VALUES, MAX_ITEMS, REROLLS, ROWS, WILD
from ..protocol import GameDescription, OptionSpec, Outcome
from .description import DESCRIPTION
from .game import DiceGame, DiceView, Lock, Report, closed_rows, gain_of, score_breakdown_of
from .items import CIRCLED, CROSSED, OPEN, Item, assign_dice, legal_item_sets
from .platform import RULES  # last: the rules read the modules above

__all__ = [
    "RULES",
    "Action", "Circle", "Cross", "DiceError", "IllegalAction", "InvalidNotation", "Reroll", "Roll",
    "item_label", "parse_action",
    "COLUMNS", "DICE_COUNTS", "FACE_NAMES", "ITEM_TYPES", "ITEM_VALUES", "MAX_ITEMS", "REROLLS", "ROWS", "WILD",
    "DESCRIPTION", "GameDescription", "OptionSpec",
    "DiceGame", "DiceView", "Lock", "Outcome", "Report", "closed_rows", "gain_of", "score_breakdown_of",
    "CIRCLED", "CROSSED", "OPEN", "Item", "assign_dice", "legal_item_sets",
]
