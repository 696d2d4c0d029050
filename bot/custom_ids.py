"""The custom ids of every game's buttons and selects: `<kind>:<game_id>:<action>[:<arg>...]`.

`kind` is the game's kind (engine.registry; My Shelfie's is "shelfie", so the buttons of messages posted before
games had kinds keep working). Only kinds with a Discord face (bot.games.registry) are read. Bounded and ASCII
only, the game id no larger than the store can hold: an id the bot could not have made reads as None.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.numbers import read_number

from bot.games.registry import FACES
from bot.service.models import LARGEST_ID

CUSTOM_ID_LIMIT = 100
"""Discord's limit; a longer id can only be forged."""
_ID = re.compile(r"(?P<kind>[a-z][a-z0-9_]{0,15}):(?P<game>[0-9]{1,19}):(?P<action>[a-z][a-z0-9_]{0,15})"
                 r"(?P<args>(?::[A-Za-z0-9_]{0,24}){0,6})", re.ASCII)


@dataclass(frozen=True, slots=True)
class ComponentId:
    kind: str
    game_id: int
    action: str
    args: tuple[str, ...]


def custom_id(kind: str, game_id: int, action: str, *args: object) -> str:
    text = ":".join([kind, str(game_id), action, *(str(a) for a in args)])
    if parse_custom_id(text) is None:
        raise ValueError(f"not a valid custom id: {text[:CUSTOM_ID_LIMIT + 20]}")
    return text


def parse_custom_id(text: str) -> ComponentId | None:
    """What a custom id asks for, or None when it is not one the bot could have made."""
    match = _ID.fullmatch(text) if len(text) <= CUSTOM_ID_LIMIT else None
    game_id = read_number(match["game"], high=LARGEST_ID) if match is not None else None
    if match is None or match["kind"] not in FACES or game_id is None:
        return None
    args = match["args"]
    return ComponentId(match["kind"], game_id, match["action"], tuple(args.split(":")[1:]) if args else ())


def id_number(texts: tuple[str, ...], index: int) -> int | None:
    """The number at `index` of a custom id's arguments or a select's values (a turn, a card, a choice); None when
    missing, not ASCII digits or larger than anything the bot makes (a forged id may carry anything)."""
    return read_number(texts[index], high=LARGEST_ID) if len(texts) > index else None
