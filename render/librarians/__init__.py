"""Librarians' pictures as PNG bytes, in the other games' look and fonts.

Takes a LibrariansGame or a LibrariansView: the turn picture (library with numbered spots, seats, genres in
play), the private hand picture of one seat, and the final picture. Geometry lives in render.librarians.layout,
the cards in render.librarians.cards, captions in render.librarians.captions.
"""
from .pictures import render_final, render_frame, render_hand, render_turn, turn_pictures
from ..manifest import Pictures
from .bench import measure_librarians
from .captions import LIB_CAPTIONS
from .gallery import write_librarians_gallery
from .warm import warm_pictures

PICTURES = Pictures(warm=warm_pictures, gallery=write_librarians_gallery, bench=measure_librarians,
                    captions=LIB_CAPTIONS, frame=render_frame)

__all__ = ["PICTURES", "render_turn", "render_hand", "render_final", "turn_pictures", "render_frame"]
