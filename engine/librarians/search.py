"""Whether (and how) the acting seat can still finish its turn legally: the loss rule and the simple computer
player both ask this. A depth-first search over the hand's placements, on a copy of the library."""
from __future__ import annotations

from collections.abc import Sequence

from .library import Library, Place


def find_turn(library: Library, hand: Sequence[int], need: int, *, stacking: bool = True, any_stack: bool = False,
              alphabet: bool = True, loose: bool = False, max_groups: int = 1) -> list[tuple[int, Place]] | None:
    """Placements (card, place), in order, after which at least `need` more cards lie in the library and it
    forms at most `max_groups` groups (1: connected); [] when that already holds; None when no order of the hand's
    cards gets there. Cards with the same letter are interchangeable here (completions are not foreseen), and
    placements that touch the library are tried first, so a finishable turn is usually found at once."""
    lib = library.copy()
    letters = lib.letters
    path: list[tuple[int, Place]] = []
    seen: set[tuple[tuple[int, Place], ...]] = set()

    def done() -> bool:
        return len(path) >= need and lib.groups(loose) <= max_groups

    def search(remaining: list[int]) -> bool:
        if done():
            return True
        if not remaining:
            return False
        tried: set[int] = set()
        for i, card in enumerate(remaining):
            letter = letters[card]
            if letter in tried:
                continue
            tried.add(letter)
            places = lib.legal_places(letter, stacking=stacking, any_stack=any_stack, alphabet=alphabet)
            places.sort(key=lambda p: not lib.touches_library(p))
            for place in places:
                key = tuple(sorted([(letters[c], p) for c, p in path] + [(letter, place)]))
                if key in seen:
                    continue
                seen.add(key)
                lib.put(place, card)
                path.append((card, place))
                if search(remaining[:i] + remaining[i + 1:]):
                    return True
                path.pop()
                lib.take(place)
        return False

    return path if search(list(hand)) else None
