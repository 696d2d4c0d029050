"""Hand-made Dice Game positions: tests edit a fresh game's plain fields, then assert through the public API."""
from __future__ import annotations

from engine.dice import COLUMNS, ITEM_TYPES, DiceGame

FACE = {name[0]: r for r, name in enumerate(ITEM_TYPES)} | {"w": len(ITEM_TYPES)}
"""Dice written as letters: p(lants) g(ames) b(ooks) t(rophies) c(ats) w(ild)."""
OPEN_SHEET = "." * 25


def dice(letters: str) -> tuple[int, ...]:
    return tuple(FACE[ch] for ch in letters)


def sheet(*rows: str) -> str:
    """Five rows of five marks, top (plants) first: "." open, "o" circled, "x" crossed out."""
    assert len(rows) == len(ITEM_TYPES) and all(len(row) == COLUMNS for row in rows)
    return "".join(rows)


def position(sheets: list[str], rolled: str, *, seat: int = 0, rolls: int = 1, row_lock: bool = False,
             dice_count: int | None = None) -> DiceGame:
    """A game where `seat` has rolled `rolled` (letters) and has used `rolls` of its 3 rolls."""
    g = DiceGame.new(len(sheets), seed=7, dice=dice_count or len(rolled), row_lock=row_lock)
    g.sheets = list(sheets)
    g.current_seat = seat
    g.dice = dice(rolled)
    g.rolls = rolls
    return g
