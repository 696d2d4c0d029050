"""Every registered game's pictures drawn once, so a fresh picture worker has each game's fonts, icons,
palettes and parts cached before its first real picture. Each game's render package has its own warm hook;
this lists them by engine.registry kind (adding a game with pictures adds a line)."""
from __future__ import annotations

from collections.abc import Callable

from engine.registry import GAMES

from .dice.warm import warm_pictures as warm_dice
from .librarians.warm import warm_pictures as warm_librarians
from .shelfie.warm import warm_pictures as warm_shelfie

WARMERS: dict[str, Callable[[], None]] = {"shelfie": warm_shelfie, "dice": warm_dice, "librarians": warm_librarians}


def warm_pictures() -> None:
    """Warm the pictures of every registered game that has any (a game without pictures has nothing to warm)."""
    for kind in GAMES:
        warm = WARMERS.get(kind)
        if warm is not None:
            warm()
