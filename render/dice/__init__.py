"""Pictures of My Shelfie: The Dice Game as PNG bytes, in My Shelfie's look and fonts.

Takes a DiceGame or a DiceView and draws from the view only; no discord. One picture per turn (header,
dice, optional numbered item sets, every sheet), the sheets alone, the dice alone, and the final picture.
Geometry lives in render.dice.layout, captions in render.dice.captions.
"""
from .pictures import render_dice, render_final, render_frame, render_sheets, render_turn, standings, turn_pictures
from ..manifest import Pictures
from .bench import measure_dice
from .captions import DICE_CAPTIONS
from .gallery import write_dice_gallery
from .warm import warm_pictures

PICTURES = Pictures(warm=warm_pictures, gallery=write_dice_gallery, bench=measure_dice, captions=DICE_CAPTIONS,
                    frame=render_frame)

__all__ = ["PICTURES", "render_turn", "render_sheets", "render_dice", "render_final", "turn_pictures", "standings", "render_frame"]
