"""One bounded, ASCII-only reader turns what a person typed or a click carried into a number (engine.numbers), for
every game: `²`, `①` or `٣` is no number, whatever `str.isdigit` or `int()` think of it, and no parser in engine/
or bot/ reads a number another way."""
from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from engine.numbers import LARGEST, LONGEST, read_number

ROOT = Path(__file__).resolve().parents[2]

REVIEWED = {
    "engine/numbers.py": "the reader itself",
    "engine/librarians/powers/": "Pending.data: numbers the engine wrote itself, never a person's text",
    "engine/librarians/game.py::_choose": "Pending.data, as above",
    "bot/games/librarians/words.py::pending_prompt": "Pending.data, as above",
    "engine/shelfie/data.py": "the game's own data file",
    "engine/shelfie/game.py::new": "the seed the service draws",
    "engine/shelfie/game.py::_from_checked_dict": "the stored seed",
    "engine/shelfie/ai/": "the computer player's own arithmetic",
    "engine/dice/game.py::score": "a score the engine computed",
    "bot/store/": "what the database returns",
    "bot/service/processes.py": "the process names the bot itself wrote, and the kernel's /proc text",
    "bot/config.py": "the operator's environment, checked ASCII and bounded before it is read",
    "bot/sandbox_hints.py": "the operator's environment, checked ASCII and bounded before it is read",
    "bot/game_group.py::_game_option": "the numbers of a game's own OptionSpec",
    "bot/cli.py::application_id": "the operator's token",
    "bot/resident_memory.py": "the kernel's /proc text",
    "bot/i18n/catalog.py::plural_form": "a plural rule's result",
    "bot/presenters/coop.py::_with_bests": "a stored timestamp",
    "bot/option_checks.py::_expected": "a published option's own bound",
}
"""The reviewed places (a file, a folder, or one function of a file) that call int() on something other than
arithmetic: none of them holds a person's text."""
_ARITHMETIC = {"round", "len", "abs", "float", "sum", "max", "min", "total_seconds", "timestamp"}
_WIDE_DIGIT_CHECKS = {"isdigit", "isdecimal", "isnumeric"}


def _reads_a_number(node: ast.AST) -> bool:
    """A call to str.isdigit/isdecimal/isnumeric, or int() of anything but arithmetic."""
    if not isinstance(node, ast.Call):
        return False
    if isinstance(node.func, ast.Attribute) and node.func.attr in _WIDE_DIGIT_CHECKS:
        return True
    if not (isinstance(node.func, ast.Name) and node.func.id == "int" and node.args):
        return False
    argument = node.args[0]
    if isinstance(argument, (ast.Constant, ast.BinOp, ast.UnaryOp)):
        return False
    called = argument.func if isinstance(argument, ast.Call) else None
    return getattr(called, "id", getattr(called, "attr", None)) not in _ARITHMETIC


def _functions(tree: ast.AST) -> dict[ast.AST, str]:
    """The function each node of a module lies in ("" at the module's top level)."""
    inside: dict[ast.AST, str] = {}
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inside.update({node: function.name for node in ast.walk(function) if node not in inside})
    return inside


def test_no_parser_reads_a_number_but_through_the_one_reader() -> None:
    found = []
    for package in ("engine", "bot"):
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"))
            inside = _functions(tree)
            found += [f"{name}:{node.lineno}: {ast.unparse(node)}" for node in ast.walk(tree) if _reads_a_number(node)
                      and not any(name.startswith(place) or place == f"{name}::{inside.get(node, '')}"
                                  for place in REVIEWED)]
    assert found == []


def test_the_scan_sees_the_ways_a_number_was_read_before() -> None:
    for source in ("word.isdigit()", "int(word)", "int(match.group(2))", "int(args[1])", "text.isnumeric()"):
        assert _reads_a_number(ast.parse(source).body[0].value), source  # type: ignore[attr-defined]
    for source in ("int(3.5)", "int(a * b)", "int(round(x))", "int(delta.total_seconds())"):
        assert not _reads_a_number(ast.parse(source).body[0].value), source  # type: ignore[attr-defined]


def test_every_reviewed_place_still_exists() -> None:
    missing = []
    for place in REVIEWED:
        path, _, function = place.partition("::")
        if not (ROOT / path).exists() or function and f"def {function}(" not in (ROOT / path).read_text():
            missing.append(place)
    assert missing == []


@given(st.integers(min_value=0, max_value=LARGEST))
def test_a_number_written_in_ascii_digits_reads_as_itself(number: int) -> None:
    assert read_number(str(number)) == number
    assert read_number(str(number), low=number, high=number) == number


@given(st.integers(min_value=-10**6, max_value=10**6), st.integers(min_value=-10**6, max_value=10**6))
def test_a_number_outside_its_bounds_reads_as_none(number: int, bound: int) -> None:
    assert read_number(str(number), low=-10**7, high=bound) == (number if number <= bound else None)
    assert read_number(str(number), low=bound, high=10**7) == (number if number >= bound else None)


@given(st.text(max_size=40))
def test_any_text_reads_as_a_bounded_ascii_number_or_none(text: str) -> None:
    number = read_number(text, low=-LARGEST)
    if number is None:
        return
    assert text.isascii() and len(text) <= LONGEST
    assert text.lstrip("-").isascii() and set(text.lstrip("-")) <= set("0123456789")
    assert -LARGEST <= number <= LARGEST and int(text) == number


@given(st.text(alphabet=st.characters(categories=["Nd", "No", "Nl"]).filter(lambda c: not c.isascii()),
               min_size=1, max_size=5),
       st.text(alphabet="0123456789", max_size=3))
def test_digits_of_other_scripts_superscripts_and_circled_digits_are_no_number(others: str, ascii_digits: str) -> None:
    """`²` passes str.isdigit, `٣` passes int(): neither is a digit people type here."""
    for text in (others, ascii_digits + others, others + ascii_digits):
        assert read_number(text) is None


def test_signs_spaces_underscores_and_overlong_text_are_no_number() -> None:
    for text in (" 1", "1 ", "+1", "1_0", "0x1", "1.0", "", "-", "1" * (LONGEST + 1), "0" * 5000 + "1", "²", "①"):
        assert read_number(text) is None, text
    assert read_number("-3") is None and read_number("-3", low=-5) == -3
    assert read_number(3) is None and read_number(None) is None
