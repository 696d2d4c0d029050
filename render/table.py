"""The table picture posted every turn: board, common goal cards, legend and every shelf.

What never changes during a game (board frame and spaces for the player count, coordinates,
the goal cards, legend, empty shelves) is drawn once per (players, goals, locale) and reused;
a turn only pastes cached tiles and a few lines of text on a copy, then encodes through a
fixed palette. Only public information is drawn: never a personal goal.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.shelfie import COMMON_GOALS, Game, Move, adjacency_score, cell_label
from engine.shelfie.data import BOARD_MIN_PLAYERS

from . import fonts, icons, pieces
from .goals import TOKEN_SPOT, common_goal_card
from .layout import (
    BOARD_BOX, BOARD_CELL, BOARD_N, BOARD_ORIGIN, CARD_GAP, CARD_SIZE, CARDS_Y, COORD_MARGIN, HEADER_H,
    SHELF_BLOCK_W, SHELF_CELL, SHELF_HEADER_H, SIDE_X, TABLE_SIZE, TILE_INSET, Box, block_shelf_origin,
    board_cell_box, legend_y, shelf_block_box, shelf_cell_box, shelf_origin, shelf_size,
)
from .palette import (
    INK, MUTED, OUTLINE, PAPER, PLACED, SEAT_COLORS, SHELF_SLOT, SPACE, SPACE_EDGE, TAKEN, TILE_BG, TILE_INK, TURN,
    UNUSED, UNUSED_MARK, WHITE, WOOD, WOOD_DARK, mix,
)
from .png import build_palette, encode
from .text import DEFAULT_LOCALE, caption, points

def render_table(
    game: Game, *, seat_names: list[str], last_move: Move | None = None, locale: str = DEFAULT_LOCALE
) -> bytes:
    """PNG of the whole table as every player may see it (TABLE_SIZE pixels).

    last_move, the move just played, is outlined where its tiles came from on the board and
    where they went on the mover's shelf.
    """
    return encode(*draw_table(game, seat_names=seat_names, last_move=last_move, locale=locale))


def draw_table(
    game: Game, *, seat_names: list[str], last_move: Move | None = None, locale: str = DEFAULT_LOCALE
) -> tuple[Image.Image, Image.Image]:
    """The table as an RGB image, with the palette to encode it through."""
    n = game.n_players
    base, palette = _static_layer(n, tuple(game.common_goal_ids), locale)
    img = base.copy()
    d = ImageDraw.Draw(img)
    board = game.board_rows()
    for r, row in enumerate(board):
        for c, kind in enumerate(row):
            if kind in TILE_INK:
                x0, y0, _, _ = board_cell_box(r, c)
                rgb, alpha = _board_tile(kind)
                img.paste(rgb, (x0 + TILE_INSET, y0 + TILE_INSET), alpha)
    for i, goal in enumerate(game.common_goal_ids):
        _token_pile(d, i, game.tokens_left(goal))
    mover = _mover(game, last_move)
    for seat in range(n):
        draw_shelf_block(img, d, game, seat, seat_names, locale, shelf_block_box(seat, n))
    if last_move is not None:
        _outline_last_move(img, d, game, last_move, mover, board)
    _header(d, game, seat_names, last_move, mover, locale)
    return img, palette


def table_palette(game: Game, locale: str = DEFAULT_LOCALE) -> Image.Image:
    """The palette the table picture of this game encodes through (cached with its static layer)."""
    return _static_layer(game.n_players, tuple(game.common_goal_ids), locale)[1]


@lru_cache(maxsize=12)  # ~4 MB each; a miss costs ~0.1 s
def _static_layer(n_players: int, goals: tuple[str, ...], locale: str) -> tuple[Image.Image, Image.Image]:
    img = Image.new("RGB", TABLE_SIZE, PAPER)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(BOARD_BOX, radius=18, fill=WOOD, outline=WOOD_DARK, width=3)
    ox, oy = BOARD_ORIGIN
    span = BOARD_N * BOARD_CELL
    for i in range(BOARD_N):
        mid = ox + i * BOARD_CELL + BOARD_CELL / 2
        for y in (oy - COORD_MARGIN / 2, oy + span + COORD_MARGIN / 2):
            fonts.draw_text(d, (mid, y), cell_label(0, i)[0], 18, WHITE, bold=True, align="center")
        mid = oy + i * BOARD_CELL + BOARD_CELL / 2
        for x in (ox - COORD_MARGIN / 2, ox + span + COORD_MARGIN / 2):
            fonts.draw_text(d, (x, mid), cell_label(i, 0)[1:], 18, WHITE, bold=True, align="center")
    for r in range(BOARD_N):
        for c in range(BOARD_N):
            need = BOARD_MIN_PLAYERS[r * BOARD_N + c]
            x0, y0, x1, y1 = board_cell_box(r, c)
            box = (x0 + 2, y0 + 2, x1 - 3, y1 - 3)
            if need and need <= n_players:
                d.rounded_rectangle(box, radius=8, fill=SPACE, outline=SPACE_EDGE, width=2)
                fonts.draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), cell_label(r, c), 15, SPACE_EDGE,
                                bold=True, align="center")
            elif need:
                img.paste(_unused_space(), box[:2], _unused_mask())
                fonts.draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), f"{need}+" if need < 4 else "4", 16,
                                MUTED, bold=True, align="center")
    for i, goal in enumerate(goals):
        img.paste(common_goal_card(goal, locale), (SIDE_X, CARDS_Y + i * (CARD_SIZE[1] + CARD_GAP)))
    _legend(img, d, legend_y(len(goals)), locale)
    for seat in range(n_players):
        origin = shelf_origin(seat, n_players)
        pieces.draw_shelf_frame(img, origin, SHELF_CELL)
        pieces.shelf_column_numbers(img, origin, SHELF_CELL)
    sample = img.copy()
    for k, kind in enumerate(TILE_INK):
        rgb, alpha = _board_tile(kind)
        sample.paste(rgb, (k * BOARD_CELL, 0), alpha)
    exact = list(TILE_INK.values()) + list(TILE_BG.values()) + list(SEAT_COLORS)
    exact += [INK, MUTED, OUTLINE, PAPER, WHITE, TAKEN, PLACED, TURN, SHELF_SLOT, mix(PAPER, TURN, 0.35)]
    return img, build_palette(sample, exact)


def _legend(img: Image.Image, d: ImageDraw.ImageDraw, top: int, locale: str) -> None:
    size = 44
    for k, kind in enumerate(TILE_INK):
        x = SIDE_X + (k % 2) * (CARD_SIZE[0] // 2)
        y = top + (k // 2) * (size + 14)
        t = icons.tile(kind, size)
        img.paste(t, (x, y), t)
        fonts.draw_text(d, (x + size + 10, y + size / 2), caption(f"tile_{kind}", locale), 20, INK, bold=True)


@lru_cache(maxsize=1)
def _unused_space() -> Image.Image:
    """A hatched space: printed on the board but not used at this player count."""
    s = BOARD_CELL - 4
    img = Image.new("RGB", (s, s), UNUSED)
    d = ImageDraw.Draw(img)
    for k in range(-s, s, 11):
        d.line((k, s, k + s, 0), fill=UNUSED_MARK, width=2)
    return img


@lru_cache(maxsize=1)
def _unused_mask() -> Image.Image:
    s = BOARD_CELL - 4
    m = Image.new("L", (s, s), 0)
    ImageDraw.Draw(m).rounded_rectangle((0, 0, s - 2, s - 2), radius=8, fill=255)
    return m


@lru_cache(maxsize=None)
def _board_tile(kind: str) -> tuple[Image.Image, Image.Image]:
    t = icons.tile(kind, BOARD_CELL - 2 * TILE_INSET)
    return t.convert("RGB"), t.getchannel("A")


@lru_cache(maxsize=None)
def _ghost_tile(kind: str) -> tuple[Image.Image, Image.Image]:
    rgb, alpha = _board_tile(kind)
    return rgb, alpha.point(lambda a: a * 55 // 100)


def _token_pile(d: ImageDraw.ImageDraw, index: int, tokens: tuple[int, ...]) -> None:
    """The tokens still on a card: the top one readable, the rest as edges under it."""
    cx = SIDE_X + TOKEN_SPOT[0]
    cy = CARDS_Y + index * (CARD_SIZE[1] + CARD_GAP) + TOKEN_SPOT[1]
    for k in range(len(tokens) - 1, 0, -1):
        d.ellipse((cx - 26 + 3 * k, cy - 26 + 3 * k, cx + 26 + 3 * k, cy + 26 + 3 * k), fill=(150, 45, 38),
                  outline=(90, 25, 20), width=2)
    if tokens:
        pieces.token(d, (cx, cy), 26, tokens[0])


def _mover(game: Game, last_move: Move | None) -> int | None:
    report = game.last_report
    if last_move is not None and report is not None and report.move == last_move:
        return report.seat
    return None


def draw_shelf_block(img: Image.Image, d: ImageDraw.ImageDraw, game: Game, seat: int, names: list[str],
                     locale: str, block: Box) -> None:
    """One seat in `block` over an already drawn empty shelf: marker, name, badges, tiles, visible points;
    the seat to play is highlighted."""
    x0, y0, x1, y1 = block
    origin = block_shelf_origin(block)
    playing = not game.is_over and game.current_seat == seat
    resigned = seat in game.resigned
    if playing:
        d.rounded_rectangle((x0 - 4, y0 - 4, x1 + 4, y1 + 2), radius=14, fill=mix(PAPER, TURN, 0.35),
                            outline=TURN, width=4)
        img.paste(_empty_shelf(), origin)
    pieces.paste_shelf_tiles(img, origin, SHELF_CELL, game.shelf_rows(seat))
    hy = y0 + SHELF_HEADER_H / 2 - 2
    pieces.seat_marker(d, (x0 + 20, hy), 15, seat)
    right = x1 - 4
    if game.end_token_seat == seat:
        pieces.end_token(d, (right - 34, hy - 16, right, hy + 16))
        right -= 40
    if seat == 0:
        pieces.chair(d, (right - 30, hy - 16, right, hy + 16))
        right -= 36
    name = pieces.seat_name(names, seat, locale)
    fonts.draw_text(d, (x0 + 42, hy), name, 20, MUTED if resigned else INK, bold=True, max_width=right - x0 - 46)
    fy = y0 + SHELF_HEADER_H + shelf_size()[1]
    if resigned:
        fonts.draw_text(d, ((x0 + x1) / 2, fy + 16), caption("resigned", locale), 18, MUTED, bold=True,
                        align="center")
        return
    tokens = [p for _, p in game.tokens_of(seat)]
    groups = adjacency_score(game.shelf(seat))
    end = 1 if game.end_token_seat == seat else 0
    total = sum(tokens) + groups + end
    fonts.draw_text(d, ((x0 + x1) / 2, fy + 15), points(total, locale), 21, INK, bold=True,
                    align="center")
    parts = caption("visible_parts", locale, tokens="+".join(map(str, tokens)) or "0", groups=groups)
    if end:
        parts += caption("end_token_part", locale, n=end)
    fonts.draw_text(d, ((x0 + x1) / 2, fy + 38), parts, 14, MUTED, align="center", max_width=SHELF_BLOCK_W - 6)


@lru_cache(maxsize=1)
def _empty_shelf() -> Image.Image:
    w, h = shelf_size()
    img = Image.new("RGB", (w, h), mix(PAPER, TURN, 0.35))
    pieces.draw_shelf_frame(img, (0, 0), SHELF_CELL)
    pieces.shelf_column_numbers(img, (0, 0), SHELF_CELL)
    return img


def _outline_last_move(img: Image.Image, d: ImageDraw.ImageDraw, game: Game, move: Move, mover: int | None,
                       board: list[str]) -> None:
    placed: list[tuple[int, int]] = []
    if mover is not None:
        shelf = game.shelf(mover)
        top = 6 - shelf.height(move.column)
        placed = [(top + len(move.tiles) - 1 - i, move.column) for i in range(len(move.tiles))]
    for i, (r, c) in enumerate(move.tiles):
        x0, y0, x1, y1 = board_cell_box(r, c)
        if board[r][c] == "." and placed:
            kind = game.shelf(mover).cell(*placed[i])
            rgb, alpha = _ghost_tile(kind)
            img.paste(rgb, (x0 + TILE_INSET, y0 + TILE_INSET), alpha)
        d.rounded_rectangle((x0 + 1, y0 + 1, x1 - 2, y1 - 2), radius=9, outline=TAKEN, width=5)
    for r, c in placed:
        x0, y0, x1, y1 = shelf_cell_box(mover, r, c, game.n_players)
        d.rectangle((x0, y0, x1 - 1, y1 - 1), outline=PLACED, width=4)


def _header(d: ImageDraw.ImageDraw, game: Game, names: list[str], move: Move | None, mover: int | None,
            locale: str) -> None:
    mid = 30
    x = 24
    if game.is_over:
        text = caption("game_over", locale)
        if game.winner is not None:
            text += " · " + caption("winner", locale, name=pieces.seat_name(names, game.winner, locale))
        fonts.draw_text(d, (x, mid), text, 30, INK, bold=True, max_width=BOARD_BOX[2] - x)
    else:
        seat = game.current_seat
        pieces.seat_marker(d, (x + 16, mid), 17, seat)
        name = pieces.seat_name(names, seat, locale)
        fonts.draw_text(d, (x + 44, mid), caption("to_play", locale, name=name), 30, INK, bold=True,
                        max_width=BOARD_BOX[2] - x - 44)
    turn = game.turn if game.is_over else game.turn + 1
    status = f"{caption('turn', locale, n=turn)} · {caption('bag', locale, n=game.bag_size)}"
    fonts.draw_text(d, (TABLE_SIZE[0] - 24, mid), status, 20, MUTED, bold=True, align="right")
    if move is not None:
        who = pieces.seat_name(names, mover, locale) if mover is not None else "—"
        text = caption("last_move", locale, name=who, tiles=move.tiles_text, column=move.column + 1)
        report = game.last_report
        if mover is not None and report is not None:
            extras = [caption("won_token", locale, points=p, number=COMMON_GOALS[g].number) for g, p in report.tokens]
            extras += [caption("won_end_token", locale)] if report.end_token else []
            extras += [caption("refilled", locale)] if report.refilled else []
            text = " · ".join([text, *extras])
        w = fonts.draw_text(d, (x + 22, HEADER_H - 8), text, 17, MUTED, bold=True, max_width=TABLE_SIZE[0] - 80)
        d.rounded_rectangle((x, HEADER_H - 17, x + 14, HEADER_H - 1), radius=3, outline=TAKEN, width=3)
        d.rectangle((x + 28 + w, HEADER_H - 17, x + 44 + w, HEADER_H - 1), outline=PLACED, width=3)
