"""The Dice Game's pictures as PNG bytes: the turn picture (header, dice, optional item sets, every sheet),
the sheets or the dice alone, and the final picture (ranked totals, winners, every sheet).

Every function takes a DiceGame or a DiceView and draws from the view only: the sheets and the dice are
public, and nothing that predicts a roll is ever needed. Seat names are cut to fit; `locale` picks the
captions (English when it has none). Every picture encodes through one palette (`dice_palette`), sampled from
pictures drawn here.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.dice import DiceGame, DiceView, Item, Report, score_breakdown_of
from engine.dice.ai import choose

from .. import fonts, icons, pieces
from ..palette import (
    CARD, CARD_EDGE, INK, MUTED, OUTLINE, PAPER, PLACED, SEAT_COLORS, TAKEN, TILE_BG, TILE_INK, TURN, UNUSED,
    UNUSED_MARK, WHITE, mix,
)
from ..png import build_palette, encode
from ..text import DEFAULT_LOCALE
from .captions import caption
from .faces import CROSS, KEPT, KIND_OF_ROW, LOCK, WILD_BG
from .layout import (
    DICE_H, FINAL_ROW_H, FINAL_TITLE_H, PICTURE_W, dice_section_height, final_table_height, header_height,
    sheets_height,
)
from .sheets import draw_sheets
from .table import draw_dice, draw_header, draw_item_sets, has_locks, has_news

LEGEND_H = 30
ItemSets = Sequence[tuple[Item, ...]]


def as_view(game_or_view: DiceGame | DiceView) -> DiceView:
    """The public view of a game (every seat's view shows the same sheets and dice)."""
    return game_or_view.view(game_or_view.current_seat) if isinstance(game_or_view, DiceGame) else game_or_view


def render_turn(game_or_view: DiceGame | DiceView, seat_names: Sequence[str], locale: str = DEFAULT_LOCALE,
                last_report: Report | None = None, item_sets: ItemSets | None = None) -> bytes:
    """PNG of a turn, 720 px wide: header, dice, the numbered item sets when given, every sheet."""
    return encode_dice_picture(draw_turn(as_view(game_or_view), seat_names, locale, last_report, item_sets))


def turn_pictures(game_or_view: DiceGame | DiceView, seat_names: Sequence[str], locale: str = DEFAULT_LOCALE,
                  last_report: Report | None = None, item_sets: ItemSets | None = None) -> list[bytes]:
    """What a turn message carries: one picture (the dice beside every sheet read together on a phone);
    once the game is over, the final picture instead."""
    view = as_view(game_or_view)
    if view.over:
        return [render_final(view, seat_names, locale)]
    return [render_turn(view, seat_names, locale, last_report, item_sets)]


def render_frame(game: DiceGame, seat_names: Sequence[str], locale: str = DEFAULT_LOCALE) -> list[bytes]:
    """A replay's frame of this state: its turn picture with the step just played in the header (without the
    builder's numbered item sets), the final picture once it is over. The game has no secrets."""
    return turn_pictures(game, seat_names, locale, game.last_report)


def render_sheets(game_or_view: DiceGame | DiceView, seat_names: Sequence[str], locale: str = DEFAULT_LOCALE,
                  last_report: Report | None = None) -> bytes:
    """PNG of every sheet alone (the Board button): header and sheets, no dice."""
    view = as_view(game_or_view)
    top = header_height(has_news(view, last_report), has_locks(last_report))
    img = Image.new("RGB", (PICTURE_W, top + sheets_height(view.n_players) + LEGEND_H), PAPER)
    draw_header(img, view, seat_names, locale, last_report)
    draw_sheets(img, top, view, seat_names, locale, last_report)
    _legend(img, view, locale)
    return encode_dice_picture(img)


def render_dice(game_or_view: DiceGame | DiceView, locale: str = DEFAULT_LOCALE,
                item_sets: ItemSets | None = None) -> bytes:
    """PNG of the dice on the table (and the numbered item sets when given), for a private prompt."""
    view = as_view(game_or_view)
    img = Image.new("RGB", (PICTURE_W, dice_section_height(bool(view.dice), _count(item_sets))), PAPER)
    _draw_dice_part(img, 0, view, (), locale, item_sets)
    return encode_dice_picture(img)


def draw_turn(view: DiceView, names: Sequence[str], locale: str, report: Report | None,
              item_sets: ItemSets | None) -> Image.Image:
    """The turn picture as an RGB image."""
    header = header_height(has_news(view, report), has_locks(report))
    top = header + dice_section_height(bool(view.dice), _count(item_sets))
    img = Image.new("RGB", (PICTURE_W, top + sheets_height(view.n_players) + LEGEND_H), PAPER)
    draw_header(img, view, names, locale, report)
    _draw_dice_part(img, header, view, names, locale, item_sets)
    draw_sheets(img, top, view, names, locale, report)
    _legend(img, view, locale)
    return img


def _count(item_sets: ItemSets | None) -> int | None:
    return None if item_sets is None else len(item_sets)


def _draw_dice_part(img: Image.Image, top: int, view: DiceView, names: Sequence[str], locale: str,
                    item_sets: ItemSets | None) -> None:
    draw_dice(img, top, view, names, locale)
    if item_sets is not None and view.dice:
        draw_item_sets(img, top + DICE_H, item_sets, view.rerolls_left, locale, view.sheets[view.current_seat])


def _legend(img: Image.Image, view: DiceView, locale: str) -> None:
    d = ImageDraw.Draw(img)
    fonts.draw_text(d, (PICTURE_W / 2, img.height - LEGEND_H / 2 - 2),
                    caption("dice_legend_rows" if view.row_lock else "dice_legend", locale), 17, MUTED,
                    align="center", max_width=PICTURE_W - 20)


def standings(view: DiceView) -> tuple[list[int], list[int], frozenset[int]]:
    """(scores, seats best first with resigned seats last, winners): every active seat tied on the top
    score wins (shared victory, no tie-break), as the rules decide."""
    scores = [score_breakdown_of(sheet)["total"] for sheet in view.sheets]
    active = sorted((s for s in range(view.n_players) if s not in view.resigned), key=lambda s: (-scores[s], s))
    gone = sorted(view.resigned, key=lambda s: (-scores[s], s))
    top = scores[active[0]] if active else None
    return scores, active + gone, frozenset(s for s in active if scores[s] == top)


def render_final(game_or_view: DiceGame | DiceView, seat_names: Sequence[str],
                 locale: str = DEFAULT_LOCALE) -> bytes:
    """PNG of the end: the ranked totals (row points, column points, total), the winners, every sheet."""
    return encode_dice_picture(draw_final(as_view(game_or_view), seat_names, locale))


def draw_final(view: DiceView, names: Sequence[str], locale: str) -> Image.Image:
    n = view.n_players
    top = final_table_height(n)
    img = Image.new("RGB", (PICTURE_W, top + sheets_height(n) + LEGEND_H), PAPER)
    d = ImageDraw.Draw(img)
    scores, ranking, winners = standings(view)
    fonts.draw_text(d, (20, 26), caption("final_scores", locale), 30, INK, bold=True)
    winner_names = [pieces.seat_name(list(names), s, locale) for s in sorted(winners)]
    if len(winner_names) == 1:
        line = caption("winner", locale, name=winner_names[0])
    elif winner_names:
        cut = [fonts.fit(name, 22, 200, bold=True) for name in winner_names]
        line = caption("dice_winners", locale,
                       names=", ".join(cut[:-1]) + caption("dice_and", locale) + cut[-1])
    else:
        line = caption("no_winner", locale)
    trophy = icons.item("T", 34)
    img.paste(trophy, (18, 44), trophy)
    fonts.draw_text(d, (58, 61), line, 22, INK, bold=True, max_width=PICTURE_W - 78)
    _final_table(d, view, names, locale, scores, ranking, winners)
    draw_sheets(img, top, view, names, locale, winners=winners)
    _legend(img, view, locale)
    return img


COL_X = (470, 570, 668)  # centres of the rows, columns and total numbers


def _final_table(d: ImageDraw.ImageDraw, view: DiceView, names: Sequence[str], locale: str, scores: list[int],
                 ranking: list[int], winners: frozenset[int]) -> None:
    y = FINAL_TITLE_H
    d.rounded_rectangle((12, y, PICTURE_W - 12, y + FINAL_ROW_H - 6), radius=8, fill=mix(CARD, CARD_EDGE, 0.35))
    mid = y + (FINAL_ROW_H - 6) / 2
    fonts.draw_text(d, (78, mid), caption("col_player", locale), 18, INK, bold=True)
    for x, key in zip(COL_X, ("dice_col_rows", "dice_col_columns", "col_total")):
        fonts.draw_text(d, (x, mid), caption(key, locale), 18, INK, bold=True, align="center", max_width=96)
    place = 0
    for row, seat in enumerate(ranking, start=1):
        if row == 1 or scores[seat] != scores[ranking[row - 2]]:
            place = row
        top = y + row * FINAL_ROW_H
        mid = top + (FINAL_ROW_H - 6) / 2
        resigned = seat in view.resigned
        won = seat in winners
        d.rounded_rectangle((12, top, PICTURE_W - 12, top + FINAL_ROW_H - 6), radius=8,
                            fill=mix(PAPER, TURN, 0.45) if won else CARD,
                            outline=TURN if won else mix(CARD, CARD_EDGE, 0.6), width=2)
        fonts.draw_text(d, (34, mid), "—" if resigned else str(place), 22, MUTED, bold=True, align="center")
        pieces.seat_marker(d, (68, mid), 15, seat)
        label = pieces.seat_name(list(names), seat, locale)
        if resigned:
            label = f"{label} ({caption('resigned', locale)})"
        colour = MUTED if resigned else INK
        fonts.draw_text(d, (92, mid), label, 21, colour, bold=True, max_width=COL_X[0] - 50 - 92)
        parts = score_breakdown_of(view.sheets[seat])
        for x, value, bold in zip(COL_X, (sum(parts["rows"]), sum(parts["columns"]), parts["total"]),
                                  (False, False, True)):
            fonts.draw_text(d, (x, mid), str(value), 26 if bold else 21, colour, bold=bold, align="center")


KEY_COLOURS = [
    *(TILE_INK[k] for k in KIND_OF_ROW), *(TILE_BG[k] for k in KIND_OF_ROW),
    *(mix(TILE_BG[k], PAPER, 0.6) for k in KIND_OF_ROW), WILD_BG, *SEAT_COLORS, INK, MUTED, OUTLINE, PAPER, CARD,
    WHITE, TAKEN, PLACED, TURN, KEPT, CROSS, LOCK, UNUSED, UNUSED_MARK, mix(PAPER, TURN, 0.35),
    mix(PAPER, TURN, 0.55),
]


def encode_dice_picture(img: Image.Image) -> bytes:
    """PNG bytes of a Dice Game picture, through the shared palette."""
    return encode(img, dice_palette())


@lru_cache(maxsize=1)
def dice_palette() -> Image.Image:
    """The one palette every Dice Game picture encodes through, built once per process. Building a palette costs
    more than drawing a turn, so it is built from a sample of real pictures (a seeded computer game mid-turn with
    its item sets, and its end) and shared: a picture's cost does not depend on which game it shows. The key
    colours (item tiles, the wild face, seats, marks) are pinned so they stay exact."""
    game = DiceGame.new(4, seed=1, dice=6, row_lock=True)
    names = ["Ann", "Bo", "Cy", "Di"]
    step = 0
    while not game.is_over and (game.turn < 14 or game.phase == "roll"):
        game.apply(choose(game, "easy", seed=step))
        step += 1
    turn = draw_turn(game.view(game.current_seat), names, "en", game.last_report, game.legal_item_sets())
    while not game.is_over:
        game.apply(choose(game, "easy", seed=step))
        step += 1
    final = draw_final(game.view(0), names, "en")
    sample = Image.new("RGB", (turn.width, turn.height + final.height), PAPER)
    sample.paste(turn, (0, 0))
    sample.paste(final, (0, turn.height))
    return build_palette(sample, KEY_COLOURS)
