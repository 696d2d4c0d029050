"""Pictures of the game as PNG bytes: the table each turn, goal cards, the final score sheet.

Takes engine objects, returns PNG bytes; no discord. Captions live in render.text
(`locale` selects the language), geometry in render.layout.
"""
from .goals import render_common_goal
from .table import render_table

__all__ = ["render_table", "render_common_goal"]
