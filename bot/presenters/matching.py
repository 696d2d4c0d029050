"""Which autocomplete choices fit what a player has typed, best first: every game's typed commands rank the same way.

A choice whose label or value starts with the typed text comes first, then one where a word starts with it, then
one that merely holds it inside a word — so `T` offers the T cards before every card whose label says "15 spots".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TypeVar

from discord import app_commands

ChoiceValue = TypeVar("ChoiceValue", str, int, float)
_WORD_START = re.compile(r"(?:^|[^\w])(?=\w)", re.UNICODE)


def match_rank(typed: str, *texts: str) -> int | None:
    """0: a text starts with `typed`; 1: a word of a text does; 2: a text holds it elsewhere; None: none holds it.
    Case is ignored; nothing typed fits every choice equally (0)."""
    wanted = typed.strip().casefold()
    if not wanted:
        return 0
    folded = [text.casefold() for text in texts]
    if any(text.startswith(wanted) for text in folded):
        return 0
    if any(text.startswith(wanted, m.end()) for text in folded for m in _WORD_START.finditer(text)):
        return 1
    return 2 if any(wanted in text for text in folded) else None


def ranked(typed: str, choices: Iterable[app_commands.Choice[ChoiceValue]],
           limit: int = 25) -> list[app_commands.Choice[ChoiceValue]]:
    """The choices that fit `typed`, by match_rank of their name and value, in their own order within a rank; at most
    `limit` (Discord shows 25)."""
    scored = []
    for index, choice in enumerate(choices):
        rank = match_rank(typed, choice.name, str(choice.value))
        if rank is not None:
            scored.append((rank, index, choice))
    return [choice for _, _, choice in sorted(scored, key=lambda item: item[:2])][:limit]
