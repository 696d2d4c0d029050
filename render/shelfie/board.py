"""The board picture of a turn: who plays, the last move, the board, the common goal cards and the legend.

Each part is cached by what it depends on, never by the game: the board frame per player count,
each goal card per (goal, locale) (in render.shelfie.goals), the legend per locale. A picture is a copy of
the frame with the cards and legend pasted and this turn's tiles and text drawn, so its cost does
not depend on how many different games are in play, and the caches stay a few MB. Only public
information is drawn: never a personal goal.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.shelfie import COMMON_GOALS, Game, Move, cell_label
from engine.shelfie.data import BOARD_MIN_PLAYERS

from .. import fonts, icons
from ..pieces import seat_marker, seat_name
from .goals import TOKEN_SPOT, common_goal_card
from . import pieces
from .layout import (
    BOARD_BOX, BOARD_CELL, BOARD_N, BOARD_ORIGIN, BOARD_PICTURE_SIZE, COORD_MARGIN, HEADER_H, LEGEND_H, LEGEND_Y,
    PICTURE_W, TILE_INSET, board_cell_box, card_origin,
)
from ..palette import (
    CHOSEN, INK, MUTED, PAPER, PLACED, SPACE, SPACE_EDGE, TAKEN, TILE_INK, UNUSED, UNUSED_MARK, WHITE, WOOD, WOOD_DARK,
)
from ..png import Mapped, MappedCanvas
from ..text import DEFAULT_LOCALE, language
from .captions import caption


def draw_board(game: Game, *, seat_names: list[str], last_move: Move | None = None,
               chosen: Sequence[tuple[int, int]] = (), locale: str = DEFAULT_LOCALE) -> Image.Image:
    """The board picture as an RGB image."""
    return compose_board(game, seat_names, last_move, chosen, locale, None).rgb


def compose_board(game: Game, seat_names: list[str], last_move: Move | None, chosen: Sequence[tuple[int, int]],
                  locale: str, palette: Image.Image | None) -> MappedCanvas:
    """The picture on a canvas whose unchanging parts (frame, cards, legend, tiles) arrive already mapped onto
    the palette: only the tokens, the last move's frames, the chosen frames and the header are mapped per
    picture (about a tenth of the pixels)."""
    canvas = MappedCanvas(_mapped_frame(game.n_players), palette)
    img = canvas.rgb
    goals = game.common_goal_ids
    for i, goal in enumerate(goals):
        canvas.paste(_mapped_card(goal, language(locale)), card_origin(i, len(goals)))
    canvas.paste(_mapped_legend(language(locale)), (0, LEGEND_Y))
    d = ImageDraw.Draw(img)
    board = game.board_rows()
    for r, row in enumerate(board):
        for c, kind in enumerate(row):
            if kind in TILE_INK:
                x0, y0, _, _ = board_cell_box(r, c)
                canvas.paste(_mapped_tile(kind), (x0 + TILE_INSET, y0 + TILE_INSET))
    for i, goal in enumerate(goals):
        x, y = card_origin(i, len(goals))
        cx, cy = x + TOKEN_SPOT[0], y + TOKEN_SPOT[1]
        canvas.touch((cx - 30, cy - 30, cx + 40, cy + 40))  # the pile's discs, each 3 px under the one above
        _token_pile(d, (x, y), game.tokens_left(goal))
    mover, placed = pieces.placement(game, last_move)
    if last_move is not None:
        for r, c in last_move.tiles:
            canvas.touch(board_cell_box(r, c))
        _outline_taken(img, d, game, last_move, mover, placed, board)
    for r, c in chosen:
        x0, y0, x1, y1 = board_cell_box(r, c)
        canvas.touch((x0 - 4, y0 - 4, x1 + 4, y1 + 4))
        _outline_chosen(d, r, c)
    canvas.touch((0, 0, PICTURE_W, HEADER_H))
    _header(d, game, seat_names, last_move, mover, locale)
    return canvas


@lru_cache(maxsize=3)  # the frame per player count, mapped: ~0.8 MB each beside the RGB one
def _mapped_frame(n_players: int) -> Mapped:
    return Mapped(_board_frame(n_players))


@lru_cache(maxsize=None)  # at most 12 cards x the caption languages, ~80 KB each beside the RGB one
def _mapped_card(goal: str, locale: str) -> Mapped:
    return Mapped(common_goal_card(goal, locale))


@lru_cache(maxsize=None)  # one per locale
def _mapped_legend(locale: str) -> Mapped:
    return Mapped(_legend(locale))


@lru_cache(maxsize=None)  # one per tile type
def _mapped_tile(kind: str) -> Mapped:
    return Mapped(_placed_tile(kind))


@lru_cache(maxsize=3)  # one per player count, ~1.7 MB each
def _board_frame(n_players: int) -> Image.Image:
    """Paper, the wooden board with its coordinates, and every space as used at this player count."""
    img = Image.new("RGB", BOARD_PICTURE_SIZE, PAPER)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(BOARD_BOX, radius=18, fill=WOOD, outline=WOOD_DARK, width=3)
    ox, oy = BOARD_ORIGIN
    span = BOARD_N * BOARD_CELL
    for i in range(BOARD_N):
        mid = ox + i * BOARD_CELL + BOARD_CELL / 2
        for y in (oy - COORD_MARGIN / 2, oy + span + COORD_MARGIN / 2):
            fonts.draw_text(d, (mid, y), cell_label(0, i)[0], 22, WHITE, bold=True, align="center")
        mid = oy + i * BOARD_CELL + BOARD_CELL / 2
        for x in (ox - COORD_MARGIN / 2, ox + span + COORD_MARGIN / 2):
            fonts.draw_text(d, (x, mid), cell_label(i, 0)[1:], 22, WHITE, bold=True, align="center")
    for r in range(BOARD_N):
        for c in range(BOARD_N):
            need = BOARD_MIN_PLAYERS[r * BOARD_N + c]
            x0, y0, x1, y1 = board_cell_box(r, c)
            box = (x0 + 2, y0 + 2, x1 - 3, y1 - 3)
            if need and need <= n_players:
                d.rounded_rectangle(box, radius=8, fill=SPACE, outline=SPACE_EDGE, width=2)
                fonts.draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), cell_label(r, c), 18, SPACE_EDGE,
                                bold=True, align="center")
            elif need:
                img.paste(_unused_space(), box[:2], _unused_mask())
                fonts.draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), f"{need}+" if need < 4 else "4", 18,
                                MUTED, bold=True, align="center")
    return img


@lru_cache(maxsize=None)  # one per locale
def _legend(locale: str) -> Image.Image:
    """The six tile types with their names, in one row across the picture."""
    img = Image.new("RGB", (PICTURE_W, LEGEND_H), PAPER)
    d = ImageDraw.Draw(img)
    size, font = 32, 17
    labels = [fonts.fit(caption(f"tile_{kind}", locale), font, 100, bold=True) for kind in TILE_INK]
    widths = [size + 5 + fonts.width(label, font, bold=True) for label in labels]
    gap = (PICTURE_W - sum(widths)) / (len(widths) + 1)  # spread the six evenly, whatever the language
    x = gap
    for kind, label, w in zip(TILE_INK, labels, widths):
        t = icons.tile(kind, size)
        img.paste(t, (round(x), (LEGEND_H - size) // 2), t)
        fonts.draw_text(d, (x + size + 5, LEGEND_H / 2), label, font, INK, bold=True)
        x += w + gap
    return img


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


@lru_cache(maxsize=None)  # one per tile type, ~12 KB each
def _placed_tile(kind: str) -> Image.Image:
    """The tile as it shows on a usable space, for one opaque paste instead of an alpha blend per tile: every
    usable space is drawn alike around a tile and the tile hides its label, so it is blended once onto one
    (the centre space, used at every player count)."""
    middle = BOARD_N // 2
    x0, y0, _, _ = board_cell_box(middle, middle)
    rgb, alpha = _board_tile(kind)
    img = _board_frame(BOARD_MIN_PLAYERS[middle * BOARD_N + middle]).crop(
        (x0 + TILE_INSET, y0 + TILE_INSET, x0 + TILE_INSET + rgb.width, y0 + TILE_INSET + rgb.height))
    img.paste(rgb, (0, 0), alpha)
    return img


@lru_cache(maxsize=None)
def _ghost_tile(kind: str) -> tuple[Image.Image, Image.Image]:
    rgb, alpha = _board_tile(kind)
    return rgb, alpha.point(lambda a: a * 55 // 100)


def _token_pile(d: ImageDraw.ImageDraw, card: tuple[int, int], tokens: tuple[int, ...]) -> None:
    """The tokens still on a card: the top one readable, the rest as edges under it."""
    cx, cy = card[0] + TOKEN_SPOT[0], card[1] + TOKEN_SPOT[1]
    for k in range(len(tokens) - 1, 0, -1):
        d.ellipse((cx - 28 + 3 * k, cy - 28 + 3 * k, cx + 28 + 3 * k, cy + 28 + 3 * k), fill=(150, 45, 38),
                  outline=(90, 25, 20), width=2)
    if tokens:
        pieces.token(d, (cx, cy), 28, tokens[0])


def _outline_taken(img: Image.Image, d: ImageDraw.ImageDraw, game: Game, move: Move, mover: int | None,
                   placed: list[tuple[int, int]], board: list[str]) -> None:
    """A red frame on each space the last tiles left, with a faint ghost of the tile that was there."""
    for i, (r, c) in enumerate(move.tiles):
        x0, y0, x1, y1 = board_cell_box(r, c)
        if board[r][c] == "." and mover is not None:
            rgb, alpha = _ghost_tile(game.shelf(mover).cell(*placed[i]))
            img.paste(rgb, (x0 + TILE_INSET, y0 + TILE_INSET), alpha)
        d.rounded_rectangle((x0 + 1, y0 + 1, x1 - 2, y1 - 2), radius=9, outline=TAKEN, width=5)


def _outline_chosen(d: ImageDraw.ImageDraw, r: int, c: int) -> None:
    """A thick bright frame with a dark edge, visible around any tile colour, where the last move's red is not."""
    x0, y0, x1, y1 = board_cell_box(r, c)
    d.rounded_rectangle((x0 - 3, y0 - 3, x1 + 2, y1 + 2), radius=12, outline=INK, width=3)
    d.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=10, outline=CHOSEN, width=7)


def _header(d: ImageDraw.ImageDraw, game: Game, names: list[str], move: Move | None, mover: int | None,
            locale: str) -> None:
    """Line 1: who plays (or the winner, the engine's, at the end) and turn/bag; line 2: the last move."""
    mid, x = 30, 16
    turn = game.turn if game.is_over else game.turn + 1
    status = f"{caption('turn', locale, n=turn)} · {caption('bag', locale, n=game.bag_size)}"
    status_w = fonts.draw_text(d, (PICTURE_W - x, mid), status, 22, MUTED, bold=True, align="right")
    room = PICTURE_W - 2 * x - status_w - 16
    if game.is_over:
        over = caption("game_over", locale)
        if game.winner is None:
            fonts.draw_text(d, (x, mid), over, 30, INK, bold=True, max_width=room)
        else:
            def wins(name: str) -> str:
                return f"{over} · {caption('winner', locale, name=name)}"
            winner = seat_name(names, game.winner, locale)
            size = 30 if fonts.width(wins(winner), 30, True) <= room else 25  # the winner's name whole if it can
            fonts.draw_text(d, (x, mid), fonts.fit_name(wins, winner, size, room, bold=True), size, INK, bold=True,
                            max_width=room)
    else:
        seat = game.current_seat
        seat_marker(d, (x + 17, mid), 18, seat)
        text = fonts.fit_name(lambda name: caption("to_play", locale, name=name), seat_name(names, seat, locale), 30,
                              room - 44, bold=True)
        fonts.draw_text(d, (x + 44, mid), text, 30, INK, bold=True, max_width=room - 44)
    if move is None:
        return
    line = HEADER_H - 28
    who = seat_name(names, mover, locale) if mover is not None else "—"
    report = game.last_report
    extras: list[str] = []
    if mover is not None and report is not None:
        extras = [caption("won_token", locale, points=p, number=COMMON_GOALS[g].number) for g, p in report.tokens]
        extras += [caption("won_end_token", locale)] if report.end_token else []
        extras += [caption("refilled", locale)] if report.refilled else []
    text = fonts.fit_name(lambda name: " · ".join([caption("last_move", locale, name=name, tiles=move.tiles_text,
                                                           column=move.column + 1), *extras]),
                          who, 21, PICTURE_W - 2 * x - 52, bold=True)
    w = fonts.draw_text(d, (x + 26, line), text, 21, MUTED, bold=True, max_width=PICTURE_W - 2 * x - 52)
    d.rounded_rectangle((x, line - 9, x + 17, line + 8), radius=3, outline=TAKEN, width=3)
    d.rectangle((x + 34 + w, line - 9, x + 51 + w, line + 8), outline=PLACED, width=3)
