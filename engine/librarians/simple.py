"""A simple computer teammate until the real ones (easy/normal) land: it plays the first order of its hand's
cards that reaches a legal end of turn, answers every choice with its first option, and uses a held power only
when nothing else can finish the turn. It looks only at its own hand and the public library."""
from __future__ import annotations

from .actions import Action, Choose, EndTurn, Play, Undo, UsePower
from .game import LibrariansGame


def choose_simple(game: LibrariansGame) -> Action:
    """A legal action for the seat to act; raises ValueError when the game is over."""
    if game.is_over:
        raise ValueError("the game is over: there is nothing to choose")
    pending = game.pending
    if pending is not None:
        return Choose(pending.options[0])
    plan = game.finishing_plan()
    if plan:
        card, place = plan[0]
        return Play(card, place)
    if plan is not None:
        return EndTurn()
    usable = game.usable_powers()
    if usable:
        return UsePower(usable[0])
    return Undo()
