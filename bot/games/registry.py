"""The games the bot offers: every kind with a Discord face. A registered engine game without one is simply not
offered."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from engine.protocol import OptionValue
from engine.registry import rules_of

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
    Face("librarians", "bot.games.librarians.cog"),
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


@runtime_checkable
class CoopFace(GameFace, Protocol):
    """The face of a co-operative game says one thing more: its best results are kept per setup."""

    def setup_text(self, setup: Mapping[str, OptionValue], locale: object) -> str:
        """A setup (the game's own options as played, `Outcome.setup`) in words, beside a best result."""
        ...


_installed: dict[str, GameFace] = {}


def install_face(kind: str, face: GameFace) -> None:
    if kind not in FACES:
        raise ValueError(f"{kind!r} is not listed in FACES")
    if rules_of(kind).description.cooperative and not isinstance(face, CoopFace):
        raise ValueError(f"{kind!r} is co-operative: its face must say its setups in words (CoopFace.setup_text)")
    _installed[kind] = face


def face_of(kind: str) -> GameFace:
    """The installed face of a game kind (its extension is loaded with the bot)."""
    try:
        return _installed[kind]
    except KeyError:
        raise LookupError(f"no Discord face installed for {kind!r}") from None


def coop_face_of(kind: str) -> CoopFace:
    """The installed face of a co-operative game (install_face made sure it is one)."""
    face = face_of(kind)
    if not isinstance(face, CoopFace):
        raise LookupError(f"{kind!r} is not a co-operative game")
    return face
