"""The state of one game of Librarians and the rules that move it forward (see the package docstring)."""
from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from ..protocol import Outcome, Termination
from .actions import Action, Choose, Concede, EndTurn, IllegalAction, Play, Undo, UsePower
from .cards import Card, colour_of, generate_arrows, generate_letters, letter_text
from .data import (
    BOOKS,
    COLOURS,
    DEFAULT_GENRES,
    GENRES,
    HAND_LIMIT,
    LINE_LENGTH,
    MAX_HAND_LIMIT,
    MAX_PLAYERS,
    MIN_CARDS_PER_TURN,
    MIN_HAND_LIMIT,
    MIN_PLAYERS,
    RED,
    SHELF_CARDS,
    STARTING_SHELVES,
)
from .effects import ANY_STACK, LOOSE, NO_MINIMUM, NO_STACKING, ONE_WRONG, Placing, placing_of
from .library import Library, Place, Row, place_text
from .pending import GIVE, Pending, read_option, seat_option
from .powers import POWERS
from .powers.base import leave_library
from .search import TurnSearch, search_turn
from .view import LibrariansView, Phase, Result, known_run, pending_seen

STATE_VERSION = 1
TakenBack = tuple[tuple[Place, ...], Place, int]
"""A placement Undo took back: (the places filled this turn before it, in order; its place; its card's letter)."""


def _is_int(value: object) -> bool:
    """Only true ints count: int() would quietly turn 4.7 into 4 and True into 1."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Completion:
    """A completed genre: its colour and genre, the places of the line and the cards taken from them."""

    colour: int
    genre: str
    places: tuple[Place, ...]
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Report:
    """What one action changed, for announcements and pictures."""

    seat: int
    action: Action | None
    card: int | None = None
    place: Place | None = None
    covered: int | None = None
    """The card a played card was laid on top of (a stack), None on an empty place: two plays at one place read
    differently, even two cards of one letter and colour."""
    completions: tuple[Completion, ...] = ()
    given: tuple[int, int] | None = None
    """(seat, card) when a completed genre's card was given."""
    drawn: int = 0
    turn_over: bool = False
    game_over: bool = False
    result: Result | None = None
    next_seat: int | None = None


class LibrariansGame:
    """One game: the library, the deck, every hand, the held powers and whose turn it is. Seat 0 starts.

    Public fields a power may change (through the methods below where there is one): `library`, `deck` (deck[0]
    is the top), `hands`, `held`, `discard`, `shelf_pile` (unused shelf card ids), `hand_limit`,
    `turn_rules`/`lasting_rules` (engine.librarians.effects), `tapped` (library card id -> the seat that tapped
    it; a tap ends when that seat's next turn begins or the card leaves the library), `known` (cards whose
    identity the whole table knows while in a hand or the deck: every view shows them)."""

    def __init__(self) -> None:
        self.n_players = 0
        self.seed = 0
        self.genres: tuple[str, ...] = DEFAULT_GENRES
        self.letters: tuple[int, ...] = ()
        self.arrows: tuple[int, ...] = ()
        self.library = Library((), [])
        self.deck: list[int] = []
        self.hands: list[list[int]] = []
        self.held: list[list[int]] = []
        self.fresh: set[int] = set()
        self.discard: list[int] = []
        self.shelf_pile: list[int] = []
        self.opened_shelves: list[int] = []
        """Shelf cards a power opened this turn (Graphic Novel puts an unused one back when the turn ends)."""
        self.hand_limit = HAND_LIMIT
        self.turn_rules: set[str] = set()
        self.lasting_rules: set[str] = set()
        self.tapped: dict[int, int] = {}
        self.known: set[int] = set()
        self.current_seat = 0
        self.turn = 0
        self.need = MIN_CARDS_PER_TURN
        self.start_groups = 1
        self.played_cards: list[int] = []
        """The cards laid this turn, in order (they count towards the turn's minimum wherever they went since)."""
        self.undoable: list[tuple[int, Place, int]] = []
        self.taken_back: list[TakenBack] = []
        """The placements Undo took back since the turn began or its last completion or power, each once: public
        (the table saw the card laid), and what lets a computer teammate that searches by trial never lay the
        same card in the same place twice (engine.librarians.ai)."""
        self.queue: list[Pending] = []
        self.result: Result | None = None
        self.end_reason: str | None = None
        self.resigned: frozenset[int] = frozenset()
        self.draws = 0

    # ---- creation -------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, n_players: int, *, seed: int, genres: Mapping[str, str] | None = None) -> LibrariansGame:
        """Deals a game: the seeded card set, 4 random shelves in a column, 4 cards to each seat.

        `genres` maps a colour name to its genre this game (a genre id of that colour, or "random"); colours it
        leaves out take their default."""
        if not _is_int(n_players) or not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
            raise ValueError(f"Librarians is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n_players!r}")
        if not _is_int(seed):
            raise ValueError(f"the seed must be an int, not {seed!r}")
        rng = random.Random(f"librarians/{seed}")
        g = cls()
        g.n_players, g.seed = n_players, seed
        g.genres = _chosen_genres(genres or {}, rng)
        g.letters = generate_letters(rng)
        g.arrows = generate_arrows(rng)
        shelves = list(range(SHELF_CARDS))
        rng.shuffle(shelves)
        g.library = Library(g.letters, [Row(s, g.arrows[s]) for s in shelves[:STARTING_SHELVES]])
        g.shelf_pile = shelves[STARTING_SHELVES:]
        g.deck = list(range(BOOKS))
        rng.shuffle(g.deck)
        g.hands = [[] for _ in range(n_players)]
        g.held = [[] for _ in range(n_players)]
        for _ in range(HAND_LIMIT):
            for hand in g.hands:
                hand.append(g.deck.pop(0))
        g._start_turn(0)
        return g

    def copy(self) -> LibrariansGame:
        """An independent copy, cheap enough for a computer player to try moves on."""
        g = LibrariansGame.__new__(LibrariansGame)
        g.__dict__.update(self.__dict__)
        g.library = self.library.copy()
        g.deck = self.deck.copy()
        g.hands = [hand.copy() for hand in self.hands]
        g.held = [held.copy() for held in self.held]
        g.fresh = self.fresh.copy()
        g.discard = self.discard.copy()
        g.shelf_pile = self.shelf_pile.copy()
        g.opened_shelves = self.opened_shelves.copy()
        g.turn_rules = self.turn_rules.copy()
        g.lasting_rules = self.lasting_rules.copy()
        g.tapped = self.tapped.copy()
        g.known = self.known.copy()
        g.played_cards = self.played_cards.copy()
        g.undoable = self.undoable.copy()
        g.taken_back = self.taken_back.copy()
        g.queue = self.queue.copy()
        return g

    # ---- reading the state ----------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def pending(self) -> Pending | None:
        """The choice that must be made before anything else, or None."""
        return self.queue[0] if self.queue and self.result is None else None

    @property
    def to_act(self) -> frozenset[int]:
        """The seat that must answer the pending choice, else the seat whose turn it is; nobody once it is over."""
        if self.result is not None:
            return frozenset()
        return frozenset({self.queue[0].seat if self.queue else self.current_seat})

    @property
    def phase(self) -> Phase:
        """"play" (place cards, use a power, undo, end), "choose" (answer `pending`) or "over"."""
        return "over" if self.result is not None else "choose" if self.queue else "play"

    @property
    def active_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n_players) if s not in self.resigned)

    def card(self, card: int) -> Card:
        return Card(card, colour_of(card), self.letters[card])

    def card_text(self, card: int) -> str:
        """"Q red" — the letter and colour people see."""
        return f"{letter_text(self.letters[card])} {COLOURS[colour_of(card)]}"

    def genre_of(self, card: int) -> str:
        """The genre (power) of a card this game: its colour's chosen genre."""
        return self.genres[colour_of(card)]

    def rule(self, name: str) -> bool:
        """Whether a power switched rule `name` on (this turn or for good)."""
        return name in self.turn_rules or name in self.lasting_rules

    def placing(self) -> Placing:
        """Where a card may go under the rule switches in force (engine.librarians.effects.placing_of)."""
        return placing_of(self.turn_rules | self.lasting_rules)

    def cards_not_played(self) -> int:
        """The co-op result: cards still in the deck or in a hand (fewer is better; 0 is a win)."""
        return len(self.deck) + sum(len(hand) for hand in self.hands)

    def spots(self) -> tuple[Place, ...]:
        """Every place a card could go now, in reading order (spot n is spots()[n - 1]); see engine.librarians.library."""
        return self.library.spots()

    def spot_number(self, place: Place) -> int | None:
        return self.library.spot_number(place)

    def legal_places(self, card: int) -> list[Place]:
        """The places where `card` may go now by the rules (and the rule switches in force), in spot order."""
        return self.library.legal_places(self.letters[card], **self.placing())

    def legal_spots(self, card: int) -> list[int]:
        """The spot numbers (from 1) where `card` may go now."""
        return self.library.legal_spots(self.letters[card], **self.placing())

    def turn_need(self) -> int:
        """Cards the acting seat must still play this turn before it may end it."""
        return 0 if self.rule(NO_MINIMUM) else max(0, self.need - len(self.played_cards))

    @property
    def played(self) -> list[Place]:
        """The places that hold a card laid this turn, in the order laid (framed in the pictures). Found from the
        cards, so they follow a card that a power moved, or whose row moved when a shelf was added or removed;
        a card that left the library (a completion, Travel, Mythology) has no place."""
        where = {card: (r, x) for r, row in enumerate(self.library.rows) for x, stack in row.cells.items()
                 for card in stack}
        return list(dict.fromkeys(where[card] for card in self.played_cards if card in where))

    def end_refusal(self) -> IllegalAction | None:
        """Why the seat to play may not end its turn now (None: it may). The one rule behind the End turn check,
        its button and every line or picture saying what the seat may do next."""
        if self.result is not None:
            return IllegalAction("The game is over.", "game_over")
        if self.queue:
            return IllegalAction("First choose: " + self.queue[0].kind + ".", "choose_first", kind=self.queue[0].kind)
        need = self.turn_need()
        if need:
            return IllegalAction(f"Play {need} more card(s) before ending the turn.", "play_more", count=need)
        if self.library.groups(self.rule(LOOSE)) > self.start_groups:
            return IllegalAction("The library must be one connected group at the end of the turn.", "not_connected")
        return None

    def can_end_turn(self) -> bool:
        return self.end_refusal() is None

    def usable_powers(self, seat: int | None = None) -> list[int]:
        """The held cards `seat` (default: the seat to play) may use now: on its own turn, with nothing pending,
        received before this turn, with a registered effect."""
        seat = self.current_seat if seat is None else seat
        if self.result is not None or self.queue or seat != self.current_seat:
            return []
        return [card for card in self.held[seat] if card not in self.fresh and self.genre_of(card) in POWERS
                and POWERS[self.genre_of(card)].refusal(self, seat) is None]

    def finishing_plan(self) -> list[tuple[int, Place]] | None:
        """Placements from the acting seat's hand that reach a legal end of turn (None: none was found; see
        `finishing_search` for whether that is proved)."""
        return self.finishing_search().plan

    def finishing_search(self) -> TurnSearch:
        """The search behind `finishing_plan`, which also says whether "no plan" is proved (the loss rule needs
        a proof; a search out of budget lets the turn go on)."""
        return search_turn(self.library, self.hands[self.current_seat], self.turn_need(),
                           **self.placing(), loose=self.rule(LOOSE), max_groups=self.start_groups)

    # ---- actions --------------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now: plays in hand order then spot order, undo, powers, end;
        or, with a choice pending, one Choose per option."""
        if self.result is not None:
            return []
        if self.queue:
            return [Choose(option) for option in self.queue[0].options]
        actions: list[Action] = [Play(card, place) for card in self.hands[self.current_seat]
                                 for place in self.legal_places(card)]
        if self.undoable:
            actions.append(Undo())
        actions.extend(UsePower(card) for card in self.usable_powers())
        if self.can_end_turn():
            actions.append(EndTurn())
        return actions

    def check(self, action: Action, seat: int | None = None) -> None:
        """Raises IllegalAction with the first specific reason the action is refused."""
        if self.result is not None:
            raise IllegalAction("The game is over.", "game_over")
        (acting,) = self.to_act
        if seat is not None and seat != acting:
            raise IllegalAction(f"It is not seat {seat + 1}'s turn; seat {acting + 1} is to act.",
                                "not_your_turn", seat=seat, current=acting)
        if self.queue and not isinstance(action, Choose):
            raise IllegalAction("First choose: " + self.queue[0].kind + ".", "choose_first", kind=self.queue[0].kind)
        if isinstance(action, Play):
            self._check_play(action)
        elif isinstance(action, Undo):
            if not self.undoable or self.library.top(self.undoable[-1][1]) != self.undoable[-1][0]:
                raise IllegalAction("There is no placement of this turn to take back.", "nothing_to_undo")
        elif isinstance(action, EndTurn):
            self._check_end()
        elif isinstance(action, UsePower):
            self._check_use(action)
        elif isinstance(action, Concede):
            if self.can_end_turn():
                raise IllegalAction("This turn can end: there is nothing to concede.", "can_end")
        elif isinstance(action, Choose):
            if not self.queue:
                raise IllegalAction("There is nothing to choose now.", "nothing_to_choose")
            if action.option not in self.queue[0].options:
                raise IllegalAction(f"{action.option!r} is not one of the options.", "not_an_option",
                                    option=str(action.option)[:40])
        else:
            raise IllegalAction("An action is play, undo, end, use or choose.", "malformed")

    def _check_play(self, action: Play) -> None:
        card, place = action.card, action.place
        if not _is_int(card) or not isinstance(place, tuple) or len(place) != 2 \
                or not all(_is_int(v) for v in place):
            raise IllegalAction("Play a card by its id at a row and x.", "malformed")
        if card not in self.hands[self.current_seat]:
            raise IllegalAction("That card is not in your hand.", "not_in_hand", card=card)
        r, x = place
        if not 0 <= r < len(self.library.rows):
            raise IllegalAction(f"There is no row {r + 1}.", "no_such_row", row=r + 1)
        if x == 0:
            raise IllegalAction("x 0 is the shelf card itself: books go left or right of it.", "shelf_card")
        if self.library.spot_number(place) is None:
            raise IllegalAction(f"{place_text(place)} is too far from the library.", "out_of_reach",
                                place=place_text(place))
        if place in self.legal_places(card):
            return
        top = self.library.top(place)
        if top is None or self.rule(ANY_STACK):
            raise IllegalAction(f"{letter_text(self.letters[card])} is out of alphabetical order at "
                                f"{place_text(place)}.", "out_of_order", letter=letter_text(self.letters[card]),
                                place=place_text(place))
        if self.rule(NO_STACKING):
            raise IllegalAction("No card may go on top of another any more.", "no_stacking")
        raise IllegalAction(f"{letter_text(self.letters[card])} cannot go on top of "
                            f"{letter_text(self.letters[top])}: a stack needs the same letter.", "stack_letter",
                            letter=letter_text(self.letters[card]), top=letter_text(self.letters[top]))

    def _check_end(self) -> None:
        refusal = self.end_refusal()
        if refusal is not None:
            raise refusal

    def _check_use(self, action: UsePower) -> None:
        card = action.card
        seat = self.current_seat
        if not _is_int(card) or card not in self.held[seat]:
            raise IllegalAction("You hold no such power card.", "not_held", card=card)
        if card in self.fresh:
            raise IllegalAction("A power received this turn can be used on one of your later turns.", "fresh_power")
        if self.genre_of(card) not in POWERS:
            raise IllegalAction(f"The {self.genre_of(card)} power is not available.", "power_unavailable",
                                genre=self.genre_of(card))
        refusal = POWERS[self.genre_of(card)].refusal(self, seat)
        if refusal is not None:
            raise refusal

    def apply(self, action: Action, seat: int | None = None) -> Report:
        """Plays `action` for the seat to act; on IllegalAction nothing changes."""
        self.check(action, seat)
        (acting,) = self.to_act
        if isinstance(action, Play):
            return self._play(acting, action)
        if isinstance(action, Undo):
            card, place, index = self.undoable.pop()
            self.library.take(place)
            self.played_cards.pop()
            self.hands[acting].insert(index, card)
            taken = (tuple(self.played), place, self.letters[card])
            if taken not in self.taken_back:
                self.taken_back.append(taken)
            return Report(acting, action, card=card, place=place, next_seat=acting)
        if isinstance(action, EndTurn):
            return self._end_turn(acting, action)
        if isinstance(action, UsePower):
            return self._use(acting, action)
        if isinstance(action, Concede):
            self.finish("lost", "stuck")
            return self._report(acting, action, turn_over=True)
        assert isinstance(action, Choose)
        return self._choose(acting, action)

    def _play(self, seat: int, action: Play) -> Report:
        hand = self.hands[seat]
        index = hand.index(action.card)
        hand.pop(index)
        covered = self.library.top(action.place)
        self.library.put(action.place, action.card)
        self.played_cards.append(action.card)
        self.undoable.append((action.card, action.place, index))
        completions = self.complete_genres([action.place], seat)
        if completions:
            self._settled()
        return self._report(seat, action, card=action.card, place=action.place, covered=covered,
                            completions=completions)

    def _end_turn(self, seat: int, action: EndTurn) -> Report:
        for effect in POWERS.values():
            effect.turn_ends(self, seat)
        drawn = self.draw(seat, self.hand_limit - len(self.hands[seat]))
        self.turn += 1
        self.fresh.clear()
        self.turn_rules.clear()
        if not self.deck and not any(self.hands):
            self.finish("won", "all_played")
        else:
            self._start_turn(self._next_seat(seat))
        return self._report(seat, action, drawn=drawn, turn_over=True)

    def _use(self, seat: int, action: UsePower) -> Report:
        effect = POWERS[self.genre_of(action.card)]
        step = effect.begin(self, seat)
        self.held[seat].remove(action.card)
        self.discard.append(action.card)
        self.undoable.clear()
        self.taken_back.clear()
        if step is not None:
            self.queue.insert(0, step)
        self._settled()
        return self._report(seat, action, card=action.card)

    def _choose(self, seat: int, action: Choose) -> Report:
        step = self.queue.pop(0)
        given = None
        if step.kind == GIVE:
            _, receiver = read_option(action.option)
            card = int(step.data[0])
            self.discard.remove(card)
            self.held[receiver].append(card)
            self.fresh.add(card)
            given = (receiver, card)
        else:
            assert step.genre is not None
            nxt = POWERS[step.genre].resume(self, step, action.option)
            if nxt is not None:
                self.queue.insert(0, nxt)
        self._settled()
        return self._report(seat, action, given=given)

    def _report(self, seat: int, action: Action, **fields: Any) -> Report:
        return Report(seat, action, game_over=self.result is not None, result=self.result,
                      next_seat=None if self.result is not None else min(self.to_act), **fields)

    # ---- the rules' building blocks (also for the powers) ---------------------------------------------------
    def complete_genres(self, places: Collection[Place], seat: int) -> tuple[Completion, ...]:
        """Completes every genre whose line of 4 runs through one of `places`: the cards leave the library for
        the discard (a tap on one ends with it), a red genre's power happens at once, any other queues the choice
        of who receives its card. Nothing placed before a completion can be undone. A power that moves cards
        calls this with the places it filled. A completion takes the top of each stack: the cards below show
        again, and a line of 4 they now make completes too."""
        tolerance = 1 if self.rule(ONE_WRONG) else 0
        lines: list[tuple[int, tuple[Place, ...]]] = []
        for place in places:
            for line in self.library.lines_through(place, LINE_LENGTH, tolerance):
                if line not in lines:
                    lines.append(line)
        if not lines:
            return ()
        tops = {cell: card for _, cells in lines for cell in cells if (card := self.library.top(cell)) is not None}
        for cell in sorted(tops):
            self.discard.append(leave_library(self, cell))
        self.undoable.clear()
        self.taken_back.clear()
        completions = []
        to_give: set[int] = set()
        for colour, cells in lines:
            cards = tuple(tops[cell] for cell in cells)
            completions.append(Completion(colour, self.genres[colour], cells, cards))
            if colour == RED:
                effect = POWERS.get(self.genres[colour])
                step = effect.begin(self, seat) if effect is not None and self.result is None else None
                if step is not None:
                    self.queue.append(step)
                continue
            # Two lines of one colour may cross in a shared book: each gives a card of its own, never one twice.
            card = next((c for c in cards if colour_of(c) == colour and c not in to_give), None)
            if card is not None:
                to_give.add(card)
                self.queue.append(Pending(GIVE, seat, tuple(seat_option(s) for s in self.active_seats),
                                          data=(card,)))
        uncovered = [cell for cell in sorted(tops) if self.library.top(cell) is not None]
        if uncovered and self.result is None:
            completions.extend(self.complete_genres(uncovered, seat))
        return tuple(completions)

    def draw(self, seat: int, count: int) -> int:
        """Moves up to `count` cards from the top of the deck to `seat`'s hand; returns how many."""
        count = max(0, min(count, len(self.deck)))
        self.hands[seat].extend(self.deck[:count])
        del self.deck[:count]
        return count

    def random(self) -> random.Random:
        """A generator for a power's shuffle: seeded by the game and the count of draws so far (replayable)."""
        self.draws += 1
        return random.Random(f"librarians/{self.seed}/{self.draws}")

    def finish(self, result: Result, reason: str) -> None:
        """Ends the game: "won" (every card played) or "lost" (`reason`: "stuck", a power's genre, "resigned")."""
        if self.result is None:
            self.result, self.end_reason = result, reason
            self.queue.clear()

    def _settled(self) -> None:
        """After an irreversible step (completion, power) and when a turn begins, with nothing left to choose: once
        every card is played the table has won (even if a completion just split the library, since nothing is
        left to join it); else the seat must still be able to finish its turn (or use a power), or the table has
        lost — only when the search proved it: a search out of budget lets the turn go on (the seat can still
        try, concede or resign)."""
        if self.result is not None or self.queue:
            return
        if not self.deck and not any(self.hands):
            self.finish("won", "all_played")
        elif not self.usable_powers() and self.finishing_search().stuck:
            self.finish("lost", "stuck")

    def _next_seat(self, seat: int) -> int:
        for step in range(1, self.n_players + 1):
            nxt = (seat + step) % self.n_players
            if nxt not in self.resigned and (self.hands[nxt] or self.deck):
                return nxt
        return seat

    def _start_turn(self, seat: int) -> None:
        """The seat's turn begins: it must play 2 cards, or what it holds once the deck is empty (and fewer than
        2 are held); if no order of its cards can end the turn legally and no power helps, the table loses."""
        self.current_seat = seat
        self.played_cards = []
        self.undoable = []
        self.taken_back = []
        in_library = set(self.library.cards())
        self.tapped = {card: by for card, by in self.tapped.items() if by != seat and card in in_library}
        self.start_groups = max(1, self.library.groups())
        self.need = min(MIN_CARDS_PER_TURN, len(self.hands[seat]))
        self._settled()

    def resign(self, seat: int) -> Report:
        """Co-operative: a seat that resigns ends the game for the table, as a loss (the cards not played are the
        result). The platform keeps the other people's seats as not forfeited."""
        if self.result is not None:
            raise IllegalAction("The game is over.", "game_over")
        if not _is_int(seat) or seat in self.resigned or not 0 <= seat < self.n_players:
            raise IllegalAction(f"Seat {seat} is not playing.", "not_playing", seat=seat)
        self.resigned = self.resigned | {seat}
        self.finish("lost", "resigned")
        return Report(seat, None, turn_over=True, game_over=True, result=self.result)

    # ---- what one seat may see, persistence ------------------------------------------------------------------
    def view(self, seat: int) -> LibrariansView:
        """`seat`'s hand and everything public (engine.librarians.view); never another hand or the deck order. A
        seat not in the game (0-based) raises ValueError."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n_players:
            raise ValueError(f"no seat {seat!r} in a game of {self.n_players}")
        visible = set(self.library.cards()) | set(self.hands[seat]) | set(self.discard)
        visible.update(card for held in self.held for card in held)
        visible.update(self.known)
        letters = tuple(letter if card in visible else -1 for card, letter in enumerate(self.letters))
        library = self.library.copy()
        library.letters = letters
        refusal = self.end_refusal()
        return LibrariansView(
            seat=seat,
            n_players=self.n_players,
            hand=tuple(self.card(c) for c in self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            deck_size=len(self.deck),
            held=tuple(tuple(self.card(c) for c in held) for held in self.held),
            fresh=tuple(sorted(self.fresh)),
            genres=self.genres,
            library=library,
            discard=tuple(self.card(c) for c in self.discard),
            tapped=dict(sorted(self.tapped.items())),
            known_hands=tuple(tuple(self.card(c) for c in hand if c in self.known) for hand in self.hands),
            deck_top=tuple(self.card(c) for c in known_run(self.deck, self.known)),
            current_seat=self.current_seat,
            turn=self.turn,
            phase=self.phase,
            pending=pending_seen(self.pending, seat, visible),
            need=self.turn_need(),
            end_block=None if refusal is None else refusal.code,
            played=tuple(self.played),
            start_groups=self.start_groups,
            can_undo=bool(self.undoable),
            taken_back=frozenset(self.taken_back),
            hand_limit=self.hand_limit,
            rules=frozenset(self.turn_rules | self.lasting_rules),
            resigned=tuple(sorted(self.resigned)),
            result=self.result,
            end_reason=self.end_reason,
            cards_not_played=self.cards_not_played(),
        )

    def to_dict(self) -> dict[str, Any]:
        return _to_dict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> LibrariansGame:
        """Reads a state written by to_dict; anything else (a damaged field, a card in two places) raises
        ValueError."""
        return _from_dict(d)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LibrariansGame) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # ---- outcome --------------------------------------------------------------------------------------------
    def standing(self, left: Collection[int] = ()) -> Outcome:
        """One shared result: every seat's score and the table's `result` are the cards not played; all share
        place 1; `shared` says whether the table won (every seat still playing wins then); `setup` is the genre
        of each colour, by colour name."""
        n = self.n_players
        won = self.result == "won"
        gone = self.resigned | frozenset(left)
        left_over = self.cards_not_played()
        return Outcome(scores=(left_over,) * n, ranking=tuple(range(n)), places=(1,) * n,
                       winners=frozenset(s for s in range(n) if s not in gone) if won else frozenset(),
                       termination=self._termination(),
                       shared=won, result=left_over, setup=tuple(sorted(zip(COLOURS, self.genres))))

    def outcome(self, left: Collection[int] = ()) -> Outcome | None:
        return self.standing(left) if self.result is not None else None

    def _termination(self) -> Termination:
        """A seat's resignation ends the game for the table; any other end is the rules'."""
        if self.result is None:
            return Termination.UNFINISHED
        return Termination.RESIGNED if self.end_reason == "resigned" else Termination.COMPLETED

    def score_breakdown(self, seat: int) -> dict[str, Any]:
        """The table's result in parts: cards left in the deck and in the hands; "total" is the cards not played."""
        return {"deck": len(self.deck), "hands": sum(len(hand) for hand in self.hands),
                "total": self.cards_not_played()}


def _chosen_genres(chosen: Mapping[str, str], rng: random.Random) -> tuple[str, ...]:
    """The genre of each colour: the lobby's choice, "random" drawn from the seed, else the default."""
    unknown = sorted(set(chosen) - set(COLOURS))
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not a colour; colours are {', '.join(COLOURS)}")
    genres = []
    for colour in COLOURS:
        genre = chosen.get(colour, GENRES[colour][0])
        if genre == "random":
            genre = rng.choice(GENRES[colour])
        if genre not in GENRES[colour]:
            raise ValueError(f"{genre!r} is not a {colour} genre; choose one of {', '.join(GENRES[colour])}")
        genres.append(genre)
    return tuple(genres)


def _to_dict(g: LibrariansGame) -> dict[str, Any]:
    return {
        "version": STATE_VERSION,
        "game": "librarians",
        "n_players": g.n_players,
        "seed": g.seed,
        "genres": list(g.genres),
        "letters": "".join(letter_text(letter) for letter in g.letters),
        "arrows": list(g.arrows),
        "library": g.library.to_list(),
        "deck": list(g.deck),
        "hands": [list(hand) for hand in g.hands],
        "held": [list(held) for held in g.held],
        "fresh": sorted(g.fresh),
        "discard": list(g.discard),
        "shelf_pile": list(g.shelf_pile),
        "opened_shelves": list(g.opened_shelves),
        "hand_limit": g.hand_limit,
        "turn_rules": sorted(g.turn_rules),
        "lasting_rules": sorted(g.lasting_rules),
        "tapped": [[card, seat] for card, seat in sorted(g.tapped.items())],
        "known": sorted(g.known),
        "start_groups": g.start_groups,
        "current_seat": g.current_seat,
        "turn": g.turn,
        "need": g.need,
        "played": list(g.played_cards),
        "undoable": [[card, r, x, index] for card, (r, x), index in g.undoable],
        "taken_back": [[[list(p) for p in before], list(place), letter] for before, place, letter in g.taken_back],
        "queue": [step.to_dict() for step in g.queue],
        "result": g.result,
        "end_reason": g.end_reason,
        "resigned": sorted(g.resigned),
        "draws": g.draws,
    }


def _from_dict(d: dict[str, Any]) -> LibrariansGame:
    if not isinstance(d, dict) or d.get("game") != "librarians" or d.get("version") != STATE_VERSION:
        raise ValueError(f"not a Librarians state of version {STATE_VERSION}")
    try:
        return _checked(d)
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as err:
        raise ValueError(f"not a readable Librarians state: {err}") from None


def _ints(value: Any, field: str, low: int, high: int) -> list[int]:
    if not isinstance(value, list) or not all(_is_int(v) and low <= v < high for v in value):
        raise ValueError(f"state {field} must be a list of ints {low}..{high - 1}")
    return list(value)


def _played(value: Any, library: Library) -> list[int]:
    """The cards laid this turn: card ids, or (states written before) the places they were laid at. A card may
    be named twice (Mythology took it back into the hand and it was laid again)."""
    if not isinstance(value, list):
        raise ValueError("state played must be a list")
    cards = []
    for entry in value:
        if isinstance(entry, list) and len(entry) == 2 and all(_is_int(v) for v in entry) and entry[1] != 0:
            entry = library.top((entry[0], entry[1]))
        if not _is_int(entry) or not 0 <= entry < BOOKS:
            raise ValueError("state played must hold card ids (or places that hold a card)")
        cards.append(entry)
    return cards


def _undoable(value: Any, g: LibrariansGame) -> list[tuple[int, Place, int]]:
    """The placements Undo takes back, last first: each must still lie on top of its place, and go back to a
    position of the hand, once the later ones are taken back."""
    if not isinstance(value, list) or not all(isinstance(entry, list) and len(entry) == 4
                                              and all(_is_int(v) for v in entry) for entry in value):
        raise ValueError("state undoable must be [card, row, x, hand index] lists")
    entries = [(card, (r, x), index) for card, r, x, index in value]
    if entries and g.played_cards[-len(entries):] != [card for card, _, _ in entries]:
        raise ValueError("state undoable must be the last cards laid this turn")
    library, hand = g.library.copy(), list(g.hands[g.current_seat])
    for card, place, index in reversed(entries):
        if library.top(place) != card or not 0 <= index <= len(hand):
            raise ValueError("state undoable must name this turn's cards on top of their places")
        library.take(place)
        hand.insert(index, card)
    return entries


def _taken_back(value: Any, rows: int) -> list[TakenBack]:
    """[[places filled before, place, letter], ...] with places inside the rows; states written before this
    field existed have none."""
    def place(p: Any) -> Place:
        if not (isinstance(p, list) and len(p) == 2 and all(_is_int(v) for v in p) and 0 <= p[0] < rows
                and p[1] != 0):
            raise ValueError("state taken_back places must be [row, x] of the library")
        return p[0], p[1]

    if not isinstance(value, list):
        raise ValueError("state taken_back must be a list")
    entries: list[TakenBack] = []
    for entry in value:
        if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], list) and _is_int(entry[2])
                and 0 <= entry[2] < 26):
            raise ValueError("state taken_back entries must be [places before, place, letter 0-25]")
        taken = (tuple(place(p) for p in entry[0]), place(entry[1]), entry[2])
        if taken in entries:
            raise ValueError("state taken_back entries must be distinct")
        entries.append(taken)
    return entries


def _check_step(step: Pending, g: LibrariansGame) -> None:
    """A pending step's seat and every option must exist in this game (a power's resume reads them as is)."""
    if not 0 <= step.seat < g.n_players or not 1 <= step.step <= max(1, step.steps):
        raise ValueError("state queue steps need a seat of the game and a step number")
    rows = len(g.library.rows)
    for option in step.options:
        kind, value = read_option(option)
        if (kind == "seat" and not 0 <= value < g.n_players) or (kind == "row" and not 0 <= value < rows) \
                or (kind == "card" and not 0 <= value < BOOKS) \
                or (kind == "place" and (not 0 <= value[0] < rows or value[1] == 0
                                         or (step.kind == "pick_book" and g.library.top(value) is None))):
            raise ValueError(f"state queue option {option!r} does not exist")
    if step.kind == GIVE and (len(step.data) != 1 or step.data[0] not in g.discard):
        raise ValueError("state give step must name a card of the discard")


def _checked(d: dict[str, Any]) -> LibrariansGame:
    g = LibrariansGame()
    n = d["n_players"]
    if not _is_int(n) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"state n_players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    if not _is_int(d["seed"]):
        raise ValueError("state seed must be an int")
    g.n_players, g.seed = n, d["seed"]
    genres = d["genres"]
    if not isinstance(genres, list) or len(genres) != len(COLOURS) or any(
            genre not in GENRES[colour] for genre, colour in zip(genres, COLOURS)):
        raise ValueError("state genres must name one genre of each colour")
    g.genres = tuple(genres)
    letters = d["letters"]
    if not isinstance(letters, str) or len(letters) != BOOKS or not all("A" <= ch <= "Z" for ch in letters):
        raise ValueError(f"state letters must be {BOOKS} letters A-Z")
    g.letters = tuple(ord(ch) - ord("A") for ch in letters)
    arrows = d["arrows"]
    if not isinstance(arrows, list) or len(arrows) != SHELF_CARDS or any(a not in (1, -1) for a in arrows):
        raise ValueError(f"state arrows must be {SHELF_CARDS} of 1 or -1")
    g.arrows = tuple(arrows)
    rows = []
    for row in d["library"]:
        cells: dict[int, list[int]] = {}
        for x, stack in row["cells"]:
            if not _is_int(x) or x == 0 or x in cells or not stack:
                raise ValueError("state library cells must be distinct non-zero x with a stack")
            cells[x] = _ints(stack, "library stack", 0, BOOKS)
        if not _is_int(row["shelf"]) or not 0 <= row["shelf"] < SHELF_CARDS or row["arrow"] not in (1, -1):
            raise ValueError("state library rows need a shelf card and an arrow")
        rows.append(Row(row["shelf"], row["arrow"], cells))
    if not 1 <= len(rows) <= SHELF_CARDS:
        raise ValueError(f"state library must have 1 to {SHELF_CARDS} shelf rows")
    g.library = Library(g.letters, rows)
    g.deck = _ints(d["deck"], "deck", 0, BOOKS)
    if not isinstance(d["hands"], list) or len(d["hands"]) != n or not isinstance(d["held"], list) \
            or len(d["held"]) != n:
        raise ValueError(f"state hands and held must have {n} seats")
    g.hands = [_ints(hand, "hands", 0, BOOKS) for hand in d["hands"]]
    g.held = [_ints(held, "held", 0, BOOKS) for held in d["held"]]
    g.fresh = set(_ints(d["fresh"], "fresh", 0, BOOKS))
    if not g.fresh <= {card for held in g.held for card in held}:
        raise ValueError("state fresh cards must be held cards")
    g.discard = _ints(d["discard"], "discard", 0, BOOKS)
    everywhere = sorted(list(g.library.cards()) + g.deck + g.discard + [c for h in g.hands + g.held for c in h])
    if everywhere != list(range(BOOKS)):
        raise ValueError(f"state must hold each of the {BOOKS} cards exactly once")
    shelves = [row.shelf for row in rows] + _ints(d["shelf_pile"], "shelf_pile", 0, SHELF_CARDS)
    if len(set(shelves)) != len(shelves):
        raise ValueError("state shelf cards must be distinct")
    g.shelf_pile = shelves[len(rows):]
    g.opened_shelves = _ints(d.get("opened_shelves", []), "opened_shelves", 0, SHELF_CARDS)
    if not _is_int(d["hand_limit"]) or not MIN_HAND_LIMIT <= d["hand_limit"] <= MAX_HAND_LIMIT:
        raise ValueError(f"state hand_limit must be {MIN_HAND_LIMIT} to {MAX_HAND_LIMIT}")
    g.hand_limit = d["hand_limit"]
    for field in ("turn_rules", "lasting_rules"):
        if not isinstance(d[field], list) or not all(isinstance(name, str) for name in d[field]):
            raise ValueError(f"state {field} must be a list of names")
    g.turn_rules, g.lasting_rules = set(d["turn_rules"]), set(d["lasting_rules"])
    in_library = set(g.library.cards())
    g.tapped = {card: seat for card, seat in d["tapped"]
                if _is_int(card) and card in in_library and _is_int(seat) and 0 <= seat < n}
    if len(g.tapped) != len(d["tapped"]):
        raise ValueError("state tapped must be [card, seat] pairs of distinct library cards and seats")
    g.known = set(_ints(d["known"], "known", 0, BOOKS))
    for field in ("current_seat", "turn", "need", "draws", "start_groups"):
        if not _is_int(d[field]) or d[field] < 0:
            raise ValueError(f"state {field} must be an int from 0")
    if d["current_seat"] >= n:
        raise ValueError(f"state current_seat must be 0-{n - 1}")
    if d["need"] > MIN_CARDS_PER_TURN:
        raise ValueError(f"state need must be 0 to {MIN_CARDS_PER_TURN}")
    g.current_seat, g.turn, g.need, g.draws = d["current_seat"], d["turn"], d["need"], d["draws"]
    g.start_groups = max(1, d["start_groups"])
    g.played_cards = _played(d["played"], g.library)
    g.undoable = _undoable(d["undoable"], g)
    g.taken_back = _taken_back(d.get("taken_back", []), len(rows))
    g.queue = [Pending.from_dict(step) for step in d["queue"]]
    for step in g.queue:
        _check_step(step, g)
    if d["result"] not in (None, "won", "lost") or not (d["end_reason"] is None or isinstance(d["end_reason"], str)):
        raise ValueError("state result must be null, won or lost")
    g.result, g.end_reason = d["result"], d["end_reason"]
    g.resigned = frozenset(_ints(d["resigned"], "resigned", 0, n))
    return g

