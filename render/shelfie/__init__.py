"""Pictures of My Shelfie: the board, the shelves, goal cards, common goals, the final score sheet.

Takes engine.shelfie objects, returns PNG bytes; no discord. What every game's pictures share (fonts, palette,
text fitting, PNG encoding, item icons) stays in render/.
"""
from .pictures import render_board, render_common_goal, render_goal_card, render_shelves
from .scores import render_scores
from .table import render_frame, render_table, render_turn_pictures
from ..manifest import Pictures
from .bench import measure_shelfie
from .captions import SHELFIE_CAPTIONS
from .gallery import write_shelfie_gallery
from .warm import warm_pictures

PICTURES = Pictures(warm=warm_pictures, gallery=write_shelfie_gallery, bench=measure_shelfie, captions=SHELFIE_CAPTIONS,
                    frame=render_frame)

__all__ = ["PICTURES", "render_board", "render_table", "render_shelves", "render_goal_card", "render_common_goal",
           "render_scores", "render_turn_pictures", "render_frame"]
