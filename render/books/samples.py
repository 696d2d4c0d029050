"""Hand-made tables of Books (the contract's data model, filled at random from a seed): what the pictures are
drawn from while the engine's game is being written."""
from __future__ import annotations

import random

from engine.books.data import BACKPACK_STACKS, COLOURS, MAJORS, NEAT, PROJECTS, RIVALS, SPACES, SUN_STEPS
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
                     turn=rng.randint(3, 30))
    if solo:
        rivals = sorted(RIVALS)
        table.penelope = Penelope(level=2, deck=rivals[:6], queue=rivals[6:11], location="cafe",
                                  books=_stack(rng, 9), projects=[lp.pop()], neat=[ns.pop()])
    return table


def sample_scores(table: Tabletop) -> tuple[list[dict[str, int]], dict[str, int] | None]:
    """Score breakdowns for a hand-made table (each seat's, and Penelope's when solo), in the engine's keys."""
    rng = random.Random(table.seed)
    scores = []
    for player in table.players:
        parts = {"books": player.apartment.books(), "projects": 2 * len(player.scored),
                 "neat": sum(NEAT[card].vp or 0 for card in player.neat), "majors": rng.choice((0, 3, 6)),
                 "battery": player.battery // 4, "lamp": 4 if player.apartment.lamp else 0}
        scores.append({**parts, "total": sum(parts.values())})
    penelope = None
    if table.penelope is not None:
        pile = table.penelope
        parts = {"books": len(pile.books), "projects": 2 * len(pile.projects),
                 "neat": sum(NEAT[card].vp or 3 for card in pile.neat)}
        penelope = {**parts, "total": sum(parts.values())}
    return scores, penelope
