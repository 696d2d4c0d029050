"""The rest of a turn, planned from one seat's view: which cards to lay where so the turn ends legally and the
library stays open for the teammates (engine.librarians.openness).

The search lays cards on a copy of the view's library: every order of `need` cards over the places that touch the
library (a card laid far away needs another to bridge it), then, one card at a time, more cards while each is
worth more than the room it takes. Completed lines are taken out as the game would, scored by their colour: a red
one is a harm for the table (Horror ends the game), another gives the table a power.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .cards import colour_of
from .data import LINE_LENGTH, RED
from .effects import LOOSE, NO_MINIMUM, ONE_WRONG, Placing, placing_of
from .library import Library, Place
from .openness import openness, place_counts, unseen_letters
from .view import LibrariansView

_AROUND = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
Placement = tuple[int, Place]
"""(card id, place)."""

CARD_PLAYED = 1.0
"""What laying one more card is worth beyond the room it takes: every card must be laid some day."""
HAND_WEIGHT = 1.5
"""How much a card this seat keeps (known for sure) counts against one unseen card, for the places left to it."""
POWER_GAINED = 6.0
"""A completed genre of another colour: a power for the table."""
RED_HARM = {"horror": -1000.0}
"""A completed red genre happens at once: Horror loses the game; the others cost the table this much."""
RED_HARM_DEFAULT = -12.0
OPENINGS = 6
"""How many first placements a turn of 2 cards is planned from (the best by the position they leave)."""


@dataclass(frozen=True)
class Rules:
    """The placing rules in force for the seat (from its view's rule switches)."""

    placing: Placing
    loose: bool
    tolerance: int
    no_minimum: bool

    @classmethod
    def of(cls, view: LibrariansView) -> Rules:
        rules = view.rules
        return cls(placing=placing_of(rules), loose=LOOSE in rules, tolerance=1 if ONE_WRONG in rules else 0,
                   no_minimum=NO_MINIMUM in rules)


@dataclass(frozen=True)
class Plan:
    """The placements to make, in order, and what the position they lead to is worth."""

    placements: tuple[Placement, ...]
    value: float


class Planner:
    """Plans the rest of the turn for one view."""

    def __init__(self, view: LibrariansView) -> None:
        self.view = view
        self.rules = Rules.of(view)
        self.letters = view.library.letters
        self.weights = unseen_letters(self.letters)
        self.red = view.genres[RED]

    # ---- what a position is worth --------------------------------------------------------------------------
    def value(self, library: Library, hand: Sequence[int], played: int, bonus: float) -> float:
        counts = self.place_counts(library)
        kept = [self.letters[card] for card in hand]
        return self.library_value(library, counts, kept) + CARD_PLAYED * played + bonus

    def library_value(self, library: Library, counts: list[int], kept: list[int]) -> float:
        """What the library is worth for the table, given each letter's places (`counts`) and the letters this
        seat keeps in hand (`kept`): its openness."""
        return openness(counts, self.weights, kept, HAND_WEIGHT)

    def place_counts(self, library: Library) -> list[int]:
        """Per letter, the places it may go to (engine.librarians.openness.place_counts) by the rules in force."""
        return place_counts(library, self.rules.placing)

    def can_end(self, library: Library, played: int) -> bool:
        need = 0 if self.rules.no_minimum else self.view.need
        return played >= need and library.groups(self.rules.loose) <= self.view.start_groups

    def places(self, library: Library, card: int) -> list[Place]:
        """The legal places for `card` that touch the library."""
        return [place for place in library.legal_places(self.letters[card], **self.rules.placing)
                if library.touches_library(place)]

    def lay(self, library: Library, card: int, place: Place) -> tuple[float, list[tuple[Place, int]]]:
        """Lays `card`; completed lines leave the library as in the game (each cell's top once, however many lines
        run through it). Returns what the completions are worth and what was taken (to put back)."""
        library.put(place, card)
        if not self.rules.tolerance and not self._same_colour_near(library, card, place):
            return 0.0, []
        lines = library.lines_through(place, LINE_LENGTH, self.rules.tolerance)
        worth = sum(RED_HARM.get(self.red, RED_HARM_DEFAULT) if colour == RED else POWER_GAINED
                    for colour, _ in lines)
        cells = sorted({cell for _, line in lines for cell in line})
        return worth, [(cell, library.take(cell)) for cell in cells]

    @staticmethod
    def _same_colour_near(library: Library, card: int, place: Place) -> bool:
        """Whether a book of `card`'s colour touches `place`, diagonals included: a line of one colour needs one."""
        r, x = place
        colour = colour_of(card)
        for dr, dx in _AROUND:
            near = library.top((r + dr, x + dx)) if x + dx else None
            if near is not None and colour_of(near) == colour:
                return True
        return False

    @staticmethod
    def unlay(library: Library, place: Place, taken: list[tuple[Place, int]]) -> None:
        for cell, card in reversed(taken):
            library.put(cell, card)
        library.take(place)

    # ---- the search ----------------------------------------------------------------------------------------
    def best(self, *, extend: bool = True) -> Plan | None:
        """The best way found to end this turn from the view's position (None: none found); `extend=False` stops
        at the cards the turn needs."""
        library = self.view.library.copy()
        hand = [card.id for card in self.view.hand]
        need = 0 if self.rules.no_minimum else self.view.need
        best: list[Plan] = []
        seen: set[frozenset[tuple[int, Place]]] = set()

        def search(hand: list[int], path: list[Placement], bonus: float) -> None:
            if len(path) >= need:
                if self.can_end(library, len(path)):
                    plan = Plan(tuple(path), self.value(library, hand, len(path), bonus))
                    if not best or plan.value > best[0].value:
                        best[:] = [plan]
                return
            tried: set[int] = set()
            for i, card in enumerate(hand):
                letter = self.letters[card]
                if letter in tried:
                    continue
                tried.add(letter)
                for place in self.places(library, card):
                    key = frozenset([(self.letters[c], p) for c, p in path] + [(letter, place)])
                    if key in seen:
                        continue
                    seen.add(key)
                    worth, taken = self.lay(library, card, place)
                    path.append((card, place))
                    search(hand[:i] + hand[i + 1:], path, bonus + worth)
                    path.pop()
                    self.unlay(library, place, taken)

        if need >= 2:
            for card, place, worth in self.openings(library, hand):
                taken = self.lay(library, card, place)[1]
                i = hand.index(card)
                search(hand[:i] + hand[i + 1:], [(card, place)], worth)
                self.unlay(library, place, taken)
        else:
            search(hand, [], 0.0)
        if not best:
            return None
        return self.extended(best[0]) if extend else best[0]

    def openings(self, library: Library, hand: list[int]) -> list[tuple[int, Place, float]]:
        """The first cards worth planning a turn from: the `OPENINGS` single placements that leave the best
        position (searching every pair of placements would cost too much time)."""
        found: list[tuple[float, int, Place, float]] = []
        tried: set[int] = set()
        for i, card in enumerate(hand):
            if self.letters[card] in tried:
                continue
            tried.add(self.letters[card])
            rest = hand[:i] + hand[i + 1:]
            for place in self.places(library, card):
                worth, taken = self.lay(library, card, place)
                found.append((self.value(library, rest, 1, worth), card, place, worth))
                self.unlay(library, place, taken)
        found.sort(key=lambda item: -item[0])
        return [(card, place, worth) for _, card, place, worth in found[:OPENINGS]]

    def extended(self, plan: Plan) -> Plan:
        """More cards, one at a time, while one is worth more than the room it takes (the turn stays endable)."""
        for longer in self.extensions(plan.placements):
            if longer.value <= plan.value:
                break
            plan = longer
        return plan

    def extensions(self, placements: Sequence[Placement]) -> Iterator[Plan]:
        """`placements` made longer one card at a time, each time by the card and place that leave the position
        worth most with the turn still endable: each longer plan in turn, until no card fits."""
        library = self.view.library.copy()
        hand = [card.id for card in self.view.hand]
        path = list(placements)
        bonus = 0.0
        for card, place in path:
            bonus += self.lay(library, card, place)[0]
            hand.remove(card)
        while hand:
            choice: tuple[float, int, Place, float] | None = None
            for card in hand:
                rest = [c for c in hand if c != card]
                for place in self.places(library, card):
                    worth, taken = self.lay(library, card, place)
                    if self.can_end(library, len(path) + 1):
                        value = self.value(library, rest, len(path) + 1, bonus + worth)
                        if choice is None or value > choice[0]:
                            choice = (value, card, place, worth)
                    self.unlay(library, place, taken)
            if choice is None:
                return
            value, card, place, worth = choice
            self.lay(library, card, place)
            hand.remove(card)
            bonus += worth
            path.append((card, place))
            yield Plan(tuple(path), value)
