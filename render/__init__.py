"""Pictures of the game as PNG bytes: the table each turn, the shelves, goal cards, the final score sheet.

Takes engine objects, returns PNG bytes; no discord. Captions live in render.text
(`locale` selects the language), geometry in render.layout.
"""
from .board import render_board
from .goal_card import render_goal_card
from .goals import render_common_goal
from .scores import render_scores
from .shelves import render_shelves
from .table import render_table

__all__ = ["render_board", "render_table", "render_shelves", "render_goal_card", "render_common_goal", "render_scores"]
