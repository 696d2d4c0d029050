"""Helpers for the Books engine tests: a game set up by hand, short seeded random plays, and a game stored before
rules revisions."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.books.actions import Action, Bookstore, IllegalAction, Keep
from engine.books.game import BooksGame, Report
from engine.books.revision import CURRENT


def kept(players: int, seed: int, level: int = 1, revision: int = CURRENT) -> BooksGame:
    """A new game in which every seat has kept the first 3 of its dealt Little Projects."""
    game = BooksGame.new(players, seed=seed, level=level, revision=revision)
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


def started(seed: int, deck: list[str], revision: int = CURRENT) -> BooksGame:
    """A solo game (of the rules `revision`) after the keep, with this Rival deck (top last), the player at home on
    the Rest space with 10 battery."""
    game = BooksGame.new(1, seed=seed, level=1, revision=revision)
    game.apply(game.legal_actions()[0], 0)
    assert game.penelope is not None
    game.penelope.deck = deck
    game.players[0].battery, game.players[0].location = 10, "rest"
    return game


def headphones_at_20(revision: int, last: bool = False) -> tuple[BooksGame, Bookstore]:
    """The player, in the Park with the Loyalty Card and the Headphones, 20 battery and 4 Little Projects, is to take
    the smallest shelf (the step returned: free, its Little Project a 5th); Penelope's turn after it (Rival H, queue
    1: the Bookstore) bumps it to the Park: +4, a gain that would reach 24 (MA4, one of the game's). The Notebook
    tops the Other Neat Stuff deck (MA4's first reward draws it: 2 Little Projects). `last`: her turn is the game's
    last. Every card and book is where a played game could have it (the state reads back)."""
    game = started(9, [*"ABCDEFGIJ", "H"], revision)  # level 1's Rival cards, H on top
    assert game.penelope is not None
    game.village.majors[0] = "MA4"
    game.village.claims = {major: [] for major in game.village.majors}
    player = game.players[0]
    player.neat, player.location, player.battery = ["NS03", "NS04"], "park", 20
    game.ns_deck = [card for card in game.ns_deck if card not in (*player.neat, "NS16")] + ["NS16"]
    game.village.shoppes = [card for card in game.village.shoppes if card not in (*player.neat, "NS16")]
    player.hand.append(game.lp_deck.pop())
    game.end_triggered = game.last_round = last
    (book,) = game.village.shelves[2].books  # the smallest shelf: 1 battery, 0 with the Loyalty Card
    return game, Bookstore("R", ((book, "P1"),))


def bumped_to_24(revision: int, last: bool = False) -> tuple[BooksGame, Report]:
    """`headphones_at_20`'s step played: the report of the player's step and Penelope's turn after it."""
    game, step = headphones_at_20(revision, last)
    report = game.apply(step, 0)
    (turn,) = report.rival
    assert turn.card == "H" and turn.location == "bookstore" and turn.bumped
    assert game.players[0].location == "park" and game.players[0].reach == 24
    return game, report

FIRST_REVISION_GAME = Path(__file__).parent / "data" / "first_revision_solo.json"


def first_revision_game() -> dict[str, Any]:
    """A solo game main played and stored before Books had rules revisions: its seed, the options the service
    stored, its move log ((seat, text)) and its final state (the file says how it was made)."""
    loaded: dict[str, Any] = json.loads(FIRST_REVISION_GAME.read_text())
    return loaded


def met_by_the_next_seat(revision: int) -> tuple[BooksGame, int]:
    """A 3-seat game in the current seat's turn where the next seat meets MA2 (a one-colour stack of 6) unclaimed:
    what the current seat's turn end would claim for it."""
    game = kept(3, seed=9, revision=revision)
    game.village.majors = ["MA2", "MA6", "MA1"]
    game.village.claims = {major: [] for major in game.village.majors}
    other = (game.current + 1) % 3
    stacks = game.players[other].apartment.stacks
    for book in stacks["D4"]:
        game.bag[book] += 1
    game.bag["R"] -= 6
    stacks["D4"] = "RRRRRR"
    return game, other
