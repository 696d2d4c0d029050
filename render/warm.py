"""Every registered game's pictures drawn once, so a fresh picture worker has each game's fonts, icons,
palettes and parts cached before its first real picture: each game's PICTURES.warm, by engine.registry kind.
Importing this module imports every game's pictures (the worker pool preloads it before forking)."""
from __future__ import annotations

from engine.registry import KINDS

from .manifest import Pictures, pictures_of

PICTURES: tuple[Pictures, ...] = tuple(pictures_of(kind) for kind in KINDS)


def warm_pictures() -> None:
    """Warm the pictures of every registered game."""
    for pictures in PICTURES:
        pictures.warm()
