"""What the turn's buttons, select and autocomplete offer: only legal choices, numbered one way everywhere.

The item sets are numbered as the turn picture numbers them (the bot hands this list to the renderer), so
"set 3" in the select, the autocomplete and the picture is the same set.
"""

from __future__ import annotations

from engine.dice import ITEM_VALUES, WILD, Cross, DiceGame, Item

SET_LIMIT = 24
"""The sets a select offers and the picture draws (Discord's 25 options, one row for "+N more")."""
KEEP_LIMIT = 25
"""Discord shows at most 25 autocomplete choices."""


def offered_sets(game: DiceGame) -> list[tuple[Item, ...]]:
    """Every legal item set, the most points it adds now first, then the most item value toward later lines (so
    the first ones a select can hold are the best)."""
    sets = game.legal_item_sets()
    return sorted(sets, key=lambda items: (-game.gain(items), -sum(ITEM_VALUES[c] for _, c in items), -len(items)))


def crossable_rows(game: DiceGame) -> list[int]:
    """The rows the seat to act may cross out: only when nothing can be circled, rows with an open item."""
    if game.phase != "choose" or game.legal_item_sets():
        return []
    return sorted({action.row for action in game.legal_actions() if isinstance(action, Cross)})


def keep_choices(game: DiceGame) -> list[tuple[int, ...]]:
    """Dice worth keeping for a re-roll, most likely first: every die of one type (with the wilds, then
    without), then each die alone, then re-rolling everything."""
    if game.phase != "choose" or not game.rerolls_left:
        return []
    dice = game.dice
    wilds = tuple(i for i, face in enumerate(dice) if face == WILD)
    found: list[tuple[int, ...]] = []
    for face in sorted({f for f in dice if f != WILD}, key=lambda f: -dice.count(f)):
        same = tuple(i for i, f in enumerate(dice) if f == face)
        found.extend([tuple(sorted(same + wilds)), same])
    found.extend((i,) for i in range(len(dice)))
    found.append(())
    keeps = [keep for keep in dict.fromkeys(found) if len(keep) < len(dice)]
    return keeps[:KEEP_LIMIT]
