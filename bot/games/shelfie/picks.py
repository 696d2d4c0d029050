"""What the move builder and the `take` autocomplete may offer, derived from the engine's legal moves.

Everything here is computed from `Game.legal_moves()`, so the buttons and the
suggestions can never offer a move the engine would refuse.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from engine.shelfie import Game, IllegalMove, Move, cell_label

Cell = tuple[int, int]

_CELL = re.compile(r"([A-I])([1-9])")
_SEPARATORS = " \t,;/+&.-–—"
_PARTIAL_COLUMN = re.compile(r"(?:^|[\s,;/+&.\-–—])([A-Ia-i])\s*$")
"""A last lone letter A-I: the board column of a cell still being typed."""


def encode_cells(cells: Iterable[Cell]) -> str:
    """Cells as compact text for a custom id ("E4E5"); order is kept."""
    return "".join(cell_label(r, c) for r, c in cells)


def decode_cells(text: str) -> tuple[Cell, ...]:
    """The inverse of `encode_cells`; anything unreadable gives no cells."""
    return tuple(("123456789".index(row), "ABCDEFGHI".index(col)) for col, row in _CELL.findall(text or ""))


def cells_text(cells: Iterable[Cell]) -> str:
    """Cells as people type them ("E4 E5")."""
    return " ".join(cell_label(r, c) for r, c in cells)


def reading_order(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    return tuple(sorted(set(cells)))


def free_tiles(game: Game) -> tuple[Cell, ...]:
    """Tiles that can be taken this turn (each is a legal one-tile pick), in reading order."""
    return reading_order(m.tiles[0] for m in game.legal_moves() if len(m.tiles) == 1)


def legal_picks(game: Game) -> set[frozenset[Cell]]:
    return {frozenset(m.tiles) for m in game.legal_moves()}


def columns_for(game: Game, cells: Iterable[Cell]) -> tuple[int, ...]:
    """0-based shelf columns where these tiles fit (empty if the tiles are not a legal pick)."""
    wanted = frozenset(cells)
    return tuple(sorted({m.column for m in game.legal_moves() if frozenset(m.tiles) == wanted}))


def orders_for(game: Game, cells: Iterable[Cell], column: int) -> tuple[tuple[Cell, ...], ...]:
    """Placement orders giving different shelves (first lands lowest), in the engine's order."""
    wanted = frozenset(cells)
    return tuple(m.tiles for m in game.legal_moves() if m.column == column and frozenset(m.tiles) == wanted)


def kinds_of(game: Game, cells: Sequence[Cell]) -> str:
    """The tile letters on these board cells, in the given order."""
    rows = game.board_rows()
    return "".join(rows[r][c] for r, c in cells)


def pick_problem(game: Game, cells: Sequence[Cell]) -> IllegalMove | None:
    """Why these tiles cannot become a legal pick, or None if they are one or can grow into one."""
    wanted = frozenset(cells)
    if not wanted or any(wanted <= pick for pick in legal_picks(game)):
        return None
    for column in range(5):
        try:
            game.check(Move(tuple(cells), column))
        except IllegalMove as refusal:
            if refusal.code != "column_full":
                return refusal
    return IllegalMove("There is no room on your shelf for that many tiles.", "no_room", count=len(cells))


def typed_so_far(typed: str) -> tuple[tuple[Cell, ...], int | None]:
    """What someone typing `tiles` has written so far: whole cells, read as leniently as `/shelfie take` reads
    them (any case, commas, spans like E4-E6), and a last lone board column letter they are still typing
    ("E4 F" -> E4 and column F). Text the parser cannot read still gives the cells that can be picked out of it.
    """
    partial = _PARTIAL_COLUMN.search(typed)
    head = typed[: partial.start(1)] if partial else typed
    column = "ABCDEFGHI".index(partial.group(1).upper()) if partial else None
    try:
        cells = Move.parse_tiles(head) if head.strip(_SEPARATORS) else ()
    except IllegalMove:
        cells = decode_cells(head.upper())
    return tuple(dict.fromkeys(cells)), column


def suggested_moves(game: Game, typed: str, limit: int = 25) -> list[Move]:
    """Legal picks for autocomplete that fit what was typed, each in its placement orders.

    A pick fits when it holds every typed cell and, if a column letter is being typed, a tile of that board
    column. Picks whose placement order starts the way it was typed come first, then bigger picks. One entry
    per pick and placement order (orders with the same tile types are merged by the engine); the column is
    left out, so the same pick in several columns appears once.
    """
    cells, column = typed_so_far(typed)
    wanted = set(cells)
    seen: set[tuple[Cell, ...]] = set()
    found: list[Move] = []
    for move in game.legal_moves():
        if move.tiles in seen or not wanted <= set(move.tiles):
            continue
        if column is not None and all(c != column for _, c in move.tiles):
            continue
        seen.add(move.tiles)
        found.append(move)

    def as_typed(move: Move) -> bool:
        """Starts with the typed cells in the typed order, then (if one is being typed) a tile of that column."""
        rest = move.tiles[len(cells):]
        return move.tiles[: len(cells)] == cells and (column is None or (bool(rest) and rest[0][1] == column))

    found.sort(key=lambda m: (not as_typed(m), -len(m.tiles), reading_order(m.tiles), m.tiles))
    return found[:limit]
