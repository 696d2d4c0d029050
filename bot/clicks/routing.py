"""Buttons and selects that survive restarts: every custom id is `<kind>:<game_id>:<action>[:<arg>...]`
(bot.custom_ids).

The id carries all the state a click needs (game, turn, tiles chosen so far), so a
click is handled the same way whether the bot has run for a week or started a second
ago. One DynamicItem class per component type reads the id and calls the handler
installed for its action; handlers live next to the messages they belong to (lobby.py, a game's turn.py,
builder.py...), marked with `handles`, and answer clicks once the platform installs them (`install_clicks`) from the
lists it reads: its own and each game's face manifest (`FACE.clicks`).
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import discord

from bot.custom_ids import CUSTOM_ID_LIMIT, ComponentId, custom_id, parse_custom_id
from bot.error_reporting import reports_errors
from bot.games.registry import KINDS
from bot.i18n import t
from bot.presenters.refusals import refusal_text
from bot.service import TableStatus
from bot.service.refusals import ServiceError
from bot.service.models import Table
from bot.replies import reply_private
from bot.context import service_of

Handler = Callable[[discord.Interaction, int, tuple[str, ...], tuple[str, ...]], Awaitable[None]]
"""(interaction, game_id, id arguments, selected values)"""

_KINDS = "|".join(KINDS)
# Between them the two classes take every id of a game with a face, each exactly once (the move builder's tile
# selects are the `pick` actions), so an id the bot never made still reaches `_dispatch` and gets a clear answer,
# not silence. Ids of other kinds are no game button of this bot.
BUTTON_TEMPLATE = rf"(?:{_KINDS}):(?P<rest>(?![0-9]*:pick)(?s:.*))"
SELECT_TEMPLATE = rf"(?:{_KINDS}):(?P<rest>[0-9]*:pick(?s:.*))"


class Origin(enum.Enum):
    """The one kind of message an action's components live on; a click from any other is refused."""

    LOBBY = "lobby"
    """The game's lobby message, public in the game's channel or thread."""
    TURN = "turn"
    """A public message of the game other than its lobby (turn messages, `/shelfie board`, the score sheet)."""
    PRIVATE = "private"
    """An ephemeral message in the game's channel or thread (the move builder, the level chooser)."""
    DM = "dm"
    """A direct message to a player seated in the game (their goal card)."""


@dataclass(frozen=True, slots=True)
class _Registered:
    handler: Handler
    origin: Origin
    select: bool
    prompt: str | None


_HANDLERS: dict[tuple[str | None, str], _Registered] = {}
_MARK = "__click__"
"""The attribute `handles` marks a handler with: the action it answers and the message it belongs to."""


def handles(action: str, origin: Origin, *, select: bool = False, kind: str | None = None,
            prompt: str | None = None) -> Callable[[Handler], Handler]:
    """Mark the handler of one action and the message its components live on: a game's own action with its
    `kind`, or (kind None) an action every game shares, like the lobby's. The handler is returned unchanged and
    answers clicks once installed (`install_clicks`); each action has exactly one handler.

    `prompt` tells private messages apart (the move builder, the cancel question, the level chooser): a PRIVATE
    action is taken only from a message whose components are all of its own prompt."""

    def mark(handler: Handler) -> Handler:
        setattr(handler, _MARK, ((kind, action), _Registered(handler, origin, select, prompt)))
        return handler

    return mark


def install_clicks(handlers: Iterable[Handler]) -> None:
    """The handlers (each marked with `handles`) that answer clicks from now on, instead of any installed before."""
    table: dict[tuple[str | None, str], _Registered] = {}
    for handler in handlers:
        key, registered = getattr(handler, _MARK)
        if key in table:
            raise ValueError(f"action {key[1]!r} of {key[0] or 'every game'} already has a handler")
        table[key] = registered
    _HANDLERS.clear()
    _HANDLERS.update(table)


def _registered(target: ComponentId | None) -> _Registered | None:
    """The handler a custom id reaches: its game's own action first, then the one every game shares."""
    if target is None:
        return None
    return _HANDLERS.get((target.kind, target.action)) or _HANDLERS.get((None, target.action))


def _components(message: discord.Message) -> list[Any]:
    """Every button and select of a message, whatever rows hold them."""
    return [child for row in message.components for child in getattr(row, "children", ())]


def _offered(message: discord.Message, clicked: str, values: tuple[str, ...]) -> bool:
    """Whether the message carries the clicked component, enabled, and (a select) the chosen values are among its
    options, each once, as many as it allows: Discord's client sends nothing else, so anything else is forged."""
    component = next((c for c in _components(message) if getattr(c, "custom_id", None) == clicked), None)
    if component is None or getattr(component, "disabled", False):
        return False
    if not isinstance(component, discord.SelectMenu):
        return not values
    options = {option.value for option in component.options}
    return component.min_values <= len(values) <= component.max_values and len(set(values)) == len(values) \
        and set(values) <= options


def _made_for(interaction: discord.Interaction, message: discord.Message, game_id: int,
              registered: _Registered) -> bool:
    """Whether `message` is the bot's and every component on it is this game's and of the clicked action's kind
    of message (its origin and prompt): a message the bot made for one purpose carries only that purpose's ids,
    so an action forged onto another kind of private message, or onto anyone's public message, is told apart."""
    user = interaction.client.user
    if user is None or message.author.id != user.id:
        return False
    ids = [child.custom_id for child in _components(message) if getattr(child, "custom_id", None)]
    for text in ids:
        target = parse_custom_id(text)
        other = _registered(target)
        if target is None or other is None or target.game_id != game_id \
                or (other.origin, other.prompt) != (registered.origin, registered.prompt):
            return False
    return bool(ids)


def _message_problem(interaction: discord.Interaction, table: Table, registered: _Registered) -> str | None:
    """Why this click may not act on this game from where it came, as a catalog key; None when it may.

    The ids in a custom id are never trusted: the game must be this server's and this channel's (or, for a DM
    button, the clicking user's own game), and the message must be the kind the action belongs to, so a
    handler only ever edits its own kind of message. A private message, and a lobby before its message id is
    stored, are known by the components they were made with."""
    origin = registered.origin
    message = interaction.message
    if origin is Origin.DM:
        in_dm = interaction.guild_id is None
        if not in_dm or table.seat_of(interaction.user.id) is None:
            return "component.elsewhere" if not in_dm else "component.not_yours"
        return None
    if interaction.guild_id != table.guild_id or interaction.channel_id != table.place_id or message is None:
        return "component.elsewhere"
    ephemeral = message.flags.ephemeral
    if origin is Origin.PRIVATE:
        return None if ephemeral and _made_for(interaction, message, table.game_id, registered) \
            else "component.wrong_message"
    if ephemeral:
        return "component.wrong_message"
    is_lobby = table.lobby_message_id is not None and message.id == table.lobby_message_id
    if origin is Origin.LOBBY:
        unknown_yet = table.lobby_message_id is None and _made_for(interaction, message, table.game_id, registered)
        return None if is_lobby or unknown_yet else "component.wrong_message"
    if is_lobby:
        return "component.wrong_message"
    # A game being played has one live turn message; the ones before it collapsed to their summaries, so a step
    # taken from one of them would bring its buttons back beside the live ones.
    old = table.status == TableStatus.ACTIVE and table.turn_message_id not in (None, message.id)
    return "error.stale_turn" if old else None


async def _dispatch(interaction: discord.Interaction, target: ComponentId | None, values: tuple[str, ...],
                    *, select: bool) -> None:
    """Run the action's handler once the click is known to be about a game of this place and message."""
    locale = interaction.locale
    registered = _registered(target)
    if target is None or registered is None or registered.select != select:
        await reply_private(interaction, t("component.unknown", locale))
        return
    interaction.extras["game_id"] = target.game_id
    try:
        table = await service_of(interaction.client).table(target.game_id)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, locale))
        return
    problem = "component.elsewhere" if table.kind != target.kind else _message_problem(interaction, table,
                                                                                      registered)
    data: Mapping[str, object] = interaction.data or {}
    clicked = str(data.get("custom_id"))
    if problem is None and (interaction.message is None or not _offered(interaction.message, clicked, values)):
        problem = "component.not_offered"
    if problem is not None:
        await reply_private(interaction, t(problem, locale))
        return
    await registered.handler(interaction, target.game_id, target.args, values)


def _is_select(interaction: discord.Interaction) -> bool:
    """What was really clicked: a forged id can put a select's action on a button and the other way round."""
    data: Mapping[str, object] = interaction.data or {}
    return data.get("component_type") != discord.ComponentType.button.value


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    """A game's button. A disabled one is grey whatever its style: Discord only dims a coloured button, which
    still reads as the thing to press."""

    def __init__(self, kind: str, game_id: int, action: str, *args: object, label: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, emoji: str | None = None,
                 row: int | None = None, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(custom_id=custom_id(kind, game_id, action, *args), label=label,
                              style=discord.ButtonStyle.secondary if disabled else style, emoji=emoji,
                              disabled=disabled),
            row=row,
        )
        self.target: ComponentId | None = ComponentId(kind, game_id, action, tuple(str(a) for a in args))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> GameButton:
        button = cls(KINDS[0], 0, "unknown", label=getattr(item, "label", None))
        button.target = parse_custom_id(getattr(item, "custom_id", None) or "")
        return button

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, self.target, (), select=_is_select(interaction))


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    def __init__(self, kind: str, game_id: int, action: str, *args: object,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, min_values: int = 0, max_values: int = 1,
                 row: int | None = None) -> None:
        options = options or [discord.SelectOption(label="-")]
        super().__init__(
            discord.ui.Select(custom_id=custom_id(kind, game_id, action, *args), options=options,
                              placeholder=placeholder, min_values=min_values, max_values=min(max_values, len(options))),
            row=row,
        )
        self.target: ComponentId | None = ComponentId(kind, game_id, action, tuple(str(a) for a in args))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> GameSelect:
        select = cls(KINDS[0], 0, "pick0", options=list(getattr(item, "options", ()))[:25])
        select.target = parse_custom_id(getattr(item, "custom_id", None) or "")
        return select

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, object] = interaction.data or {}
        chosen = data.get("values")
        values = tuple(str(v)[:CUSTOM_ID_LIMIT] for v in chosen[:25]) if isinstance(chosen, list) else ()
        await _dispatch(interaction, self.target, values, select=_is_select(interaction))


def view_of(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A View to send once; clicks come back through the DynamicItems, so it needs no timeout or store."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


DYNAMIC_ITEMS = (GameButton, GameSelect)
