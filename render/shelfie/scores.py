"""The final score sheet: one row per player, the winner, the tie-break when it decided, and
every final shelf with its personal goal spaces revealed."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.shelfie import PERSONAL_GOALS, Game

from .. import fonts, icons
from ..pieces import seat_marker, seat_name
from . import pieces
from .layout import (
    SCORES_BLOCK_W, SCORES_CELL, SCORES_ROW_H, SCORES_TABLE_Y, SCORES_TITLE_H, SCORES_W,
    SHELF_HEADER_H, SHELF_PAD, scores_height, scores_shelf_origin, scores_shelves_top, shelf_cell,
)
from ..palette import (
    CARD, CARD_EDGE, INK, MISS, MUTED, PAPER, TURN, mix,
)
from .picture_palette import encode_picture
from ..text import DEFAULT_LOCALE
from .captions import caption

PARTS = ("common", "personal", "adjacency", "end_token", "total")
PART_CAPTIONS = ("col_common", "col_personal", "col_adjacency", "col_end", "col_total")
PART_X = (500, 620, 740, 840, 960)  # centres of the number columns


def render_scores(game: Game, *, seat_names: list[str], locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG (SCORES_W x scores_height(n)) of the final scores, best first; resigned players last."""
    n = game.n_players
    img = Image.new("RGB", (SCORES_W, scores_height(n)), PAPER)
    d = ImageDraw.Draw(img)
    winner = game.winner
    fonts.draw_text(d, (30, SCORES_TITLE_H / 2 + 4), caption("final_scores", locale), 32, INK, bold=True)
    if winner is not None:
        trophy = icons.item("T", 48)
        img.paste(trophy, (SCORES_W - 78, 12), trophy)
        fonts.draw_text(d, (SCORES_W - 90, SCORES_TITLE_H / 2 + 4),
                        caption("winner", locale, name=seat_name(seat_names, winner, locale)), 28, INK,
                        bold=True, align="right", max_width=560)
    else:
        fonts.draw_text(d, (SCORES_W - 30, SCORES_TITLE_H / 2 + 4), caption("no_winner", locale), 28, MUTED,
                        bold=True, align="right")
    _table(d, game, seat_names, locale)
    y = SCORES_TABLE_Y + (n + 1) * SCORES_ROW_H + 24
    if game.decided_by_tiebreak and winner is not None:
        fonts.draw_text(d, (30, y), caption("tiebreak", locale, points=game.score_breakdown(winner)["total"],
                                          name=seat_name(seat_names, winner, locale)), 20,
                        MISS, bold=True, max_width=SCORES_W - 60)
    for seat in range(n):
        _final_shelf(img, d, game, seat, seat_names, locale)
    fonts.draw_text(d, (SCORES_W / 2, img.height - 16), caption("goal_spaces", locale), 16, MUTED, align="center")
    return encode_picture(img)


def ranking(game: Game) -> list[int]:
    """Seats best first, resigned last: the engine's standing (the one ranking rule; a game every person
    abandoned is drawn as it stood)."""
    return list(game.standing().ranking)


def _table(d: ImageDraw.ImageDraw, game: Game, names: list[str], locale: str) -> None:
    y = SCORES_TABLE_Y
    d.rounded_rectangle((20, y, SCORES_W - 20, y + SCORES_ROW_H - 6), radius=8, fill=mix(CARD, CARD_EDGE, 0.35))
    mid = y + (SCORES_ROW_H - 6) / 2
    fonts.draw_text(d, (90, mid), caption("col_player", locale), 18, INK, bold=True)
    for x, key in zip(PART_X, PART_CAPTIONS):
        fonts.draw_text(d, (x, mid), caption(key, locale), 18, INK, bold=True, align="center", max_width=112)
    for row, seat in enumerate(ranking(game), start=1):
        top = y + row * SCORES_ROW_H
        mid = top + (SCORES_ROW_H - 6) / 2
        resigned = seat in game.resigned
        fill = mix(PAPER, TURN, 0.45) if seat == game.winner else CARD
        d.rounded_rectangle((20, top, SCORES_W - 20, top + SCORES_ROW_H - 6), radius=8, fill=fill,
                            outline=TURN if seat == game.winner else mix(CARD, CARD_EDGE, 0.6), width=2)
        fonts.draw_text(d, (44, mid), "—" if resigned else str(row), 22, MUTED, bold=True, align="center")
        seat_marker(d, (82, mid), 15, seat)
        label = seat_name(names, seat, locale)
        colour = MUTED if resigned else INK
        if resigned:
            label = f"{label} ({caption('resigned', locale)})"
        fonts.draw_text(d, (106, mid), label, 21, colour, bold=True, max_width=PART_X[0] - 60 - 106)
        parts = game.score_breakdown(seat)
        for x, key in zip(PART_X, PARTS):
            fonts.draw_text(d, (x, mid), str(parts[key]), 26 if key == "total" else 21, colour,
                            bold=key == "total", align="center")


def _final_shelf(img: Image.Image, d: ImageDraw.ImageDraw, game: Game, seat: int, names: list[str],
                 locale: str) -> None:
    n = game.n_players
    ox, oy = scores_shelf_origin(seat, n)
    bx = ox - (SCORES_BLOCK_W - (5 * SCORES_CELL + 2 * SHELF_PAD)) // 2
    hy = scores_shelves_top(n) + SHELF_HEADER_H / 2 - 2
    seat_marker(d, (bx + 20, hy), 15, seat)
    # The personal goal card's number, drawn as on the card itself (its corner badge).
    pieces.card_number(d, (bx + SCORES_BLOCK_W - 18, hy), 15, game.personal_goal_index(seat) + 1)
    fonts.draw_text(d, (bx + 42, hy), seat_name(names, seat, locale), 20, INK, bold=True,
                    max_width=SCORES_BLOCK_W - 84)
    pieces.draw_shelf_frame(img, (ox, oy), SCORES_CELL)
    pieces.shelf_column_numbers(img, (ox, oy), SCORES_CELL)
    rows = game.shelf_rows(seat)
    pieces.paste_shelf_tiles(img, (ox, oy), SCORES_CELL, rows)
    goal = PERSONAL_GOALS[game.personal_goal_index(seat)]
    for r, c, want in goal.cells:
        pieces.goal_space(img, shelf_cell((ox, oy), r, c, SCORES_CELL), want, rows[r][c])
