"""Every game's refusals read as that game's own sentences: a refusal carries its game's kind and its words live
under `move.<kind>.<code>`, so two games that use one code for two reasons (Dice's `bad_column` is about dice, My
Shelfie's about shelf columns) never answer with each other's sentence, wherever the refusal is put into words."""
from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest
from engine.protocol import ActionRefused
from engine.registry import GAMES

from bot.i18n import t
from bot.i18n.catalog import LANGUAGES, catalog, plurals
from bot.presenters.refusals import refusal_text
from bot.service.refusals import IllegalMoveError

ROOT = Path(__file__).resolve().parents[2]


def _refusal_classes(kind: str) -> dict[str, type[ActionRefused]]:
    """The refusal classes a game's engine defines, by name."""
    package = importlib.import_module(f"engine.{kind}")
    found: dict[str, type[ActionRefused]] = {}
    for module in pkgutil.walk_packages(package.__path__, f"engine.{kind}."):
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, type) and issubclass(value, ActionRefused) and value is not ActionRefused:
                found[value.__name__] = value
    return found


def _names(node: ast.expr) -> str | None:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def _strings(node: ast.expr, assigned: dict[str, set[str]]) -> set[str]:
    """The codes an argument can hold: a literal, either branch of `a if ... else b`, or what its name is given."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body, assigned) | _strings(node.orelse, assigned)
    if isinstance(node, ast.Name):
        return assigned.get(node.id, set())
    return set()


def _codes(kind: str) -> set[str]:
    """Every code a game's engine or face gives a refusal: the second argument (or `code=`) of a call to one of its
    refusal classes or to a function that returns one."""
    classes = set(_refusal_classes(kind))
    paths = [*(ROOT / "engine" / kind).rglob("*.py"), *(ROOT / "bot" / "games" / kind).rglob("*.py")]
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in paths]
    makers = set(classes)
    for tree in trees:
        makers |= {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.returns
                   and any(name in classes for name in re.findall(r"\w+", ast.unparse(node.returns)))}
    codes: set[str] = set()
    for tree in trees:
        assigned: dict[str, set[str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                assigned.setdefault(node.targets[0].id, set()).update(_strings(node.value, {}))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _names(node.func) in makers:
                arguments = [*node.args[1:2], *(k.value for k in node.keywords if k.arg == "code")]
                codes |= {code for argument in arguments for code in _strings(argument, assigned)}
    return codes


def _sample_params(key: str, language: str) -> dict[str, int]:
    """A number for every placeholder of the sentence (a count chooses the plural form)."""
    texts = [catalog(language).get(key, "")]
    if key in plurals(language):
        texts.extend(plurals(language)[key].forms)
    return {name: 2 for text in texts for name in re.findall(r"{(\w+)", text)}


def test_every_game_names_its_own_kind_on_its_refusals() -> None:
    for kind in GAMES:
        classes = _refusal_classes(kind)
        assert classes, kind
        assert {name: cls.kind for name, cls in classes.items()} == {name: kind for name in classes}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_refusal_code_of_every_game_reads_as_that_games_own_sentence(kind: str, language: str) -> None:
    codes = _codes(kind)
    assert len(codes) > 5, kind
    missing = sorted(code for code in codes
                     if f"move.{kind}.{code}" not in catalog(language) and f"move.{kind}.{code}" not in plurals(language))
    assert missing == []
    refusal = next(iter(_refusal_classes(kind).values()))
    for code in sorted(codes):
        key = f"move.{kind}.{code}"
        params = _sample_params(key, language)
        own = t(key, language, **params)
        assert refusal_text(refusal("the rules' English", code, **params), language) == own, key
        assert refusal_text(IllegalMoveError(kind, code, "the rules' English", params), language) == own, key


def test_a_code_two_games_share_reads_as_the_refusing_games_sentence() -> None:
    """Dice's `bad_column` (an item takes 1-5 dice) is not My Shelfie's (a shelf column 1-5)."""
    shared = _codes("dice") & _codes("shelfie")
    assert {"bad_column", "game_over", "malformed", "not_playing"} <= shared
    dice = _refusal_classes("dice")["DiceError"]("Columns are 1-5; 9 is not one.", "bad_column", column=9)
    assert refusal_text(dice, "en") == "Items take 1-5 dice; 9 is not one of them."
    assert refusal_text(IllegalMoveError("dice", "malformed", "", {}), "it").startswith(
        "Questa non è un'azione del gioco di dadi")
