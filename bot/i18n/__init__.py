"""User-facing text in the reader's language, from gettext .po catalogs.

Catalogs live in data/locale/<lang>/LC_MESSAGES/*.po. Every .po file of a
language is merged: each game keeps its own words in `<kind>.po` (shelfie.po, dice.po, ...) and what games
share lives in catalogs named for what they hold (lobby.po, play.po, records.po, errors.po, ...). Message ids are stable dotted keys
("error.unexpected"); the English catalog holds the English text. Placeholders
use str.format names: ``t("error.unexpected", "it", error_id="ab12")``. A message whose words depend
on a number is a gettext plural entry whose ``msgid_plural`` names the counting placeholder
(``msgid_plural "{room}"``); ``t`` picks the form from that parameter, in each language's own plural rules.
"""

from bot.i18n.catalog import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    catalog,
    language_of,
    lookup,
    plurals,
    t,
    template,
)
from bot.i18n.translator import ShelfieTranslator, command_key

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "ShelfieTranslator",
    "catalog",
    "command_key",
    "language_of",
    "lookup",
    "plurals",
    "t",
    "template",
]
