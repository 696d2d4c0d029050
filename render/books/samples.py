"""Tables of Books to draw: seeded games played by the computer player (`sample_game`, what the gallery and the
tests show at the moments players see), and busy hand-made tables (`sample_table`: every stack height, a
Bookend's stack of 8, a Wild, the Lamp, Neat Stuff and claims, filled at random from a seed) that the shared
palette is sampled from, the warm-up and the bench draw."""
from __future__ import annotations

import random

from engine.books.ai import choose
from engine.books.data import BACKPACK_STACKS, COLOURS, MAJORS, NEAT, PROJECTS, RIVALS, SPACES, SUN_STEPS
from engine.books.game import BooksGame
from engine.books.state import Apartment, Penelope, Player, Shelf, Tabletop, Village

NAMES = ["Alice", "田中太郎 🐱", "Bartholomew the Extraordinarily Long-Named", "🦊 Zoë"]


def _stack(rng: random.Random, height: int) -> str:
    return "".join(rng.choice(COLOURS + ("W",) if rng.random() < 0.04 else COLOURS) for _ in range(height))


def sample_table(n: int, seed: int, solo: bool = False) -> Tabletop:
    """A table of n seats some turns in: stacks of every height, backpacks, tokens, cards, claims, meeples."""
    rng = random.Random(seed)
    lp = sorted(PROJECTS)
    rng.shuffle(lp)
    ns = sorted(NEAT)
    rng.shuffle(ns)
    players = []
    for seat in range(n):
        stacks = {space: _stack(rng, rng.choice((0, 0, 1, 1, 2, 3, 4, 5, 6))) for space in SPACES}
        backpack = [_stack(rng, rng.choice((0, 1, 2, 3))) for _ in BACKPACK_STACKS[:2]]
        neat = [ns.pop() for _ in range(rng.randint(0, 3))]
        if "NS01" in neat:
            backpack.append(_stack(rng, 2))
        apartment = Apartment(stacks, backpack)
        if seat == 0:
            apartment.bookend = "C2"
            stacks["C2"] = _stack(rng, 8)
            apartment.lamp = "B3"
        players.append(Player(colour=COLOURS[seat], battery=rng.randint(0, 20), apartment=apartment,
                              location=rng.choice((None, "gather", "library", "exchange", "park", "shoppes")),
                              hand=[lp.pop() for _ in range(rng.randint(1, 5))], scored=[lp.pop() for _ in range(seat)],
                              neat=neat, kitties=rng.randint(0, 2)))
    majors = sorted(MAJORS)[:: 3][:3]
    claims = {majors[0]: [s for s in (1, 0) if s < n], majors[1]: [0], majors[2]: []}
    village = Village(shelves=[Shelf(_stack(rng, k), lp.pop()) for k in (3, 5, 1)], shoppes=[ns.pop(), ns.pop()],
                      majors=majors, claims=claims, sun=rng.randint(0, SUN_STEPS[n]))
    table = Tabletop(n_players=n, seed=seed, players=players, village=village, current=rng.randrange(n),
                     turn=rng.randint(3, 30), end_triggered=village.sun == 0)
    if solo:
        rivals = sorted(RIVALS)
        table.penelope = Penelope(level=2, deck=rivals[:6], queue=rivals[6:11], location="cafe",
                                  books=_stack(rng, 9), projects=[lp.pop()], neat=[ns.pop()])
    return table




def step(game: BooksGame, seed: int) -> None:
    """One step of the computer player (level "normal") for a seat that may act now."""
    game.apply(choose(game, "normal", seed=seed))


def play_until(game: BooksGame, turns: int | None, seed: int) -> None:
    """Computer steps (seeded by seed and the step) until `turns` turns are over, or to the end (turns None)."""
    k = 0
    while not game.is_over and (turns is None or game.turn < turns):
        step(game, seed * 10_000 + k)
        k += 1


def sample_game(n: int, seed: int, turns: int | None = None) -> BooksGame:
    """A seeded game of n seats (1: solo against Penelope) played by the computer until `turns` turns are over,
    or to its end."""
    game = BooksGame.new(n, seed=seed)
    play_until(game, turns, seed)
    return game
