"""Pictures of A Place for All My Books as PNG bytes, in the other games' look and fonts.

Takes the game's table and draws the public pictures from what the whole table knows only (a hand is its size):
the turn picture (the apartment of the seat to act, the Village, a line per seat), the Village alone, one or
every apartment, and the score sheet; and the one private picture, a seat's Little Projects with which ones its
apartment meets now. Geometry lives in render.books.layout, captions in render.books.captions.
"""
from .pictures import (
    render_apartment, render_apartments, render_projects, render_score_sheet, render_turn, render_village,
    turn_pictures,
)
from ..manifest import Pictures
from .bench import measure_books
from .captions import BOOKS_CAPTIONS
from .gallery import write_books_gallery
from .warm import warm_pictures

PICTURES = Pictures(warm=warm_pictures, gallery=write_books_gallery, bench=measure_books, captions=BOOKS_CAPTIONS)

__all__ = ["PICTURES", "render_turn", "render_village", "render_apartment", "render_apartments", "render_projects",
           "render_score_sheet", "turn_pictures"]
