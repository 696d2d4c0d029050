"""Apartments written the short way for the card tests: "A1=RGB B2=Y" is a grid with a stack of red, green,
blue (bottom to top) on A1 and a yellow book on B2, every other space empty."""
from __future__ import annotations

from engine.books.data import SPACES
from engine.books.state import Apartment, Player


def grid(text: str) -> dict[str, str]:
    stacks = {space: "" for space in SPACES}
    for part in text.split():
        space, stack = part.split("=")
        assert space in stacks, space
        stacks[space] = stack
    return stacks


def player(text: str = "", **fields: object) -> Player:
    """A player whose grid is `text`, with any other Player field given (scored, neat, kitties, reach...)."""
    someone = Player(colour="R", battery=3, apartment=Apartment(stacks=grid(text)))
    for name, value in fields.items():
        setattr(someone, name, value)
    return someone
