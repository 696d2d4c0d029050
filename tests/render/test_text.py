"""Captions, the shared ones and every registered game's own (its PICTURES.captions): every one exists in Italian
with the same placeholders and draws every character; unknown locales fall back."""
from __future__ import annotations

import string

import pytest

from engine.registry import KINDS
from render import fonts
from render.manifest import pictures_of
from render.text import CAPTIONS, caption, points

TABLES = {"shared": CAPTIONS} | {kind: pictures_of(kind).captions for kind in KINDS}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_caption_has_italian_with_the_same_placeholders() -> None:
    for table in TABLES.values():
        for key, entry in table.items():
            assert "it" in entry, key
            assert fields(entry["it"]) == fields(entry["en"]), key


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_caption_never_takes_a_shared_caption_id(kind: str) -> None:
    """A game reads its own captions before the shared ones: one of the same id would change what it draws."""
    assert set(TABLES[kind]) & set(CAPTIONS) == set()


def test_unknown_locale_falls_back_to_english() -> None:
    assert caption("to_play", "xx", name="Ann") == "Ann to play"
    assert caption("to_play", "it", name="Ann") == "Tocca a Ann"


def test_points_are_singular_for_one() -> None:
    assert (points(1), points(2), points(0)) == ("1 point", "2 points", "0 points")
    assert points(1, "it") == "1 punto"


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("bold", [False, True])
def test_every_caption_draws_every_character(locale: str, bold: bool) -> None:
    for table in TABLES.values():
        for key, entry in table.items():
            text = entry[locale].strip()
            assert fonts.visible(text, bold) == text, key
