"""Penelope Eveready, the solo rival (books.md "Solo vs Penelope Eveready"; her cards in data/books.json).

The engine calls:
- `penelope_turn(table)` after each of the solo player's turns: she adds the Rival deck's top card to the queue,
  the queue's size picks the card's line (1–3, 4–5, 6+), she moves to its location (bumping the player there to
  the Park), resolves it, then the line's extras. Drawing from an empty Rival deck loses the game at once.
- `bumped(table)` when the player takes the Village space she stands on: she goes to the Park, whose effect is
  hers (the next Rival card joins the queue unresolved).
- `scored(table, projects)` after the player scores Little Projects, `remove(table, colour)` for the colour a
  claimed Major Accomplishment removes: the matching queue cards are shuffled back into the deck.
- `score(penelope)` and `wins(player_total, penelope)` at the end.
Her gains go to her scoring pile (`Penelope.books`, `.projects`, `.neat`); she never gets a card's reward.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .data import BOOK_VP, COLOURS, NEAT, PROJECT_VP, RIVAL_LOCATIONS, RIVALS, SOLO
from .draws import draw_books, draw_project, shuffled
from .gains import gain_battery
from .neat import park_battery
from .projects import colours as project_colours
from .state import Penelope, Tabletop
from .village import advance_sun, reset_shoppes, restock, shelf_order

__all__ = ["Turn", "line_of", "penelope_turn", "bumped", "scored", "remove", "score", "wins", "COLOURLESS"]

LINE_BOUNDS: tuple[int, ...] = tuple(SOLO["line_bounds"])
"""The largest queue of each line but the last: 1–3 → line 1, 4–5 → line 2, 6+ → line 3."""
LIBRARY_DRAW: int = SOLO["library_draw"]
EXCHANGE_BOOKS: int = SOLO["exchange_books"]
UNKNOWN_NEAT_VP: int = SOLO["unknown_neat_vp"]
BATTERY_LOSS: int = SOLO["battery_loss"]
EXTRA_BOOKS = {"+b": 1, "+2b": 2}
COLOURLESS = ""
"""The removal icon of a colourless Rival card (and of a colourless Little Project)."""
PARK, CAFE = RIVAL_LOCATIONS["Pk"], RIVAL_LOCATIONS["Cf"]


@dataclass(frozen=True)
class Turn:
    """What Penelope did, for the words of her turn: the card she added and its line (0-2; None when she could
    not draw), where she went, what joined her pile, whether she bumped the player to the Park, the battery the
    player lost, the Sun steps she moved (none once it is on its last space), the cards the Park added unresolved,
    and `lost`: the Rival deck was empty when she had to draw (the player lost). Frozen, like the Report that
    carries it."""

    card: str | None = None
    line: int | None = None
    location: str | None = None
    books: str = ""
    projects: tuple[str, ...] = ()
    neat: tuple[str, ...] = ()
    bumped: bool = False
    battery_lost: int = 0
    sun: int = 0
    queued: tuple[str, ...] = ()
    lost: bool = False


class _Turning:
    """Her turn as it is played: each note replaces the frozen Turn that is reported at its end."""

    def __init__(self, **start: Any) -> None:
        self.turn = Turn(**start)

    def note(self, **changes: Any) -> None:
        self.turn = replace(self.turn, **changes)


def line_of(queue_size: int) -> int:
    """The line (0, 1, 2) a card reads for a queue of `queue_size` cards, itself included."""
    return sum(1 for bound in LINE_BOUNDS if queue_size > bound)


def _penelope(table: Tabletop) -> Penelope:
    assert table.penelope is not None, "a solo game has Penelope"
    return table.penelope


def _draw_rival(table: Tabletop, turn: _Turning) -> str | None:
    """The Rival deck's top card, or None after losing the game: the deck was empty."""
    penelope = _penelope(table)
    if not penelope.deck:
        turn.note(lost=True)
        table.lost = table.over = True
        return None
    return penelope.deck.pop()


def penelope_turn(table: Tabletop) -> Turn:
    """Penelope's whole turn (after the solo player's)."""
    penelope, turn = _penelope(table), _Turning()
    card = _draw_rival(table, turn)
    if card is None:
        return turn.turn
    penelope.queue.append(card)
    line = line_of(len(penelope.queue))
    turn.note(card=card, line=line)
    where, *extras = RIVALS[card].lines[line]
    _go(table, RIVAL_LOCATIONS[where], turn)
    for extra in extras:
        if turn.turn.lost:
            break
        _extra(table, extra, turn)
    return turn.turn


def bumped(table: Tabletop) -> Turn:
    """The player took Penelope's space: she goes to the Park, and the next Rival card joins the queue."""
    turn = _Turning(location=PARK)
    _penelope(table).location = PARK
    _park(table, turn)
    return turn.turn


def _go(table: Tabletop, location: str, turn: _Turning) -> None:
    penelope, player = _penelope(table), table.players[0]
    penelope.location = location
    turn.note(location=location)
    if location not in (PARK, CAFE) and player.location == location:
        player.location = PARK
        gain_battery(player, park_battery(player.neat))
        turn.note(bumped=True)
    RESOLVE[location](table, turn)


def _take_books(table: Tabletop, books: str, turn: _Turning) -> None:
    _penelope(table).books += books
    turn.note(books=turn.turn.books + books)


def _take_project(table: Tabletop, project: str | None, turn: _Turning) -> None:
    if project is not None:
        _penelope(table).projects.append(project)
        turn.note(projects=(*turn.turn.projects, project))


def _bookstore(table: Tabletop, turn: _Turning) -> None:
    """The largest shelf (a tie: the left one), its books and Little Project; then the normal restock."""
    shelves = table.village.shelves
    taken = shelves[shelf_order(shelves)[-1]]
    _take_books(table, taken.books, turn)
    _take_project(table, taken.project, turn)
    restock(table, taken)


def _library(table: Tabletop, turn: _Turning) -> None:
    """4 books drawn: she keeps the first, the others go one onto each shelf, left to right."""
    drawn = draw_books(table, LIBRARY_DRAW)
    _take_books(table, drawn[:1], turn)
    for shelf, book in zip(table.village.shelves, drawn[1:]):
        shelf.books += book


def _neat_vp(card: str) -> int:
    """A card's VP for Penelope: its printed VP, 3 for a "?"."""
    vp = NEAT[card].vp
    return UNKNOWN_NEAT_VP if vp is None else vp


def _shoppes(table: Tabletop, turn: _Turning) -> None:
    """The face-up card with the most VP (a tie: the left one); then the display is reset."""
    village = table.village
    if not village.shoppes:
        return
    best = max(range(len(village.shoppes)), key=lambda i: (_neat_vp(village.shoppes[i]), -i))
    card = village.shoppes[best]
    _penelope(table).neat.append(card)
    turn.note(neat=(*turn.turn.neat, card))
    reset_shoppes(table, [card])


def _exchange(table: Tabletop, turn: _Turning) -> None:
    _take_books(table, draw_books(table, EXCHANGE_BOOKS), turn)


def _cafe(table: Tabletop, turn: _Turning) -> None:
    _take_project(table, draw_project(table), turn)


def _park(table: Tabletop, turn: _Turning) -> None:
    """The next Rival card joins the queue without acting (an empty deck: the player loses)."""
    card = _draw_rival(table, turn)
    if card is not None:
        _penelope(table).queue.append(card)
        turn.note(queued=(*turn.turn.queued, card))


RESOLVE = {RIVAL_LOCATIONS["Bk"]: _bookstore, RIVAL_LOCATIONS["Lb"]: _library, RIVAL_LOCATIONS["Sh"]: _shoppes,
           RIVAL_LOCATIONS["Ex"]: _exchange, CAFE: _cafe, PARK: _park}


def _extra(table: Tabletop, extra: str, turn: _Turning) -> None:
    if extra in EXTRA_BOOKS:
        _take_books(table, draw_books(table, EXTRA_BOOKS[extra]), turn)
    elif extra == "+LP":
        _take_project(table, draw_project(table), turn)
    elif extra == "-2battery":
        player = table.players[0]
        lost = min(BATTERY_LOSS, player.battery)
        player.battery -= lost
        turn.note(battery_lost=turn.turn.battery_lost + lost)
    else:
        assert extra == "sun", extra
        before = table.village.sun
        advance_sun(table)
        turn.note(sun=turn.turn.sun + before - table.village.sun)


def _matches(card: str, colours: str) -> bool:
    """Whether Rival `card` shares a colour with `colours` ("" matches the colourless cards)."""
    icon = RIVALS[card].colours
    return icon == COLOURLESS if colours == COLOURLESS else bool(set(icon) & set(colours))


def _return(table: Tabletop, colours_each: list[str]) -> list[str]:
    """Removes from the queue every card matching any of `colours_each`; shuffles them into the deck."""
    penelope = _penelope(table)
    removed = [card for card in penelope.queue if any(_matches(card, colours) for colours in colours_each)]
    if removed:
        penelope.queue = [card for card in penelope.queue if card not in removed]
        penelope.deck = shuffled(table, penelope.deck + removed)
    return removed


def scored(table: Tabletop, projects: list[str]) -> list[str]:
    """The player scored `projects`: each removes the queue cards sharing any of its colours (a colourless one,
    the colourless cards). Returns the removed cards (shuffled back into the deck)."""
    return _return(table, [project_colours(project) for project in projects])


def remove(table: Tabletop, colour: str) -> list[str]:
    """A claimed Major Accomplishment removes the queue cards of `colour` (a colour letter, or "" for the
    colourless ones); returns them (shuffled back into the deck)."""
    assert colour == COLOURLESS or colour in COLOURS, colour
    return _return(table, [colour])


def score(penelope: Penelope) -> dict[str, int]:
    """Her score: 1 VP per book, 2 per Little Project, each Other Neat Stuff's printed VP ("?" = 3)."""
    parts = {"books": BOOK_VP * len(penelope.books), "projects": PROJECT_VP * len(penelope.projects),
             "neat": sum(_neat_vp(card) for card in penelope.neat)}
    return parts | {"total": sum(parts.values())}


def wins(player_total: int, penelope: Penelope) -> bool:
    """The solo player wins with at least her score (a tie is the player's)."""
    return player_total >= score(penelope)["total"]
