"""Pictures of A Place for All My Books as PNG bytes, in the other games' look and fonts.

Takes a BooksGame or a seat's BooksView and draws the public pictures from what the whole table knows only (a
hand is its size): the turn picture (the apartment of the seat to act, the Village, a line per seat), the Village
alone, one or every apartment, the score sheet, and a replay's frame; and the one private picture, a seat's
Little Projects with which ones its apartment meets now. Geometry lives in render.books.layout, captions in
render.books.captions.
"""
from .pictures import (
    render_apartment, render_apartments, render_final, render_frame, render_projects, render_turn, render_village,
    turn_pictures,
)
from ..manifest import Pictures
from .bench import measure_books
from .captions import BOOKS_CAPTIONS
from .gallery import write_books_gallery
from .warm import warm_pictures

PICTURES = Pictures(warm=warm_pictures, gallery=write_books_gallery, bench=measure_books, captions=BOOKS_CAPTIONS,
                    frame=render_frame)

__all__ = ["PICTURES", "render_turn", "render_village", "render_apartment", "render_apartments", "render_projects",
           "render_final", "turn_pictures", "render_frame"]
