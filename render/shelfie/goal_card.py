"""A player's secret personal goal card with how it stands on their shelf right now."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.shelfie import PERSONAL_GOALS, Game

from .. import fonts, icons
from . import pieces
from .layout import GOAL_CARD_SIZE, GOAL_CELL, GOAL_ORIGIN, SHELF_COLS, SHELF_ROWS, cell_box, goal_card_space
from ..palette import CARD, CARD_EDGE, GHOST, INK, MUTED, PAPER, mix
from ..text import DEFAULT_LOCALE
from .captions import caption


def draw_goal_card(game: Game, seat: int, locale: str = DEFAULT_LOCALE) -> Image.Image:
    """The personal goal card picture as an RGB image."""
    index = game.personal_goal_index(seat)
    goal = PERSONAL_GOALS[index]
    shelf = game.shelf(seat)
    w, h = GOAL_CARD_SIZE
    img = Image.new("RGB", GOAL_CARD_SIZE, PAPER)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, 6, w - 7, h - 7), radius=18, fill=CARD, outline=CARD_EDGE, width=3)
    pieces.card_number(d, (40, 44), 19, index + 1)
    fonts.draw_text(d, (66, 44), caption("personal_goal", locale), 28, INK, bold=True, max_width=w - 90)
    ox, oy = GOAL_ORIGIN
    d.rounded_rectangle((ox - 8, oy - 8, ox + SHELF_COLS * GOAL_CELL + 7, oy + SHELF_ROWS * GOAL_CELL + 7),
                        radius=8, fill=mix(CARD, CARD_EDGE, 0.45))
    targets = {(r, c): kind for r, c, kind in goal.cells}
    for r in range(SHELF_ROWS):
        for c in range(SHELF_COLS):
            box = cell_box(GOAL_ORIGIN, r, c, GOAL_CELL)
            x, y = box[:2]
            have = shelf.cell(r, c)
            want = targets.get((r, c))
            if want is None:
                d.rounded_rectangle((x + 3, y + 3, x + GOAL_CELL - 4, y + GOAL_CELL - 4), radius=6, fill=GHOST)
                if have != ".":
                    t = icons.item(have, GOAL_CELL // 2)
                    faded = Image.blend(Image.new("RGBA", t.size, GHOST + (0,)), t, 0.45)
                    img.paste(faded, (x + GOAL_CELL // 4, y + GOAL_CELL // 4), faded)
                continue
            space = goal_card_space(r, c)
            d.rounded_rectangle((space[0], space[1], space[2] - 1, space[3] - 1), radius=6, fill=GHOST)
            pieces.goal_space(img, space, want, have)
    matched = sum(goal.matches(shelf))
    fonts.draw_text(d, (w / 2, h - 68), caption("goal_matches", locale, n=matched, points=goal.score(shelf)), 24,
                    INK, bold=True, align="center", max_width=w - 30)
    fonts.draw_text(d, (w / 2, h - 32), caption("goal_scale", locale), 15, MUTED, align="center", max_width=w - 30)
    return img

