"""A bench's view of what the bot sends to (simulated) Discord: its REST requests with the bot token and its
interaction answers and followups, which discord.py sends through the webhook adapter instead."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from discord.webhook.async_ import async_context

Send = Callable[..., Awaitable[Any]]
"""A request method: `send(route, ...)`."""
Tap = Callable[[Send], Send]
"""Wraps a request method: given the original, returns what the bot calls instead."""


def tap_requests(bot: Any, *, http: Tap, interactions: Tap) -> None:
    """Replace the bot's REST request (`http`) and the current webhook adapter's (`interactions`) by wrappers of the
    originals, on these instances only; setattr says so (mypy refuses a plain assignment to a method, usually a
    mistake)."""
    adapter = async_context.get()
    setattr(bot.http, "request", http(bot.http.request))
    setattr(adapter, "request", interactions(adapter.request))
