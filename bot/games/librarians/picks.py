"""What the builder's selects and the typed path's autocomplete offer: only legal choices, from the asking seat's
own hand, numbered one way everywhere (a spot's number is the state's, as in every picture).

Two cards of one letter and colour are interchangeable, so each such pair is offered once."""

from __future__ import annotations

import re

from engine.librarians.cards import hand_order
from engine.librarians.data import COLOURS
from engine.librarians.game import LibrariansGame

from bot.i18n import LANGUAGES, t

CHOICE_LIMIT = 25
"""Options in one select, and autocomplete choices Discord shows."""
_COLOUR_WORDS = {t(f"librarians.colour.{name}", language).casefold(): colour
                 for colour, name in enumerate(COLOURS) for language in LANGUAGES}
_COLOUR_WORDS.update({name: colour for colour, name in enumerate(COLOURS)})
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def hand_cards(game: LibrariansGame, seat: int) -> list[int]:
    """The seat's hand, one card per letter and colour, in alphabetical order."""
    seen: dict[tuple[int, int], int] = {}
    for card in sorted(game.hands[seat], key=lambda c: hand_order(game.card(c))):
        seen.setdefault((game.letters[card], game.card(card).colour), card)
    return list(seen.values())


def playable_cards(game: LibrariansGame, seat: int) -> list[int]:
    """The seat's cards that have a legal spot now (none when it is not this seat's turn to lay a card)."""
    if game.is_over or game.pending is not None or game.current_seat != seat:
        return []
    return [card for card in hand_cards(game, seat) if game.legal_places(card)]


def card_value(game: LibrariansGame, card: int, locale: object) -> str:
    """A card as the typed path takes it: "F red" ("F rosso" in Italian)."""
    info = game.card(card)
    return f"{info.letter_text} {t(f'librarians.colour.{COLOURS[info.colour]}', locale)}"


def matching_cards(game: LibrariansGame, seat: int, text: str) -> list[int]:
    """The seat's cards that typed text names: a letter, with or without a colour in English or Italian, in any
    order ("F red", "rosso f", "f"); a card picked from autocomplete is named this way too."""
    words = _WORD.findall(text.casefold())
    letters = {word.upper() for word in words if len(word) == 1 and "a" <= word <= "z"}
    colours = {_COLOUR_WORDS[word] for word in words if word in _COLOUR_WORDS}
    if len(letters) != 1 or len(colours) > 1:
        return []
    (letter,) = letters
    return [card for card in hand_cards(game, seat)
            if game.card(card).letter_text == letter and (not colours or game.card(card).colour in colours)]
