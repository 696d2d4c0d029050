"""What the platform asks of one game's pictures: `render.<kind>.PICTURES`, found through engine.registry's KINDS
(render.warm, render.gallery, render.replay and `python -m bench render` read it; tests read its captions)."""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


SavePicture = Callable[[str, bytes], None]
"""Where a game's gallery puts each picture: its file name and its PNG bytes."""

Frame = Callable[[Any, Sequence[str], str], Sequence[bytes]]
"""(a state of the game, seat names, locale) -> PNG bytes of what everyone at the table sees of that state."""


class Measure(Protocol):
    """`python -m bench render`'s timer: `runs` calls of make (reset, untimed, before each), printed under label."""

    def __call__(self, label: str, make: Callable[[], bytes], runs: int,
                 reset: Callable[[], None] | None = None) -> None: ...


@dataclass(frozen=True, slots=True)
class Pictures:
    """One game's pictures as the platform uses them."""

    warm: Callable[[], None]
    """Draw each kind of picture once, so a fresh picture worker has the game's fonts, icons, palettes and parts
    cached before its first real picture."""
    gallery: Callable[[SavePicture], None]
    """Save the game's gallery pictures: seeded games drawn at the moments players see, every kind of picture."""
    bench: Callable[[Measure], None]
    """Time the game's pictures with bench render's timer."""
    captions: Mapping[str, Mapping[str, str]]
    """The game's own picture captions, id -> locale -> text (the shared ones are render.text's)."""
    frame: Frame | None = None
    """One frame of a replay (render.replay): the public pictures of a state, top to bottom, as its turn message
    shows them (the same PNG bytes), and once the game is over its end's pictures with what the end reveals. Never
    a secret before the end reveals it. None until the game has its replay (tests/platform/test_manifests.py
    names the part missing)."""


def pictures_of(kind: str) -> Pictures:
    """The PICTURES of the game of this kind; a game package without them raises TypeError naming it."""
    pictures = getattr(importlib.import_module(f"render.{kind}"), "PICTURES", None)
    if not isinstance(pictures, Pictures):
        raise TypeError(f"render.{kind} must export PICTURES, a render.manifest.Pictures")
    return pictures


def frame_of(kind: str) -> Frame:
    """The replay frame of the game of this kind; LookupError naming the part when its PICTURES has none."""
    frame = pictures_of(kind).frame
    if frame is None:
        raise LookupError(f"render.{kind}.PICTURES.frame is missing: the game has no replay frame")
    return frame
