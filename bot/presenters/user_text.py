"""Text that came from users (names, typed options, server and channel names) inside what the bot sends.

Anything a user typed or chose as a name can be as long as Discord (or a forged payload) lets it be, so it is
always cut before it goes into a message, an embed, an autocomplete choice, a thread name or a log line; and a
whole message is cut to Discord's limit as the last step, so no input can make Discord refuse an answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from discord.utils import escape_markdown

ELLIPSIS = "…"
QUOTE_LIMIT = 40
"""How much of a typed value a refusal shows: enough to recognise it."""
NAME_LIMIT = 32
"""Discord's own limit for user and display names; longer stored names are cut to it."""
CONTENT_LIMIT = 2000
"""Discord's limit for a message's content."""
CHOICE_LIMIT = 100
"""Discord's limit for an autocomplete choice's name and value, a select option's label, a thread name."""


def clipped(text: object, limit: int) -> str:
    """`text` cut to at most `limit` characters, the cut shown by an ellipsis."""
    value = str(text)
    return value if len(value) <= limit else value[: max(0, limit - 1)] + ELLIPSIS


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """User text to echo back: on one line, cut to `limit` characters, markdown shown as typed."""
    return escape_markdown(clipped(" ".join(str(text).split()), limit))


def fit_content(text: str) -> str:
    """A message's content within Discord's 2,000 characters."""
    return clipped(text, CONTENT_LIMIT)


def capped_lines(lines: Sequence[str], more: str, limit: int = CONTENT_LIMIT, *, hidden: int = 0) -> list[str]:
    """As many whole lines as fit in `limit` characters (joined by newlines), then `more` formatted with how many
    were left out ("and {count} more"; `hidden` counts items left out before), so a list that grows with use
    never outgrows a message."""
    total = len(lines) + hidden
    kept: list[str] = []
    used = 0
    for index, line in enumerate(lines):
        left_after = total - index - 1
        tail = len(more.format(count=left_after)) + 1 if left_after else 0
        if used + len(line) + 1 + tail > limit:
            return [*kept, more.format(count=total - index)]
        kept.append(line)
        used += len(line) + 1
    return [*kept, more.format(count=hidden)] if hidden else kept


def lines_content(lines: list[str]) -> str:
    """The non-empty lines as one message content, cut to Discord's limit."""
    return fit_content("\n".join(line for line in lines if line))
