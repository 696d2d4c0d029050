"""Books' own captions: each in English and Italian with the same placeholders, every character drawable, no id
taken from the captions every game shares, and a short text for every Little Project and Major Accomplishment."""
from __future__ import annotations

from engine.books.data import MAJORS, PROJECTS
from render import fonts
from render.books.captions import BOOKS_CAPTIONS, caption
from render.text import CAPTIONS
from tests.render.test_text import fields


def test_every_books_caption_is_its_own_in_english_and_italian() -> None:
    for key, entry in BOOKS_CAPTIONS.items():
        assert key.startswith("books_") and key not in CAPTIONS
        assert set(entry) == {"en", "it"}, key
        assert fields(entry["it"]) == fields(entry["en"]), key
    assert caption("books_hand", "it", n=2) == "Progetti in mano: 2"
    assert caption("books_hand", "xx", n=2) == "Projects in hand: 2"


def test_every_card_has_its_words() -> None:
    assert {f"books_lp_{card}" for card in PROJECTS} <= set(BOOKS_CAPTIONS)
    assert {f"books_ma_{card}" for card in MAJORS} <= set(BOOKS_CAPTIONS)


def test_every_books_caption_draws_every_character_in_both_weights() -> None:
    texts = [entry[locale].strip() for entry in BOOKS_CAPTIONS.values() for locale in ("en", "it")]
    assert [t for t in texts if fonts.visible(t) != t or fonts.visible(t, bold=True) != t] == []
