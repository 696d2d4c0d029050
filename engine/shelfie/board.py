"""The living room board's geometry and the picks it allows, shared by the rules and the computer players."""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from .data import BOARD_MIN_PLAYERS, BOARD_SIZE
from .moves import LINES, ORDERS
from .shelf import EMPTY

UNUSED = " "
GONE = (EMPTY, UNUSED)
"""Board cells that count as a free side: empty, or not a space at this player count."""

CELLS = BOARD_SIZE * BOARD_SIZE
SPACES: dict[int, tuple[int, ...]] = {
    n: tuple(i for i, need in enumerate(BOARD_MIN_PLAYERS) if need and need <= n) for n in (2, 3, 4)
}
"""Board spaces in use, by player count (29 / 37 / 45)."""

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
    tuple(line for line in LINES if line[0] == i) for i in range(CELLS)
)


def is_free(board: Sequence[str], i: int) -> bool:
    """A tile with a side on the board edge, an empty space or an unused space."""
    neighbours = BOARD_NEIGHBOURS[i]
    return len(neighbours) < 4 or any(board[j] in GONE for j in neighbours)


def ordered_picks(board: Sequence[str], n_players: int, room: int) -> Iterator[tuple[tuple[int, ...], str]]:
    """(cells in placement order, the types they give) for every legal pick of at most `room` tiles.

    Orders of one line that give the same type sequence are yielded once: the shelf cannot tell them apart.
    """
    spaces = SPACES[n_players]
    free = [False] * CELLS
    for i in spaces:
        if board[i] != EMPTY:
            free[i] = is_free(board, i)
    for i in spaces:
        if not free[i]:
            continue
        for line in _LINES_FROM[i]:
            k = len(line)
            if k > room:
                continue
            if k == 1:
                yield line, board[i]
                continue
            if not free[line[1]] or (k == 3 and not free[line[2]]):
                continue
            seen = set()
            for order in ORDERS[line]:
                kinds = "".join([board[j] for j in order])
                if kinds not in seen:
                    seen.add(kinds)
                    yield order, kinds


def picks_by_kinds(board: Sequence[str], n_players: int, room: int) -> dict[str, list[tuple[int, ...]]]:
    """{type sequence, first lands lowest: [ordered picks giving it]}: all a shelf cares about."""
    out: dict[str, list[tuple[int, ...]]] = {}
    for order, kinds in ordered_picks(board, n_players, room):
        out.setdefault(kinds, []).append(order)
    return out
