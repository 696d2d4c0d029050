"""Colours. Tile colours were chosen so every pair stays apart under deuteranopia and
protanopia (Machado 2009 simulation, CIE76 distance >= 29); shapes tell them apart too."""
from __future__ import annotations

RGB = tuple[int, int, int]

# Key colour of each tile type: the fill of its icon silhouette (and so the pixel at a cell's centre).
TILE_INK: dict[str, RGB] = {
    "C": (0, 110, 80),     # cats: green
    "B": (245, 240, 225),  # books: cream
    "G": (213, 94, 0),     # games: vermillion
    "F": (0, 80, 160),     # frames: blue
    "T": (240, 228, 66),   # trophies: gold
    "P": (230, 120, 180),  # plants: pink
}
# Background of each tile (behind the silhouette).
TILE_BG: dict[str, RGB] = {
    "C": (160, 206, 190),
    "B": (150, 132, 112),
    "G": (246, 196, 160),
    "F": (160, 192, 230),
    "T": (150, 140, 60),
    "P": (250, 210, 230),
}
OUTLINE: RGB = (34, 30, 28)

PAPER: RGB = (250, 245, 234)          # picture background
WOOD: RGB = (156, 106, 66)            # board frame / shelf wood
WOOD_DARK: RGB = (104, 68, 40)
WOOD_LIGHT: RGB = (196, 150, 104)
SPACE: RGB = (236, 222, 196)          # an empty usable board space
SPACE_EDGE: RGB = (200, 178, 140)
UNUSED: RGB = (214, 205, 188)         # a printed space not used at this player count
UNUSED_MARK: RGB = (186, 175, 156)
SHELF_SLOT: RGB = (92, 60, 36)        # an empty shelf slot
INK: RGB = (40, 34, 30)               # text
MUTED: RGB = (120, 110, 100)
TAKEN: RGB = (220, 20, 60)            # outline where the last tiles came from
PLACED: RGB = (0, 160, 255)           # outline where they went
TURN: RGB = (255, 180, 0)             # highlight of the player to move
CHOSEN: RGB = TURN                    # frame of the tiles picked so far in the move builder (a pinned colour)
CARD: RGB = (255, 252, 244)
CARD_EDGE: RGB = (170, 150, 120)
TOKEN: RGB = (200, 60, 50)
TOKEN_EDGE: RGB = (120, 30, 25)
WHITE: RGB = (255, 255, 255)
GOOD: RGB = (20, 140, 60)
MISS: RGB = (200, 60, 50)
GHOST: RGB = (228, 220, 205)          # an empty cell in a goal diagram
SEAT_COLORS: tuple[RGB, ...] = ((70, 70, 200), (200, 60, 60), (40, 140, 70), (150, 80, 170))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend a toward b by t (0..1)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]
