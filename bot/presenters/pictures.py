"""Any game's pictures as Discord attachments, drawn in the picture workers (bot.service.workers).

The one path every game's face draws through: the event loop keeps answering, every core draws, a picture
stuck in a worker ends in TimeoutError (the outbox then posts the message later), and a fresh worker already
has every registered game's pictures warm (render.warm). A job is a module-level render function returning
PNG bytes, so a worker can run it by name and gives the bytes drawing in the bot's process would.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.service.workers import workers


async def drawn(filename: str, job: Callable[..., bytes], /, *args: Any, **kwargs: Any) -> discord.File:
    """`job(*args, **kwargs)` drawn in a picture worker, as an attachment named `filename`."""
    png = await workers().draw(job, *args, **kwargs)
    return discord.File(io.BytesIO(png), filename=filename)


async def drawn_set(filenames: Sequence[str], job: Callable[..., Sequence[bytes]], /, *args: Any,
                    **kwargs: Any) -> list[discord.File]:
    """Several pictures of one message drawn in one worker call (one round trip): `job` returns one PNG per
    name in `filenames`."""
    pngs = await workers().draw(job, *args, **kwargs)
    return [discord.File(io.BytesIO(png), filename=name) for png, name in zip(pngs, filenames, strict=True)]
