"""The state of one game of My Shelfie: The Dice Game and the rules that move it forward."""
from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Literal

from ..protocol import Outcome, ranked_outcome, ranked_termination
from .actions import Action, Circle, Cross, IllegalAction, Reroll, Roll, item_label, parse_action
from .data import (
    CLOSED_ROWS_TO_END,
    COLUMNS,
    DEFAULT_DICE,
    DICE_COUNTS,
    FACES,
    ITEM_TYPES,
    ITEM_VALUES,
    MAX_ITEMS,
    MAX_PLAYERS,
    MIN_CIRCLED,
    MIN_PLAYERS,
    REROLLS,
    ROWS,
)
from .items import CIRCLED, CROSSED, OPEN, Item, assign_dice, legal_item_sets, marked

STATE_VERSION = 1
CELLS = ROWS * COLUMNS
_MARKS = frozenset(OPEN + CIRCLED + CROSSED)
Phase = Literal["roll", "choose"]
LockKind = Literal["column", "row"]


def _is_int(value: object) -> bool:
    """Only true ints count: int() would quietly turn 4.7 into 4, True into 1 and "3" into 3."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Lock:
    """A column (or, with row_lock, a row) that `seat` completed: closed for every other seat."""

    kind: LockKind
    index: int
    seat: int


@dataclass(frozen=True)
class Report:
    """What one action changed, for announcements and pictures.

    `dice` are the dice on the table after the action (before the turn passes); `used` the dice each circled
    item took, in the order of `circled`; `locked_out` every other seat's item a new lock crossed out."""

    seat: int
    action: Action | None
    dice: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()
    circled: tuple[Item, ...] = ()
    used: tuple[tuple[int, ...], ...] = ()
    crossed_row: int | None = None
    locks: tuple[Lock, ...] = ()
    locked_out: tuple[tuple[int, Item], ...] = ()
    end_triggered: bool = False
    skipped: tuple[int, ...] = ()
    turn_over: bool = False
    game_over: bool = False
    next_seat: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "action": str(self.action) if self.action else None,
            "dice": list(self.dice),
            "kept": list(self.kept),
            "circled": [list(item) for item in self.circled],
            "used": [list(dice) for dice in self.used],
            "crossed_row": self.crossed_row,
            "locks": [[lock.kind, lock.index, lock.seat] for lock in self.locks],
            "locked_out": [[seat, list(item)] for seat, item in self.locked_out],
            "end_triggered": self.end_triggered,
            "skipped": list(self.skipped),
            "turn_over": self.turn_over,
            "game_over": self.game_over,
            "next_seat": self.next_seat,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Report:
        return cls(
            seat=d["seat"],
            action=parse_action(d["action"]) if d["action"] else None,
            dice=tuple(d["dice"]),
            kept=tuple(d["kept"]),
            circled=tuple((r, c) for r, c in d["circled"]),
            used=tuple(tuple(dice) for dice in d["used"]),
            crossed_row=d["crossed_row"],
            locks=tuple(Lock(kind, index, seat) for kind, index, seat in d["locks"]),
            locked_out=tuple((seat, (r, c)) for seat, (r, c) in d["locked_out"]),
            end_triggered=d["end_triggered"],
            skipped=tuple(d["skipped"]),
            turn_over=d["turn_over"],
            game_over=d["game_over"],
            next_seat=d["next_seat"],
        )


def score_breakdown_of(sheet: str) -> dict[str, Any]:
    """Row and column points of one sheet: a line with MIN_CIRCLED or more circled items scores their values."""
    rows = []
    for r in range(ROWS):
        circled = [c for c in range(COLUMNS) if sheet[r * COLUMNS + c] == CIRCLED]
        rows.append(sum(ITEM_VALUES[c] for c in circled) if len(circled) >= MIN_CIRCLED else 0)
    columns = []
    for c in range(COLUMNS):
        circled_rows = [r for r in range(ROWS) if sheet[r * COLUMNS + c] == CIRCLED]
        columns.append(ITEM_VALUES[c] * len(circled_rows) if len(circled_rows) >= MIN_CIRCLED else 0)
    return {"rows": rows, "columns": columns, "total": sum(rows) + sum(columns)}


def gain_of(sheet: str, items: Sequence[Item]) -> int:
    """The points circling these items adds to a sheet's score: an item scores only in a row or column of
    MIN_CIRCLED circled items, so a set may add nothing, or more than its face values (a row it completes)."""
    return int(score_breakdown_of(marked(sheet, items, CIRCLED))["total"] - score_breakdown_of(sheet)["total"])


def closed_rows(sheet: str) -> int:
    """Rows with no open item left (circled and/or crossed out)."""
    return sum(1 for r in range(ROWS) if OPEN not in sheet[r * COLUMNS:(r + 1) * COLUMNS])


class DiceGame:
    """One game: every seat's sheet, the dice on the table and whose turn it is. Seat 0 plays first."""

    def __init__(self) -> None:
        self.n_players = 0
        self.seed = 0
        self.dice_count = DEFAULT_DICE
        self.row_lock = False
        self.sheets: list[str] = []
        self.dice: tuple[int, ...] = ()
        self.kept: tuple[int, ...] = ()
        self.rolls = 0
        self.roll_count = 0
        self.current_seat = 0
        self.turn = 0
        self.end_triggered = False
        self.over = False
        self.resigned: frozenset[int] = frozenset()
        self.locks: list[Lock] = []
        self.last_report: Report | None = None

    # ---- creation -------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, n_players: int, *, seed: int, dice: int = DEFAULT_DICE, row_lock: bool = False) -> DiceGame:
        if not _is_int(n_players) or not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
            raise ValueError(f"the Dice Game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n_players!r}")
        if not _is_int(seed):
            raise ValueError(f"the seed must be an int, not {seed!r}")
        if not _is_int(dice) or dice not in DICE_COUNTS:
            raise ValueError(f"dice must be one of {', '.join(map(str, DICE_COUNTS))}, not {dice!r}")
        if not isinstance(row_lock, bool):
            raise ValueError(f"row_lock must be true or false, not {row_lock!r}")
        g = cls()
        g.n_players, g.seed, g.dice_count, g.row_lock = n_players, seed, dice, row_lock
        g.sheets = [OPEN * CELLS for _ in range(n_players)]
        return g

    def copy(self) -> DiceGame:
        g = DiceGame.__new__(DiceGame)
        g.__dict__.update(self.__dict__)
        g.sheets = self.sheets.copy()
        g.locks = self.locks.copy()
        return g

    # ---- reading the state ----------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def to_act(self) -> frozenset[int]:
        """The seats that may act now: the seat whose turn it is, or nobody once the game is over."""
        return frozenset() if self.over else frozenset({self.current_seat})

    @property
    def phase(self) -> Phase:
        """"roll" before the turn's first roll, then "choose" (re-roll, circle or cross out)."""
        return "roll" if self.rolls == 0 else "choose"

    @property
    def rerolls_left(self) -> int:
        return 0 if self.rolls == 0 else REROLLS + 1 - self.rolls

    @property
    def active_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n_players) if s not in self.resigned)

    def sheet(self, seat: int) -> str:
        """ROWS*COLUMNS marks, row by row: "." open, "o" circled, "x" crossed out."""
        return self.sheets[seat]

    def score_breakdown(self, seat: int) -> dict[str, Any]:
        return score_breakdown_of(self.sheets[seat])

    def score(self, seat: int) -> int:
        return int(score_breakdown_of(self.sheets[seat])["total"])

    def gain(self, items: Sequence[Item]) -> int:
        """The points circling these items would add to the seat to act's score now (see gain_of)."""
        return gain_of(self.sheets[self.current_seat], items)

    def standing(self, left: Collection[int] = ()) -> Outcome:
        """Every seat tied on the top score wins (no tie-break); tied seats share a place; resigned seats (and
        `left`) come after every other seat and share the place after them."""
        scores = [self.score(s) for s in range(self.n_players)]
        return ranked_outcome(scores, self.resigned | frozenset(left), ties="shared",
                              termination=ranked_termination(self.over, self.n_players, self.resigned))

    def outcome(self, left: Collection[int] = ()) -> Outcome | None:
        """The standing of the finished game; None while it goes on."""
        return self.standing(left) if self.over else None

    # ---- actions --------------------------------------------------------------------------------------------
    def legal_item_sets(self) -> list[tuple[Item, ...]]:
        """Every set of items the seat to act may circle with the dice on the table."""
        if self.over or self.rolls == 0:
            return []
        return legal_item_sets(self.dice, self.sheets[self.current_seat])

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self.rolls == 0:
            return [Roll()]
        actions: list[Action] = []
        if self.rerolls_left:
            actions.extend(Reroll(keep) for size in range(self.dice_count)
                           for keep in combinations(range(self.dice_count), size))
        sets = self.legal_item_sets()
        actions.extend(Circle(items) for items in sets)
        if not sets:
            actions.extend(Cross(r) for r in self._open_rows())
        return actions

    def _open_rows(self) -> list[int]:
        sheet = self.sheets[self.current_seat]
        return [r for r in range(ROWS) if OPEN in sheet[r * COLUMNS:(r + 1) * COLUMNS]]

    def check(self, action: Action, seat: int | None = None) -> None:
        """Raises IllegalAction with the first specific reason the action is refused."""
        self._checked(action, seat)

    def _checked(self, action: Action, seat: int | None) -> Action:
        if self.over:
            raise IllegalAction("The game is over.", "game_over")
        if seat is not None and seat != self.current_seat:
            raise IllegalAction(f"It is not seat {seat + 1}'s turn; seat {self.current_seat + 1} is to play.",
                                "not_your_turn", seat=seat, current=self.current_seat)
        if isinstance(action, Roll):
            if self.rolls:
                raise IllegalAction("The dice are already rolled: keep some and re-roll, or circle items.",
                                    "already_rolled")
            return action
        if self.rolls == 0:
            raise IllegalAction('Roll the dice first ("roll").', "roll_first")
        if isinstance(action, Reroll):
            return self._checked_reroll(action)
        if isinstance(action, Circle):
            return self._checked_circle(action)
        if isinstance(action, Cross):
            return self._checked_cross(action)
        raise IllegalAction('An action is roll, keep, circle or cross, like "circle plants:3".', "malformed")

    def _checked_reroll(self, action: Reroll) -> Reroll:
        keep = action.keep
        if not isinstance(keep, tuple) or not all(_is_int(i) for i in keep) or len(set(keep)) != len(keep):
            raise IllegalAction('Keep dice by their numbers, each once, like "keep 1 3".', "malformed")
        if not self.rerolls_left:
            raise IllegalAction(f"You have used your {REROLLS} re-rolls: circle items or cross out a row.",
                                "no_rerolls", rerolls=REROLLS)
        bad = next((i for i in keep if not 0 <= i < self.dice_count), None)
        if bad is not None:
            raise IllegalAction(f"There is no die {bad + 1}: the dice are 1-{self.dice_count}.", "no_such_die",
                                die=bad + 1, dice=self.dice_count)
        if len(keep) == self.dice_count:
            raise IllegalAction("Keeping every die re-rolls nothing: circle items instead.", "keep_all")
        return Reroll(tuple(sorted(keep)))

    def _checked_circle(self, action: Circle) -> Circle:
        items = action.items
        try:
            items = tuple(sorted((r, c) for r, c in items))
        except (TypeError, ValueError):
            items = ((-1, -1),)
        if not items or not all(_is_int(r) and _is_int(c) and 0 <= r < ROWS and 0 <= c < COLUMNS
                                for r, c in items):
            raise IllegalAction('Circle items by row and column, like "circle plants:3".', "malformed")
        if len(set(items)) != len(items):
            raise IllegalAction("Name each item once.", "item_twice")
        if len(items) > MAX_ITEMS:
            raise IllegalAction(f"Circle at most {MAX_ITEMS} items a turn, not {len(items)}.", "too_many", count=len(items))
        sheet = self.sheets[self.current_seat]
        for r, c in items:
            mark = sheet[r * COLUMNS + c]
            if mark != OPEN:
                code = "already_circled" if mark == CIRCLED else "crossed_out"
                state = "already circled" if mark == CIRCLED else "crossed out"
                raise IllegalAction(f"{item_label((r, c))} is {state}.", code, item=item_label((r, c)))
        if assign_dice(self.dice, items) is None:
            labels = " ".join(item_label(item) for item in items)
            raise IllegalAction(f"The dice cannot circle {labels} together.", "dice_cannot", items=labels)
        return Circle(items)

    def _checked_cross(self, action: Cross) -> Cross:
        row = action.row
        if not _is_int(row) or not 0 <= row < ROWS:
            raise IllegalAction(f"Rows are 1-{ROWS}.", "malformed")
        if self.legal_item_sets():
            raise IllegalAction("You can circle an item with these dice, so you must: crossing out is only for "
                                "when nothing can be circled.", "must_circle")
        if row not in self._open_rows():
            raise IllegalAction(f"The {ITEM_TYPES[row]} row has no open item to cross out.", "row_closed",
                                row=ITEM_TYPES[row])
        return action

    def apply(self, action: Action, seat: int | None = None) -> Report:
        """Plays `action` for the seat to act; on IllegalAction nothing changes."""
        action = self._checked(action, seat)
        mover = self.current_seat
        if isinstance(action, Roll):
            self._roll(range(self.dice_count))
            report = Report(mover, action, self.dice, self.kept, next_seat=mover)
        elif isinstance(action, Reroll):
            self.kept = action.keep
            self._roll(i for i in range(self.dice_count) if i not in action.keep)
            report = Report(mover, action, self.dice, self.kept, next_seat=mover)
        else:
            report = self._finish_turn(action)
        self.last_report = report
        return report

    def _roll(self, which: Iterable[int]) -> None:
        """Each roll draws from its own generator, seeded by the game seed and the count of rolls so far."""
        rng = random.Random(f"dice/{self.seed}/{self.roll_count}")
        dice = list(self.dice) if self.dice else [0] * self.dice_count
        for i in which:
            dice[i] = rng.randrange(FACES)
        self.dice = tuple(dice)
        self.roll_count += 1
        self.rolls += 1

    def _finish_turn(self, action: Circle | Cross) -> Report:
        mover = self.current_seat
        dice, kept = self.dice, self.kept
        sheet = list(self.sheets[mover])
        used: tuple[tuple[int, ...], ...] = ()
        circled: tuple[Item, ...] = ()
        crossed_row = None
        if isinstance(action, Circle):
            circled = action.items
            used = assign_dice(dice, circled) or ()
            for r, c in circled:
                sheet[r * COLUMNS + c] = CIRCLED
        else:
            crossed_row = action.row
            for c in range(COLUMNS):
                if sheet[action.row * COLUMNS + c] == OPEN:
                    sheet[action.row * COLUMNS + c] = CROSSED
        self.sheets[mover] = "".join(sheet)
        locks, locked_out = self._lock_completed(mover, circled)
        newly_ended = not self.end_triggered and any(closed_rows(self.sheets[s]) >= CLOSED_ROWS_TO_END
                                                     for s in self.active_seats)
        self.end_triggered = self.end_triggered or newly_ended
        self.turn += 1
        skipped = self._pass_turn()
        return Report(mover, action, dice, kept, circled, used, crossed_row, locks, locked_out, newly_ended,
                      skipped, True, self.over, None if self.over else self.current_seat)

    def _lock_completed(self, mover: int, circled: tuple[Item, ...]
                        ) -> tuple[tuple[Lock, ...], tuple[tuple[int, Item], ...]]:
        """A column (and with row_lock a row) the mover just completed is crossed out for every other seat."""
        sheet = self.sheets[mover]
        locks = []
        for c in sorted({c for _, c in circled}):
            if all(sheet[r * COLUMNS + c] == CIRCLED for r in range(ROWS)):
                locks.append(Lock("column", c, mover))
        if self.row_lock:
            for r in sorted({r for r, _ in circled}):
                if all(sheet[r * COLUMNS + c] == CIRCLED for c in range(COLUMNS)):
                    locks.append(Lock("row", r, mover))
        locked_out: list[tuple[int, Item]] = []
        for lock in locks:
            cells = ([r * COLUMNS + lock.index for r in range(ROWS)] if lock.kind == "column"
                     else [lock.index * COLUMNS + c for c in range(COLUMNS)])
            for other in range(self.n_players):
                if other == mover:
                    continue
                marks = list(self.sheets[other])
                for i in cells:
                    if marks[i] == OPEN:
                        marks[i] = CROSSED
                        locked_out.append((other, divmod(i, COLUMNS)))
                self.sheets[other] = "".join(marks)
        self.locks.extend(locks)
        return tuple(locks), tuple(locked_out)

    def _pass_turn(self) -> tuple[int, ...]:
        """Hands the dice to the next active seat; a seat with nothing open left is skipped. The game ends once
        the round in which the end was triggered is complete (the last seat in order has played)."""
        self.dice, self.kept, self.rolls = (), (), 0
        skipped: list[int] = []
        previous = self.current_seat
        for _ in range(self.n_players):
            nxt = next((c for step in range(1, self.n_players + 1)
                        if (c := (previous + step) % self.n_players) not in self.resigned), previous)
            if self.end_triggered and nxt <= previous:
                self.over = True
                return tuple(skipped)
            self.current_seat = nxt
            if OPEN in self.sheets[nxt]:
                return tuple(skipped)
            skipped.append(nxt)
            previous = nxt
        self.over = True
        return tuple(skipped)

    # ---- what one seat may see ------------------------------------------------------------------------------
    def view(self, seat: int) -> DiceView:
        """Everything is public except the future rolls: the view holds no seed and no count of rolls."""
        return DiceView(
            seat=seat,
            n_players=self.n_players,
            dice_count=self.dice_count,
            row_lock=self.row_lock,
            sheets=tuple(self.sheets),
            dice=self.dice,
            kept=self.kept,
            rerolls_left=self.rerolls_left,
            phase=self.phase,
            current_seat=self.current_seat,
            turn=self.turn,
            end_triggered=self.end_triggered,
            over=self.over,
            resigned=tuple(sorted(self.resigned)),
            locks=tuple(self.locks),
        )

    def resign(self, seat: int) -> Report:
        """The seat leaves; play goes on without it and ends when one seat or none remains."""
        if self.over:
            raise IllegalAction("The game is over.", "game_over")
        if not _is_int(seat) or seat in self.resigned or not 0 <= seat < self.n_players:
            raise IllegalAction(f"Seat {seat + 1} is not playing.", "not_playing", seat=seat)
        self.resigned = self.resigned | {seat}
        skipped: tuple[int, ...] = ()
        their_turn = seat == self.current_seat
        if len(self.active_seats) <= 1:
            self.over = True
        elif their_turn:
            skipped = self._pass_turn()
        report = Report(seat, None, skipped=skipped, turn_over=their_turn or self.over,
                        game_over=self.over, next_seat=None if self.over else self.current_seat)
        self.last_report = report
        return report

    # ---- persistence ----------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "game": "dice",
            "n_players": self.n_players,
            "seed": self.seed,
            "dice_count": self.dice_count,
            "row_lock": self.row_lock,
            "sheets": list(self.sheets),
            "dice": list(self.dice),
            "kept": list(self.kept),
            "rolls": self.rolls,
            "roll_count": self.roll_count,
            "current_seat": self.current_seat,
            "turn": self.turn,
            "end_triggered": self.end_triggered,
            "over": self.over,
            "resigned": sorted(self.resigned),
            "locks": [[lock.kind, lock.index, lock.seat] for lock in self.locks],
            "last_report": self.last_report.to_dict() if self.last_report else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> DiceGame:
        """Reads a state written by to_dict; anything else (a damaged row, a hand edit) raises ValueError."""
        if not isinstance(d, dict) or d.get("game") != "dice" or d.get("version") != STATE_VERSION:
            raise ValueError(f"not a Dice Game state of version {STATE_VERSION}")
        try:
            return cls._from_checked_dict(d)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError) as err:
            raise ValueError(f"not a readable Dice Game state: {err}") from None

    @classmethod
    def _from_checked_dict(cls, d: dict[str, Any]) -> DiceGame:
        def need(field: str, ok: bool, wanted: str) -> None:
            if not ok:
                raise ValueError(f"state {field} must be {wanted}, not {d[field]!r}")

        n = d["n_players"]
        need("n_players", _is_int(n) and MIN_PLAYERS <= n <= MAX_PLAYERS, f"{MIN_PLAYERS} to {MAX_PLAYERS}")
        need("seed", _is_int(d["seed"]), "an int")
        count = d["dice_count"]
        need("dice_count", _is_int(count) and count in DICE_COUNTS, f"one of {DICE_COUNTS}")
        need("row_lock", isinstance(d["row_lock"], bool), "true or false")
        sheets = d["sheets"]
        need("sheets", isinstance(sheets, list) and len(sheets) == n and all(
            isinstance(s, str) and len(s) == CELLS and set(s) <= _MARKS for s in sheets),
            f"{n} strings of {CELLS} marks {OPEN!r}, {CIRCLED!r} or {CROSSED!r}")
        rolls = d["rolls"]
        need("rolls", _is_int(rolls) and 0 <= rolls <= REROLLS + 1, f"0 to {REROLLS + 1}")
        dice = d["dice"]
        need("dice", isinstance(dice, list) and len(dice) == (count if rolls else 0) and all(
            _is_int(f) and 0 <= f < FACES for f in dice), f"{count if rolls else 0} faces 0-{FACES - 1}")
        kept = d["kept"]
        need("kept", isinstance(kept, list) and len(set(kept)) == len(kept) < count and all(
            _is_int(i) and 0 <= i < count for i in kept) and (rolls > 1 or not kept),
            "distinct dice numbers of a re-roll")
        need("roll_count", _is_int(d["roll_count"]) and d["roll_count"] >= 0, "a count from 0")
        need("current_seat", _is_int(d["current_seat"]) and 0 <= d["current_seat"] < n, f"0-{n - 1}")
        need("turn", _is_int(d["turn"]) and d["turn"] >= 0, "a count from 0")
        need("end_triggered", isinstance(d["end_triggered"], bool), "true or false")
        need("over", isinstance(d["over"], bool), "true or false")
        resigned = d["resigned"]
        need("resigned", isinstance(resigned, list) and all(_is_int(s) and 0 <= s < n for s in resigned),
             f"seats 0-{n - 1}")
        locks = d["locks"]
        need("locks", isinstance(locks, list) and all(
            isinstance(lock, list) and len(lock) == 3 and lock[0] in ("column", "row") and _is_int(lock[1])
            and 0 <= lock[1] < (COLUMNS if lock[0] == "column" else ROWS) and _is_int(lock[2]) and 0 <= lock[2] < n
            for lock in locks), "a list of [column|row, index, seat]")
        g = cls()
        g.n_players, g.seed, g.dice_count, g.row_lock = n, d["seed"], count, d["row_lock"]
        g.sheets = list(sheets)
        g.dice, g.kept, g.rolls, g.roll_count = tuple(dice), tuple(sorted(kept)), rolls, d["roll_count"]
        g.current_seat, g.turn = d["current_seat"], d["turn"]
        g.end_triggered, g.over = d["end_triggered"], d["over"]
        g.resigned = frozenset(resigned)
        g.locks = [Lock(kind, index, seat) for kind, index, seat in locks]
        try:
            g.last_report = Report.from_dict(d["last_report"]) if d["last_report"] else None
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"state last_report must be a report written by to_dict ({err})") from None
        return g

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DiceGame) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True)
class DiceView:
    """What one seat may know: all sheets and dice, never the seed or anything that predicts a roll."""

    seat: int
    n_players: int
    dice_count: int
    row_lock: bool
    sheets: tuple[str, ...]
    dice: tuple[int, ...]
    kept: tuple[int, ...]
    rerolls_left: int
    phase: Phase
    current_seat: int
    turn: int
    end_triggered: bool
    over: bool
    resigned: tuple[int, ...]
    locks: tuple[Lock, ...]
