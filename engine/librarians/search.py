"""Whether (and how) the acting seat can still finish its turn legally: the loss rule and the computer teammates
(engine.librarians.ai, when their own plan finds none) both ask this. A depth-first search over the hand's
placements, on a copy of the library.

Without Self-Help in force a turn is searched as a set of placements (`_Bridges`: the bridge that joins a split
library, then the cards still needed). With it (a card on any book changes a top's letter, so order matters) the
search walks placements in order: first only those that touch the library as it stands. While
every row is in alphabetical order that search is complete: any legal end of turn, islands and all, can be laid in
an order where each card touches what is already there, and in a sorted row every order of legal insertions is
legal. Rows that powers left out of order can need an island first, so when the first search finds nothing a
second one also tries islands.

A library split into groups (a completion or a power took cards out) must be bridged, and that is where a search
could run long, so every position is bounded from below: the empty places still needed to join the groups,
counted through places some card left in the hand could fill (a place only narrows as cards are laid, so a place
no card fits now never fits later). A branch with fewer cards left than that bound is cut, and places that touch
two groups are tried first. Each pass may try SEARCH_BUDGET placements, a safety net (only Self-Help's ordered
search met it in testing); running out of it proves nothing: `search_turn` then says the search is incomplete
and the game goes on (the loss rule only counts a complete search)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .library import LOOSE_STEPS, TOUCH_STEPS, Library, Place

SEARCH_BUDGET = 3000
"""Placements each pass may try before it gives up without an answer (a safety net, not a rule): both passes
take 0.2-0.5 s on a busy machine (1.0-3.5 s before the groups and the bound were kept per shape, measured back
to back in the positions of tests/engine/librarians/test_trial_turns.py). Only Self-Help's
order-dependent search has reached it (a split library, a hand of 6 or 7; a hand of 3 under Poetry too, until
cards the alphabet does not read were tried once: see _kind); the set search needed at most a few hundred in
every position tried."""
_MERGE_PER_CARD = 3
"""A card touches at most 4 places, so it joins at most 4 groups into one: each card removes at most 3 groups."""
_MERGE_PER_CARD_LOOSE = len(LOOSE_STEPS) - 1
_FAR = 10**6

Plan = list[tuple[int, Place]]


@dataclass(frozen=True)
class TurnSearch:
    """The answer of a search: a plan (placements in order; [] when the turn may end already), or none; `complete`
    is False when the search ran out of budget before it found a plan, so "none" is not proved."""

    plan: Plan | None
    complete: bool = True

    @property
    def stuck(self) -> bool:
        """Proved: no order of the hand's cards reaches a legal end of turn."""
        return self.plan is None and self.complete


class _OutOfBudget(Exception):
    pass


def find_turn(library: Library, hand: Sequence[int], need: int, *, stacking: bool = True, any_stack: bool = False,
              alphabet: bool = True, loose: bool = False, max_groups: int = 1) -> Plan | None:
    """Placements (card, place), in order, after which at least `need` more cards lie in the library and it
    forms at most `max_groups` groups (1: connected); [] when that already holds; None when none was found
    (see `search_turn` for whether that is proved). Cards with the same letter are interchangeable here
    (completions are not foreseen)."""
    return search_turn(library, hand, need, stacking=stacking, any_stack=any_stack, alphabet=alphabet,
                       loose=loose, max_groups=max_groups).plan


def search_turn(library: Library, hand: Sequence[int], need: int, *, stacking: bool = True,
                any_stack: bool = False, alphabet: bool = True, loose: bool = False,
                max_groups: int = 1, budget: int | None = None) -> TurnSearch:
    """`find_turn` with the difference between "no plan exists" and "the budget ran out" kept; `budget` is the
    placements each pass may try (default SEARCH_BUDGET)."""
    rules = (stacking, any_stack, alphabet, loose, max_groups)
    budget = SEARCH_BUDGET if budget is None else budget
    if not any_stack:
        try:
            return TurnSearch(_Bridges(library, hand, need, rules, budget).plan())
        except _OutOfBudget:
            return TurnSearch(None, complete=False)
    complete = True
    for touching_only in (True, False):
        try:
            plan = _search(library, hand, need, rules, budget, touching_only=touching_only)
        except _OutOfBudget:
            complete = False
            continue
        if plan is not None:
            return TurnSearch(plan)
    return TurnSearch(None, complete)


class _Bridges:
    """The search while no card can change a top's letter (no Self-Help in force). Then a place only narrows as
    cards are laid and every order of a legal set of placements is legal (laid outward for the reach), so a turn
    is a set: a smallest set of new places that joins the groups (each of its places lies on a path of its places
    between two groups, and it can be laid so that each card touches what is there), then, the library joined,
    up to 2 more cards (stacks, or places that keep it joined). The bridge is searched place by place, keeping
    only places on a path short enough for the cards left."""

    def __init__(self, library: Library, hand: Sequence[int], need: int,
                 rules: tuple[bool, bool, bool, bool, int], budget: int) -> None:
        self.lib = library.copy()
        self.hand = list(hand)
        self.need = need
        self.stacking, _, self.alphabet, self.loose, self.max_groups = rules
        self.rules = rules
        self.steps = LOOSE_STEPS if self.loose else TOUCH_STEPS
        self.path: Plan = []
        self.seen: set[frozenset[tuple[Place, int]]] = set()
        self.budget = budget

    def plan(self) -> Plan | None:
        return list(self.path) if self._bridge(self.hand) else None

    def _spend(self) -> None:
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget

    def _bridge(self, remaining: list[int]) -> bool:
        lib, letters = self.lib, self.lib.letters
        labels, groups = _group_labels(lib, self.loose)
        if groups <= self.max_groups:
            return self._extras(remaining, self.need - len(self.path), groups)
        left = len(remaining)
        fill = _fillable(lib, labels, [letters[c] for c in remaining], self.alphabet, False, left + 1)
        dists = _distances(labels, groups, fill, self.steps, left)
        if _bridge_bound(groups, dists, self.max_groups, self.loose) > left:
            return False
        table = {entry[0]: entry for entry in lib.spot_table()}
        candidates = []
        for cell in fill:
            if cell not in table:
                continue
            ds = sorted(d[cell] for d in dists if cell in d)
            if len(ds) >= 2 and ds[0] == 1 and ds[0] + ds[1] - 1 <= left:
                candidates.append((ds[0] + ds[1], -sum(1 for d in ds if d == 1), cell))
        if self.max_groups == 1:
            # Every group must be joined, so some place of the bridge touches the group with the fewest places
            # around it: only those are tried here (the others come deeper in), which spares trying every order.
            around = [[c for c in candidates if dist.get(c[2]) == 1] for dist in dists]
            candidates = min(around, key=len)
        candidates.sort()
        tried: set[int] = set()
        for i, card in enumerate(remaining):
            letter = letters[card]
            kind = _kind(letter, self.alphabet)
            if kind in tried:
                continue
            tried.add(kind)
            for _, _, cell in candidates:
                _, _, low, high = table[cell]
                if self.alphabet and not low <= letter <= high:
                    continue
                key = frozenset((p, _kind(letters[c], self.alphabet)) for c, p in self.path) | {(cell, kind)}
                if key in self.seen:
                    continue
                self.seen.add(key)
                self._spend()
                lib.put(cell, card)
                self.path.append((card, cell))
                if self._bridge(remaining[:i] + remaining[i + 1:]):
                    return True
                self.path.pop()
                lib.take(cell)
        return False

    def _extras(self, remaining: list[int], count: int, groups: int) -> bool:
        """`count` (at most 2) more cards that leave at most max_groups groups: stacks and places touching the
        library keep it as joined as it is; an island only while there is a group to spare."""
        if count <= 0:
            return True
        lib, letters = self.lib, self.lib.letters
        spare = groups < self.max_groups
        tried: set[int] = set()
        for i, card in enumerate(remaining):
            letter = letters[card]
            if letter in tried:
                continue
            tried.add(letter)
            for place in lib.legal_places(letter, stacking=self.stacking, alphabet=self.alphabet):
                joined = lib.top(place) is not None or _touches(lib, place, self.steps)
                if not joined and not spare:
                    continue
                if count == 1:
                    self.path.append((card, place))
                    return True
                self._spend()
                lib.put(place, card)
                self.path.append((card, place))
                after = _group_labels(lib, self.loose)[1] if self.max_groups > 1 else 1
                if self._extras(remaining[:i] + remaining[i + 1:], count - 1, after):
                    return True
                self.path.pop()
                lib.take(place)
        return False


def _search(library: Library, hand: Sequence[int], need: int, rules: tuple[bool, bool, bool, bool, int],
            budget_left: int, *, touching_only: bool) -> Plan | None:
    """The search while Self-Help is in force (a card on any book changes a top's letter, so the order of the
    placements matters): one depth-first pass over placements in order, every set of placements once, cut where
    fewer cards are left than the bridge needs; at most `budget_left` placements (raises _OutOfBudget)."""
    stacking, any_stack, alphabet, loose, max_groups = rules
    lib = library.copy()
    letters = lib.letters
    steps = LOOSE_STEPS if loose else TOUCH_STEPS
    path: Plan = []
    keys: list[tuple[Place, int, int]] = []
    seen: set[tuple[tuple[Place, int, int], ...]] = set()
    budget = [budget_left]
    shapes: dict[frozenset[Place], tuple[dict[Place, int], int]] = {}
    bounds: dict[tuple[frozenset[Place], int], int] = {}

    def search(remaining: list[int]) -> bool:
        # Most placements here are stacks, which leave the occupied places as they were: the groups and the
        # bridge's bound depend on those places only (any card fits any empty place's order under Self-Help's
        # bound), so they are worked out once per shape.
        shape = frozenset(lib.occupied())
        if shape not in shapes:
            shapes[shape] = _group_labels(lib, loose)
        labels, groups = shapes[shape]
        if groups <= max_groups:
            if len(path) >= need:
                return True
            if need - len(path) > len(remaining):
                return False
        else:
            if (shape, len(remaining)) not in bounds:
                fill = _fillable(lib, labels, [], alphabet, True, len(remaining) + 1)
                dists = _distances(labels, groups, fill, steps, len(remaining))
                bounds[(shape, len(remaining))] = _bridge_bound(groups, dists, max_groups, loose)
            if bounds[(shape, len(remaining))] > len(remaining):
                return False
        tried: set[int] = set()
        for i, card in enumerate(remaining):
            letter = letters[card]
            kind = _kind(letter, alphabet)
            if kind in tried:
                continue
            tried.add(kind)
            ranked = []
            for place in lib.legal_places(letter, stacking=stacking, any_stack=any_stack, alphabet=alphabet):
                near = _near_groups(labels, place)
                if touching_only and not near and place not in labels:
                    continue
                ranked.append((-len(near), place))
            ranked.sort()
            for _, place in ranked:
                key = (place, sum(1 for p, _, _ in keys if p == place), kind)
                state = tuple(sorted([*keys, key]))
                if state in seen:
                    continue
                seen.add(state)
                budget[0] -= 1
                if budget[0] < 0:
                    raise _OutOfBudget
                lib.put(place, card)
                path.append((card, place))
                keys.append(key)
                if search(remaining[:i] + remaining[i + 1:]):
                    return True
                keys.pop()
                path.pop()
                lib.take(place)
        return False

    return list(path) if search(list(hand)) else None


def _kind(letter: int, alphabet: bool) -> int:
    """What of a card the search must tell apart: its letter, or nothing while the alphabet is off (Poetry),
    because then no place it may fill reads the letter (the bridge's empty places; under Self-Help every top
    too). Cards of one kind are tried once per place, not once per card: a hand of 3 would otherwise be
    searched in every order of its cards."""
    return letter if alphabet else 0


def _group_labels(lib: Library, loose: bool) -> tuple[dict[Place, int], int]:
    """Every occupied place and shelf card -> the number of its group, and how many groups there are."""
    nodes = {(r, x) for r, row in enumerate(lib.rows) for x in row.cells}
    nodes.update((r, 0) for r in range(len(lib.rows)))
    steps = LOOSE_STEPS if loose else TOUCH_STEPS
    labels: dict[Place, int] = {}
    count = 0
    for start in sorted(nodes):
        if start in labels:
            continue
        labels[start] = count
        todo = [start]
        while todo:
            r, x = todo.pop()
            for dr, dx in steps:
                near = (r + dr, x + dx)
                if near in nodes and near not in labels:
                    labels[near] = count
                    todo.append(near)
        count += 1
    return labels, count


def _fillable(lib: Library, labels: dict[Place, int], hand_letters: list[int], alphabet: bool, any_stack: bool,
              margin: int) -> dict[Place, bool]:
    """Every empty place within `margin` columns of the library -> whether a card with one of `hand_letters`
    fits it now by the row's order (past the reach, as at its edge: no book lies between)."""
    lo, hi = lib.extent()
    table = {entry[0]: entry for entry in lib.spot_table()}
    wanted = set(hand_letters)
    fill: dict[Place, bool] = {}
    for r in range(len(lib.rows)):
        for x in range(lo - margin, hi + margin + 1):
            if x == 0 or (r, x) in labels:
                continue
            _, top, low, high = table[(r, max(lo - 1, min(hi + 1, x)))]
            fill[(r, x)] = top < 0 and (not alphabet or any_stack or any(low <= letter <= high for letter in wanted))
    return fill


def _distances(labels: dict[Place, int], groups: int, fill: dict[Place, bool],
               steps: tuple[tuple[int, int], ...], cards: int) -> list[dict[Place, int]]:
    """Per group, every fillable empty place it can reach through at most `cards` empty places -> the empty
    places on the shortest way there from the group, that place included. A way longer than the cards left can
    never be filled, so it is not walked: two groups further apart read as never joined (see _bridge_bound)."""
    out: list[dict[Place, int]] = [{} for _ in range(groups)]
    for place, group in labels.items():
        out[group].setdefault(place, 0)
    for dist in out:
        frontier = [p for p, d in dist.items() if d == 0]
        depth = 0
        while frontier and depth < cards:
            depth += 1
            nxt = []
            for r, x in frontier:
                for dr, dx in steps:
                    near = (r + dr, x + dx)
                    if fill.get(near) and near not in dist:
                        dist[near] = depth
                        nxt.append(near)
            frontier = nxt
        for place in [p for p, d in dist.items() if d == 0]:
            del dist[place]
    return out


def _near_groups(labels: dict[Place, int], place: Place) -> set[int]:
    """The groups a card laid at `place` would touch (strictly)."""
    r, x = place
    return {labels[p] for p in ((r, x - 1), (r, x + 1), (r - 1, x), (r + 1, x)) if p in labels and p != place}


def _bridge_bound(groups: int, dists: list[dict[Place, int]], max_groups: int, loose: bool) -> int:
    """A lower bound on the cards still needed to bring the library down to `max_groups` groups: the empty
    places on the shortest way from each group to its nearest other group, through places some card of the hand
    could fill (`dists`, from _distances), and for one group the spanning tree of those ways (a tree joining g
    groups has at least its minimum spanning tree's length over 2, counted in steps)."""
    pairs: dict[tuple[int, int], int] = {}
    for a in range(groups):
        for b in range(a + 1, groups):
            da, db = dists[a], dists[b]
            if len(db) < len(da):
                da, db = db, da
            best = min((d + db[p] - 1 for p, d in da.items() if p in db), default=_FAR)
            if best < _FAR:
                pairs[(a, b)] = best
    nearest = [_FAR] * groups
    for (a, b), d in pairs.items():
        nearest[a] = min(nearest[a], d)
        nearest[b] = min(nearest[b], d)
    nearest.sort(reverse=True)
    merge = _MERGE_PER_CARD_LOOSE if loose else _MERGE_PER_CARD
    bound = max(nearest[max_groups - 1], -(-(groups - max_groups) // merge))
    if max_groups == 1:
        parent = list(range(groups))

        def find(a: int) -> int:
            while parent[a] != a:
                parent[a] = parent[parent[a]]
                a = parent[a]
            return a

        tree = joined = 0
        for d, (a, b) in sorted((d, pair) for pair, d in pairs.items()):
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
                tree += d + 1
                joined += 1
        if joined < groups - 1:
            return _FAR
        bound = max(bound, -(-(tree * groups) // (2 * (groups - 1))) - (groups - 1))
    return bound


def _touches(lib: Library, place: Place, steps: tuple[tuple[int, int], ...]) -> bool:
    """Whether a card at `place` would join a book or shelf card already there (by `steps`)."""
    rows = len(lib.rows)
    r, x = place
    return any(0 <= r + dr < rows and (x + dx == 0 or lib.top((r + dr, x + dx)) is not None) for dr, dx in steps)
