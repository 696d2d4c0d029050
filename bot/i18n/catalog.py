"""Loading .po catalogs with Babel and looking messages up."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).resolve().parents[2] / "data" / "locale"
DEFAULT_LANGUAGE = "en"
LANGUAGES = ("en", "it")


def language_of(locale: object) -> str:
    """Map a Discord locale ('it', 'en-US', discord.Locale.italian, None) to a catalog language."""
    text = str(getattr(locale, "value", locale) or "").lower()
    language = text.split("-")[0]
    return language if language in LANGUAGES else DEFAULT_LANGUAGE


@cache
def catalog(language: str) -> dict[str, str]:
    """Every translated message of one language (fuzzy and empty entries are not translations)."""
    messages: dict[str, str] = {}
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    for path in sorted(folder.glob("*.po")):
        with path.open("rb") as handle:
            po = read_po(handle, locale=language)
        for message in po:
            if message.id and message.string and not message.fuzzy:
                messages[str(message.id)] = str(message.string)
    return messages


def t(key: str, locale: object = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """The message `key` in `locale`'s language, falling back to English, then to the key itself."""
    text = catalog(language_of(locale)).get(key) or catalog(DEFAULT_LANGUAGE).get(key) or key
    return text.format(**params) if params else text
