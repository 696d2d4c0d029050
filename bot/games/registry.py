"""The games the bot offers: every kind with a Discord face. A registered engine game without one (the Dice
Game, until its face exists) is simply not offered."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Face:
    kind: str
    """The engine.registry kind this face plays."""
    extension: str
    """The module discord.py loads for it: its `setup` adds the game's command group and buttons."""


FACES: dict[str, Face] = {face.kind: face for face in (
    Face("shelfie", "bot.cogs.shelfie"),
)}
