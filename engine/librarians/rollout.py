"""Playing a guessed game forward for the hard teammate (engine.librarians.hard): quick teammates that lay what
their turn needs, and a judge of where the library is left.

The games played here are guesses dealt from one seat's view (engine.librarians.guess), so every hand in them is
open to these quick teammates: they stand for teammates who see their own hands. They are quick because a hard
decision plays dozens of these turns: a card goes on a stack of its letter first (it takes no room), else on the
touching empty place with the narrowest window of letters (keeping the wide places for the cards to come), never
completing a Horror line; when that does not end the turn, the game's own finishing search decides. They use no
powers, and give a completed genre's card to the next seat.
"""
from __future__ import annotations

from .actions import Choose, EndTurn, Play, Undo
from .cards import colour_of
from .data import LINE_LENGTH, RED
from .game import LibrariansGame
from .openness import PLACE_VALUE, place_counts
from .pending import GIVE, seat_option

HORROR = "horror"


def answer_steps(game: LibrariansGame) -> None:
    """Answers every pending step: a completed genre's card to the next seat, a power's step by its first option."""
    while game.pending is not None:
        pending = game.pending
        option = pending.options[0]
        if pending.kind == GIVE:
            nxt = seat_option((pending.seat + 1) % game.n_players)
            option = nxt if nxt in pending.options else option
        game.apply(Choose(option), pending.seat)


def _quick_card(game: LibrariansGame, seat: int) -> tuple[int, tuple[int, int]] | None:
    """The card the quick teammate lays next, and where (None: no card touches the library anywhere)."""
    library = game.library
    table = {place: (top, low, high) for place, top, low, high in library.spot_table()}
    horror = game.genres[RED] == HORROR
    best: tuple[int, int, tuple[int, int]] | None = None
    for card in game.hands[seat]:
        for place in game.legal_places(card):
            top, low, high = table[place]
            score = -1 if top >= 0 else high - low
            if best is not None and score >= best[0]:
                continue
            if top < 0 and not library.touches_library(place):  # a place that touches nothing helps nobody
                continue
            if horror and colour_of(card) == RED:
                library.put(place, card)
                red_line = any(colour == RED for colour, _ in library.lines_through(place, LINE_LENGTH))
                library.take(place)
                if red_line:
                    continue
            best = (score, card, place)
    return None if best is None else (best[1], best[2])


def quick_turn(game: LibrariansGame) -> None:
    """The seat to play plays its whole turn quickly (see the module); when nothing ends it, the table loses, as
    the rules say."""
    seat, turn = game.current_seat, game.turn
    while game.turn_need() > 0:
        choice = _quick_card(game, seat)
        if choice is None:
            break
        game.apply(Play(*choice), seat)
        answer_steps(game)
        if game.is_over or game.turn != turn:
            return
    if game.can_end_turn():
        game.apply(EndTurn(), seat)
        return
    while game.undoable:
        game.apply(Undo(), seat)
    plan = game.finishing_plan()
    for card, place in plan or ():
        game.apply(Play(card, place), seat)
        answer_steps(game)
        if game.is_over:
            return
    if plan is not None and game.can_end_turn():
        game.apply(EndTurn(), seat)
    else:
        game.finish("lost", "stuck")


def room_left(game: LibrariansGame) -> float | None:
    """How much room the library keeps for the cards still to play (in hands and the deck), 0-1: each card's
    letter by its places, the first counting most (engine.librarians.openness.PLACE_VALUE). None when one of them
    has no place at all: no stack of its letter, no empty place its letter fits (the rows around it are closed
    for good), so only a completion taking books out could still let it be laid."""
    counts = place_counts(game.library, game.placing())
    left = [game.letters[card] for hand in game.hands for card in hand] + [game.letters[card] for card in game.deck]
    if not left:
        return 1.0
    if any(not counts[letter] for letter in left):
        return None
    return sum(PLACE_VALUE[min(counts[letter], 4)] for letter in left) / (len(left) * PLACE_VALUE[-1])
