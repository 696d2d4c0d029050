"""What the cards a seat cannot see may carry, from what it has seen: letters for a guessed game that agree with
the way the card set is generated (engine.librarians.cards.generate_letters: each colour's 11 cards carry every
entry of its pool once, and 5 more drawn from the pool).

So the seen cards of a colour say something about the unseen ones: a pool letter not seen yet must still be among
them, and a letter already seen often is less likely to come again. Late in a game, when most cards are seen,
that pins most of the unseen letters down. Only the seat's own view is read (its letter table: -1 for a card it
cannot see).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial, prod

from .data import BOOKS_PER_COLOUR, LETTER_POOLS

_EXTRAS = BOOKS_PER_COLOUR - len(LETTER_POOLS[0])
"""The letters of a colour drawn at random from its pool, beyond the pool's own entries."""


Outcomes = tuple[tuple[float, ...], tuple[tuple[int, ...], ...]]
"""The weights of the ways a colour's unseen letters can fall, and each way's letters (sorted)."""


@lru_cache(maxsize=4096)
def _outcomes(colour: int, seen: tuple[tuple[int, int], ...]) -> Outcomes:
    """The weights and the letter multisets of a colour's unseen cards, given its seen letters (letter, count):
    each way the extra draws can fall, weighted by its chance times the chance that the seen cards are these
    (any subset of the colour as likely as another). Empty when no way agrees (a position built by hand)."""
    pool = LETTER_POOLS[colour]
    seen_counts = dict(seen)
    seen_total = sum(seen_counts.values())
    weights: list[float] = []
    rests: list[tuple[int, ...]] = []
    for extras in combinations_with_replacement(range(len(pool)), _EXTRAS):
        ways = factorial(_EXTRAS) / prod(factorial(n) for n in Counter(extras).values())
        full = Counter(pool) + Counter(pool[i] for i in extras)
        if any(full[letter] < n for letter, n in seen_counts.items()):
            continue
        chance = ways * prod(comb(full[letter], n) for letter, n in seen_counts.items()) / comb(BOOKS_PER_COLOUR,
                                                                                             seen_total)
        rest = full - Counter(seen_counts)
        weights.append(chance)
        rests.append(tuple(sorted(rest.elements())))
    return tuple(weights), tuple(rests)


def _hidden_by_colour(letters: Sequence[int]) -> Iterator[tuple[int, list[int], Outcomes]]:
    """Per colour with unseen cards (letter -1): the colour, its unseen cards, and the ways their letters can fall
    given its seen ones (`_outcomes`)."""
    for colour in range(len(LETTER_POOLS)):
        cards = range(colour * BOOKS_PER_COLOUR, (colour + 1) * BOOKS_PER_COLOUR)
        hidden = [card for card in cards if letters[card] < 0]
        if hidden:
            seen = tuple(sorted(Counter(letters[card] for card in cards if letters[card] >= 0).items()))
            yield colour, hidden, _outcomes(colour, seen)


def consistent_letters(letters: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    """A whole letter table: the seen letters as they are, the unseen ones (-1) drawn per colour from the ways the
    card set can have been dealt given the seen ones (each card of a colour from its pool when none agrees)."""
    out = list(letters)
    for colour, hidden, (weights, rests) in _hidden_by_colour(letters):
        pool = LETTER_POOLS[colour]
        if rests:
            rest = list(rng.choices(rests, weights)[0])
            rng.shuffle(rest)
        else:
            rest = [rng.choice(pool) for _ in hidden]
        for card, letter in zip(hidden, rest):
            out[card] = letter
    return tuple(out)


def expected_unseen(letters: Sequence[int], scale: float) -> list[float]:
    """Per letter (0-25), how many of the unseen cards are expected to carry it, given the seen ones (as
    `consistent_letters` deals them), scaled so that all of them count `scale` (as
    engine.librarians.openness.unseen_letters counts them, which reads only each card's pool)."""
    expected = [0.0] * 26
    unseen = 0
    for colour, hidden, (weights, rests) in _hidden_by_colour(letters):
        unseen += len(hidden)
        total = sum(weights)
        if not rests:
            pool = LETTER_POOLS[colour]
            for letter in pool:
                expected[letter] += len(hidden) / len(pool)
            continue
        for weight, rest in zip(weights, rests):
            for letter in rest:
                expected[letter] += weight / total
    return [count * scale / unseen for count in expected] if unseen else expected


def chance_unseen(letters: Sequence[int]) -> list[float]:
    """Per letter (0-25), the chance that at least one of the unseen cards carries it, given the seen ones (as
    `consistent_letters` deals them)."""
    missing = [1.0] * 26
    for colour, hidden, (weights, rests) in _hidden_by_colour(letters):
        pool = LETTER_POOLS[colour]
        if not rests:
            for letter in set(pool):
                missing[letter] *= (1 - pool.count(letter) / len(pool)) ** len(hidden)
            continue
        total = sum(weights)
        for letter in set(pool):
            missing[letter] *= sum(weight for weight, rest in zip(weights, rests) if letter not in rest) / total
    return [1.0 - chance for chance in missing]
