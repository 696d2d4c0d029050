"""Buttons and selects that survive restarts: every custom id is `shelfie:<game_id>:<action>[:<arg>...]`.

The id carries all the state a click needs (game, turn, tiles chosen so far), so a
click is handled the same way whether the bot has run for a week or started a second
ago. One DynamicItem class per component type reads the id and calls the handler
registered for its action; handlers live next to the messages they belong to
(lobby.py, turn.py, builder.py, goals.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.errors import CUSTOM_ID_PREFIX, reports_errors

Handler = Callable[[discord.Interaction, int, tuple[str, ...], tuple[str, ...]], Awaitable[None]]
"""(interaction, game_id, id arguments, selected values)"""

_ARGS = r"(?P<args>(?::[A-Za-z0-9_]*)*)"
BUTTON_TEMPLATE = rf"{CUSTOM_ID_PREFIX}:(?P<game>[0-9]+):(?P<action>[a-z_]+){_ARGS}"
SELECT_TEMPLATE = rf"{CUSTOM_ID_PREFIX}:(?P<game>[0-9]+):(?P<action>pick[0-9]){_ARGS}"

_HANDLERS: dict[str, Handler] = {}


def handles(action: str) -> Callable[[Handler], Handler]:
    """Register the handler of one action (each action has exactly one)."""

    def register(handler: Handler) -> Handler:
        if action in _HANDLERS and _HANDLERS[action] is not handler:
            raise ValueError(f"action {action!r} already has a handler")
        _HANDLERS[action] = handler
        return handler

    return register


def custom_id(game_id: int, action: str, *args: object) -> str:
    text = ":".join([CUSTOM_ID_PREFIX, str(game_id), action, *(str(a) for a in args)])
    if len(text) > 100:
        raise ValueError(f"custom id too long: {text}")
    return text


def _split(args: str) -> tuple[str, ...]:
    return tuple(args.split(":")[1:]) if args else ()


async def _dispatch(interaction: discord.Interaction, game_id: int, action: str, args: tuple[str, ...],
                    values: tuple[str, ...]) -> None:
    interaction.extras["game_id"] = game_id
    handler = _HANDLERS.get(action)
    if handler is None:
        raise LookupError(f"no handler for button action {action!r}")
    await handler(interaction, game_id, args, values)


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    def __init__(self, game_id: int, action: str, *args: object, label: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, emoji: str | None = None,
                 row: int | None = None, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(custom_id=custom_id(game_id, action, *args), label=label, style=style, emoji=emoji,
                              disabled=disabled),
            row=row,
        )
        self.game_id = game_id
        self.action = action
        self.args = tuple(str(a) for a in args)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: Any) -> GameButton:
        return cls(int(match["game"]), match["action"], *_split(match["args"]), label=item.label, style=item.style)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, self.game_id, self.action, self.args, ())


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    def __init__(self, game_id: int, action: str, *args: object, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, min_values: int = 0, max_values: int = 1,
                 row: int | None = None) -> None:
        options = options or [discord.SelectOption(label="-")]
        super().__init__(
            discord.ui.Select(custom_id=custom_id(game_id, action, *args), options=options, placeholder=placeholder,
                              min_values=min_values, max_values=min(max_values, len(options))),
            row=row,
        )
        self.game_id = game_id
        self.action = action
        self.args = tuple(str(a) for a in args)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select[Any],
                             match: Any) -> GameSelect:
        return cls(int(match["game"]), match["action"], *_split(match["args"]), options=list(item.options),
                   placeholder=item.placeholder, min_values=item.min_values, max_values=item.max_values)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        values = tuple(str(v) for v in (interaction.data or {}).get("values", ()))
        await _dispatch(interaction, self.game_id, self.action, self.args, values)


def view_of(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A View to send once; clicks come back through the DynamicItems, so it needs no timeout or store."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


DYNAMIC_ITEMS = (GameButton, GameSelect)
