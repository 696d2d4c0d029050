"""Builders for hand-made My Shelfie positions that keep all 132 tiles accounted for.

Tests set up scenarios by editing a fresh game's plain lists (board, shelves, bag) and then
assert only through the public API.
"""
from __future__ import annotations

from collections import Counter

from engine.shelfie import BOARD_SIZE, TILE_TYPES, Bookshelf, Game, Move

EMPTY_SHELF = ["....."] * 6


def shelf(*rows: str) -> Bookshelf:
    return Bookshelf.from_rows(list(rows))


def cell(label: str) -> tuple[int, int]:
    """'E5' -> (4, 4): board column letter A-I, row 1-9 top to bottom."""
    return int(label[1:]) - 1, "ABCDEFGHI".index(label[0].upper())


def move(text: str) -> Move:
    return Move.parse(text)


def tile_counts(g: Game) -> Counter[str]:
    """Every tile the game knows about: bag + board + all shelves."""
    counts: Counter[str] = Counter(g.bag)
    counts.update(ch for row in g.board_rows() for ch in row if ch in TILE_TYPES)
    for seat in range(g.n_players):
        counts.update(ch for row in g.shelf_rows(seat) for ch in row if ch in TILE_TYPES)
    return counts


def _take_from_bag(g: Game, letter: str) -> str:
    g.bag.remove(letter)
    return letter


def clear_board(g: Game) -> None:
    """Every usable space empty; the tiles go back into the bag."""
    for i, ch in enumerate(g.board):
        if ch in TILE_TYPES:
            g.bag.append(ch)
            g.board[i] = "."


def set_board(g: Game, tiles: str) -> None:
    """Empties the board, then puts tiles given as 'E5=C E6=B' (drawn from the bag)."""
    clear_board(g)
    for item in tiles.split():
        label, letter = item.split("=")
        r, c = cell(label)
        i = r * BOARD_SIZE + c
        assert g.board[i] == ".", f"{label} is not a usable space in a {g.n_players}-player game"
        g.board[i] = _take_from_bag(g, letter)


def fill_board(g: Game, letter_at=lambda r, c: TILE_TYPES[(r + c) % 6]) -> None:
    """Every usable space holds a tile (pattern from letter_at), drawn from the bag."""
    clear_board(g)
    for i, ch in enumerate(g.board):
        if ch == ".":
            g.board[i] = _take_from_bag(g, letter_at(*divmod(i, BOARD_SIZE)))


def set_shelf(g: Game, seat: int, rows: list[str]) -> None:
    """Replaces a seat's shelf; its old tiles go back into the bag and the new ones come out of it."""
    for row in g.shelf_rows(seat):
        g.bag.extend(ch for ch in row if ch in TILE_TYPES)
    for row in rows:
        for ch in row:
            if ch in TILE_TYPES:
                _take_from_bag(g, ch)
    g.shelves[seat] = Bookshelf.from_rows(rows)


def set_bag(g: Game, size: int) -> None:
    """Keeps only `size` tiles in the bag (the rest leave the game: only for bag-runs-short scenarios)."""
    del g.bag[size:]


def usable_spaces(g: Game) -> int:
    return sum(ch != " " for row in g.board_rows() for ch in row)


def tiles_on_board(g: Game) -> int:
    return sum(ch in TILE_TYPES for row in g.board_rows() for ch in row)
