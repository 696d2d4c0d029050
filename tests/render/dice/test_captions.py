"""The Dice Game's own captions: each in English and Italian with the same placeholders, every character
drawable, and no id taken from the captions every game shares."""
from __future__ import annotations

from render import fonts
from render.dice.captions import DICE_CAPTIONS, caption
from render.text import CAPTIONS
from tests.render.test_text import fields


def test_every_dice_caption_is_its_own_in_english_and_italian() -> None:
    for key, entry in DICE_CAPTIONS.items():
        assert key.startswith("dice_") and key not in CAPTIONS
        assert set(entry) == {"en", "it"}, key
        assert fields(entry["it"]) == fields(entry["en"]), key
    assert caption("dice_rerolls_left", "it", n=2) == "Rilanci rimasti: 2"
    assert caption("dice_rerolls_left", "xx", n=2) == "Re-rolls left: 2"


def test_every_dice_caption_draws_every_character_in_both_weights() -> None:
    texts = [entry[locale].strip() for entry in DICE_CAPTIONS.values() for locale in ("en", "it")]
    assert [t for t in texts if fonts.visible(t) != t or fonts.visible(t, bold=True) != t] == []
