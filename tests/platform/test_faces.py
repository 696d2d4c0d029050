"""Every registered game has a Discord face manifest (`bot.games.<kind>.FACE`) that the platform builds the game's
command group from: a game missing one, or listing a button handler of another game, fails here rather than when
a player clicks; `/<game> new` offers exactly the lobby options of the game's description, with its ranges."""
from __future__ import annotations

import importlib

import discord
import pytest
from discord import app_commands

from bot.clicks.routing import _MARK
from bot.game_group import GameCommands, game_group
from bot.games.registry import CoopFace, Face
from engine.registry import KINDS, rules_of


@pytest.mark.parametrize("kind", KINDS)
def test_every_game_has_a_face_manifest_listing_its_own_button_handlers(kind: str) -> None:
    face = importlib.import_module(f"bot.games.{kind}").FACE
    assert isinstance(face, Face) and face.kind == kind
    assert issubclass(face.commands, GameCommands)
    for handler in face.clicks:
        (handler_kind, action), _ = getattr(handler, _MARK)
        assert handler_kind == kind, f"{handler.__qualname__} answers {action!r} of {handler_kind}"
    if rules_of(kind).description.cooperative:
        assert isinstance(face.face, CoopFace)


@pytest.mark.parametrize("kind", KINDS)
def test_new_offers_the_options_of_the_games_description_with_its_ranges(kind: str) -> None:
    description = rules_of(kind).description
    group = game_group(importlib.import_module(f"bot.games.{kind}").FACE)
    new = group.get_command("new")
    assert isinstance(new, app_commands.Command)
    options = {parameter.name: parameter for parameter in new.parameters}
    assert list(options) == ["players", *(spec.name for spec in description.options), "turn_timeout", "thread",
                             "hints"]
    assert (options["players"].min_value, options["players"].max_value) == (description.min_players,
                                                                          description.max_players)
    assert not any(parameter.required for parameter in options.values())
    for spec in description.options:
        offered = options[spec.name]
        if spec.type == "bool":
            assert offered.type is discord.AppCommandOptionType.boolean
        elif offered.choices:
            assert [choice.value for choice in offered.choices] == [str(v) for v in spec.choices]
        else:
            assert list(range(int(offered.min_value), int(offered.max_value) + 1)) == sorted(spec.choices)
