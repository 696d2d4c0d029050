"""Seeded computer games of the Dice Game at the moments players see, and a record of every text drawn."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.dice import DiceGame
from render import fonts
from render.dice.pictures import dice_palette
from render.dice.gallery import play_until

NAMES = ["Alice", "田中太郎 🐱", "Bartholomew the Extraordinarily Long-Named Player of Games", "🦊 Zoë"]


def choosing(n: int, dice: int, seed: int = 0) -> DiceGame:
    """A seeded computer game some turns in, its seat to act choosing after a re-roll that kept dice."""
    game = DiceGame.new(n, seed=seed + 10 * n + dice, dice=dice)
    play_until(game, lambda g: g.turn >= 3 * n and bool(g.kept), seed=seed)
    assert not game.is_over and game.phase == "choose"
    return game


def after_turn(n: int, dice: int, seed: int = 0) -> DiceGame:
    """A seeded computer game right after a seat circled items (the report says which)."""
    game = choosing(n, dice, seed)
    play_until(game, lambda g: g.last_report is not None and g.last_report.turn_over
               and bool(g.last_report.circled), seed=seed + 500)
    return game


def finished(n: int, dice: int, seed: int = 0) -> DiceGame:
    game = DiceGame.new(n, seed=seed + 10 * n + dice, dice=dice)
    play_until(game, lambda g: False, seed=seed)
    assert game.is_over
    return game


@dataclass(frozen=True)
class Drawn:
    """One text drawn: where, as shown (cut with an ellipsis when it did not fit), and its room."""

    x: float
    y: float
    text: str
    size: int
    bold: bool
    max_width: int | None


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Every text the pictures draw from now on, where (drawing still happens: the calls pass through). The shared
    palette is built first: it draws pictures of its own, which a test's first picture would otherwise record."""
    dice_palette()
    texts: list[Drawn] = []
    real = fonts.draw_text

    def recording(draw, xy, text, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        bold, room = kwargs.get("bold", False), kwargs.get("max_width")
        shown = fonts.fit(text, size, room, bold) if room is not None else text
        texts.append(Drawn(xy[0], xy[1], shown, size, bold, room))
        return real(draw, xy, text, size, *args, **kwargs)

    monkeypatch.setattr(fonts, "draw_text", recording)
    return texts
