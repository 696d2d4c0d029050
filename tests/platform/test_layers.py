"""The done-check of the platform: nothing in bot/service, bot/store or the generic parts of bot/ (everything
outside bot/games/<game>/) imports a game's package (engine.<game>, render.<game>, bot.games.<game>); they reach
the games only through engine.protocol, engine.registry and bot.games.registry."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (ROOT / "engine").iterdir() if (p / "__init__.py").exists())


def game_imports(source: str, module: str) -> list[str]:
    """The game packages `source` (the module `module`, dotted) imports, relative imports resolved."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = module.split(".")[: -node.level]
                base = ".".join([*parent, base] if base else parent)
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            for prefix in (["engine"], ["render"], ["bot", "games"]):
                n = len(prefix)
                if parts[:n] == prefix and len(parts) > n and parts[n] in GAMES:
                    found.append(name)
    return sorted(set(found))


def _generic_modules() -> list[Path]:
    games_dir = ROOT / "bot" / "games"
    return [path for path in sorted((ROOT / "bot").rglob("*.py"))
            if not (path.parent != games_dir and games_dir in path.parents)]


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


def test_service_store_and_the_generic_bot_reach_games_only_through_the_protocol_and_the_registries() -> None:
    violations = {}
    for path in _generic_modules():
        relative = path.relative_to(ROOT).as_posix()
        module = relative[:-3].replace("/", ".").removesuffix(".__init__")
        named = game_imports(path.read_text(encoding="utf-8"), module)
        if named:
            violations[relative] = named
    assert violations == {}
    assert any(path.parts[-3:-1] == ("bot", "service") for path in _generic_modules())
