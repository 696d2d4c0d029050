"""The 24 genre powers (shared/games/librarians.md, "Genres"), one module per colour, listed in `POWERS`, which the
core (engine.librarians.game) reads. Each module's docstring records the decisions made where the rules page is
silent."""
from __future__ import annotations

from . import black, blue, green, purple, red, yellow
from .base import Power

POWERS: dict[str, Power] = {power.genre: power for module in (red, green, blue, purple, yellow, black)
                            for power in module.POWERS}
"""genre id -> its power; every genre of every colour has one."""

__all__ = ["POWERS", "Power"]
