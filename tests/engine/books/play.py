"""Helpers for the Books engine tests: a game set up by hand, and short seeded random plays."""
from __future__ import annotations

import random

import pytest

from engine.books.actions import Action, IllegalAction, Keep
from engine.books.game import BooksGame


def kept(players: int, seed: int, level: int = 1) -> BooksGame:
    """A new game in which every seat has kept the first 3 of its dealt Little Projects."""
    game = BooksGame.new(players, seed=seed, level=level)
    for seat, player in enumerate(game.players):
        game.apply(Keep(tuple(player.dealt[:3])), seat)
    return game


def empty(game: BooksGame, seat: int) -> None:
    """Clears the seat's apartment grid and backpack (the books go back to the bag), for hand-made positions."""
    apartment = game.players[seat].apartment
    for space, stack in apartment.stacks.items():
        for book in stack:
            game.bag[book] += 1
        apartment.stacks[space] = ""


def lay(game: BooksGame, seat: int, stacks: dict[str, str]) -> None:
    """Puts these stacks on the seat's grid, taking their books from the bag (after `empty`)."""
    apartment = game.players[seat].apartment
    for space, stack in stacks.items():
        for book in stack:
            game.bag[book] -= 1
        apartment.stacks[space] += stack


def random_play(game: BooksGame, steps: int, seed: int) -> list[tuple[int, str]]:
    """Up to `steps` random legal steps (the acting seat's, each seat keeping first); returns the log."""
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    for _ in range(steps):
        if game.is_over:
            break
        action: Action = rng.choice(game.legal_actions())
        report = game.apply(action)
        log.append((report.seat, str(action)))
    return log


def refused(game: BooksGame, action: Action, seat: int, code: str) -> None:
    """The step is refused for `code`, and the game is as it was."""
    before = game.to_dict()
    with pytest.raises(IllegalAction) as refusal:
        game.apply(action, seat)
    assert refusal.value.code == code, refusal.value
    assert game.to_dict() == before
