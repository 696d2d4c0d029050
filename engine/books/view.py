"""What one seat may know (`BooksView`): everything public and its own Little Projects; never another hand or
dealt cards, the bag's draws to come, or the decks' orders. The view for no seat is what the channel's pictures
draw."""
from __future__ import annotations

from dataclasses import dataclass

from .state import Penelope, Pending, Player, Supply, Tabletop, Village
from .steps import acting, expected

__all__ = ["BooksView", "view_of"]


@dataclass(frozen=True)
class BooksView:
    """One seat's view (`seat` None: the public one). `players` are copies whose hands and dealt cards are
    emptied but for the seat's own (`hand_counts`, `dealt_counts` count everyone's); `penelope`'s deck is
    emptied (`rival_deck` counts it). The bag's counts per colour are public: every other book is in sight."""

    seat: int | None
    n_players: int
    revision: int
    """The rules revision the game is played by (engine.books.revision): public, like the rules."""
    players: tuple[Player, ...]
    hand: tuple[str, ...]
    dealt: tuple[str, ...]
    hand_counts: tuple[int, ...]
    dealt_counts: tuple[int, ...]
    village: Village
    bag: dict[str, int]
    lp_deck: int
    lp_discard: tuple[str, ...]
    ns_deck: int
    ns_discard: tuple[str, ...]
    neat_available: bool
    supply: Supply
    penelope: Penelope | None
    rival_deck: int
    first: int
    current: int
    turn: int
    pending: Pending | None
    expected: str
    """The acting seat's next step (engine.books.steps.expected)."""
    to_act: frozenset[int]
    end_triggered: bool
    last_round: bool
    over: bool
    lost: bool
    resigned: frozenset[int]


def view_of(table: Tabletop, seat: int | None) -> BooksView:
    """`seat`'s view (None: the public one); a seat not in the game raises ValueError."""
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                             or not 0 <= seat < table.n_players):
        raise ValueError(f"no seat {seat!r} in a game of {table.n_players}")
    players = []
    for s, player in enumerate(table.players):
        shown = player.copy()
        if s != seat:
            shown.hand, shown.dealt = [], []
        players.append(shown)
    own = table.players[seat] if seat is not None else None
    penelope = None
    if table.penelope is not None:
        penelope = table.penelope.copy()
        penelope.deck = []
    supply = table.supply
    return BooksView(
        seat=seat,
        n_players=table.n_players,
        revision=table.revision,
        players=tuple(players),
        hand=tuple(own.hand) if own else (),
        dealt=tuple(own.dealt) if own else (),
        hand_counts=tuple(len(p.hand) for p in table.players),
        dealt_counts=tuple(len(p.dealt) for p in table.players),
        village=table.village.copy(),
        bag=dict(table.bag),
        lp_deck=len(table.lp_deck),
        lp_discard=tuple(table.lp_discard),
        ns_deck=len(table.ns_deck),
        ns_discard=tuple(table.ns_discard),
        neat_available=table.neat_available,
        supply=Supply(supply.wilds, supply.kitties, supply.lamp, supply.bookend),
        penelope=penelope,
        rival_deck=len(table.penelope.deck) if table.penelope is not None else 0,
        first=table.first,
        current=table.current,
        turn=table.turn,
        pending=table.pending,
        expected=expected(table) if not table.over else "",
        to_act=acting(table),
        end_triggered=table.end_triggered,
        last_round=table.last_round,
        over=table.over,
        lost=table.lost,
        resigned=table.resigned,
    )
