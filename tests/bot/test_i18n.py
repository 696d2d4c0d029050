"""Catalogs: every message exists in English and Italian, with the same placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

import discord
from discord import app_commands
import pytest
from babel.messages.pofile import read_po

from bot.i18n import LANGUAGES, catalog, language_of, lookup, plurals, t
from bot.i18n.catalog import LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
LITERAL_KEY = re.compile(r"""\bt\(\s*["']([a-z0-9_.]+)["']""")


def _entries(language: str) -> dict[str, tuple[str, bool]]:
    """msgid -> (msgstr, fuzzy) over every .po file of a language, fuzzy entries included."""
    entries: dict[str, tuple[str, bool]] = {}
    for path in sorted((LOCALE_DIR / language / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle, locale=language):
                if message.id:
                    entries[str(message.id)] = (str(message.string or ""), message.fuzzy)
    return entries


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_languages_have_catalogs() -> None:
    for language in LANGUAGES:
        assert list((LOCALE_DIR / language / "LC_MESSAGES").glob("*.po")), language


def test_every_message_has_an_italian_translation() -> None:
    english, italian = _entries("en"), _entries("it")
    ids = set(english) | set(italian)
    missing = sorted(i for i in ids if not italian.get(i, ("", True))[0] or italian[i][1])
    assert missing == [], f"messages without a (non-fuzzy) Italian translation: {missing}"
    missing_en = sorted(i for i in ids if not english.get(i, ("", True))[0] or english[i][1])
    assert missing_en == [], f"messages without English text: {missing_en}"


def test_translations_keep_the_placeholders() -> None:
    english, italian = _entries("en"), _entries("it")
    wrong = {
        key: (sorted(_placeholders(text)), sorted(_placeholders(italian[key][0])))
        for key, (text, _) in english.items()
        if key in italian and _placeholders(text) != _placeholders(italian[key][0])
    }
    assert wrong == {}


def test_every_key_used_in_code_is_in_both_catalogs() -> None:
    used = {
        (path.relative_to(ROOT).as_posix(), key)
        for path in (ROOT / "bot").rglob("*.py")
        for key in LITERAL_KEY.findall(path.read_text(encoding="utf-8"))
    }
    assert used, "the scan found no t(...) calls at all"
    missing = sorted((where, key) for where, key in used for lang in LANGUAGES
                     if key not in catalog(lang) and key not in plurals(lang))
    assert missing == []


def test_plural_messages_have_every_form_in_both_languages_and_count_with_the_same_placeholder() -> None:
    english, italian = plurals("en"), plurals("it")
    assert english, "the scan found no plural messages"
    assert set(english) == set(italian)
    for key, message in english.items():
        assert italian[key].count == message.count, key
        for plural in (message, italian[key]):
            assert len(plural.forms) == 2 and plural.count.isidentifier(), key
            assert all(_placeholders(form) == _placeholders(message.forms[0]) for form in plural.forms), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_leaves_its_plural_to_the_reader(language: str) -> None:
    """ "tile(s)", "match(es)", "permesso/i": a number's noun comes from a plural message instead."""
    run_together = re.compile(r"\w\((s|es|i|e|o|a)\)|\w/(i|e)\b")
    texts = [*catalog(language).values(), *(form for p in plurals(language).values() for form in p.forms)]
    assert [text for text in texts if run_together.search(text)] == []


def test_a_number_chooses_the_singular_or_the_plural_in_each_language() -> None:
    assert t("move.shelfie.column_full", "en", column=2, room=1, count=3) == "Column 2 has room for 1 more tile, not 3."
    assert t("move.shelfie.column_full", "en", column=2, room=2, count=3) == "Column 2 has room for 2 more tiles, not 3."
    assert t("move.shelfie.column_full", "it", column=2, room=1, count=3) == (
        "La colonna 2 ha posto per 1 tessera in più, non 3.")
    assert t("move.shelfie.column_full", "it", column=2, room=0, count=3).endswith("0 tessere in più, non 3.")
    assert t("hint.points", "it", points=1) == "**+1** punto in questo turno"
    assert t("error.cooldown", "en", seconds=1) == "Not so fast: try again in 1 second."


@pytest.mark.parametrize(
    ("locale", "language"),
    [(discord.Locale.italian, "it"), ("it", "it"), (discord.Locale.american_english, "en"),
     ("en-GB", "en"), (discord.Locale.german, "en"), (None, "en")],
)
def test_discord_locales_map_to_a_catalog(locale: object, language: str) -> None:
    assert language_of(locale) == language


def test_lookup_formats_and_falls_back() -> None:
    assert "`ab12`" in t("error.unexpected", "it", error_id="ab12")
    assert t("error.unexpected", "it", error_id="x").startswith("Scusa")
    assert t("error.unexpected", "de", error_id="x").startswith("Sorry")
    assert t("no.such.key", "it") == "no.such.key"


def test_an_optional_key_is_asked_for_without_comparing_a_message_to_its_key() -> None:
    """A game's own words that other games need not have (`help.turn.<kind>`): found, in the reader's language
    (English where the language has no catalog), or plainly absent."""
    assert lookup("error.unexpected", "it", error_id="x") == t("error.unexpected", "it", error_id="x")
    assert lookup("error.unexpected", "de", error_id="x") == t("error.unexpected", "en", error_id="x")
    assert lookup("help.turn.no_such_game", "it") is None


def _localizable(node: dict, where: str) -> list[tuple[str, dict]]:
    """(path, payload) of every command, group, option and choice in one synced command payload."""
    found = [(where, node)]
    for option in node.get("options") or []:
        found += _localizable(option, f"{where} {option['name']}")
    for choice in node.get("choices") or []:
        found.append((f"{where} choice {choice['name']!r}", choice))
    return found


async def test_every_command_option_and_choice_has_an_italian_name_and_description(table) -> None:
    tree = table.bot.tree
    translator = tree.translator
    payloads = [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]
    assert any(payload["name"] == "shelfie" for payload in payloads)
    missing, invalid = [], []
    for payload in payloads:
        for where, node in _localizable(payload, payload["name"]):
            italian_name = (node.get("name_localizations") or {}).get("it")
            if not italian_name:
                missing.append(f"{where}: name")
            elif "choice" not in where and not (
                len(italian_name) <= 32 and italian_name == italian_name.lower()
                and all(ch.isalnum() or ch in "-_" for ch in italian_name)
            ):
                invalid.append(f"{where}: {italian_name!r}")
            if "description" in node and not (node.get("description_localizations") or {}).get("it"):
                missing.append(f"{where}: description")
    assert missing == [], "add these to data/locale/it (keys: see bot.i18n.translator.command_key)"
    assert invalid == [], "Discord command names: lowercase, no spaces, at most 32 characters"


def _english_descriptions(node: app_commands.Command | app_commands.Group) -> list[tuple[str, str]]:
    """(catalog key, the description Discord shows English readers: the command tree's own) of a command or group,
    its subcommands and options."""
    path = f"cmd.{node.qualified_name.replace(' ', '.')}"
    found = [(f"{path}.description", node.description)]
    if isinstance(node, app_commands.Group):
        for child in node.commands:
            found += _english_descriptions(child)  # type: ignore[arg-type]
    else:
        found += [(f"{path}.{parameter.name}.description", parameter.description) for parameter in node.parameters]
    return found


async def test_the_english_catalog_says_what_english_readers_see_in_the_command_picker(table) -> None:
    """English readers see the command tree's own descriptions (the translator gives only other languages): an
    English catalog entry that differs is never shown. /librarians undo read "Take back the cards you played this
    turn" while Undo takes back one card a use, as the catalog said."""
    english = catalog("en")
    shown = [pair for command in table.bot.tree.get_commands() if isinstance(command, (app_commands.Command,
                                                                                       app_commands.Group))
             for pair in _english_descriptions(command)]
    assert any(key == "cmd.librarians.undo.description" for key, _ in shown)
    differ = [(key, text, english[key]) for key, text in shown if key in english and english[key] != text]
    assert differ == [], "the command tree's description and data/locale/en disagree"


async def test_help_reads_in_the_members_language(table, user_locale) -> None:
    user_locale(table.bob, "it")
    italian = await table.bob.slash(table.channel, "games help")
    english = await table.alice.slash(table.channel, "games help")
    assert italian.ephemeral and english.ephemeral
    assert italian.response.embeds[0].title == "Come si gioca un turno"
    assert english.response.embeds[0].title == "How to take a turn"
    assert len(italian.response.embeds[0].description.splitlines()) == 3


async def test_help_says_how_each_games_turn_goes_in_its_own_field_in_either_language(table, user_locale) -> None:
    user_locale(table.bob, "it")
    shown = {"en": await table.alice.slash(table.channel, "games help"),
             "it": await table.bob.slash(table.channel, "games help")}
    news = {"en": ["`/shelfie new`", "`/dice new`", "`/librarians new`", "`/books new`"],
            "it": ["`/shelfie nuova`", "`/dadi nuova`", "`/bibliotecari nuova`", "`/libri nuova`"]}
    for language, answer in shown.items():
        embed = answer.response.embeds[0]
        assert answer.ephemeral and len(embed) <= 6000
        assert "/shelfie" not in embed.description and "/dice" not in embed.description, "the steps every game shares"
        games = embed.fields[:-2]
        dice = "My Shelfie: The Dice Game" if language == "en" else "My Shelfie: Il gioco di dadi"
        books = "A Place for All My Books" if language == "en" else "Un posto per tutti i miei libri"
        assert [field.name for field in games] == ["My Shelfie", dice, "Librarians", books]
        assert all(field.value.startswith(new) for field, new in zip(games, news[language], strict=True))
        assert all(len(field.value) <= 1024 for field in embed.fields)
    assert "`hints:true`" in shown["en"].response.embeds[0].fields[-2].value
    assert "`suggerimenti:true`" in shown["it"].response.embeds[0].fields[-2].value
    assert "`/games history`" in shown["en"].response.embeds[0].fields[-1].value
    assert "`/partite storico`" in shown["it"].response.embeds[0].fields[-1].value
