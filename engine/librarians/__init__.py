"""Librarians (rules: shared/games/librarians.md): a co-operative game with secret hands. Pure, typed and
deterministic given a seed; replayable from its move log.

The contract the other Librarians modules build on:
- Colours (index: name) 0 red, 1 green, 2 blue, 3 purple, 4 yellow, 5 black (`COLOURS`); each has four genres
  (`GENRES`, default first) and the game uses one per colour (`game.genres[colour]`).
- Cards (engine.librarians.cards): book ids 0..65, colour = id // 11, the letter the seed drew
  (`game.letters[id]`, 0..25; `game.card(id)` is a `Card`). 12 shelf cards with an arrow (+1 right = A→Z left to
  right, -1 left).
- The library (engine.librarians.library): rows top to bottom, places (row, x) with the shelf card at x = 0;
  touching, stacks, alphabetical order along the arrow, the reach, spots and their numbering, lines of 4.
- A turn is several actions (engine.librarians.actions): Play, Undo, UsePower, Choose, EndTurn (and
  Concede, a computer teammate's last resort); `turn` counts
  whole turns. A pending choice (engine.librarians.pending) says who must choose what next and every option;
  the powers (engine.librarians.effects) plug in there and in the rule switches.
- `game.view(seat)` (engine.librarians.view): that seat's hand and everything public.
- The outcome is shared: `shared=True` when every card was played; every seat's score is the number of cards
  not played (fewer is better); no rating. A resign ends the game as a loss for the table.

Rules decisions where the rules page is silent (each documented where it is made): the reach of a turn's
placements (library.py), what undo takes back (actions.py), which card of a completed line is given and what a
completion takes from a stack (game.complete_genres), when the table loses (game._start_turn, game._settled).
"""
from .actions import (
    Action,
    Choose,
    Concede,
    EndTurn,
    IllegalAction,
    InvalidNotation,
    LibrariansError,
    Play,
    Undo,
    UsePower,
    parse_action,
)
from .cards import ARROW_NAMES, LEFT, RIGHT, Card, colour_of, letter_text
from .data import (
    BOOKS,
    BOOKS_PER_COLOUR,
    COLOUR_OF_GENRE,
    COLOURS,
    DEFAULT_GENRES,
    GENRES,
    HAND_LIMIT,
    MAX_PLAYERS,
    MIN_CARDS_PER_TURN,
    MIN_PLAYERS,
    RED,
)
from .description import DESCRIPTION
from .effects import PowerTable
from .game import Completion, LibrariansGame, Report
from .library import Library, Place, Row, place_text
from .pending import GIVE, Pending, card_option, place_option, read_option, row_option, seat_option
from .powers import POWERS
from .view import LibrariansView, Phase, Result
from .platform import RULES  # last: the rules read the modules above

__all__ = [
    "RULES",
    "Action", "Choose", "Concede", "EndTurn", "IllegalAction", "InvalidNotation", "LibrariansError", "Play", "Undo",
    "UsePower", "parse_action",
    "ARROW_NAMES", "LEFT", "RIGHT", "Card", "colour_of", "letter_text",
    "BOOKS", "BOOKS_PER_COLOUR", "COLOUR_OF_GENRE", "COLOURS", "DEFAULT_GENRES", "GENRES", "HAND_LIMIT",
    "MAX_PLAYERS", "MIN_CARDS_PER_TURN", "MIN_PLAYERS", "RED",
    "DESCRIPTION", "PowerTable",
    "Completion", "LibrariansGame", "Report",
    "Library", "Place", "Row", "place_text",
    "GIVE", "Pending", "POWERS", "card_option", "place_option", "read_option", "row_option", "seat_option",
    "LibrariansView", "Phase", "Result",
]
