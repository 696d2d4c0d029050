"""Each game's `/<game>` command group, built from its face manifest and its engine description: `new` with the
lobby options every game has and the game's own options (types, ranges and choices read from its OptionSpecs),
the lobby verbs, `board`, `hint`, `resign` and `rules`, beside the game's own commands (the manifest's `commands`,
a GameCommands subclass). Names, descriptions and choices come from the catalogs, English included."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any

import discord
from discord import app_commands

from engine.protocol import OptionSpec
from engine.registry import rules_of

from bot.game_commands import (
    TIME_OPTION,
    board_here,
    hint_here,
    lobby_command,
    open_lobby_here,
    option_descriptions,
    resign_here,
)
from bot.games.registry import Face
from bot.i18n import t
from bot.replies import reply_private

PLAYERS = 4
"""The seats a lobby opens with when `players` is not chosen (fewer when the game takes fewer)."""
LOBBY_VERBS = ("join", "leave", "start", "cancel")
"""Typed, each does what the lobby button of the same name does."""
Callback = Callable[..., Coroutine[Any, Any, None]]


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class GameCommands(app_commands.Group):
    """A game's command group. A game with commands of its own subclasses it and writes them as methods (they
    reach the platform's helpers through `self.kind`); the platform adds the commands every game has."""

    def __init__(self, manifest: Face) -> None:
        self.kind = manifest.kind
        group = manifest.group or manifest.kind
        super().__init__(name=group, description=t(f"cmd.{group}.description"))
        for command in _shared_commands(manifest, group):
            self.add_command(command)


def _command(group: str, name: str, callback: Callback) -> app_commands.Command[Any, ..., None]:
    """One of the group's commands, described in English from the catalog that also holds its translations."""
    return app_commands.Command(name=name, description=t(f"cmd.{group}.{name}.description"), callback=callback)


def _with_options(callback: Callback, options: Sequence[inspect.Parameter]) -> Callback:
    """The callback as discord.py reads a command's options: from its signature, here made from `options`."""
    interaction = inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)
    callback.__signature__ = inspect.Signature([interaction, *options])  # type: ignore[attr-defined]
    return callback


def _option(name: str, annotation: object, default: object = None) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default)


def _game_option(spec: OptionSpec) -> tuple[inspect.Parameter, list[app_commands.Choice[Any]] | None]:
    """A game option as Discord offers it: true/false; a number from a range (or from its few numbers); or one of
    named text choices (named by the catalog's `choice.<value>`)."""
    if spec.type == "bool":
        return _option(spec.name, bool), None
    if all(isinstance(value, int) and not isinstance(value, bool) for value in spec.choices):
        numbers = sorted(int(value) for value in spec.choices)
        if numbers == list(range(numbers[0], numbers[-1] + 1)):
            return _option(spec.name, app_commands.Range[int, numbers[0], numbers[-1]]), None
        return _option(spec.name, int), [app_commands.Choice(name=str(n), value=n) for n in numbers]
    return _option(spec.name, str), [app_commands.Choice(name=t(f"choice.{value}"), value=str(value))
                                     for value in spec.choices]


def _new(kind: str, group: str) -> app_commands.Command[Any, ..., None]:
    """`/<game> new`: players, the game's own options in its description's order, then turn time, thread, hints."""
    description = rules_of(kind).description
    specs = [spec.name for spec in description.options]

    async def new(interaction: discord.Interaction, players: int, turn_timeout: str | None, thread: bool,
                  hints: bool, **options: object) -> None:
        await open_lobby_here(interaction, kind, players=players, turn_timeout=turn_timeout, thread=thread,
                              hints=hints, game={name: options[name] for name in specs if options[name] is not None})

    game_options = [_game_option(spec) for spec in description.options]
    _with_options(new, [
        _option("players", app_commands.Range[int, description.min_players, description.max_players],
                min(max(PLAYERS, description.min_players), description.max_players)),
        *(parameter for parameter, _ in game_options),
        _option("turn_timeout", app_commands.Range[str, 1, TIME_OPTION] | None),
        _option("thread", bool, False),
        _option("hints", bool, False),
    ])
    app_commands.describe(**option_descriptions(group, "new", "players", *specs, "turn_timeout", "thread",
                                                "hints"))(new)
    app_commands.choices(**{parameter.name: choices for parameter, choices in game_options if choices})(new)
    return _command(group, "new", new)


def _rules(manifest: Face, group: str) -> app_commands.Command[Any, ..., None]:
    """`/<game> rules`: the rules, or (with the game's topic option) one part of them explained."""
    topic = manifest.rules_topic

    async def rules(interaction: discord.Interaction, **chosen: str | None) -> None:
        asked = chosen.get(topic.option) if topic is not None else None
        if topic is None or asked is None:
            await reply_private(interaction, "", embed=manifest.rules_embed(interaction.locale))
            return
        await topic.answer(interaction, asked)

    if topic is None:
        return _command(group, "rules", _with_options(rules, []))
    typed = str if topic.choices is not None else app_commands.Range[str, 1, topic.length]
    _with_options(rules, [_option(topic.option, typed | None)])
    app_commands.describe(**option_descriptions(group, "rules", topic.option))(rules)
    if topic.choices is not None:
        app_commands.choices(**{topic.option: list(topic.choices())})(rules)
    command = _command(group, "rules", rules)
    if topic.suggest is not None:
        command.autocomplete(topic.option)(topic.suggest)
    return command


def _lobby_verb(kind: str, verb: str) -> Callback:
    async def act(interaction: discord.Interaction) -> None:
        await lobby_command(interaction, kind, verb)

    return act


def _on(kind: str, here: Callable[[discord.Interaction, str], Awaitable[None]]) -> Callback:
    async def act(interaction: discord.Interaction) -> None:
        await here(interaction, kind)

    return act


def _shared_commands(manifest: Face, group: str) -> list[app_commands.Command[Any, ..., None]]:
    kind = manifest.kind
    return [
        _new(kind, group),
        *(_command(group, verb, _lobby_verb(kind, verb)) for verb in LOBBY_VERBS),
        _command(group, "board", _on(kind, board_here)),
        _command(group, "hint", _on(kind, hint_here)),
        _command(group, "resign", _on(kind, resign_here)),
        _rules(manifest, group),
    ]


def game_group(manifest: Face) -> app_commands.Group:
    """The game's command group, ready to add to the command tree."""
    return manifest.commands(manifest)
