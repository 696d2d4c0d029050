"""Captions: every one exists in Italian with the same placeholders; unknown locales fall back."""
from __future__ import annotations

import string

import pytest

from render import fonts
from render.text import CAPTIONS, caption, points


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_caption_has_italian_with_the_same_placeholders() -> None:
    for key, entry in CAPTIONS.items():
        assert "it" in entry, key
        assert fields(entry["it"]) == fields(entry["en"]), key


def test_unknown_locale_falls_back_to_english() -> None:
    assert caption("to_play", "xx", name="Ann") == "Ann to play"
    assert caption("to_play", "it", name="Ann") == "Tocca a Ann"


def test_points_are_singular_for_one() -> None:
    assert (points(1), points(2), points(0)) == ("1 point", "2 points", "0 points")
    assert points(1, "it") == "1 punto"


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("bold", [False, True])
def test_every_caption_draws_every_character(locale: str, bold: bool) -> None:
    for key, entry in CAPTIONS.items():
        text = entry[locale].strip()
        assert fonts.visible(text, bold) == text, key
