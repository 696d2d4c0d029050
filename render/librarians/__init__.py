"""Librarians' pictures as PNG bytes, in the other games' look and fonts.

Takes a LibrariansGame or a LibrariansView: the turn picture (library with numbered spots, seats, genres in
play), the private hand picture of one seat, and the final picture. Geometry lives in render.librarians.layout,
the cards in render.librarians.cards, captions in render.librarians.captions (part of render.text's catalogue).
"""
from .pictures import render_final, render_hand, render_turn, turn_pictures

__all__ = ["render_turn", "render_hand", "render_final", "turn_pictures"]
