"""A Place for All My Books (rules: shared/games/books.md; the layout and cards are the product's own set): pure,
typed and deterministic given a seed; replayable from its move log.

The data model is engine.books.state (names fixed by the Books contract); numbers and cards are
data/books.json (engine.books.data). A turn is several saved steps: a step ends wherever a random draw or newly
seen hidden information comes between two choices, so leaving, a restart or a cancelled builder never redraws.

Text form of an action (`parse_action(text)`; `str(action)` gives it back). English or Italian verbs, any
case, commas or spaces between parts, ">" or "->" before the placements. Spaces are A1..D4 (columns A-D, rows
1-4 from the top; A1 the Nightstand); backpack stacks P1 P2 (P3 with the Tote); books R G B Y and W (wild),
also as words (red/rosso, green/verde, blue/blu, yellow/giallo, wild/jolly); depths count from 1 at the bottom.

    keep LP03 LP15 LP22               setup: keep these 3 dealt Little Projects            (tieni)
    gather A1 B2 C3 > D4              the tops of A1, B2, C3 (first lowest) as one stack on D4   (raccogli)
    sort B2 > G:A1 R:A1 B:C3          lift B2, place its books in this order (colour:space)  (riordina, ordina)
    sort B2 > R:B2 lamp:C3            ... a token on the lifted stack moves with token:space (else it stays)
    rest                              draw 2 Little Projects (3 with the Blanket)             (riposa)
    read B2 3                         the 3rd book from the bottom of B2 to the Nightstand's top   (leggi)
    admire                            Player card, then every met Little Project              (ammira)
    leave                             -5, Sun +1; the next step is this turn's Village action  (esci)
    bookstore C > R:P1 G:P2           shelf L|C|R; each of its books to a backpack stack, in order   (libreria)
    bookstore_left C > ...            4 players: the left space (L, C) or bookstore_right (C, R)
                                      (also "bookstore left C"; libreria_sinistra, libreria_destra)
    library                           pay, draw 4 (4p 5), saved; then `take`                 (biblioteca)
    take R:P1 G:P2                    place the pending books: the Library's kept one(s), a gain's books;
                                      at home a gain goes onto grid spaces (take W:B2)       (prendi)
    shoppes left|right|both|deck      Village Shoppes (sinistra|destra|entrambi|mazzo)        (negozi)
    exchange A1:2 A1:1 > R:P1 G:P2    return Nightstand books by depth (as the stack stands), take one more
                                      than returned, colours named (exchange > R:P1 returns none)   (scambio)
    home P1:B4 P2:C1                  Welcome Home: each backpack stack whole onto a space; then an
                                      apartment step (home alone: an empty backpack)           (casa)
    put C3                            the pending token (Bookend or Lamp) onto a space         (metti)
    discard LP04 LP07                 down to 5 Little Projects at the turn's end              (scarta)
    remove R | remove colourless      solo: a claimed Major Accomplishment's removal           (rimuovi, incolore)
    kitty <move>                      return a Lucky Kitty to waive the different-space rule (gatto, gattino)

A book that fits no backpack stack goes to the bag: R:bag (sacchetto), only when every stack is full.
`InvalidNotation`: text that is not an action; `IllegalAction`: the rules refuse it now; both are a `BooksError`
(engine.protocol.ActionRefused, kind "books") with a `code` and `params`.
"""
from .actions import (
    BAG,
    Action,
    Admire,
    Bookstore,
    BooksError,
    Discard,
    Exchange,
    Gather,
    Home,
    IllegalAction,
    InvalidNotation,
    Keep,
    Leave,
    Library,
    Put,
    Read,
    Remove,
    Rest,
    Shoppes,
    Sort,
    Take,
    parse_action,
)
from .description import DESCRIPTION
from .game import BooksGame
from .state import (
    APARTMENT_SPACES,
    COLOURS,
    SPACES,
    VILLAGE_SPACES,
    Apartment,
    Penelope,
    Pending,
    Player,
    Shelf,
    Supply,
    Tabletop,
    Village,
)
from .steps import Report
from .view import BooksView
from .platform import RULES  # last: the rules read the modules above

__all__ = [
    "RULES", "DESCRIPTION", "BooksGame", "BooksView", "Report",
    "BAG", "Action", "Admire", "Bookstore", "BooksError", "Discard", "Exchange", "Gather", "Home", "IllegalAction",
    "InvalidNotation", "Keep", "Leave", "Library", "Put", "Read", "Remove", "Rest", "Shoppes", "Sort", "Take",
    "parse_action",
    "APARTMENT_SPACES", "COLOURS", "SPACES", "VILLAGE_SPACES", "Apartment", "Penelope", "Pending", "Player", "Shelf",
    "Supply", "Tabletop", "Village",
]
