"""Jobs for tests/service/test_workers.py; module-level so a worker process can import them by name."""
from __future__ import annotations

import os
import time
from pathlib import Path


def pid() -> int:
    return os.getpid()


def die_once(marker: str) -> str:
    """Kills the process it runs in the first time (as a crash or the OOM killer would), then answers."""
    path = Path(marker)
    if not path.exists():
        path.write_text("died")
        os._exit(1)
    return "answered"


def die_outside(home_pid: int) -> int:
    """Kills every worker it runs in; answers only in the bot's own process."""
    if os.getpid() != home_pid:
        os._exit(1)
    return os.getpid()


def sleep(seconds: float) -> str:
    time.sleep(seconds)
    return "woke"


def warmed_pictures() -> dict[str, int]:
    """What a picture worker has cached before its first real picture: each game's costliest part."""
    from render.books.pictures import books_palette
    from render.dice.pictures import dice_palette
    from render.librarians.pictures import librarians_palette
    from render.shelfie.picture_palette import picture_palette

    return {"dice": dice_palette.cache_info().currsize, "shelfie": picture_palette.cache_info().currsize,
            "librarians": librarians_palette.cache_info().currsize, "books": books_palette.cache_info().currsize}
