"""The done-check of the platform: generic code never names a game. Nothing in engine/, render/ or bot/ outside a
game's own folders (engine/<game>/, render/<game>/, bot/games/<game>/) imports a game's package (engine.<game>,
render.<game>, bot.games.<game>), and a game's folders import no other game; the generic parts reach the games only
through engine.protocol, engine.registry (its KINDS), render.manifest and bot.games.registry."""
from __future__ import annotations

from pathlib import Path

from .imports import ROOT, import_statements, module_name

GAMES = sorted(p.name for p in (ROOT / "engine").iterdir() if (p / "__init__.py").exists())


def game_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """The game packages `source` (the module `module`, dotted) imports, relative imports resolved."""
    found = []
    for base, taken in import_statements(source, module, is_package):
        for name in [base, *taken]:
            parts = name.split(".")
            for prefix in (["engine"], ["render"], ["bot", "games"]):
                n = len(prefix)
                if parts[:n] == prefix and len(parts) > n and parts[n] in GAMES:
                    found.append(name)
    return sorted(set(found))


GAME_FOLDERS = (("engine",), ("render",), ("bot", "games"))
"""Where a game has a folder of its own: <layer>/<game>/."""


def _modules() -> list[tuple[Path, str | None]]:
    """Every module of engine/, render/ and bot/ with the game whose folder holds it (None: generic code)."""
    found = []
    for top in ("engine", "render", "bot"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).parts
            owner = next((parts[len(folder)] for folder in GAME_FOLDERS
                          if parts[:len(folder)] == folder and len(parts) > len(folder) + 1
                          and parts[len(folder)] in GAMES), None)
            found.append((path, owner))
    return found


def _generic_modules() -> list[Path]:
    return [path for path, owner in _modules() if owner is None]


def test_the_game_packages_are_found() -> None:
    assert {"shelfie", "dice"} <= set(GAMES)


def test_the_check_sees_every_way_of_naming_a_game() -> None:
    assert game_imports("from engine.shelfie import Game", "bot.x") == ["engine.shelfie", "engine.shelfie.Game"]
    assert game_imports("import render.dice", "bot.x") == ["render.dice"]
    assert game_imports("from bot.games import shelfie", "bot.x") == ["bot.games.shelfie"]
    assert game_imports("def f():\n    from engine.dice.ai import choose", "bot.x") == [
        "engine.dice.ai", "engine.dice.ai.choose"]
    assert game_imports("from ..games.shelfie import KIND", "bot.clicks.x") == [
        "bot.games.shelfie", "bot.games.shelfie.KIND"]
    assert game_imports("from engine.registry import rules_of\nfrom engine.protocol import Outcome", "bot.x") == []


def test_generic_code_and_other_games_reach_a_game_only_through_the_protocol_and_the_registries() -> None:
    violations = {}
    for path, owner in _modules():
        relative = path.relative_to(ROOT).as_posix()
        named = [name for name in game_imports(path.read_text(encoding="utf-8"), module_name(path),
                                               path.name == "__init__.py")
                 if name.split(".")[2 if name.startswith("bot.games.") else 1] != owner]
        if named:
            violations[relative] = named
    assert violations == {}
    generic = {path.relative_to(ROOT).parts[0] for path in _generic_modules()}
    assert generic == {"engine", "render", "bot"}
    assert any(path.parts[-3:-1] == ("bot", "service") for path in _generic_modules())
    assert {owner for _, owner in _modules()} == {*GAMES, None}
