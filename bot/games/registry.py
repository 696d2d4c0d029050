"""The games the bot offers, each by its face manifest: `bot.games.<kind>` exports `FACE` for every kind the engine
registers, and the platform builds the game's command group, installs its buttons and asks it for its messages
from that manifest alone. Nothing here, and nothing a face imports, names another game."""
from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable, Coroutine, Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from engine.protocol import OptionValue
from engine.registry import KINDS, rules_of

if TYPE_CHECKING:
    import discord
    from discord import app_commands

    from bot.service.models import GameOptions, PlayResult, Seat, Table

    Handler = Callable[[discord.Interaction, int, tuple[str, ...], tuple[str, ...]], Awaitable[None]]

class GameFace(Protocol):
    """What the generic commands, lobby and outbox ask of a game's face: its words, pictures and buttons."""

    def options_text(self, options: GameOptions, locale: object) -> str:
        """The lobby's line of chosen options."""
        ...

    def result_lines(self, result: PlayResult, locale: object) -> list[str]:
        """What the turns of one step did, in words (also the one-line summary an old message collapses to)."""
        ...

    async def turn_message(self, table: Table, result: PlayResult | None,
                           locale: object) -> tuple[list[str], list[discord.File]]:
        """The live message's further lines and pictures, for the game as it stands (or its end); `result` None is
        the board shown again (`/<game> board`), with no step to tell."""
        ...

    def turn_buttons(self, table: Table, locale: object) -> discord.ui.View | None:
        """The running game's buttons on its live message (the platform puts Rematch on a finished game's)."""
        ...

    async def hint_text(self, table: Table, seat: Seat, action: Any, locale: object) -> str:
        """The computer's suggestion for this seat, in words."""
        ...


@runtime_checkable
class CoopFace(GameFace, Protocol):
    """The face of a co-operative game, or of a game with a solo mode, says one thing more: its best results are
    kept per setup."""

    def setup_text(self, setup: Mapping[str, OptionValue], locale: object) -> str:
        """A setup (the game's own options as played, `Outcome.setup`) in words, beside a best result."""
        ...


@dataclass(frozen=True)
class RulesTopic:
    """The option of `/<game> rules` that explains one part of the rules (a goal, a genre) instead of them all."""

    option: str
    answer: Callable[[discord.Interaction, str], Awaitable[None]]
    """Tell the asking person about the topic typed or chosen."""
    choices: Callable[[], Sequence[app_commands.Choice[str]]] | None = None
    """A fixed list Discord offers (the option takes only these), or None for a typed option..."""
    suggest: Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]] | None = None
    """...with these suggestions as it is typed."""
    length: int = 100
    """Longest text typed into a typed option."""


@dataclass(frozen=True)
class Secrets:
    """A game whose seats hold secrets (a goal card, a hand): each person gets theirs by DM at the start, with a
    Refresh button that redraws it."""

    text: Callable[[discord.Client, Table, Seat, object], str | None]
    """The seat's secret in words for its person's DM; None once there is nothing to show."""
    picture: Callable[[Table, Seat, object], Awaitable[discord.File]]
    """The secret's picture, beside its words."""
    refresh: str
    """The action of the DM's Refresh button (part of its custom id)."""
    gone: str
    """The catalog key of Refresh's answer once the game has nothing more to show."""
    button: str
    """The catalog key of the turn message's button that shows the secret to its owner alone (**My hand**)."""
    command: str
    """The game's subcommand that shows it privately (`hand`), for where a DM is not seen (the sandbox's page)."""


@dataclass(frozen=True)
class Face:
    """A game's face manifest (`bot.games.<kind>.FACE`): everything of the game's the platform uses above the
    service. The platform writes the rest once: its command group's lobby verbs, `new` with the options of the
    game's description, `board`, `hint`, `resign` and `rules`, the secrets' DMs and Rematch."""

    kind: str
    """The engine.registry kind this face plays."""
    face: GameFace
    commands: Callable[[Face], app_commands.Group]
    """The game's command group, made from this manifest: bot.game_group.GameCommands, or its subclass with the
    game's own commands (its typed play...)."""
    rules_embed: Callable[[object], discord.Embed]
    """`/<game> rules`: the rules in the reader's language."""
    clicks: tuple[Handler, ...] = ()
    """The handlers (marked with bot.clicks.routing.handles) of the game's own buttons and selects."""
    group: str | None = None
    """Its slash command group (`/shelfie`), when not named as its kind; generic words name a game's commands
    through it (`bot.presenters.words.command_text`), never by writing them out."""
    rules_topic: RulesTopic | None = None
    secrets: Secrets | None = None
    demo: str | None = None
    """A module whose `run_demo(outdir, players=, level=, seed=)` plays a computer-only game for `shelfie-bot demo`
    and returns the lines to print."""


def _checked(kind: str) -> Face:
    """The manifest `bot.games.<kind>` exports, after checking it plays that kind."""
    face: Face = importlib.import_module(f"bot.games.{kind}").FACE
    if face.kind != kind:
        raise ValueError(f"bot.games.{kind}.FACE plays {face.kind!r}")
    if rules_of(kind).description.measure is not None and not isinstance(face.face, CoopFace):
        raise ValueError(f"{kind!r} keeps results per setup: its face must say its setups in words "
                         "(CoopFace.setup_text)")
    return face


class _Faces(MutableMapping[str, Face]):
    """Every game's manifest by kind, read from its package the first time one is asked for (the packages import
    the generic bot code that reads this table, so it cannot be filled while they are imported)."""

    def __init__(self) -> None:
        self._faces: dict[str, Face] | None = None

    def _loaded(self) -> dict[str, Face]:
        if self._faces is None:
            self._faces = {kind: _checked(kind) for kind in KINDS}
        return self._faces

    def __getitem__(self, kind: str) -> Face:
        return self._loaded()[kind]

    def __setitem__(self, kind: str, face: Face) -> None:
        self._loaded()[kind] = face

    def __delitem__(self, kind: str) -> None:
        del self._loaded()[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())


FACES: MutableMapping[str, Face] = _Faces()
"""The games the bot offers, by kind (tests add a test game's face for one test)."""


def face_of(kind: str) -> GameFace:
    """A game kind's face (what the lobby and outbox ask it)."""
    try:
        return FACES[kind].face
    except KeyError:
        raise LookupError(f"no Discord face for {kind!r}") from None


def coop_face_of(kind: str) -> CoopFace:
    """The face of a co-operative game or of one with a solo mode (its manifest was checked to be one)."""
    face = face_of(kind)
    if not isinstance(face, CoopFace):
        raise LookupError(f"{kind!r} keeps no results per setup")
    return face
