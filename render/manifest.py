"""What the platform asks of one game's pictures: `render.<kind>.PICTURES`, found through engine.registry's KINDS
(render.warm, render.gallery and `python -m bench render` read it; tests read its captions)."""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol


SavePicture = Callable[[str, bytes], None]
"""Where a game's gallery puts each picture: its file name and its PNG bytes."""


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


def pictures_of(kind: str) -> Pictures:
    """The PICTURES of the game of this kind; a game package without them raises TypeError naming it."""
    pictures = getattr(importlib.import_module(f"render.{kind}"), "PICTURES", None)
    if not isinstance(pictures, Pictures):
        raise TypeError(f"render.{kind} must export PICTURES, a render.manifest.Pictures")
    return pictures
