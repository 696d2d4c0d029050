"""Generic words never name a game: the lobby, the outbox and the refusals every game shares take a game's name
and commands from its description and face (bot.presenters.words), so a second game's lobby does not send its
players to `/shelfie`."""
from __future__ import annotations

import ast
from pathlib import Path

from engine.registry import GAMES, rules_of

from bot.games import registry
from bot.i18n.catalog import LANGUAGES, catalog
from bot.presenters.words import command_text, game_name
from bot.service import GameOptions, TableService
from bot.lobby import rematch_thread_name
from bot.lobby_message import lobby_text
from tests.platform.test_layers import _generic_modules
from tests.service.conftest import ANN, CHANNEL, GUILD, Clock

REFUSALS = "error."
"""Refusals are shared by every game (bot.presenters.refusals builds their keys from a service error's code)."""


def _generic_keys() -> set[str]:
    """The catalog keys the generic modules name literally in `t("...")`, and every refusal's."""
    keys = {key for language in LANGUAGES for key in catalog(language) if key.startswith(REFUSALS)}
    for path in _generic_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "t" and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                keys.add(node.args[0].value)
    return keys


def _game_marks() -> set[str]:
    """What naming a game looks like: its command group, or its name in any language."""
    marks = {f"/{face.group or kind}" for kind, face in registry.FACES.items()} | {f"/{kind}" for kind in GAMES}
    return marks | {name for kind in GAMES for name in rules_of(kind).description.names.values()}


def test_generic_catalog_strings_name_no_game() -> None:
    named = {}
    for language in LANGUAGES:
        texts = catalog(language)
        for key in sorted(_generic_keys()):
            found = sorted(mark for mark in _game_marks() if mark in texts.get(key, ""))
            if found:
                named[(language, key)] = found
    assert named == {}


def test_a_games_commands_are_named_as_the_readers_picker_shows_them() -> None:
    assert command_text("shelfie", "new", "en-US") == "/shelfie new"
    assert command_text("shelfie", "new", "it") == "/shelfie nuova"
    assert command_text("dice", "new", "en-US") == "/dice new"
    assert command_text("dice", "new", "it") == "/dadi nuova"


async def test_an_expired_lobby_and_a_rematch_thread_of_another_game_name_that_game(
        tmp_path: Path) -> None:
    clock = Clock()
    svc = await TableService.open(tmp_path / "dice.sqlite3", clock=clock)
    try:
        await svc.open_lobby(GUILD, CHANNEL, ANN, "Ann", GameOptions(players=2), kind="dice")
        [expired] = await svc.fire_due(clock.advance(2 * 24 * 3600))
    finally:
        await svc.close()
    for language in LANGUAGES:
        text = lobby_text(expired.table, language)
        assert f"`{command_text('dice', 'new', language)}`" in text and "/shelfie" not in text, text
    assert rematch_thread_name("dice", 42, "en") == f"{game_name('dice', 'en')} 42+" == "My Shelfie: The Dice Game 42+"
    assert rematch_thread_name("shelfie", 42, "it") == "My Shelfie 42+"
