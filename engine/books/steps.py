"""One step of a turn played on the table: who may act, which step the turn expects next, the dispatch to the
rules of each action, and the report of what the step did.

`play` changes the table even when it refuses part-way; the game plays every step on a copy and keeps it only
when the whole step is legal, so a refusal changes nothing. `refuse` plays only the action's own rules (on a
copy): what follows them never refuses, so a check is exact."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .actions import (
    Action,
    Admire,
    Bookstore,
    Discard,
    Exchange,
    Gather,
    Home,
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
)
from .apartment import admire, gather, home, leave, leave_cost, read, rest, sort
from .data import KEPT_PROJECTS, SPACES
from .flow import advance_sun, end_turn, move_to, run_tasks
from .gains import fail, in_village, place_books, take_named
from .solo import Turn, remove
from .state import Pending, Player, Tabletop
from .village import bookstore, bookstore_spaces, exchange, library, library_keep, shoppes, space_costs

__all__ = ["Report", "APARTMENT_MOVES", "VILLAGE_MOVES", "ACTIONS", "STEP_OF_PENDING", "actor", "acting",
           "expected", "play", "refuse", "EXPECTED"]

APARTMENT_MOVES = (Gather, Sort, Rest, Read, Admire, Leave)
VILLAGE_MOVES = (Bookstore, Library, Shoppes, Exchange)
ACTIONS = (Keep, Gather, Sort, Rest, Read, Admire, Leave, Bookstore, Library, Shoppes, Exchange, Home, Take, Put,
           Discard, Remove)
STEP_OF_PENDING: dict[str, tuple[type, ...]] = {
    "village": VILLAGE_MOVES, "apartment": APARTMENT_MOVES, "library": (Take,), "take": (Take,), "name": (Take,),
    "put": (Put,), "discard": (Discard,), "remove": (Remove,)}
"""The actions that answer each pending choice."""
SPACE_OF: dict[type, str] = {Gather: "gather", Sort: "sort", Rest: "rest", Read: "read", Admire: "admire",
                             Leave: "leave", Library: "library", Shoppes: "shoppes", Exchange: "exchange"}
"""The action space each move goes to (a Bookstore move names its space)."""


@dataclass(frozen=True)
class Report:
    """What one step did, for announcements: the seat and its action (None: a resignation), the Little
    Projects it admired, the Major Accomplishments claimed ((seat, id)), the seats bumped to the Park,
    Penelope's turns (solo), whether the turn passed and whether the game is over."""

    seat: int
    action: Action | None
    admired: tuple[str, ...] = ()
    claimed: tuple[tuple[int, str], ...] = ()
    bumped: tuple[int, ...] = ()
    rival: tuple[Turn, ...] = ()
    turn_over: bool = False
    game_over: bool = False


def actor(table: Tabletop) -> int:
    """The seat whose turn step comes next: the pending choice's seat, else the current seat."""
    return table.pending.seat if table.pending is not None else table.current


def acting(table: Tabletop) -> frozenset[int]:
    """The seat whose step comes next, plus every seat that has not yet kept its 3 Little Projects."""
    if table.over:
        return frozenset()
    keeping = {seat for seat, player in enumerate(table.players) if player.dealt and seat not in table.resigned}
    return frozenset(keeping | {actor(table)})


def expected(table: Tabletop) -> str:
    """The actor's next step: a pending kind (engine.books.state.PENDING_KINDS), "keep" (its 3 Little Projects
    first), "village_or_home" (a turn starting in the Village: a Village action or Welcome Home), or
    "apartment"."""
    if table.pending is not None:
        return table.pending.kind
    player = table.players[table.current]
    if player.dealt:
        return "keep"
    return "village_or_home" if in_village(player) else "apartment"


Follow = Callable[[Tabletop], list[Turn]]
"""What the rules do after an accepted action, up to the next choice: the turn's end (discards, Major
Accomplishments, Penelope's turn, the next seat) or the queued tasks. It never refuses."""


def _nothing(table: Tabletop) -> list[Turn]:
    return []


def claim_counts(table: Tabletop) -> dict[str, int]:
    """How many seats claimed each Major Accomplishment so far: what `claimed_since` reports the claims after."""
    return {major: len(seats) for major, seats in table.village.claims.items()}


def claimed_since(table: Tabletop, counts: dict[str, int]) -> tuple[tuple[int, str], ...]:
    """The claims ((seat, id)) made since `counts` (claim_counts) was taken."""
    return tuple((s, major) for major, seats in table.village.claims.items() for s in seats[counts[major]:])


def play(table: Tabletop, action: Action, seat: int | None) -> Report:
    """Plays the step for `seat` (None: whoever it fits)."""
    if isinstance(action, Keep):
        _playing(table, action)
        return _keep(table, action, seat)
    who = _mover(table, action, seat)
    turn = table.turn
    claims = claim_counts(table)
    scored = list(table.players[who].scored)
    locations = [player.location for player in table.players]
    rival, follow = _step(table, who, action)
    rival += follow(table)
    claimed = claimed_since(table, claims)
    admired = tuple(card for card in table.players[who].scored if card not in scored)
    bumped = tuple(s for s, p in enumerate(table.players) if p.location == "park" and locations[s] != "park"
                   and s != who)
    return Report(who, action, admired, claimed, bumped, tuple(rival), table.turn != turn, table.over)


def refuse(table: Tabletop, action: Action, seat: int | None) -> None:
    """Raises what `play` would raise for the step, playing only the action's own rules on the table (which it
    changes): what follows an accepted action never refuses, so this is exact, and far cheaper than the whole
    step when the turn's end is long (Major Accomplishments, Penelope's turn)."""
    if isinstance(action, Keep):
        _playing(table, action)
        _keep(table, action, seat)
        return
    _step(table, _mover(table, action, seat), action)


def _playing(table: Tabletop, action: Action) -> None:
    if table.over:
        raise fail("The game is over.", "game_over")
    if not isinstance(action, ACTIONS):
        raise fail("That is not an action of this game.", "malformed")


def _mover(table: Tabletop, action: Action, seat: int | None) -> int:
    """The seat the (non-keep) step is for, once it may move now."""
    _playing(table, action)
    who = actor(table)
    if seat is not None and seat != who:
        if seat in acting(table):
            raise fail("Keep 3 of your Little Projects first.", "keep_first")
        raise fail(f"It is not seat {seat + 1}'s turn; seat {who + 1} is to play.", "not_your_turn", seat=seat,
                   current=who)
    if table.players[who].dealt:
        raise fail("Keep 3 of your Little Projects first.", "keep_first")
    return who


def _step(table: Tabletop, seat: int, action: Action) -> tuple[list[Turn], Follow]:
    step = expected(table)
    if table.pending is not None and not isinstance(action, STEP_OF_PENDING[step]):
        raise fail(EXPECTED[step], "wrong_step", expected=step)
    if isinstance(action, Home):
        if step != "village_or_home":
            raise fail("Welcome Home is where a turn in the Village may begin.", "not_in_village")
        home(table, table.players[seat], action)
        table.pending = Pending("apartment", seat)
        return [], _nothing
    if isinstance(action, APARTMENT_MOVES):
        if step == "village_or_home":
            raise fail("You are in the Village: take a Village action, or go home first (home P1:B4 ...).",
                       "in_village")
        return _apartment(table, seat, action)
    if isinstance(action, VILLAGE_MOVES):
        if step == "apartment":
            raise fail("You are at home: Leave the House first to reach the Village.", "at_home")
        return _village(table, seat, action)
    if table.pending is None:
        raise fail(EXPECTED[step], "wrong_step", expected=step)
    return [], _answer(table, seat, action)


def _apartment(table: Tabletop, seat: int,
               action: Gather | Sort | Rest | Read | Admire | Leave) -> tuple[list[Turn], Follow]:
    player = table.players[seat]
    table.pending = None
    rival = _turns(move_to(table, seat, SPACE_OF[type(action)], action.kitty))
    if isinstance(action, Gather):
        gather(player, action)
    elif isinstance(action, Sort):
        sort(player, action)
    elif isinstance(action, Rest):
        rest(table, player, action)
    elif isinstance(action, Read):
        read(player, action)
    elif isinstance(action, Admire):
        admire(table, seat, action)
    else:
        leave(player, action)
        costs = space_costs(table, player)
        if not costs or min(costs.values()) > player.battery:
            raise fail("After leaving you could pay for no Village action.", "cannot_afford_village",
                       battery=player.battery + leave_cost())
        advance_sun(table)
        table.pending = Pending("village", seat)
        return rival, _nothing
    return rival, end_turn


def _village(table: Tabletop, seat: int,
             action: Bookstore | Library | Shoppes | Exchange) -> tuple[list[Turn], Follow]:
    table.pending = None
    if isinstance(action, Bookstore):
        if action.space not in bookstore_spaces(table.n_players):
            raise fail(f"The Bookstore's spaces are {' '.join(bookstore_spaces(table.n_players))}.",
                       "bad_bookstore_space", space=action.space)
        space = action.space
    else:
        space = SPACE_OF[type(action)]
    rival = _turns(move_to(table, seat, space, action.kitty))
    if isinstance(action, Bookstore):
        bookstore(table, seat, action)
    elif isinstance(action, Library):
        library(table, seat)
        return rival, _nothing
    elif isinstance(action, Shoppes):
        shoppes(table, seat, action)
    else:
        exchange(table, seat, action)
    return rival, end_turn


def _answer(table: Tabletop, seat: int, action: Action) -> Follow:
    pending = table.pending
    assert pending is not None
    player = table.players[seat]
    table.pending = None
    if isinstance(action, Take) and pending.kind == "library":
        library_keep(table, seat, pending.books, pending.count, action.books)
        return end_turn
    if isinstance(action, Take) and pending.kind == "take":
        place_books(table, player, pending.books, action.books)
    elif isinstance(action, Take):
        _named(table, player, pending.count, action)
    elif isinstance(action, Put):
        _put(table, player, pending.token or "", action.space)
    elif isinstance(action, Discard):
        _discard(table, player, pending.count, action.cards)
    elif isinstance(action, Remove):
        remove(table, action.colour)
    return run_tasks


def _named(table: Tabletop, player: Player, count: int, action: Take) -> None:
    if len(action.books) != count:
        raise fail(f"Name {count} book{'s' if count > 1 else ''}.", "name_count", count=count)
    take_named(table, player, action.books)


def _put(table: Tabletop, player: Player, token: str, space: str) -> None:
    if space not in SPACES:
        raise fail(f"{space} is not a space of the apartment.", "bad_destination", place=space)
    setattr(player.apartment, token, space)
    setattr(table.supply, token, False)


def _discard(table: Tabletop, player: Player, count: int, cards: Sequence[str]) -> None:
    if len(set(cards)) != len(cards) or any(card not in player.hand for card in cards):
        raise fail("Discard Little Projects from your hand, each once.", "not_in_hand")
    if len(cards) != count:
        raise fail(f"Discard {count} Little Project{'s' if count > 1 else ''}: the hand keeps 5.",
                   "discard_count", count=count)
    for card in cards:
        player.hand.remove(card)
    table.lp_discard += cards


def _keep(table: Tabletop, action: Keep, seat: int | None) -> Report:
    owner = seat if seat is not None else next(
        (s for s, p in enumerate(table.players) if action.cards and action.cards[0] in p.dealt), actor(table))
    if not 0 <= owner < table.n_players or owner in table.resigned:
        raise fail(f"Seat {owner + 1} is not playing.", "not_playing", seat=owner)
    player = table.players[owner]
    if not player.dealt:
        raise fail("You already kept your Little Projects.", "already_kept")
    cards = action.cards
    if len(cards) != KEPT_PROJECTS or len(set(cards)) != len(cards):
        raise fail(f"Keep {KEPT_PROJECTS} different Little Projects of the 5 dealt.", "keep_count",
                   count=KEPT_PROJECTS)
    if any(card not in player.dealt for card in cards):
        raise fail("Keep Little Projects you were dealt.", "not_dealt")
    table.lp_discard += [card for card in player.dealt if card not in cards]
    player.hand, player.dealt = list(cards), []
    return Report(owner, action)


def _turns(turn: Turn | None) -> list[Turn]:
    return [] if turn is None else [turn]


EXPECTED = {
    "village": "Take a Village action now (you left the house this turn).",
    "apartment": "Take an apartment action now (you came home this turn).",
    "library": "Keep the drawn book(s): take R:P1 ...",
    "take": "Place the gained books first: take R:P1 ...",
    "name": "Name the book(s) you gain and place them first: take R:P1 ...",
    "put": "Put the token on a space first: put C3.",
    "discard": "Discard down to 5 Little Projects first: discard LP04 ...",
    "remove": "Choose which Rival cards your Major Accomplishment removes: remove R (or remove colourless).",
    "keep": "Keep 3 of your Little Projects first.",
    "village_or_home": "Take a Village action or go home.",
}
"""What the refusal of a step that does not fit says the turn expects."""
