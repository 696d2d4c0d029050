"""Actions, their text form for the move log and for people, and the refusals (like python-chess).

One action is one saved step; the grammar is in the package docstring. `InvalidNotation`: the text is not an
action; `IllegalAction`: the rules refuse it now. Both are a `BooksError` (engine.protocol.ActionRefused) with a
`code` and `params` for translation."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from ..numbers import read_number
from ..protocol import ActionRefused
from .data import BACKPACK_STACKS, BOOK_LETTERS, COLOURS, NEAT, PROJECTS, SPACES, WILD

BAG = "bag"
"""A book's destination when every backpack stack is full: back into the bag."""
TOKENS = ("bookend", "lamp")
SHOPPES_CHOICES = ("left", "right", "both", "deck")
COLOURLESS = "colourless"


class BooksError(ActionRefused):
    """A refused action or unreadable text; `code` and `params` let the bot translate the English message."""

    kind = "books"


class InvalidNotation(BooksError):
    """The text is not an action at all."""


class IllegalAction(BooksError):
    """A well-formed action the rules refuse in this state."""


Placement = tuple[str, str]
"""A book and where it goes: (colour letter, grid space | backpack stack | "bag")."""


def _books_text(books: tuple[Placement, ...]) -> str:
    return " ".join(f"{book}:{where}" for book, where in books)


def _kitty(kitty: bool) -> str:
    return "kitty " if kitty else ""


@dataclass(frozen=True)
class Keep:
    """Setup: the 3 dealt Little Projects kept (the other 2 are discarded face up)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "keep " + " ".join(self.cards)


@dataclass(frozen=True)
class Gather:
    """The tops of `sources` (different spaces), in this order, the first lowest, as one stack onto `target`."""

    sources: tuple[str, ...]
    target: str
    kitty: bool = False

    def __str__(self) -> str:
        return f"{_kitty(self.kitty)}gather {' '.join(self.sources)} > {self.target}"


@dataclass(frozen=True)
class Sort:
    """Lift the whole stack on `source`; place its books one at a time (colour, space) in this order; `tokens`
    moves a token that sat on `source` ((token, space); a token not named stays)."""

    source: str
    books: tuple[Placement, ...]
    tokens: tuple[Placement, ...] = ()
    kitty: bool = False

    def __str__(self) -> str:
        tokens = (" " + _books_text(self.tokens)) if self.tokens else ""
        return f"{_kitty(self.kitty)}sort {self.source} > {_books_text(self.books)}{tokens}"


@dataclass(frozen=True)
class Rest:
    """Draw 2 Little Projects (3 with the Blanket)."""

    kitty: bool = False

    def __str__(self) -> str:
        return f"{_kitty(self.kitty)}rest"


@dataclass(frozen=True)
class Read:
    """The book at `depth` (1 = bottom) of `space` to the top of the Nightstand."""

    space: str
    depth: int
    kitty: bool = False

    def __str__(self) -> str:
        return f"{_kitty(self.kitty)}read {self.space} {self.depth}"


@dataclass(frozen=True)
class Admire:
    """The Player card, then every Little Project in hand the apartment meets, rewards in hand order."""

    kitty: bool = False

    def __str__(self) -> str:
        return f"{_kitty(self.kitty)}admire"


@dataclass(frozen=True)
class Leave:
    """Leave the House: -5, the Sun +1; the next step is this turn's Village action."""

    kitty: bool = False

    def __str__(self) -> str:
        return f"{_kitty(self.kitty)}leave"


@dataclass(frozen=True)
class Bookstore:
    """Take shelf `shelf` (L, C, R) from Bookstore space `space`; each of its books to a backpack stack, in order."""

    shelf: str
    books: tuple[Placement, ...]
    space: str = "bookstore"
    kitty: bool = False

    def __str__(self) -> str:
        books = f" > {_books_text(self.books)}" if self.books else ""
        return f"{_kitty(self.kitty)}{self.space} {self.shelf}{books}"


@dataclass(frozen=True)
class Library:
    """Pay and draw (saved); the next step (`take`) keeps the book(s)."""

    kitty: bool = False

    def __str__(self) -> str:
        return f"{_kitty(self.kitty)}library"


@dataclass(frozen=True)
class Shoppes:
    """Take the left or right face-up card, both, or the deck's top."""

    which: str
    kitty: bool = False

    def __str__(self) -> str:
        return f"{_kitty(self.kitty)}shoppes {self.which}"


@dataclass(frozen=True)
class Exchange:
    """Return the Nightstand's books at `returned` depths (1 = bottom, as the stack stands) and take named books,
    one more than returned, each to a backpack stack."""

    returned: tuple[int, ...]
    books: tuple[Placement, ...]
    kitty: bool = False

    def __str__(self) -> str:
        returned = "".join(f" A1:{depth}" for depth in self.returned)
        return f"{_kitty(self.kitty)}exchange{returned} > {_books_text(self.books)}"


@dataclass(frozen=True)
class Home:
    """Welcome Home: each backpack stack whole onto a grid space ((stack, space)); then an apartment step."""

    unload: tuple[Placement, ...] = ()

    def __str__(self) -> str:
        return ("home " + _books_text(self.unload)).rstrip()


@dataclass(frozen=True)
class Take:
    """The pending books placed (the Library's kept ones, gained ones, named ones), each (colour, where)."""

    books: tuple[Placement, ...]

    def __str__(self) -> str:
        return "take " + _books_text(self.books)


@dataclass(frozen=True)
class Put:
    """The pending token (Bookend or Lamp) onto a grid space."""

    space: str

    def __str__(self) -> str:
        return f"put {self.space}"


@dataclass(frozen=True)
class Discard:
    """Little Projects discarded from the hand down to the limit at the turn's end."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "discard " + " ".join(self.cards)


@dataclass(frozen=True)
class Remove:
    """Solo: a claimed Major Accomplishment removes the queue's Rival cards of `colour` ("" = the colourless)."""

    colour: str

    def __str__(self) -> str:
        return f"remove {self.colour or COLOURLESS}"


Action = Union[Keep, Gather, Sort, Rest, Read, Admire, Leave, Bookstore, Library, Shoppes, Exchange, Home, Take,
               Put, Discard, Remove]
MOVES = (Gather, Sort, Rest, Read, Admire, Leave, Bookstore, Library, Shoppes, Exchange)
"""The actions that move the meeple to an action space (and may return a Lucky Kitty: `kitty`)."""

_VERBS = {
    "keep": "keep", "tieni": "keep",
    "gather": "gather", "raccogli": "gather",
    "sort": "sort", "riordina": "sort", "ordina": "sort",
    "rest": "rest", "riposa": "rest",
    "read": "read", "leggi": "read",
    "admire": "admire", "ammira": "admire",
    "leave": "leave", "esci": "leave",
    "bookstore": "bookstore", "libreria": "bookstore",
    "bookstore_left": "bookstore_left", "libreria_sinistra": "bookstore_left",
    "bookstore_right": "bookstore_right", "libreria_destra": "bookstore_right",
    "library": "library", "biblioteca": "library",
    "shoppes": "shoppes", "shops": "shoppes", "negozi": "shoppes",
    "exchange": "exchange", "scambio": "exchange", "scambia": "exchange",
    "home": "home", "casa": "home",
    "take": "take", "prendi": "take",
    "put": "put", "metti": "put",
    "discard": "discard", "scarta": "discard",
    "remove": "remove", "rimuovi": "remove",
}
_KITTY = {"kitty", "gatto", "gattino"}
_SIDES = {"left": "left", "sinistra": "left", "right": "right", "destra": "right"}
_SHOPPES = {"left": "left", "sinistra": "left", "right": "right", "destra": "right", "both": "both",
            "entrambi": "both", "entrambe": "both", "deck": "deck", "mazzo": "deck", "blind": "deck"}
_SHELVES = {"l": "L", "c": "C", "r": "R", "left": "L", "centre": "C", "center": "C", "middle": "C", "right": "R",
            "sinistra": "L", "centro": "C", "destra": "R", "s": "L", "d": "R"}
_BOOKS = {"red": "R", "rosso": "R", "rossa": "R", "green": "G", "verde": "G", "blue": "B", "blu": "B",
          "yellow": "Y", "giallo": "Y", "gialla": "Y", "wild": WILD, "jolly": WILD}
_BOOKS.update({letter.lower(): letter for letter in BOOK_LETTERS})
_TOKENS = {"bookend": "bookend", "fermalibri": "bookend", "lamp": "lamp", "lampada": "lamp"}
_REMOVE = {COLOURLESS: "", "colorless": "", "incolore": "", "none": "", "o": ""}
_REMOVE.update({k: v for k, v in _BOOKS.items() if v in COLOURS})
_WHERE = {"bag": BAG, "sacchetto": BAG, "sacco": BAG}
_WHERE.update({stack.lower(): stack for stack in BACKPACK_STACKS})
_WHERE.update({space.lower(): space for space in SPACES})
_CARDS = {card.lower(): card for card in (*PROJECTS, *NEAT)}
_GRAMMAR = ('Write an action, like "gather A1 B2 > D4", "sort B2 > G:A1 R:C3", "rest", "read B2 3", "admire", '
            '"leave", "bookstore C > R:P1", "library", "take R:P1", "shoppes left", "exchange A1:2 > R:P1", '
            '"home P1:B4", "keep LP03 LP15 LP22", "discard LP04".')


def parse_action(text: str) -> Action:
    """Reads one action (the grammar in the package docstring): English or Italian words, any case, commas or
    spaces between parts, ">" or "->" before the placements."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidNotation(_GRAMMAR, "empty")
    normal = re.sub(r"\s*(->|→|>)\s*", " > ", text.lower().replace(",", " ").replace(";", " "))
    normal = re.sub(r"\s*[:=]\s*", ":", normal)
    words = normal.split()
    kitty = words[0] in _KITTY
    if kitty:
        words = words[1:]
    if not words:
        raise InvalidNotation("A Lucky Kitty goes with a move: write it before the action, like \"kitty rest\".",
                              "kitty_alone")
    verb = _VERBS.get(words[0])
    rest = words[1:]
    if verb == "bookstore" and rest and rest[0] in _SIDES:
        verb, rest = f"bookstore_{_SIDES[rest[0]]}", rest[1:]
    if verb is None:
        word = words[0][:40]
        raise InvalidNotation(f'"{word}" is not an action. {_GRAMMAR}', "unknown_verb", word=word)
    if kitty and verb in ("keep", "home", "take", "put", "discard", "remove"):
        raise InvalidNotation(f'A Lucky Kitty goes only with a move to an action space, not with "{verb}".',
                              "kitty_not_a_move", verb=verb)
    return _parse(verb, rest, kitty)


def _parse(verb: str, rest: list[str], kitty: bool) -> Action:
    if verb in ("rest", "admire", "leave", "library"):
        _nothing_after(verb, rest)
        bare: dict[str, type[Rest | Admire | Leave | Library]] = {
            "rest": Rest, "admire": Admire, "leave": Leave, "library": Library}
        return bare[verb](kitty)
    if verb in ("keep", "discard"):
        cards = tuple(_card(word) for word in rest)
        if not cards:
            raise InvalidNotation(f'Name the Little Projects to {verb}, like "{verb} LP04".', "no_cards", verb=verb)
        return Keep(cards) if verb == "keep" else Discard(cards)
    before, after = _split(rest)
    if verb == "gather":
        if after is None or len(after) != 1 or not before:
            raise InvalidNotation('Gather names its sources, then ">" and one space, like "gather A1 B2 > D4".',
                                  "gather_form")
        return Gather(tuple(_space(word) for word in before), _space(after[0]), kitty)
    if verb == "sort":
        if after is None or len(before) != 1:
            raise InvalidNotation('Sort names one stack, then ">" and where each book goes, like '
                                  '"sort B2 > G:A1 R:C3".', "sort_form")
        books = tuple(p for p in (_placement(w, tokens=True) for w in after) if p[0] not in TOKENS)
        tokens = tuple(sorted(p for p in (_placement(w, tokens=True) for w in after) if p[0] in TOKENS))
        return Sort(_space(before[0]), books, tokens, kitty)
    if verb == "read":
        if len(rest) != 2:
            raise InvalidNotation('Read names a space and a depth from the bottom, like "read B2 3".', "read_form")
        return Read(_space(rest[0]), _depth(rest[1]), kitty)
    if verb.startswith("bookstore"):
        if len(before) != 1 or before[0] not in _SHELVES:
            raise InvalidNotation('Name a shelf, L, C or R, like "bookstore C > R:P1 G:P2".', "bad_shelf",
                                  word=" ".join(before)[:40])
        return Bookstore(_SHELVES[before[0]], tuple(_placement(w) for w in after or ()), verb, kitty)
    if verb == "shoppes":
        if len(rest) != 1 or rest[0] not in _SHOPPES:
            raise InvalidNotation('Shoppes takes left, right, both or deck, like "shoppes left".', "bad_shoppes")
        return Shoppes(_SHOPPES[rest[0]], kitty)
    if verb == "exchange":
        if after is None:
            raise InvalidNotation('Exchange names the Nightstand books returned, then ">" and the books taken, '
                                  'like "exchange A1:2 > R:P1 G:P2".', "exchange_form")
        return Exchange(tuple(_nightstand_depth(w) for w in before), tuple(_placement(w) for w in after), kitty)
    if verb == "home":
        unload = tuple(_unload(word) for word in rest)
        return Home(unload)
    if verb == "take":
        if not rest:
            raise InvalidNotation('Name each book and where it goes, like "take R:P1".', "take_form")
        return Take(tuple(_placement(word) for word in rest))
    if verb == "put":
        if len(rest) != 1:
            raise InvalidNotation('Put names one space, like "put C3".', "put_form")
        return Put(_space(rest[0]))
    if len(rest) != 1 or rest[0] not in _REMOVE:
        raise InvalidNotation('Remove names a colour or colourless, like "remove R".', "remove_form")
    return Remove(_REMOVE[rest[0]])


def _nothing_after(verb: str, rest: list[str]) -> None:
    if rest:
        raise InvalidNotation(f'"{verb}" takes nothing after it.', "extra_words", verb=verb)


def _split(words: list[str]) -> tuple[list[str], list[str] | None]:
    if ">" not in words:
        return words, None
    at = words.index(">")
    after = words[at + 1:]
    if ">" in after:
        raise InvalidNotation('Write ">" once, between what you take and where it goes.', "two_arrows")
    return words[:at], after


def _space(word: str) -> str:
    space = word.upper()
    if space not in SPACES:
        raise InvalidNotation(f'"{word[:20]}" is not a space of the apartment: columns A-D, rows 1-4, like "B2".',
                              "bad_space", word=word[:20])
    return space


def _depth(word: str) -> int:
    depth = read_number(word, low=1)
    if depth is None:
        raise InvalidNotation(f'"{word[:20]}" is not a depth: count books from 1 at the bottom.', "bad_depth",
                              word=word[:20])
    return depth


def _nightstand_depth(word: str) -> int:
    space, _, depth = word.rpartition(":")
    if space and space.upper() != "A1":
        raise InvalidNotation("The Exchange takes books from the Nightstand (A1) only.", "not_nightstand",
                              word=word[:20])
    return _depth(depth)


def _placement(word: str, *, tokens: bool = False) -> Placement:
    book, sep, where = word.partition(":")
    if not sep:
        raise InvalidNotation(f'"{word[:20]}" is not a book and a place: write colour:place, like "R:P1".',
                              "bad_placement", word=word[:20])
    if tokens and book in _TOKENS:
        return _TOKENS[book], _space(where)
    if book not in _BOOKS:
        raise InvalidNotation(f'"{book[:20]}" is not a book: R, G, B, Y or W (wild).', "bad_book", word=book[:20])
    if where not in _WHERE:
        raise InvalidNotation(f'"{where[:20]}" is not a place: a space like B2, a backpack stack P1-P3, or bag.',
                              "bad_place", word=where[:20])
    return _BOOKS[book], _WHERE[where]


def _unload(word: str) -> Placement:
    stack, sep, space = word.partition(":")
    if not sep or stack.upper() not in BACKPACK_STACKS:
        raise InvalidNotation(f'"{word[:20]}" is not a backpack stack and a space: write it like "P1:B4".',
                              "bad_unload", word=word[:20])
    return stack.upper(), _space(space)


def _card(word: str) -> str:
    card = _CARDS.get(word)
    if card is None:
        raise InvalidNotation(f'"{word[:20]}" is not a card id, like LP04.', "bad_card", word=word[:20])
    return card
