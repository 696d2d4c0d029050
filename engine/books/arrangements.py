"""Gathers, Sorts and Reads the computer player considers, each with the grid it leaves.

There are far too many Gathers and Sorts to try them all (a Sort of six books has millions of placements), so
the computer player samples them with its own generator, asking engine.books.choices at each choice what the
rules allow: Gathers of one to four tops onto a space they fit on, Sorts that spread a stack over random spaces,
and Gathers and Sorts built one book at a time toward what its judge prefers. Every Read is tried.
"""
from __future__ import annotations

import random
from collections.abc import Callable

from .actions import Gather, Read, Sort
from .choices import gather_sources, gather_targets, read_depths, read_spaces, sort_spaces
from .data import NIGHTSTAND
from .state import Player

Stacks = dict[str, str]
Judge = Callable[[Stacks], float]

GATHER_SIZES = (1, 2, 2, 3, 3, 4)
"""How many tops a sampled Gather takes: small ones are the useful ones most often."""


def gather_after(stacks: Stacks, sources: tuple[str, ...], target: str) -> Stacks:
    after = dict(stacks)
    moved = "".join(after[s][-1] for s in sources)
    for s in sources:
        after[s] = after[s][:-1]
    after[target] += moved
    return after


def sample_gathers(player: Player, rng: random.Random, n: int) -> list[tuple[Gather, Stacks]]:
    """Up to `n` different legal Gathers drawn at random, with the grid each leaves."""
    stacks = player.apartment.stacks
    filled = gather_sources(player, ())
    found: dict[Gather, Stacks] = {}
    for _ in range(n * 2):
        if len(found) >= n or not filled:
            break
        sources = tuple(rng.sample(filled, min(rng.choice(GATHER_SIZES), len(filled))))
        targets = gather_targets(player, sources)
        if targets:
            gather = Gather(sources, rng.choice(targets))
            found.setdefault(gather, gather_after(stacks, sources, gather.target))
    return list(found.items())


def built_gathers(player: Player, judge: Judge, steps: int) -> list[tuple[Gather, Stacks]]:
    """Gathers built one top at a time: each step adds the source, and picks the target, that leave the grid the
    judge likes best; every step's Gather is a candidate (up to `steps` tops)."""
    stacks = player.apartment.stacks
    found: list[tuple[Gather, Stacks]] = []
    sources: tuple[str, ...] = ()
    for _ in range(steps):
        best: tuple[float, Gather, Stacks] | None = None
        for source in gather_sources(player, sources):
            trial = (*sources, source)
            for target in gather_targets(player, trial):
                after = gather_after(stacks, trial, target)
                score = judge(after)
                if best is None or score > best[0]:
                    best = (score, Gather(trial, target), after)
        if best is None:
            break
        found.append((best[1], best[2]))
        sources = best[1].sources
    return found


def _sort(player: Player, source: str, rng: random.Random, pick: Callable[[Stacks, str, list[str]], str]
          ) -> tuple[Sort, Stacks]:
    """A Sort of `source` placing its books in a random order, each where `pick(grid so far, book, spaces the
    rules allow)` says."""
    after = dict(player.apartment.stacks)
    books = list(after[source])
    after[source] = ""
    rng.shuffle(books)
    placed: list[tuple[str, str]] = []
    for book in books:
        space = pick(after, book, sort_spaces(player, source, placed))
        after[space] += book
        placed.append((book, space))
    return Sort(source, tuple(placed)), after


def random_sort(player: Player, source: str, rng: random.Random) -> tuple[Sort, Stacks]:
    """A Sort of `source` onto random spaces that can take its books."""
    return _sort(player, source, rng, lambda after, book, spaces: rng.choice(spaces))


def greedy_sort(player: Player, source: str, judge: Judge, rng: random.Random) -> tuple[Sort, Stacks]:
    """A Sort of `source` built one book at a time: each book (in a random order) where the judge likes the grid
    best."""
    def best(after: Stacks, book: str, spaces: list[str]) -> str:
        def score(space: str) -> float:
            trial = dict(after)
            trial[space] += book
            return judge(trial)
        return max(spaces, key=score)
    return _sort(player, source, rng, best)


def reads(player: Player) -> list[tuple[Read, Stacks]]:
    """Every Read a Book, with the grid it leaves."""
    stacks = player.apartment.stacks
    found = []
    for space in read_spaces(player):
        stack = stacks[space]
        for depth in read_depths(player, space):
            after = dict(stacks)
            after[space] = stack[:depth - 1] + stack[depth:]
            after[NIGHTSTAND] += stack[depth - 1]
            found.append((Read(space, depth), after))
    return found
