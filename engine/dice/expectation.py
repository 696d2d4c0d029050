"""The dice of one turn as exact expectations: which dice to keep, given what every final hand is worth.

A hand is a multiset of faces, written as counts per face (FACES numbers). With n dice there are at most
C(n + FACES - 1, FACES - 1) hands (462 for 6 dice), so the whole roll space is enumerated instead of sampled:
the worth of keeping a multiset is the mean, over the face of the next rolled die, of keeping one die more,
until the hand is full. A full hand with re-rolls left is worth the best of stopping and of keeping any
smaller part of it; with none left it is worth what stopping gives.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import product

from .data import FACES

Hand = tuple[int, ...]
"""Counts of each face (FACES numbers), summing to the dice kept or held."""


def hand_of(dice: Sequence[int]) -> Hand:
    """The counts of each face among these dice."""
    counts = [0] * FACES
    for face in dice:
        counts[face] += 1
    return tuple(counts)


def faces_of(hand: Hand) -> tuple[int, ...]:
    """The faces of a hand, smallest first: one die per count."""
    return tuple(face for face, count in enumerate(hand) for _ in range(count))


def hands(size: int) -> Iterator[Hand]:
    """Every hand of exactly `size` dice, in a stable order."""
    def fill(face: int, left: int) -> Iterator[tuple[int, ...]]:
        if face == FACES - 1:
            yield (left,)
            return
        for count in range(left, -1, -1):
            for rest in fill(face + 1, left - count):
                yield (count,) + rest
    return fill(0, size)


def parts(hand: Hand) -> Iterator[Hand]:
    """Every multiset the hand contains that leaves at least one die to re-roll, in a stable order."""
    total = sum(hand)
    for part in product(*(range(count + 1) for count in hand)):
        if sum(part) < total:
            yield part


class TurnPlan:
    """What keeping dice is worth for one turn, given `stop(hand)`: the worth of ending the turn on a full hand.

    `keep(hand, rerolls_left)` gives the part to keep (None to stop now) and its expected worth; the tables
    are filled on first use and shared by the turn's later steps."""

    def __init__(self, dice_count: int, stop: Callable[[Hand], float]) -> None:
        self.dice_count = dice_count
        self._stop = stop
        self._full: dict[int, dict[Hand, float]] = {}
        self._kept: dict[int, dict[Hand, float]] = {}

    def full(self, rerolls_left: int, hand: Hand) -> float:
        """The worth of holding this full hand with `rerolls_left` re-rolls to come, played well."""
        table = self._full.setdefault(rerolls_left, {})
        if hand not in table:
            best = self._stop(hand)
            if rerolls_left:
                kept = self._kept_table(rerolls_left)
                best = max([best] + [kept[part] for part in parts(hand)])
            table[hand] = best
        return table[hand]

    def _kept_table(self, rerolls_left: int) -> dict[Hand, float]:
        """The expected worth of keeping each multiset (fewer than all dice) and rolling the rest once."""
        if rerolls_left in self._kept:
            return self._kept[rerolls_left]
        table: dict[Hand, float] = {}
        for size in range(self.dice_count, -1, -1):
            for hand in hands(size):
                if size == self.dice_count:
                    table[hand] = self.full(rerolls_left - 1, hand)
                    continue
                total = 0.0
                for face in range(FACES):
                    grown = list(hand)
                    grown[face] += 1
                    total += table[tuple(grown)]
                table[hand] = total / FACES
        self._kept[rerolls_left] = table
        return table

    def keep(self, hand: Hand, rerolls_left: int) -> tuple[Hand | None, float]:
        """The part of `hand` worth keeping before the next re-roll, or None when stopping now is worth most."""
        best: Hand | None = None
        value = self._stop(hand)
        if rerolls_left:
            kept = self._kept_table(rerolls_left)
            for part in parts(hand):
                if kept[part] > value:
                    best, value = part, kept[part]
        return best, value
