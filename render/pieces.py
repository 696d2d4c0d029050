"""Drawing pieces every game's pictures share: a seat's marker and its drawable name."""
from __future__ import annotations

from PIL import ImageDraw

from . import fonts
from .palette import OUTLINE, SEAT_COLORS, WHITE
from .text import caption


def seat_marker(d: ImageDraw.ImageDraw, center: tuple[float, float], radius: float, seat: int) -> None:
    """A coloured disc with the seat number (1-based): the player's marker everywhere."""
    x, y = center
    d.ellipse((x - radius, y - radius, x + radius, y + radius), fill=SEAT_COLORS[seat % len(SEAT_COLORS)],
              outline=OUTLINE, width=2)
    fonts.draw_text(d, (x, y), str(seat + 1), round(radius * 1.1), WHITE, bold=True, align="center")


def seat_name(names: list[str], seat: int, locale: str) -> str:
    """The display name to draw: the given one when it has any drawable character."""
    name = names[seat] if seat < len(names) else ""
    return fonts.visible(name, bold=True) or caption("seat", locale, n=seat + 1)
