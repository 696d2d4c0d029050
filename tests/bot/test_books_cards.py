"""A Place for All My Books' cards in words: every card of the product's own set has a name and a text in English
and Italian, a person finds a card by its id or name in either language, and the rules say the set is the bot's."""

from __future__ import annotations

import pytest

from bot.games.books.cards import every_card, find_cards
from bot.games.books.rules import rules_embed
from bot.i18n import LANGUAGES

EMBED_FIELD = 1024
EMBED_TOTAL = 6000


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_reads_whole_in_each_language(language: str) -> None:
    cards = list(every_card())
    assert len(cards) == 36 + 20 + 9 + 4 + 14
    for card in cards:
        title, text = card.title(language), card.text(language)
        assert title and text and "{" not in text and "books." not in text and "books." not in title, card
        assert len(text) <= 4096


def test_cards_read_differently_in_english_and_italian() -> None:
    (lived_in,) = find_cards("LP07")
    assert lived_in.text("en") == "LP07 Lived-in Rooms (colourless) — Every room has at least 2 stacks; reward: +3 ⚡"
    assert lived_in.text("it").startswith("LP07 Stanze vissute (senza colore) — Ogni stanza ha almeno 2 pile")
    (rival,) = find_cards("Rival L")
    assert rival.text("en") == ("Rival L (🟥 red, 🟨 yellow) — queue 1–3: Library, +1 random book · queue 4–5: "
                                "Bookstore, +1 random book, you lose 2 ⚡ · queue 6+: Village Shoppes, "
                                "+1 Little Project, ☀ Sun +1")
    (tower,) = find_cards("ma2")
    assert "first: 5 VP and the top Other Neat Stuff card; later: 3 VP" in tower.text("en")


@pytest.mark.parametrize(("typed", "found"), [
    ("lp7", ["LP07"]), ("LP07", ["LP07"]), ("ns 5", ["NS05"]), ("MA03", ["MA3"]), ("rivale c", ["C"]),
    ("Rival N", ["N"]), ("player y", ["Y"]), ("coperta", ["NS05"]), ("blanket", ["NS05"]),
    ("Blue", ["LP19", "LP20", "LP21", "LP22"]), ("lp99", []), ("", []), ("nothing like it", []),
])
def test_a_card_is_found_by_its_id_or_its_name_in_either_language(typed: str, found: list[str]) -> None:
    assert [card.id for card in find_cards(typed)] == found


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_say_the_cards_and_layout_are_the_bots_own_and_fit_an_embed(language: str) -> None:
    embed = rules_embed(language)
    own = {"en": "The cards and the apartment layout are this bot's own original set",
           "it": "Le carte e la pianta dell'appartamento sono un set originale di questo bot"}[language]
    assert own in (embed.description or "")
    assert all(len(field.value or "") <= EMBED_FIELD for field in embed.fields)
    assert len(embed) <= EMBED_TOTAL
