"""Computer players for the Dice Game: `choose(game, level, seed=...)` acts for the seat to act.

Fair play: a level decides from `game.view(seat)` only (sheets and dice, which everyone sees); the future
rolls it imagines come from its own seeded generator, never from the game's. Same view and seed, same action.

- easy: keeps the dice of its most common type once in a while, circles any legal set, crosses out any row.
- normal: values a sheet by its rows and columns on their way to 3 circled items; keeps the dice that the
  best imagined re-rolls reach, circles the set that raises that value most, crosses out the row it loses
  least by.
- hard (engine.dice.hard): keeps dice by the exact expectation over every roll that can come, and judges a
  sheet by the points its lines can be expected to score in the rounds left, against the other seats'.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from ..computer import check_request
from .actions import Action, Circle, Cross, Reroll, Roll
from .data import COLUMNS, FACES, ITEM_VALUES, MIN_CIRCLED, ROWS, WILD
from .game import DiceGame, DiceView, score_breakdown_of
from .hard import hard
from .items import CIRCLED, CROSSED, OPEN, Item, assign_dice, legal_item_sets, marked

_PROGRESS = (0.2, 0.35, 0.6)
"""How much of a line's circled value counts before it reaches MIN_CIRCLED items (by items circled)."""
_EASE = (0.9, 0.7, 0.45, 0.25, 0.1)
"""Rough chance of ever circling the item in column k: more dice are harder to gather."""
_SAMPLES = 12
_LINES = tuple([r * COLUMNS + c for c in range(COLUMNS)] for r in range(ROWS)) + tuple(
    [r * COLUMNS + c for r in range(ROWS)] for c in range(COLUMNS))


def sheet_value(sheet: str, last_turn: bool = False) -> float:
    """Points scored plus the promise of every line that can still reach MIN_CIRCLED circled items; on a
    seat's last turn (the end is triggered) only the points count."""
    if last_turn:
        return float(score_breakdown_of(sheet)["total"])
    total = 0.0
    for cells in _LINES:
        circled = [ITEM_VALUES[i % COLUMNS] for i in cells if sheet[i] == CIRCLED]
        open_cells = [i % COLUMNS for i in cells if sheet[i] == OPEN]
        if len(circled) >= MIN_CIRCLED:
            total += sum(circled) + 0.3 * sum(ITEM_VALUES[c] * _EASE[c] for c in open_cells)
        elif len(circled) + len(open_cells) >= MIN_CIRCLED:
            total += _PROGRESS[len(circled)] * sum(circled)
            total += 0.1 * sum(ITEM_VALUES[c] * _EASE[c] for c in open_cells)
    return total


def _worth(sheet: str, last_turn: bool) -> dict[Item, float]:
    """What circling each open item alone adds to the sheet's value."""
    base = sheet_value(sheet, last_turn)
    return {divmod(i, COLUMNS): sheet_value(marked(sheet, [divmod(i, COLUMNS)], CIRCLED), last_turn) - base
            for i, mark in enumerate(sheet) if mark == OPEN}


def _stop(view: DiceView, sheet: str) -> Action:
    """The end of a turn: the set worth most, or the row whose crossing out costs least."""
    sets = legal_item_sets(view.dice, sheet)
    last = view.end_triggered
    if not sets:
        rows = [r for r in range(ROWS) if OPEN in sheet[r * COLUMNS:(r + 1) * COLUMNS]]
        return Cross(max(rows, key=lambda r: (sheet_value(_cross(sheet, r), last), -r)))
    return Circle(max(sets, key=lambda items: (sheet_value(marked(sheet, items, CIRCLED), last), -len(items))))


def _cross(sheet: str, row: int) -> str:
    return "".join(CROSSED if i // COLUMNS == row and m == OPEN else m for i, m in enumerate(sheet))


def _reach(dice: tuple[int, ...], sheet: str, worth: dict[Item, float]) -> float:
    return max((sum(worth[item] for item in items) for items in legal_item_sets(dice, sheet)), default=-1.0)


def _keep_candidates(view: DiceView, sheet: str, worth: dict[Item, float]) -> set[tuple[int, ...]]:
    """Dice worth keeping: those of the best set now, and per type its dice plus one wild; never all dice."""
    dice = view.dice
    wilds = [i for i, face in enumerate(dice) if face == WILD]
    found: set[tuple[int, ...]] = {()}
    sets = legal_item_sets(dice, sheet)
    if sets:
        best = max(sets, key=lambda items: sum(worth[item] for item in items))
        used = assign_dice(dice, best) or ()
        found.add(tuple(sorted(i for group in used for i in group)))
    for face in range(ROWS):
        same = [i for i, f in enumerate(dice) if f == face]
        if same:
            found.add(tuple(sorted(same + wilds[:1])))
    return {keep for keep in found if len(keep) < len(dice)}


def _normal(view: DiceView, rng: random.Random) -> Action:
    if view.phase == "roll":
        return Roll()
    sheet = view.sheets[view.seat]
    if not view.rerolls_left:
        return _stop(view, sheet)
    worth = _worth(sheet, view.end_triggered)
    now = _reach(view.dice, sheet, worth)
    best_keep, best_value = None, now
    for keep in sorted(_keep_candidates(view, sheet, worth)):
        total = 0.0
        for _ in range(_SAMPLES):
            dice = tuple(view.dice[i] if i in keep else rng.randrange(FACES) for i in range(len(view.dice)))
            total += _reach(dice, sheet, worth)
        if total / _SAMPLES > best_value:
            best_keep, best_value = keep, total / _SAMPLES
    return _stop(view, sheet) if best_keep is None else Reroll(best_keep)


def _easy(view: DiceView, rng: random.Random) -> Action:
    if view.phase == "roll":
        return Roll()
    sheet = view.sheets[view.seat]
    if view.rerolls_left and rng.random() < 0.5:
        faces = Counter(face for face in view.dice if face != WILD)
        if faces:
            face = rng.choice(sorted(f for f, n in faces.items() if n == max(faces.values())))
            keep = tuple(i for i, f in enumerate(view.dice) if f == face)
            if len(keep) < len(view.dice):
                return Reroll(keep)
    sets = legal_item_sets(view.dice, sheet)
    if sets:
        return Circle(rng.choice(sets))
    return Cross(rng.choice([r for r in range(ROWS) if OPEN in sheet[r * COLUMNS:(r + 1) * COLUMNS]]))


def _hard(view: DiceView, rng: random.Random) -> Action:
    """Hard draws nothing at random: it averages over every roll instead of sampling some."""
    return hard(view)


LEVELS: dict[str, Callable[[DiceView, random.Random], Action]] = {"easy": _easy, "normal": _normal, "hard": _hard}
"""Weakest first: the platform offers them in this order."""


def choose(game: DiceGame, level: str, *, seed: int) -> Action:
    """A legal action for the seat to act at `level` ("easy", "normal" or "hard"); the seed must be an int."""
    check_request(level, LEVELS, seed, game.is_over)
    return LEVELS[level](game.view(game.current_seat), random.Random(seed))
