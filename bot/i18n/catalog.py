"""Loading .po catalogs with Babel and looking messages up, with plural forms chosen by a number."""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).resolve().parents[2] / "data" / "locale"
DEFAULT_LANGUAGE = "en"
LANGUAGES = ("en", "it")


@dataclass(frozen=True, slots=True)
class Plural:
    """A message with one text per plural form of its language; `count` names the placeholder that chooses."""

    count: str
    forms: tuple[str, ...]


def language_of(locale: object) -> str:
    """Map a Discord locale ('it', 'en-US', discord.Locale.italian, None) to a catalog language."""
    text = str(getattr(locale, "value", locale) or "").lower()
    language = text.split("-")[0]
    return language if language in LANGUAGES else DEFAULT_LANGUAGE


@cache
def _read(language: str) -> tuple[dict[str, str], dict[str, Plural]]:
    """Every translated message of one language (fuzzy and empty entries are not translations).

    A plural entry keeps the key in `msgid` and names its counting placeholder in `msgid_plural`
    (``msgid_plural "{room}"``), so callers pass the number like any other parameter.
    """
    messages: dict[str, str] = {}
    plurals: dict[str, Plural] = {}
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    for path in sorted(folder.glob("*.po")):
        with path.open("rb") as handle:
            po = read_po(handle, locale=language)
        for message in po:
            if not message.id or not message.string or message.fuzzy:
                continue
            if isinstance(message.id, tuple):
                key, counter = message.id
                forms = tuple(str(form) for form in message.string)
                if all(forms):
                    plurals[str(key)] = Plural(counter.strip("{}"), forms)
            else:
                messages[str(message.id)] = str(message.string)
    return messages, plurals


def catalog(language: str) -> dict[str, str]:
    """Every translated message of one language without plural forms (command names, labels, sentences)."""
    return _read(language)[0]


def plurals(language: str) -> dict[str, Plural]:
    """Every message of one language whose wording depends on a number."""
    return _read(language)[1]


@cache
def _plural_index(language: str) -> Callable[[int], int]:
    return gettext.c2py(get_plural(language).plural_expr)


def plural_form(language: str, number: int) -> int:
    """Which of the language's plural forms a number takes (English and Italian: 0 for 1, else 1)."""
    return int(_plural_index(language)(abs(number)))


def _text(key: str, language: str, params: Mapping[str, object]) -> str | None:
    plural = plurals(language).get(key)
    if plural is None:
        return catalog(language).get(key)
    number = params.get(plural.count)
    form = plural_form(language, number) if isinstance(number, int) else len(plural.forms) - 1
    return plural.forms[min(form, len(plural.forms) - 1)]


def _found(key: str, locale: object, params: Mapping[str, object]) -> str | None:
    return _text(key, language_of(locale), params) or _text(key, DEFAULT_LANGUAGE, params)


def template(key: str, locale: object, params: Mapping[str, object]) -> str:
    """The unformatted message `key` in `locale`'s language (English, then the key itself, if missing);
    a message with plural forms takes the form its counting parameter in `params` asks for."""
    return _found(key, locale, params) or key


def t(key: str, locale: object = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """The message `key` in `locale`'s language, formatted: "1 tile", "2 tiles" come from one plural entry."""
    text = template(key, locale, params)
    return text.format(**params) if params else text


def lookup(key: str, locale: object = DEFAULT_LANGUAGE, /, **params: object) -> str | None:
    """The message `key` formatted as `t` would, or None when no catalog holds it: for the keys a game may or may
    not have (its own turn help, a power's own step words), so asking never mistakes a message for its key."""
    text = _found(key, locale, params)
    if text is None:
        return None
    return text.format(**params) if params else text
