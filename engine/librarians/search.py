"""Whether (and how) the acting seat can still finish its turn legally: the loss rule and the computer teammates
(engine.librarians.ai, when their own plan finds none) both ask this. A depth-first search over the hand's
placements, on a copy of the library.

First it tries only placements that touch the library as it stands (a card laid that way never splits it). While
every row is in alphabetical order that search is complete: any legal end of turn, islands and all, can be laid in
an order where each card touches what is already there, and in a sorted row every order of legal insertions is
legal. Rows that powers left out of order can need an island first, so when the first search finds nothing a
second one also tries islands. Both together try at most SEARCH_BUDGET placements; past that the turn counts as
unfinishable, so a move's cost stays bounded (only a library split by a power or a completion, with a hand far
beyond four cards, comes near it)."""
from __future__ import annotations

from collections.abc import Sequence

from .library import Library, Place

SEARCH_BUDGET = 1500
"""Placements both searches together may try before the turn counts as unfinishable."""
_MERGE_PER_CARD = 3
"""A card touches at most 4 places, so it joins at most 4 groups into one: each card removes at most 3 groups."""


class _OutOfBudget(Exception):
    pass


def find_turn(library: Library, hand: Sequence[int], need: int, *, stacking: bool = True, any_stack: bool = False,
              alphabet: bool = True, loose: bool = False, max_groups: int = 1) -> list[tuple[int, Place]] | None:
    """Placements (card, place), in order, after which at least `need` more cards lie in the library and it
    forms at most `max_groups` groups (1: connected); [] when that already holds; None when no order of the
    hand's cards gets there. Cards with the same letter are interchangeable here (completions are not foreseen)."""
    rules = (stacking, any_stack, alphabet, loose, max_groups)
    budget = [SEARCH_BUDGET]
    try:
        plan = _search(library, hand, need, rules, touching_only=True, budget=budget)
        if plan is None:
            plan = _search(library, hand, need, rules, touching_only=False, budget=budget)
    except _OutOfBudget:
        return None
    return plan


def _search(library: Library, hand: Sequence[int], need: int, rules: tuple[bool, bool, bool, bool, int], *,
            touching_only: bool, budget: list[int]) -> list[tuple[int, Place]] | None:
    """One depth-first pass; `budget` holds the placements both passes may still try (raises _OutOfBudget)."""
    stacking, any_stack, alphabet, loose, max_groups = rules
    lib = library.copy()
    letters = lib.letters
    path: list[tuple[int, Place]] = []
    seen: set[tuple[tuple[int, Place], ...]] = set()

    def search(remaining: list[int]) -> bool:
        if len(path) >= need:
            groups = lib.groups(loose)
            if groups <= max_groups:
                return True
            if loose or groups - _MERGE_PER_CARD * len(remaining) > max_groups:
                return False
        if not remaining:
            return False
        tried: set[int] = set()
        for i, card in enumerate(remaining):
            letter = letters[card]
            if letter in tried:
                continue
            tried.add(letter)
            places = lib.legal_places(letter, stacking=stacking, any_stack=any_stack, alphabet=alphabet)
            touching = [p for p in places if lib.top(p) is not None or lib.touches_library(p)]
            if not touching_only:
                touching += [p for p in places if p not in touching]
            for place in touching:
                key = tuple(sorted([(letters[c], p) for c, p in path] + [(letter, place)]))
                if key in seen:
                    continue
                seen.add(key)
                budget[0] -= 1
                if budget[0] < 0:
                    raise _OutOfBudget
                lib.put(place, card)
                path.append((card, place))
                if search(remaining[:i] + remaining[i + 1:]):
                    return True
                path.pop()
                lib.take(place)
        return False

    return list(path) if search(list(hand)) else None
