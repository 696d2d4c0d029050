"""One log line per interaction and per game event, each naming game, guild and user.

Every record carries `game`, `guild` and `user` fields ("-" when unknown), so
an operator can grep one game's whole history. Tracebacks go only to the log.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Mapping

FORMAT = "%(asctime)s %(levelname)s %(name)s game=%(game)s guild=%(guild)s user=%(user)s %(message)s"
CONTEXT_FIELDS = ("game", "guild", "user")
HANDLER_NAME = "shelfie"

log = logging.getLogger("shelfie")


class ContextFilter(logging.Filter):
    """Fill the context fields on records that did not set them (discord.py's own, for example).

    Drops discord.py's start-up notice that voice libraries are missing: the bot has no voice.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name == "discord.client" and "voice will NOT be supported" in record.getMessage():
            return False
        for name in CONTEXT_FIELDS:
            if not hasattr(record, name) or getattr(record, name) is None:
                setattr(record, name, "-")
        return True


class StderrHandler(logging.StreamHandler):
    """Writes to whatever sys.stderr is when a record arrives (test runners swap it)."""

    @property
    def stream(self) -> object:
        return sys.stderr

    @stream.setter
    def stream(self, _value: object) -> None:
        pass


def setup_logging(level: str = "INFO") -> None:
    """Send every logger to stderr in FORMAT; discord.py's gateway chatter stays at WARNING."""
    handler = StderrHandler()
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(ContextFilter())
    handler.set_name(HANDLER_NAME)
    root = logging.getLogger()
    for old in [h for h in root.handlers if h.get_name() == HANDLER_NAME]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    logging.getLogger("discord").setLevel(max(logging.getLevelName(level), logging.WARNING))


def context(game: object = None, guild: object = None, user: object = None) -> Mapping[str, object]:
    """`extra=` for a log call: ``log.info("moved", extra=context(game_id, guild_id, user_id))``."""
    return {"game": game if game is not None else "-", "guild": guild or "-", "user": user or "-"}


def game_event(event: str, *, game: object, guild: object = None, user: object = None, **fields: object) -> None:
    """Log one game event line: ``game_event("move", game=12, guild=g, user=u, move="E4 E5 3")``."""
    details = "".join(
        f" {key}={value!r}" if isinstance(value, str) and " " in value else f" {key}={value}"
        for key, value in fields.items()
    )
    log.info("event=%s%s", event, details, extra=context(game, guild, user))
