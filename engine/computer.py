"""What every game's computer player checks before it chooses, so a caller's mistake is caught the same way."""
from __future__ import annotations

from collections.abc import Collection


def check_request(level: object, levels: Collection[str], seed: object, over: bool) -> None:
    """Raises ValueError for an unknown level, a seed that is not an int, or a finished game.

    The seed must be an int: random.Random(None) would seed from the OS and a float or bool seed would hide a
    caller's mistake, and either breaks "the same view and seed give the same choice"."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"the computer player's seed must be an int, not {seed!r}")
    if not isinstance(level, str) or level not in levels:
        raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(levels)}")
    if over:
        raise ValueError("the game is over: there is nothing to choose")
