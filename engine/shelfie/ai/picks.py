"""Legal picks grouped by the tile types they yield, which is all a shelf cares about.

The engine's `Game.legal_moves` lists every (pick, order, column); search only needs each distinct
type sequence once, with the picks that give it, so it enumerates picks itself from the same tables.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..data import BOARD_SIZE
from ..game import SPACES
from ..moves import LINES, ORDERS
from ..shelf import EMPTY

_N = BOARD_SIZE * BOARD_SIZE
GONE = (EMPTY, " ")
"""Board cells that count as a free side: empty, or not a space at this player count."""
BOARD_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (r + dr) * BOARD_SIZE + (c + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < BOARD_SIZE and 0 <= c + dc < BOARD_SIZE
    )
    for r in range(BOARD_SIZE)
    for c in range(BOARD_SIZE)
)
_LINES_FROM: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(line for line in LINES if line[0] == i) for i in range(_N)
)


def picks_by_kinds(board: Sequence[str], n_players: int, room: int) -> dict[str, list[tuple[int, ...]]]:
    """{type sequence, first lands lowest: [ordered picks giving it]} for picks of at most `room` tiles."""
    free = [False] * _N
    for i in SPACES[n_players]:
        if board[i] != EMPTY:
            ns = BOARD_NEIGHBOURS[i]
            free[i] = len(ns) < 4 or board[ns[0]] in GONE or board[ns[1]] in GONE or board[ns[2]] in GONE \
                or board[ns[3]] in GONE
    out: dict[str, list[tuple[int, ...]]] = {}
    for i in SPACES[n_players]:
        if not free[i]:
            continue
        for line in _LINES_FROM[i]:
            k = len(line)
            if k > room:
                continue
            if k == 1:
                out.setdefault(board[i], []).append(line)
                continue
            if not free[line[1]] or (k == 3 and not free[line[2]]):
                continue
            seen = set()
            for order in ORDERS[line]:
                kinds = "".join([board[j] for j in order])
                if kinds not in seen:
                    seen.add(kinds)
                    out.setdefault(kinds, []).append(order)
    return out
