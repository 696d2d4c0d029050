"""The state of one game of My Shelfie and the rules that move it forward."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, Literal, TypeGuard, get_args

from ..protocol import Outcome, ranked_outcome, ranked_termination
from .data import (
    BOARD_SIZE,
    END_TOKEN_POINTS,
    SHELF_COLS,
    SHELF_ROWS,
    TILE_TYPES,
    TILES_PER_TYPE,
    TOKENS_BY_PLAYERS,
    cell_label,
)
from .goals import COMMON_GOALS, PERSONAL_GOALS
from .board import BOARD_NEIGHBOURS, CELLS, GONE, SPACES, UNUSED, is_free, ordered_picks
from .moves import MOVES, IllegalMove, Move
from .shelf import EMPTY, Bookshelf, adjacency_score

STATE_VERSION = 1
_SHELF_CELLS = SHELF_ROWS * SHELF_COLS
_SHELF_CHARS = frozenset(TILE_TYPES + EMPTY)
_BOARD_CHARS = frozenset(TILE_TYPES + EMPTY + UNUSED)
Refill = Literal["isolated", "four_or_fewer"]
REFILL_RULES: tuple[str, ...] = get_args(Refill)


def _is_int(value: object) -> TypeGuard[int]:
    """Only true ints count: int() would quietly turn 4.7 into 4, True into 1 and "3" into 3."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class TurnReport:
    """What one turn changed, for announcements and pictures."""

    seat: int
    move: Move | None
    tokens: tuple[tuple[str, int], ...] = ()
    end_token: bool = False
    refilled: bool = False
    game_over: bool = False
    next_seat: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "move": str(self.move) if self.move else None,
            "tokens": [list(t) for t in self.tokens],
            "end_token": self.end_token,
            "refilled": self.refilled,
            "game_over": self.game_over,
            "next_seat": self.next_seat,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TurnReport:
        return cls(
            seat=d["seat"],
            move=Move.parse(d["move"]) if d["move"] else None,
            tokens=tuple((gid, pts) for gid, pts in d["tokens"]),
            end_token=d["end_token"],
            refilled=d["refilled"],
            game_over=d["game_over"],
            next_seat=d["next_seat"],
        )


class Game:
    """One game: board, bag, shelves, goals, tokens and whose turn it is. Seat 0 is the first player."""

    def __init__(self) -> None:
        self.n_players = 0
        self.seed = 0
        self.first_game = False
        self.refill: str = "isolated"
        self.board: list[str] = []
        self.bag: list[str] = []
        self.shelves: list[Bookshelf] = []
        self.common: tuple[str, ...] = ()
        self.stacks: dict[str, list[int]] = {}
        self.won: list[list[tuple[str, int]]] = []
        self.personal: list[int] = []
        self.current_seat = 0
        self.turn = 0
        self.end_token_seat: int | None = None
        self.over = False
        self.resigned: frozenset[int] = frozenset()
        self.last_report: TurnReport | None = None
        self.rng = random.Random(0)  # new(), from_dict() and sample() replace it; fixed so nothing reads the OS

    # ---- creation -------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, n_players: int, *, seed: int, first_game: bool = False, refill: str = "isolated") -> Game:
        if not isinstance(n_players, int) or not 2 <= n_players <= 4:
            raise ValueError(f"My Shelfie is for 2 to 4 players, not {n_players!r}")
        if refill not in REFILL_RULES:
            raise ValueError(f"refill must be one of {', '.join(REFILL_RULES)}, not {refill!r}")
        g = cls()
        g.n_players, g.seed, g.first_game, g.refill = n_players, int(seed), bool(first_game), refill
        g.rng = random.Random(g.seed)
        g.common = tuple(g.rng.sample(sorted(COMMON_GOALS), 1 if first_game else 2))
        g.stacks = {gid: list(TOKENS_BY_PLAYERS[n_players]) for gid in g.common}
        g.personal = g.rng.sample(range(len(PERSONAL_GOALS)), n_players)
        g.shelves = [Bookshelf() for _ in range(n_players)]
        g.won = [[] for _ in range(n_players)]
        g.bag = [kind for kind in TILE_TYPES for _ in range(TILES_PER_TYPE)]
        g.board = [UNUSED] * CELLS
        for i in SPACES[n_players]:
            g.board[i] = EMPTY
        g._refill_board()
        return g

    def copy(self) -> Game:
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.board = self.board.copy()
        g.bag = self.bag.copy()
        g.shelves = [s.copy() for s in self.shelves]
        g.stacks = {k: v.copy() for k, v in self.stacks.items()}
        g.won = [w.copy() for w in self.won]
        g.personal = self.personal.copy()
        g.rng = random.Random(0)
        g.rng.setstate(self.rng.getstate())
        return g

    # ---- reading the state ----------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def common_goal_ids(self) -> tuple[str, ...]:
        return self.common

    @property
    def bag_size(self) -> int:
        return len(self.bag)

    @property
    def active_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n_players) if s not in self.resigned)

    def board_rows(self) -> list[str]:
        return ["".join(self.board[r * BOARD_SIZE:(r + 1) * BOARD_SIZE]) for r in range(BOARD_SIZE)]

    def shelf(self, seat: int) -> Bookshelf:
        return self.shelves[seat]

    def shelf_rows(self, seat: int) -> list[str]:
        return self.shelves[seat].rows()

    def tokens_left(self, goal_id: str) -> tuple[int, ...]:
        return tuple(self.stacks[goal_id])

    def tokens_of(self, seat: int) -> tuple[tuple[str, int], ...]:
        return tuple(self.won[seat])

    def personal_goal_index(self, seat: int) -> int:
        return self.personal[seat]

    def score_breakdown(self, seat: int) -> dict[str, int]:
        shelf = self.shelves[seat]
        parts = {
            "common": sum(points for _, points in self.won[seat]),
            "personal": PERSONAL_GOALS[self.personal[seat]].score(shelf),
            "adjacency": adjacency_score(shelf),
            "end_token": END_TOKEN_POINTS if self.end_token_seat == seat else 0,
        }
        parts["total"] = sum(parts.values())
        return parts

    def public_score(self, seat: int) -> int:
        """Points everyone can see: tokens and adjacency, not the secret personal goal."""
        parts = self.score_breakdown(seat)
        return parts["total"] - parts["personal"]

    @property
    def to_act(self) -> frozenset[int]:
        """The seats that may act now: the seat whose turn it is, or nobody once the game is over."""
        return frozenset() if self.over else frozenset({self.current_seat})

    def standing(self, left: Collection[int] = ()) -> Outcome:
        """Most points first; among equal totals the seat latest in turn order ranks higher; resigned seats (and
        `left`) come after every seat still playing and never win."""
        scores = [self.score_breakdown(s)["total"] for s in range(self.n_players)]
        return ranked_outcome(scores, self.resigned | frozenset(left), ties="later_seat",
                              termination=ranked_termination(self.over, self.n_players, self.resigned))

    def outcome(self, left: Collection[int] = ()) -> Outcome | None:
        """The standing of the finished game; None while it goes on."""
        return self.standing(left) if self.over else None

    @property
    def winner(self) -> int | None:
        outcome = self.outcome()
        return None if outcome is None or not outcome.winners else min(outcome.winners)

    @property
    def decided_by_tiebreak(self) -> bool:
        """True when the winner shares the top total and won on seat order."""
        outcome = self.outcome()
        if outcome is None or len(self.active_seats) < 2:
            return False
        first, second = outcome.ranking[:2]
        return outcome.scores[first] == outcome.scores[second]

    # ---- moves ----------------------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal (pick, column, order); orders that give the same type sequence appear once."""
        if self.over:
            return []
        shelf = self.shelves[self.current_seat]
        fits = [[c for c in range(SHELF_COLS) if shelf.free(c) >= k] for k in range(4)]
        out: list[Move] = []
        for order, _ in ordered_picks(self.board, self.n_players, shelf.max_free):
            moves = MOVES[order]
            out.extend(moves[c] for c in fits[len(order)])
        return out

    def legal_actions(self) -> list[Move]:
        """The protocol's name for legal_moves."""
        return self.legal_moves()

    def has_legal_move(self) -> bool:
        """A non-empty board always has a free tile, so only an empty board or a full shelf blocks."""
        board = self.board
        return not self.over and self.shelves[self.current_seat].max_free > 0 and any(
            board[i] != EMPTY for i in SPACES[self.n_players]
        )

    def check(self, move: Move, seat: int | None = None) -> None:
        """Raises IllegalMove with the first specific reason the move is refused."""
        self._checked(move, seat)

    def _checked(self, move: Move, seat: int | None) -> Move:
        """The move as plain ints, once every rule accepts it; `apply` plays and reports this one."""
        if self.over:
            raise IllegalMove("The game is over.", "game_over")
        if seat is not None and seat != self.current_seat:
            raise IllegalMove(f"It is not seat {seat + 1}'s turn; seat {self.current_seat + 1} is to play.",
                              "not_your_turn", seat=seat, current=self.current_seat)
        try:
            tiles = tuple((r, c) for r, c in move.tiles)
            column = move.column
        except (TypeError, ValueError, AttributeError):
            tiles, column = (), None
        if not _is_int(column) or not all(_is_int(r) and _is_int(c) for r, c in tiles):
            raise IllegalMove("A move is a list of board spaces and a shelf column, like \"E4 E5 3\".",
                              "malformed")
        if not 1 <= len(tiles) <= 3:
            raise IllegalMove(f"Take 1, 2 or 3 tiles, not {len(tiles)}.", "pick_size", count=len(tiles))
        if not 0 <= column < SHELF_COLS:
            raise IllegalMove(f"Shelf columns are 1-{SHELF_COLS}; {column + 1} is not one.", "bad_column",
                              column=column + 1)
        for r, c in tiles:
            if not (0 <= r < BOARD_SIZE and 0 <= c < BOARD_SIZE):
                raise IllegalMove("That space is not on the board: columns are A-I and rows 1-9.", "off_board",
                                  cell=f"{r},{c}")
        labels = [cell_label(r, c) for r, c in tiles]
        twice = next((label for k, label in enumerate(labels) if label in labels[:k]), None)
        if twice:
            raise IllegalMove(f"{twice} is named twice; name each tile once.", "duplicate_tile", cell=twice)
        board = self.board
        for (r, c), label in zip(tiles, labels):
            i = r * BOARD_SIZE + c
            if self.board[i] == UNUSED:
                raise IllegalMove(f"{label} is not a space in a {self.n_players}-player game.", "unused_space",
                                  cell=label, players=self.n_players)
            if self.board[i] == EMPTY:
                raise IllegalMove(f"{label} is empty: there is no tile to take.", "empty_space", cell=label)
            if not is_free(board, i):
                raise IllegalMove(f"{label} has no free side: every side touches another tile.", "no_free_side",
                                  cell=label)
        rows = {r for r, _ in tiles}
        cols = {c for _, c in tiles}
        if len(rows) > 1 and len(cols) > 1:
            raise IllegalMove(f"{' '.join(labels)} are not in one straight line (one row or one column).",
                              "not_straight", cells=" ".join(labels))
        span = sorted(c for _, c in tiles) if len(rows) == 1 else sorted(r for r, _ in tiles)
        if span[-1] - span[0] != len(tiles) - 1:
            raise IllegalMove(f"{' '.join(labels)} are not next to each other: take tiles with no gap between them.",
                              "not_adjacent", cells=" ".join(labels))
        room = self.shelves[self.current_seat].free(column)
        if room < len(tiles):
            raise IllegalMove(
                f"Column {column + 1} has room for {room} more tile{'s' if room != 1 else ''}, not {len(tiles)}.",
                "column_full", column=column + 1, room=room, count=len(tiles))
        return Move(tiles, column)

    def apply(self, move: Move, seat: int | None = None) -> TurnReport:
        """Plays `move` for the seat to move; on IllegalMove nothing changes."""
        move = self._checked(move, seat)
        mover = self.current_seat
        shelf = self.shelves[mover]
        taken = []
        for r, c in move.tiles:
            i = r * BOARD_SIZE + c
            taken.append(self.board[i])
            self.board[i] = EMPTY
        shelf.place(move.column, taken)
        tokens = []
        for gid in self.common:
            stack = self.stacks[gid]
            if stack and all(g != gid for g, _ in self.won[mover]) and COMMON_GOALS[gid].is_met(shelf):
                tokens.append((gid, stack.pop(0)))
        self.won[mover].extend(tokens)
        end_token = self.end_token_seat is None and shelf.is_full
        if end_token:
            self.end_token_seat = mover
        self.turn += 1
        refilled = self._end_turn()
        report = TurnReport(mover, move, tuple(tokens), end_token, refilled,
                            self.over, None if self.over else self.current_seat)
        self.last_report = report
        return report

    def resign(self, seat: int) -> TurnReport:
        """The seat leaves the game; play goes on without it, and ends when one seat or none remains."""
        if self.over:
            raise IllegalMove("The game is over.", "game_over")
        if seat in self.resigned or not 0 <= seat < self.n_players:
            raise IllegalMove(f"Seat {seat + 1} is not playing.", "not_playing", seat=seat)
        self.resigned = self.resigned | {seat}
        refilled = False
        if len(self.active_seats) <= 1:
            self.over = True
        elif seat == self.current_seat:
            refilled = self._end_turn()
        report = TurnReport(seat, None, (), False, refilled, self.over, None if self.over else self.current_seat)
        self.last_report = report
        return report

    def _end_turn(self) -> bool:
        """Advances to the next active seat; ends the game after the round in which a shelf filled up."""
        previous = self.current_seat
        nxt = previous
        for step in range(1, self.n_players + 1):
            candidate = (previous + step) % self.n_players
            if candidate not in self.resigned:
                nxt = candidate
                break
        if self.end_token_seat is not None and nxt <= previous:
            self.over = True
            return False
        refilled = self._needs_refill()
        if refilled:
            self._refill_board()
        self.current_seat = nxt
        if not self.has_legal_move():
            self.over = True
        return refilled

    def _needs_refill(self) -> bool:
        board = self.board
        tiles = [i for i in SPACES[self.n_players] if board[i] != EMPTY]
        if self.refill == "four_or_fewer":
            return len(tiles) <= 4
        return not any(board[j] not in GONE for i in tiles for j in BOARD_NEIGHBOURS[i])

    def _refill_board(self) -> None:
        """Tiles left on the board go back into the bag; every space is filled again while the bag lasts."""
        board = self.board
        spaces = SPACES[self.n_players]
        for i in spaces:
            if board[i] != EMPTY:
                self.bag.append(board[i])
                board[i] = EMPTY
        self.rng.shuffle(self.bag)
        for i in spaces:
            if not self.bag:
                break
            board[i] = self.bag.pop()

    # ---- what one seat may see ------------------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        return SeatView(
            seat=seat,
            personal_goal=self.personal[seat],
            n_players=self.n_players,
            first_game=self.first_game,
            refill=self.refill,
            board=tuple(self.board),
            bag=tuple(sorted(Counter(self.bag).items())),
            shelves=tuple(tuple(s.grid) for s in self.shelves),
            common=self.common,
            stacks=tuple((gid, tuple(self.stacks[gid])) for gid in self.common),
            won=tuple(tuple(w) for w in self.won),
            current_seat=self.current_seat,
            turn=self.turn,
            end_token_seat=self.end_token_seat,
            over=self.over,
            resigned=tuple(sorted(self.resigned)),
        )

    # ---- persistence ----------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            "version": STATE_VERSION,
            "game": "shelfie",
            "n_players": self.n_players,
            "seed": self.seed,
            "first_game": self.first_game,
            "refill": self.refill,
            "board": "".join(self.board),
            "bag": "".join(self.bag),
            "shelves": ["".join(s.grid) for s in self.shelves],
            "common": list(self.common),
            "stacks": {gid: list(stack) for gid, stack in self.stacks.items()},
            "won": [[list(t) for t in w] for w in self.won],
            "personal": list(self.personal),
            "current_seat": self.current_seat,
            "turn": self.turn,
            "end_token_seat": self.end_token_seat,
            "over": self.over,
            "resigned": sorted(self.resigned),
            "last_report": self.last_report.to_dict() if self.last_report else None,
            "rng": [version, list(internal), gauss],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """Reads a state written by to_dict; anything else (a damaged row, a hand edit) raises ValueError."""
        if not isinstance(d, dict) or d.get("game") != "shelfie" or d.get("version") != STATE_VERSION:
            raise ValueError(f"not a My Shelfie state of version {STATE_VERSION}")
        try:
            return cls._from_checked_dict(d)
        except (KeyError, TypeError, AttributeError, IndexError) as err:
            raise ValueError(f"not a readable My Shelfie state: {type(err).__name__} {err}") from None

    @classmethod
    def _from_checked_dict(cls, d: dict[str, Any]) -> Game:
        n_players = d["n_players"]
        if not _is_int(n_players) or not 2 <= n_players <= 4:
            raise ValueError(f"state player count must be 2 to 4, not {n_players!r}")
        seats = range(n_players)
        board, bag, shelves = d["board"], d["bag"], d["shelves"]
        if not isinstance(board, str) or len(board) != CELLS or not set(board) <= _BOARD_CHARS:
            raise ValueError(f"state board must be {CELLS} characters of {TILE_TYPES}, {EMPTY!r} or {UNUSED!r}")
        if not isinstance(bag, str) or not set(bag) <= set(TILE_TYPES):
            raise ValueError(f"state bag must be letters of {TILE_TYPES}")
        if (not isinstance(shelves, list) or len(shelves) != n_players
                or any(not isinstance(s, str) or len(s) != _SHELF_CELLS or not set(s) <= _SHELF_CHARS
                       for s in shelves)):
            raise ValueError(f"state shelves must be {n_players} strings of {_SHELF_CELLS} characters of "
                             f"{TILE_TYPES} or {EMPTY!r}")
        common = tuple(d["common"])
        if not 1 <= len(common) <= 2 or any(gid not in COMMON_GOALS for gid in common):
            raise ValueError(f"state common goals must be 1 or 2 known goal ids, not {list(common)!r}")
        stacks = {gid: list(stack) for gid, stack in d["stacks"].items()}
        if set(stacks) != set(common):
            raise ValueError("state token stacks must be those of its common goals")
        won = [[(gid, pts) for gid, pts in w] for w in d["won"]]
        if len(won) != n_players or any(gid not in COMMON_GOALS or not _is_int(pts) for w in won for gid, pts in w):
            raise ValueError(f"state tokens won must be {n_players} lists of (common goal id, points)")
        personal = list(d["personal"])
        if len(personal) != n_players or any(not _is_int(p) or not 0 <= p < len(PERSONAL_GOALS) for p in personal):
            raise ValueError(f"state personal goals must be {n_players} card numbers 0-{len(PERSONAL_GOALS) - 1}")
        current_seat, turn, end_token_seat = d["current_seat"], d["turn"], d["end_token_seat"]
        if not _is_int(current_seat) or current_seat not in seats:
            raise ValueError(f"state seat to move must be 0-{n_players - 1}, not {current_seat!r}")
        if not _is_int(turn) or turn < 0:
            raise ValueError(f"state turn must be a count from 0, not {turn!r}")
        if end_token_seat is not None and (not _is_int(end_token_seat) or end_token_seat not in seats):
            raise ValueError(f"state end token seat must be empty or 0-{n_players - 1}, not {end_token_seat!r}")
        resigned = frozenset(d["resigned"])
        if not resigned <= set(seats):
            raise ValueError(f"state resigned seats must be among 0-{n_players - 1}")
        if d["refill"] not in REFILL_RULES:
            raise ValueError(f"state refill must be one of {', '.join(REFILL_RULES)}, not {d['refill']!r}")
        g = cls()
        g.n_players, g.seed = n_players, int(d["seed"])
        g.first_game, g.refill = bool(d["first_game"]), d["refill"]
        g.board = list(board)
        g.bag = list(bag)
        g.shelves = [Bookshelf(list(s)) for s in shelves]
        g.common, g.stacks, g.won, g.personal = common, stacks, won, personal
        g.current_seat, g.turn, g.end_token_seat = current_seat, turn, end_token_seat
        g.over = bool(d["over"])
        g.resigned = resigned
        g.last_report = TurnReport.from_dict(d["last_report"]) if d["last_report"] else None
        version, internal, gauss = d["rng"]
        g.rng.setstate((version, tuple(internal), gauss))
        return g

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True)
class SeatView:
    """Everything one seat may know: no other seat's personal goal, no bag order, no random state."""

    seat: int
    personal_goal: int
    n_players: int
    first_game: bool
    refill: str
    board: tuple[str, ...]
    bag: tuple[tuple[str, int], ...]
    shelves: tuple[tuple[str, ...], ...]
    common: tuple[str, ...]
    stacks: tuple[tuple[str, tuple[int, ...]], ...]
    won: tuple[tuple[tuple[str, int], ...], ...]
    current_seat: int
    turn: int
    end_token_seat: int | None
    over: bool
    resigned: tuple[int, ...] = field(default=())

    def sample(self, rng: random.Random) -> Game:
        """A full game consistent with this view; the hidden parts are drawn from `rng`."""
        g = Game()
        g.n_players, g.seed = self.n_players, rng.getrandbits(32)
        g.first_game, g.refill = self.first_game, self.refill
        g.board = list(self.board)
        g.bag = [kind for kind, count in self.bag for _ in range(count)]
        rng.shuffle(g.bag)
        g.shelves = [Bookshelf(list(grid)) for grid in self.shelves]
        g.common = self.common
        g.stacks = {gid: list(stack) for gid, stack in self.stacks}
        g.won = [list(w) for w in self.won]
        others = [i for i in range(len(PERSONAL_GOALS)) if i != self.personal_goal]
        drawn = rng.sample(others, self.n_players - 1)
        g.personal = [self.personal_goal if s == self.seat else drawn.pop() for s in range(self.n_players)]
        g.current_seat, g.turn = self.current_seat, self.turn
        g.end_token_seat, g.over = self.end_token_seat, self.over
        g.resigned = frozenset(self.resigned)
        g.rng = random.Random(rng.getrandbits(64))
        return g
