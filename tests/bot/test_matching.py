"""Autocomplete ranks what a player typed the same way in every game: a start first, then a word's start."""

from __future__ import annotations

from discord import app_commands

from bot.presenters.matching import match_rank, ranked


def test_a_choice_starting_with_the_typed_text_comes_before_one_holding_it_inside_a_word() -> None:
    spots = app_commands.Choice(name="🟥 F red (15 spots)", value="F red")
    blue = app_commands.Choice(name="🟦 T blue (3 spots)", value="T blue")
    words = app_commands.Choice(name="🟨 A yellow (2 spots · top)", value="A yellow")
    assert ranked("t", [spots, words, blue]) == [blue, words, spots]
    assert ranked("SP", [spots, blue]) == [spots, blue]
    assert ranked("q", [spots, blue]) == []
    assert ranked("", [spots, blue]) == [spots, blue]


def test_match_rank_reads_the_label_and_the_value() -> None:
    assert match_rank("plants:3", "1. 🪴 plants ×3 (+6 points now)", "plants:3") == 0
    assert match_rank("pla", "1. 🪴 plants ×3", "plants:3") == 0
    assert match_rank("now", "1. 🪴 plants ×3 (+6 points now)", "plants:3") == 1
    assert match_rank("lants", "1. 🪴 plants ×3", "plants:3") == 2
    assert match_rank("3", "1. 🪴 plants ×3", "plants:3") == 1
