"""The turn's flow: moving to an action space (the different-space rule, Lucky Kitties, bumping to the Park),
the Sun, the rules' own follow-ups (tasks) between the players' choices, the turn's end (discard, Major
Accomplishments, Penelope's turn) and the game's end (books.md "End": finish the round, then one more turn
each; later Sun moves do nothing)."""
from __future__ import annotations

from collections.abc import Callable

from .data import HAND_LIMIT
from .draws import draw_neat
from .gains import fail, gain_battery, over_hand, resolve_neat, take_neat, draw_projects
from .majors import met, reward
from .neat import park_battery
from .revision import CLAIMED_AT_ONCE
from .solo import Turn, bumped, penelope_turn
from .state import VILLAGE_SPACES, Pending, Tabletop, Task
from .village import advance_sun

__all__ = ["BOOKSTORES", "same_space", "move_to", "advance_sun", "run_tasks", "end_turn", "active_seats",
           "next_seat", "HANDLERS"]

BOOKSTORES = frozenset({"bookstore_left", "bookstore_right"})
"""The 4-player Bookstore's two spaces: one action, so moving from one to the other is not a different space."""
PARK = "park"


def same_space(here: str | None, there: str) -> bool:
    """Whether moving from `here` to `there` breaks the different-space rule (from the Park any space is
    different; the two 4-player Bookstore spaces are one)."""
    return here == there or (here in BOOKSTORES and there in BOOKSTORES)


def move_to(table: Tabletop, seat: int, space: str, kitty: bool) -> Turn | None:
    """The seat's meeple moves to `space`. A Lucky Kitty returned (`kitty`) waives the different-space rule;
    another meeple on a Village space goes to the Park (+2, +4 with the Headphones)."""
    player = table.players[seat]
    same = same_space(player.location, space)
    if kitty:
        if not same:
            raise fail("You need no Lucky Kitty to go to a different space.", "kitty_not_needed")
        if not player.kitties:
            raise fail("You have no Lucky Kitty to return.", "no_kitty")
        player.kitties -= 1
        table.supply.kitties += 1
    elif same:
        raise fail("Move to a different action space than last turn (or return a Lucky Kitty: kitty <action>).",
                   "same_space", space=space)
    if space in VILLAGE_SPACES:
        for other, occupant in enumerate(table.players):
            if other != seat and occupant.location == space:
                occupant.location = PARK
                gain_battery(occupant, park_battery(occupant.neat))
    rival = bumped(table) if table.penelope is not None and table.penelope.location == space else None
    player.location = space
    return rival


def run_tasks(table: Tabletop) -> list[Turn]:
    """Runs the rules' follow-ups in order until one needs a choice (the pending) or the game ends; returns
    Penelope's turns among them."""
    turns = []
    while table.pending is None and table.tasks and not table.over:
        task = table.tasks.pop(0)
        turn = HANDLERS[task.kind](table, task)
        if turn is not None:
            turns.append(turn)
    return turns


def end_turn(table: Tabletop) -> list[Turn]:
    """Queues the end of the current seat's turn, then Penelope's turn in the solo game, and runs them (stopping
    where a choice is needed). From the revision CLAIMED_AT_ONCE on, the checks at the end of a turn follow hers
    too: the solo player claims what her turn completed at once, as after its own turn."""
    seat = table.current
    table.moved = True
    table.tasks += _turn_end(seat)
    if table.penelope is not None:
        table.tasks.append(Task("solo", seat))
        if table.revision >= CLAIMED_AT_ONCE:
            table.tasks += _turn_end(seat)
    table.tasks.append(Task("pass", seat))
    return run_tasks(table)


def _turn_end(seat: int) -> list[Task]:
    """The checks at the end of a turn (books.md "A turn"): discard down to 5, the Major Accomplishments (their
    rewards queued before what follows), and down to 5 again after what the rewards drew."""
    return [Task("discard", seat), Task("majors", seat), Task("discard", seat)]


def active_seats(table: Tabletop) -> list[int]:
    return [seat for seat in range(table.n_players) if seat not in table.resigned]


def next_seat(table: Tabletop) -> int | None:
    """The next active seat after the current one, in turn order (None when none is left)."""
    for step in range(1, table.n_players + 1):
        seat = (table.current + step) % table.n_players
        if seat not in table.resigned:
            return seat
    return None


def _battery(table: Tabletop, task: Task) -> None:
    gain_battery(table.players[task.seat], task.n)


def _neat_top(table: Tabletop, task: Task) -> None:
    card = draw_neat(table)
    if card is not None:
        take_neat(table, task.seat, card)


def _neat(table: Tabletop, task: Task) -> None:
    resolve_neat(table, task.seat, task.card)


def _projects(table: Tabletop, task: Task) -> None:
    draw_projects(table, table.players[task.seat], task.n)


def _discard(table: Tabletop, task: Task) -> None:
    if over_hand(table.players[task.seat]):
        table.pending = Pending("discard", task.seat, count=len(table.players[task.seat].hand) - HAND_LIMIT)


def _majors(table: Tabletop, task: Task) -> None:
    """Every met Major Accomplishment is claimed, the active seat first, then in turn order; its reward is
    queued (a drawn card's effect, the solo player's removal choice), and from the revision CLAIMED_AT_ONCE on a
    check again after it (a reward may complete another: a 4th Other Neat Stuff, a gain reaching 24)."""
    follow: list[Task] = []
    seats = [(task.seat + step) % table.n_players for step in range(table.n_players)]
    village = table.village
    for seat in seats:
        if seat in table.resigned:
            continue
        player = table.players[seat]
        for major in met(village.majors, village.claims, seat, player):
            first = not village.claims[major] or table.penelope is not None
            village.claims[major].append(seat)
            player.majors.append(major)
            got = reward(major, first)
            if got.get("battery"):
                follow.append(Task("battery", seat, n=got["battery"]))
            follow += [Task("neat_top", seat)] * got.get("neat", 0)
            if table.penelope is not None:
                follow.append(Task("remove", seat))
    if follow and table.revision >= CLAIMED_AT_ONCE:
        follow.append(Task("majors", task.seat))
    table.tasks[:0] = follow


def _remove(table: Tabletop, task: Task) -> None:
    table.pending = Pending("remove", task.seat)


def _solo(table: Tabletop, task: Task) -> Turn:
    return penelope_turn(table)


def _pass(table: Tabletop, task: Task) -> None:
    """The turn passes; a round ends before the first seat: after the end was triggered, one more round, then
    the game is over."""
    table.turn += 1
    table.moved = False
    seat = next_seat(table)
    if seat is None or (len(active_seats(table)) < 2 and table.n_players > 1):
        table.over = True
        return
    place = (seat - table.first) % table.n_players
    if place <= (table.current - table.first) % table.n_players:
        if table.last_round:
            table.over = True
            return
        table.last_round = table.end_triggered
    table.current = seat


HANDLERS: dict[str, Callable[[Tabletop, Task], Turn | None]] = {
    "battery": _battery, "neat_top": _neat_top, "neat": _neat, "projects": _projects, "discard": _discard,
    "majors": _majors, "remove": _remove, "solo": _solo, "pass": _pass}
