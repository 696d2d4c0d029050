"""The games the bot offers: every kind with a Discord face. A registered engine game without one is simply not
offered."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import discord

    from bot.service.models import GameOptions, PlayResult, Seat, Table


@dataclass(frozen=True)
class Face:
    kind: str
    """The engine.registry kind this face plays."""
    extension: str
    """The module discord.py loads for it: its `setup` adds the game's command group and buttons."""
    group: str | None = None
    """Its slash command group (`/shelfie`), when not named as its kind; generic words name a game's commands
    through it (`bot.presenters.words.command_text`), never by writing them out."""
    demo: str | None = None
    """A module whose `run_demo(outdir, players=, level=, seed=)` plays a computer-only game for `shelfie-bot demo`
    and returns the lines to print."""


FACES: dict[str, Face] = {face.kind: face for face in (
    Face("shelfie", "bot.games.shelfie.cog", demo="bot.games.shelfie.demo"),
    Face("dice", "bot.games.dice.cog"),
)}


class GameFace(Protocol):
    """What the generic lobby and outbox ask of a game's face; its extension installs it (`install_face`)."""

    def options_text(self, options: GameOptions, locale: object) -> str:
        """The lobby's line of chosen options."""
        ...

    async def send_secrets(self, client: discord.Client, table: Table) -> list[Seat]:
        """What each seat alone may see, by DM at the start; returns the seats whose DMs are closed."""
        ...

    def result_lines(self, result: PlayResult, locale: object) -> list[str]:
        """What the turns of one step did, in words (also the one-line summary an old message collapses to)."""
        ...

    async def turn_message(self, table: Table, result: PlayResult,
                           locale: object) -> tuple[list[str], list[discord.File], discord.ui.View | None]:
        """The live message's further lines, pictures and buttons, for the game as it stands (or its end)."""
        ...


_installed: dict[str, GameFace] = {}


def install_face(kind: str, face: GameFace) -> None:
    if kind not in FACES:
        raise ValueError(f"{kind!r} is not listed in FACES")
    _installed[kind] = face


def face_of(kind: str) -> GameFace:
    """The installed face of a game kind (its extension is loaded with the bot)."""
    try:
        return _installed[kind]
    except KeyError:
        raise LookupError(f"no Discord face installed for {kind!r}") from None
