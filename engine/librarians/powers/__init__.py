"""The 24 genre powers (shared/games/librarians.md, "Genres"), one module per colour, registered with the core's
`EFFECTS` on import. Each module's docstring records the decisions made where the rules page is silent."""
from __future__ import annotations

from ..effects import EFFECTS
from . import black, blue, green, purple, red, yellow
from .base import Power

POWERS: dict[str, Power] = {power.genre: power for module in (red, green, blue, purple, yellow, black)
                            for power in module.POWERS}
"""genre id -> its power; every genre of every colour has one."""

EFFECTS.update(POWERS)

__all__ = ["POWERS", "Power"]
