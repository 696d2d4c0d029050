"""Seeded Librarians games at the moments players see them, twin states that differ only in hidden cards, and a
record of every text drawn."""
from __future__ import annotations

import pytest

from engine.librarians.game import LibrariansGame
from render.librarians.pictures import librarians_palette
from render.librarians.samples import sample_game, step
from tests.render.dice.conftest import Drawn
from tests.render.dice.conftest import drawn as dice_drawn  # noqa: F401  (a fixture, used by name)

NAMES = ["Alice", "田中太郎 🐱", "Bartholomew the Extraordinarily Long-Named Player of Games", "🦊 Zoë", "Mo",
         "Ingrid"]


def mid_game(n: int, seed: int = 0, turns: int = 6) -> LibrariansGame:
    """Computer teammates play `turns` whole turns of a seeded game of n seats (it is not over)."""
    game, _ = sample_game(n, seed=seed + 100 * n, turns=turns)
    assert not game.is_over
    return game


def mid_turn(n: int, seed: int = 0) -> LibrariansGame:
    """A seeded game stopped after the first card of a turn was played (the turn still needs one more)."""
    game = mid_game(n, seed)
    step(game, seed)
    assert game.played and not game.is_over
    return game


def finished(n: int, seed: int = 0) -> LibrariansGame:
    game, _ = sample_game(n, seed=seed + 100 * n, turns=10**6)
    assert game.is_over
    return game


def twin(game: LibrariansGame, seat: int, other_seat: int | None = None) -> LibrariansGame:
    """The same state with seat's first hand card swapped for a different card: from the deck, or (with
    other_seat) from that seat's hand. Nothing public changes."""
    copy = LibrariansGame.from_dict(game.to_dict())
    hand = copy.hands[seat]
    pile = copy.deck if other_seat is None else copy.hands[other_seat]
    mine = hand[0]
    k = next(i for i, card in enumerate(pile) if (card // 11, copy.letters[card]) != (mine // 11, copy.letters[mine]))
    hand[0], pile[k] = pile[k], hand[0]
    return copy


@pytest.fixture
def drawn(dice_drawn: list[Drawn]) -> list[Drawn]:
    """Every text the pictures draw from now on, where (the Dice Game tests' record, which lets drawing happen).
    Parts drawn once and cached (card faces, the genres legend) are not drawn again, so not recorded; the
    shared palette is built first and what it drew forgotten (it draws pictures of its own)."""
    librarians_palette()
    dice_drawn.clear()
    return dice_drawn


def at(drawn: list[Drawn], point: tuple[float, float]) -> list[str]:
    """The texts drawn centred at point."""
    return [t.text for t in drawn if (round(t.x), round(t.y)) == (round(point[0]), round(point[1]))]
