"""Every slash-command option checked against its declaration before the command runs.

Discord's client only sends values that fit the published command (types, ranges, choices, lengths), but an
interaction payload can be forged and carry anything: a column as text or `true`, a language nobody offered,
thousands of characters. One check here, for every command of the tree, refuses such a value with a clear
private answer before any command sees it, so nothing downstream has to trust the payload or can store garbage.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from discord import AppCommandOptionType as Kind
from discord import app_commands
from engine.numbers import read_number

from bot.i18n import t
from bot.presenters.user_text import quoted
from bot.service.models import LARGEST_ID

TEXT_LIMIT = 100
"""Longest text option accepted when a command declares no length of its own."""
_SNOWFLAKE = re.compile(r"[0-9]{1,20}", re.ASCII)
_GROUPS = (Kind.subcommand.value, Kind.subcommand_group.value)
_RESOLVED = {Kind.user: ("users",), Kind.channel: ("channels",), Kind.role: ("roles",),
             Kind.mentionable: ("users", "roles"), Kind.attachment: ("attachments",)}


@dataclass(frozen=True, slots=True)
class OptionProblem:
    """Why one option was refused, as a sentence in the reader's language."""

    key: str
    command: str
    option: str
    expected: str = ""
    expected_params: Mapping[str, object] | None = None

    def text(self, locale: object) -> str:
        """The option by the name the reader's command picker shows (`colonna` in Italian)."""
        name_key = f"cmd.{self.command.replace(' ', '.')}.{self.option}.name"
        name = t(name_key, locale)
        expected = t(self.expected, locale, **(self.expected_params or {})) if self.expected else ""
        return t(self.key, locale, option=self.option if name == name_key else name, expected=expected)


def leaf_options(data: Mapping[str, Any]) -> list[Any]:
    """The options of the subcommand actually invoked (under its group and subcommand layers)."""
    options = data.get("options") or []
    while isinstance(options, list) and len(options) == 1 and isinstance(options[0], dict) \
            and options[0].get("type") in _GROUPS:
        options = options[0].get("options") or []
    return options if isinstance(options, list) else [None]


def _expected(param: app_commands.Parameter) -> tuple[str, dict[str, object]]:
    """The catalog key and values that say what this option takes."""
    if param.choices:
        return "option.expect.choice", {}
    if param.type in (Kind.integer, Kind.number):
        return "option.expect.number", {"min": param.min_value, "max": param.max_value}
    if param.type is Kind.boolean:
        return "option.expect.boolean", {}
    if param.type is Kind.string:
        return "option.expect.text", {"max": int(param.max_value or TEXT_LIMIT)}
    return "option.expect.resolved", {}


def _fits(param: app_commands.Parameter, value: Any, resolved: Mapping[str, Any]) -> bool:
    kind = param.type
    if kind is Kind.string:
        fits = isinstance(value, str) and len(value) <= (param.max_value or TEXT_LIMIT) \
            and len(value) >= (param.min_value or 0)
    elif kind is Kind.integer:
        fits = type(value) is int and abs(value) <= LARGEST_ID
    elif kind is Kind.number:
        fits = type(value) in (int, float) and math.isfinite(value)
    elif kind is Kind.boolean:
        fits = type(value) is bool
    else:
        sections = [resolved.get(name) or {} for name in _RESOLVED.get(kind, ())]
        return isinstance(value, str) and bool(_SNOWFLAKE.fullmatch(value)) \
            and read_number(value, high=LARGEST_ID) is not None \
            and any(isinstance(section, dict) and value in section for section in sections)
    if not fits:
        return False
    if kind in (Kind.integer, Kind.number) and (
            (param.min_value is not None and value < param.min_value)
            or (param.max_value is not None and value > param.max_value)):
        return False
    return not param.choices or any(choice.value == value for choice in param.choices)


def option_problem(command: app_commands.Command[Any, ..., Any], data: Mapping[str, Any], *,
                   autocomplete: bool) -> OptionProblem | None:
    """The first option of this payload that the command's declaration does not allow, or None.

    While the user types (autocomplete) the focused option is unfinished text, so only its size is checked."""
    params = {param.display_name: param for param in command.parameters}
    resolved = data.get("resolved") or {}
    seen: set[str] = set()
    for option in leaf_options(data):
        name = option.get("name") if isinstance(option, dict) else None
        param = params.get(name) if isinstance(name, str) else None
        if param is None or name in seen or option.get("type") != param.type.value:
            shown = quoted(name if isinstance(name, str) else "?")
            return OptionProblem("option.unknown", command.qualified_name, shown)
        seen.add(param.display_name)
        value = option.get("value")
        if autocomplete and option.get("focused"):
            if isinstance(value, (str, int, float)) and len(str(value)) <= (
                    param.max_value if param.type is Kind.string and param.max_value else TEXT_LIMIT):
                continue
        elif _fits(param, value, resolved if isinstance(resolved, dict) else {}):
            continue
        key, values = _expected(param)
        return OptionProblem("option.invalid", command.qualified_name, param.display_name, key, values)
    missing = next((name for name, param in params.items() if param.required and name not in seen), None)
    if missing is not None and not autocomplete:
        return OptionProblem("option.missing", command.qualified_name, missing)
    return None
