"""Tables of Books at the moments players see them, twins that differ only in what is secret, and a record of
every text drawn."""
from __future__ import annotations

import copy

import pytest

from engine.books.state import Tabletop
from render.books.pictures import books_palette
from render.books.samples import sample_table
from tests.render.dice.conftest import Drawn
from tests.render.dice.conftest import drawn as dice_drawn  # noqa: F401  (a fixture, used by name)

NAMES = ["Alice", "田中太郎 🐱", "Bartholomew the Extraordinarily Long-Named Player of Games", "🦊 Zoë"]


def table(n: int, seed: int = 0) -> Tabletop:
    """A table of n seats some turns in (n = 1: solo against Penelope)."""
    return sample_table(n, seed=seed + 100 * n, solo=n == 1)


def twin(original: Tabletop) -> Tabletop:
    """The same table with everything secret changed: every hand and dealt card (as many, other ids), the decks'
    orders and Penelope's Rival deck order. (The bag's count per colour is public: every other book is in sight;
    what it draws next is the seed's.)"""
    other = copy.deepcopy(original)
    for player in other.players:
        player.hand = [f"XX{k}" for k in range(len(player.hand))]
        player.dealt = [f"YY{k}" for k in range(len(player.dealt))]
    other.lp_deck, other.ns_deck = list(reversed(other.lp_deck)), list(reversed(other.ns_deck))
    other.seed += 1
    if other.penelope is not None:
        other.penelope.deck = list(reversed(other.penelope.deck))
    return other


@pytest.fixture
def drawn(dice_drawn: list[Drawn]) -> list[Drawn]:
    """Every text the pictures draw from now on (the Dice Game tests' record); the shared palette is built first
    and what it drew forgotten."""
    books_palette()
    dice_drawn.clear()
    return dice_drawn
