"""The hard computer player of the Dice Game: exact expectations over the dice, a sheet judged by its chances.

A sheet is worth the points its rows and columns can be expected to score by the end: each open item is
circled in the turns left with a chance that falls with its dice count and with the chance that another seat
locks its column first (a seat that can still complete a column threatens it); a line scores only with
MIN_CIRCLED circled items, so its worth is the expectation over which of its open items get circled. An
action is judged by the seat's sheet after it against every other seat's: a column completed crosses theirs
out (only a lock made now counts: a bonus for the chance of locking a column first later made hard circle toward
columns instead of for its lines, and lose more, README), and an action that closes the seat's second row ends the
game after the round, leaving everyone only the turns of that round. What an action is worth is the chance of
winning its margin gives (a normal curve as wide as the turns left make it), not the margin itself: ending the game
behind is then nearly a sure loss, where the margin saw only a few points. On the game's last turn (the end is
triggered and no seat plays after it) every score but its own is final, so it plays for its share of the victory
instead of for points. The dice to keep are chosen by the exact expectation over every roll that can come
(engine.dice.expectation). Only the seat's view is read: the future rolls are never predicted, only averaged.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from math import erf, sqrt

from .actions import Action, Circle, Cross, Reroll, Roll
from .data import CLOSED_ROWS_TO_END, COLUMNS, ITEM_VALUES, MIN_CIRCLED, ROWS
from .expectation import Hand, TurnPlan, faces_of, hand_of
from .game import DiceView
from .items import CIRCLED, CROSSED, OPEN, Item, legal_item_sets, marked

_REACH = {5: (0.95, 0.9, 0.8, 0.3, 0.06), 6: (0.95, 0.9, 0.85, 0.42, 0.13)}
"""By dice count: the share of items in column k that ever get circled, however long the game goes on."""
_PACE = (0.35, 0.3, 0.3, 0.4, 0.4)
"""The chance, each turn left, that the item in column k is reached (if it ever is), alone."""
_RACED = 0.75
"""The pace against other seats, as a share of the pace alone: where they race for the columns an item left for
later is less sure, so hard circles its columns sooner (README: against normal, +45.5 games in 3,200)."""
_ROUNDS_PER_OPEN = 0.9
"""Rounds a seat is expected to take, per open item of its two emptiest rows, to close them (which ends the
game). The reach above was measured in games of hard against itself; this one was tuned against normal,
which ends games sooner: the measured pace (about one round per item) judged too far ahead and won less."""
_POINT = 1e-4
"""On the game's last turn, what a point is worth beside the victory: only a tie-break between equal chances."""
_SPREAD_PER_TURN = 100.0
"""The variance of the final margin that each seat's turn still to come adds (points squared)."""
_SPREAD_FLOOR = 4.0
"""The variance left when no turn is to come: the judge's own error on sheets that are final."""
_MARGIN = 1e-3
"""What a point of margin is worth beside the chance of winning: a tie-break where that chance is nearly 0 or 1."""
_LINES: tuple[tuple[int, ...], ...] = tuple(tuple(r * COLUMNS + c for c in range(COLUMNS)) for r in range(ROWS)) + tuple(
    tuple(r * COLUMNS + c for r in range(ROWS)) for c in range(COLUMNS))
"""Rows first, then columns: the cells of every line that scores."""
_VALUES: tuple[tuple[int, ...], ...] = tuple(
    tuple(ITEM_VALUES[i % COLUMNS] for i in cells) for cells in _LINES)
"""The value of each cell of every line: a row's rise along it, a column's are all its column's value."""
_LINES_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, cells in enumerate(_LINES) if cell in cells) for cell in range(ROWS * COLUMNS))


def rounds_left(view: DiceView) -> float:
    """The rounds the game should last after this one: until the quickest seat has closed its second row."""
    if view.end_triggered:
        return 0.0
    quickest = float("inf")
    for seat in range(view.n_players):
        if seat in view.resigned:
            continue
        sheet = view.sheets[seat]
        open_by_row = sorted(sheet[r * COLUMNS:(r + 1) * COLUMNS].count(OPEN) for r in range(ROWS))
        quickest = min(quickest, _ROUNDS_PER_OPEN * sum(open_by_row[:CLOSED_ROWS_TO_END]))
    return max(0.0, quickest - 0.5)


def line_worth(marks: str, chances: Sequence[float], values: Sequence[int]) -> float:
    """The expected points of one line (its items' `values` in order): its circled items count once MIN_CIRCLED
    of its items are circled; each open item is circled with its chance, independently."""
    circled = [values[k] for k, mark in enumerate(marks) if mark == CIRCLED]
    # probability and expected open value by how many open items end up circled (capped at MIN_CIRCLED)
    prob = [1.0] + [0.0] * MIN_CIRCLED
    value = [0.0] * (MIN_CIRCLED + 1)
    for k, mark in enumerate(marks):
        if mark != OPEN or not chances[k]:
            continue
        p = chances[k]
        new_prob = [x * (1 - p) for x in prob]
        new_value = [x * (1 - p) for x in value]
        for n in range(MIN_CIRCLED + 1):
            up = min(n + 1, MIN_CIRCLED)
            new_prob[up] += prob[n] * p
            new_value[up] += (value[n] + prob[n] * values[k]) * p
        prob, value = new_prob, new_value
    base, count = sum(circled), len(circled)
    return sum(base * prob[n] + value[n] for n in range(MIN_CIRCLED + 1) if count + n >= MIN_CIRCLED)


@dataclass
class _Judge:
    """Worth of sheets for one decision: each seat's item chances for a number of turns, lines cached."""

    view: DiceView
    rounds: float
    threat: dict[int, list[float]] = field(default_factory=dict)
    _lines: dict[tuple[int, float, int, str], float] = field(default_factory=dict)
    pace: tuple[float, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.pace = _PACE if len(self.seats()) == 1 else tuple(_RACED * pace for pace in _PACE)
        for seat in self.seats():
            self.threat[seat] = [0.0] * len(_LINES)
        for seat in self.seats():
            for line, cells in enumerate(_LINES):
                if not self._lockable(line):
                    continue
                sheet = self.view.sheets[seat]
                if any(sheet[i] == CROSSED for i in cells):
                    continue
                done = 1.0
                for i in cells:
                    if sheet[i] == OPEN:
                        done *= self._ease(i % COLUMNS, self.rounds)
                for other in self.seats():
                    if other != seat:
                        self.threat[other][line] = max(self.threat[other][line], done)

    def seats(self) -> list[int]:
        return [s for s in range(self.view.n_players) if s not in self.view.resigned]

    def _lockable(self, line: int) -> bool:
        return line >= ROWS or self.view.row_lock

    def _ease(self, column: int, turns: float) -> float:
        reach = _REACH[self.view.dice_count][column]
        return reach * (1.0 - (1.0 - self.pace[column]) ** turns) if turns > 0 else 0.0

    def line(self, seat: int, turns: float, line: int, sheet: str) -> float:
        cells = _LINES[line]
        marks = "".join(sheet[i] for i in cells)
        key = (seat, turns, line, marks)
        if key not in self._lines:
            chances = []
            for i in cells:
                r, c = divmod(i, COLUMNS)
                free = (1 - self.threat[seat][ROWS + c]) * (1 - self.threat[seat][r])
                chances.append(self._ease(c, turns) * free)
            self._lines[key] = line_worth(marks, chances, _VALUES[line])
        return self._lines[key]

    def sheet(self, seat: int, turns: float, sheet: str) -> float:
        return sum(self.line(seat, turns, line, sheet) for line in range(len(_LINES)))


class _Turn:
    """The seat to act's choices at the end of its turn, each judged once: circling a set, crossing a row."""

    def __init__(self, view: DiceView) -> None:
        self.view = view
        self.seat = view.seat
        self.mine = view.sheets[view.seat]
        self.judge = _Judge(view, rounds_left(view))
        others = [s for s in self.judge.seats() if s != self.seat]
        self.others = others
        self.weight = 1.0 / len(others) if others else 0.0
        later = [s for s in others if s > self.seat]
        self.final_turns = {s: (1.0 if s in later else 0.0) for s in others}
        self.going_on = self.judge.rounds
        self.base_mine = self.judge.sheet(self.seat, self.going_on, self.mine)
        self.base_others = {s: self.judge.sheet(s, self.going_on, view.sheets[s]) for s in others}
        self.ending_others = {s: self.judge.sheet(s, self.final_turns[s], view.sheets[s]) for s in others}
        self.last_word = view.end_triggered and not later
        # on the last word no seat plays after this one, so ending_others holds every other seat's final score
        finals = list(self.ending_others.values())
        self.best_other = max(finals, default=0.0)
        self.tied = 1 + finals.count(self.best_other)
        self._sets: dict[tuple[Item, ...], float] = {}
        self._hands: dict[Hand, tuple[float, Action]] = {}

    def _judge_after(self, after: str, changed: Sequence[int], locks: Sequence[int]) -> float:
        """The chance of winning with the seat's sheet `after` (cells `changed` differ): the margin of its worth
        over the other seats' through a normal curve as wide as the turns left make it (an action that ends the
        game leaves only the other seats' turns of this round, so ending it behind is nearly a sure loss); on the
        game's last turn, its share of the victory (points only break ties between equal shares)."""
        if self.last_word:
            points = self.judge.sheet(self.seat, 0.0, after)
            share = 1.0 if points > self.best_other else 1.0 / self.tied if points == self.best_other else 0.0
            return share + _POINT * points
        ends = self.view.end_triggered or sum(
            1 for r in range(ROWS) if OPEN not in after[r * COLUMNS:(r + 1) * COLUMNS]) >= CLOSED_ROWS_TO_END
        judge = self.judge
        if ends:
            mine = judge.sheet(self.seat, 0.0, after)
        else:
            lines = {line for i in changed for line in _LINES_OF[i]}
            mine = self.base_mine + sum(judge.line(self.seat, self.going_on, line, after)
                                        - judge.line(self.seat, self.going_on, line, self.mine) for line in lines)
        theirs = 0.0
        for s in self.others:
            turns = self.final_turns[s] if ends else self.going_on
            if locks:
                sheet = self.view.sheets[s]
                cells = {i for line in locks for i in _LINES[line] if sheet[i] == OPEN}
                theirs += judge.sheet(s, turns, "".join(CROSSED if i in cells else m for i, m in enumerate(sheet)))
            else:
                theirs += (self.ending_others if ends else self.base_others)[s]
        margin = mine - self.weight * theirs
        if not self.others:
            return margin  # alone (solitaire) there is no victory to chance: only points
        later = sum(self.final_turns.values())
        seat_turns = later if ends else (len(self.others) + 1) * self.going_on + later
        spread = sqrt(_SPREAD_PER_TURN * seat_turns + _SPREAD_FLOOR)
        return 0.5 * (1.0 + erf(margin / (spread * sqrt(2.0)))) + _MARGIN * margin

    def circle(self, items: tuple[Item, ...]) -> float:
        if items not in self._sets:
            after = marked(self.mine, items, CIRCLED)
            touched = {line for r, c in items for line in (r, ROWS + c)}
            locks = [line for line in sorted(touched) if self.judge._lockable(line)
                     and all(after[i] == CIRCLED for i in _LINES[line])]
            self._sets[items] = self._judge_after(after, [r * COLUMNS + c for r, c in items], locks)
        return self._sets[items]

    def cross(self, row: int) -> float:
        cells = [row * COLUMNS + c for c in range(COLUMNS) if self.mine[row * COLUMNS + c] == OPEN]
        after = "".join(CROSSED if i in cells else m for i, m in enumerate(self.mine))
        return self._judge_after(after, cells, ())

    def stop(self, hand: Hand) -> tuple[float, Action]:
        """The best way to end the turn on these dice and its worth."""
        if hand not in self._hands:
            sets = legal_item_sets(faces_of(hand), self.mine)
            best: tuple[float, Action] | None = None
            if sets:
                for items in sets:
                    worth = self.circle(items)
                    if best is None or worth > best[0]:
                        best = (worth, Circle(items))
            else:
                for row in range(ROWS):
                    if OPEN in self.mine[row * COLUMNS:(row + 1) * COLUMNS]:
                        worth = self.cross(row)
                        if best is None or worth > best[0]:
                            best = (worth, Cross(row))
            assert best is not None, "a seat with nothing open never has a turn"
            self._hands[hand] = best
        return self._hands[hand]


@lru_cache(maxsize=16)
def _plan(position: DiceView) -> tuple[_Turn, TurnPlan]:
    """One turn's judge and dice plan, shared by the turn's steps (the key is the view without the dice)."""
    turn = _Turn(position)
    return turn, TurnPlan(position.dice_count, lambda hand: turn.stop(hand)[0])


def hard(view: DiceView) -> Action:
    """Rolls, keeps the dice whose re-rolls promise most, and ends the turn on the action worth most."""
    if view.phase == "roll":
        return Roll()
    turn, plan = _plan(replace(view, dice=(), kept=(), rerolls_left=0))
    hand = hand_of(view.dice)
    part, _ = plan.keep(hand, view.rerolls_left)
    if part is None:
        return turn.stop(hand)[1]
    wanted = list(part)
    keep = []
    for i, face in enumerate(view.dice):
        if wanted[face]:
            wanted[face] -= 1
            keep.append(i)
    return Reroll(tuple(keep))
