"""Seeded games at interesting moments, played only through the engine's public API."""
from __future__ import annotations

import random

import pytest

from engine.shelfie import Game, Move
from render import fonts

NAMES = ["Alice", "田中太郎 🐱", "Bartholomew the Extraordinarily Long-Named Player of Games", "🦊 Zoë"]


def play(game: Game, turns: int | None, seed: int) -> Move | None:
    """Random legal moves (seeded); returns the last one."""
    rng = random.Random(seed)
    last = None
    while not game.is_over and (turns is None or turns > 0):
        last = rng.choice(game.legal_moves())
        game.apply(last)
        turns = None if turns is None else turns - 1
    return last


@pytest.fixture(params=[2, 3, 4], ids=lambda n: f"{n}p")
def mid_game(request: pytest.FixtureRequest) -> tuple[Game, Move]:
    n = request.param
    game = Game.new(n, seed=100 + n)
    last = play(game, 6 * n, seed=n)
    assert last is not None
    return game, last


@pytest.fixture(scope="module")
def finished_4p() -> Game:
    game = Game.new(4, seed=404)
    play(game, None, seed=4)
    return game


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the pictures draw from now on (drawing still happens: the calls pass through)."""
    texts: list[str] = []
    real = fonts.draw_text

    def recording(draw, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append(text)
        return real(draw, xy, text, *args, **kwargs)

    monkeypatch.setattr(fonts, "draw_text", recording)
    return texts
