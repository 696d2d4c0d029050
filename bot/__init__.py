"""Shelfie bot: the discord.py adapter around the game table service.

`from bot import create_bot` is the factory; it is imported lazily so that
`import bot.service` or `bot.store` never pulls in discord.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.client import ShelfieBot, create_bot

__all__ = ["ShelfieBot", "create_bot"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from bot import client

        return getattr(client, name)
    raise AttributeError(f"module 'bot' has no attribute {name!r}")
