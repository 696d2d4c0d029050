"""A game is its folders plus its kind in engine.registry.KINDS: every registered kind has each part the platform
finds by that kind (its rules, its pictures, its Discord face, its static data, its catalogs in every language), so
a part left out fails here by name instead of leaving the game silently missing from a list."""
from __future__ import annotations

import importlib
import json
from dataclasses import replace
from pathlib import Path

import pytest

from bot.games.registry import Face
from bot.i18n.catalog import LANGUAGES, LOCALE_DIR
from engine.protocol import GameRules
from engine.registry import KINDS
from render.manifest import Pictures, frame_of

ROOT = Path(__file__).resolve().parents[2]


def _exported(module: str, name: str, kind_of: type) -> bool:
    try:
        value = getattr(importlib.import_module(module), name, None)
    except ModuleNotFoundError:
        return False
    return isinstance(value, kind_of)


def missing_parts(kind: str) -> list[str]:
    """The parts of the game `kind` the platform would not find."""
    missing = []
    if not _exported(f"engine.{kind}", "RULES", GameRules):
        missing.append(f"engine.{kind}.RULES")
    if not _exported(f"render.{kind}", "PICTURES", Pictures):
        missing.append(f"render.{kind}.PICTURES")
    elif importlib.import_module(f"render.{kind}").PICTURES.frame is None:
        missing.append(f"render.{kind}.PICTURES.frame (a replay's frame of a state: render.manifest.Pictures.frame)")
    if not _exported(f"bot.games.{kind}", "FACE", Face):
        missing.append(f"bot.games.{kind}.FACE")
    data = ROOT / "data" / f"{kind}.json"
    if not data.is_file():
        missing.append(f"data/{kind}.json")
    for language in LANGUAGES:
        if not (LOCALE_DIR / language / "LC_MESSAGES" / f"{kind}.po").is_file():
            missing.append(f"data/locale/{language}/LC_MESSAGES/{kind}.po")
    return missing


@pytest.mark.parametrize("kind", KINDS)
def test_a_registered_game_has_every_part(kind: str) -> None:
    assert missing_parts(kind) == []
    assert importlib.import_module(f"engine.{kind}").RULES.key == kind
    assert json.loads((ROOT / "data" / f"{kind}.json").read_text(encoding="utf-8"))


def test_a_kind_without_its_folders_is_told_every_part_it_lacks() -> None:
    assert missing_parts("no_such_game") == [
        "engine.no_such_game.RULES", "render.no_such_game.PICTURES", "bot.games.no_such_game.FACE",
        "data/no_such_game.json", *(f"data/locale/{language}/LC_MESSAGES/no_such_game.po" for language in LANGUAGES)]


def test_a_game_without_its_replay_frame_is_told_so_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    import render.dice

    monkeypatch.setattr(render.dice, "PICTURES", replace(render.dice.PICTURES, frame=None))
    assert missing_parts("dice") == [
        "render.dice.PICTURES.frame (a replay's frame of a state: render.manifest.Pictures.frame)"]
    with pytest.raises(LookupError, match=r"render\.dice\.PICTURES\.frame"):
        frame_of("dice")


def test_the_registry_line_is_the_only_list_of_games() -> None:
    """No other module of engine/, render/ or bot/ spells out the kinds together (a second list to keep in step)."""
    spelled = [path.relative_to(ROOT).as_posix() for top in ("engine", "render", "bot")
               for path in sorted((ROOT / top).rglob("*.py"))
               if all(f'"{kind}"' in path.read_text(encoding="utf-8") for kind in KINDS)]
    assert spelled == ["engine/registry.py"]
