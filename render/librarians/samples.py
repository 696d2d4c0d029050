"""Seeded games of Librarians played by the registered computer teammate (engine.librarians.RULES) at its
normal level — quick, and the same positions whichever level stands in for absent players: what the palette is
sampled from, and what the gallery, the warm-up, the bench and the tests draw."""
from __future__ import annotations

from engine.librarians import RULES
from engine.librarians.game import LibrariansGame

SAMPLE_LEVEL = "normal"

NAMES = ["Alice", "田中太郎 🐱", "Bartholomew the Extraordinarily Long-Named", "🦊 Zoë", "Mo", "Ingrid"]


def step(game: LibrariansGame, seed: int) -> None:
    """One computer action for the seat to act."""
    game.apply(RULES.choose(game, SAMPLE_LEVEL, seed, min(game.to_act)))


def sample_game(n: int, seed: int, turns: int) -> tuple[LibrariansGame, list[str]]:
    """A game of n seats played by computer teammates until `turns` whole turns are over (or the end), stopped
    at the start of a turn; with the names drawn for its seats."""
    game = LibrariansGame.new(n, seed=seed)
    k = 0
    while not game.is_over and game.turn < turns:
        step(game, seed + k)
        k += 1
    return game, NAMES[:n]
