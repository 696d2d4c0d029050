"""The text form of Books actions: every action reads back as itself, people's spellings (Italian, any case,
arrows, colour words) read as the canonical text, and text that is not an action is refused by a code."""
from __future__ import annotations

import pytest

from engine.books import BooksError, InvalidNotation, parse_action
from engine.books.actions import (
    Admire, Bookstore, Discard, Exchange, Gather, Home, Keep, Leave, Library, Put, Read, Remove, Rest, Shoppes,
    Sort, Take,
)

CANONICAL = [
    (Keep(("LP03", "LP15", "LP22")), "keep LP03 LP15 LP22"),
    (Gather(("A1", "B2", "C3"), "D4"), "gather A1 B2 C3 > D4"),
    (Sort("B2", (("G", "A1"), ("R", "A1"), ("B", "C3"))), "sort B2 > G:A1 R:A1 B:C3"),
    (Sort("B2", (("R", "B2"),), (("lamp", "C3"),)), "sort B2 > R:B2 lamp:C3"),
    (Rest(), "rest"),
    (Read("B2", 3, kitty=True), "kitty read B2 3"),
    (Admire(), "admire"),
    (Leave(), "leave"),
    (Bookstore("C", (("R", "P1"), ("G", "P2"))), "bookstore C > R:P1 G:P2"),
    (Bookstore("L", (), "bookstore_left"), "bookstore_left L"),
    (Library(), "library"),
    (Take((("R", "P1"), ("W", "bag"))), "take R:P1 W:bag"),
    (Shoppes("both"), "shoppes both"),
    (Exchange((2, 1), (("R", "P1"), ("G", "P2"), ("G", "P2"))), "exchange A1:2 A1:1 > R:P1 G:P2 G:P2"),
    (Exchange((), (("Y", "P1"),)), "exchange > Y:P1"),
    (Home((("P1", "B4"), ("P2", "C1"))), "home P1:B4 P2:C1"),
    (Home(), "home"),
    (Put("C3"), "put C3"),
    (Discard(("LP04",)), "discard LP04"),
    (Remove("R"), "remove R"),
    (Remove(""), "remove colourless"),
]


@pytest.mark.parametrize("action, text", CANONICAL)
def test_an_action_writes_its_text_and_reads_back_as_itself(action: object, text: str) -> None:
    assert str(action) == text
    assert parse_action(text) == action


@pytest.mark.parametrize("typed, canonical", [
    ("GATHER a1, b2 -> d4", "gather A1 B2 > D4"),
    ("riordina b2 > rosso:a1 verde : c3", "sort B2 > R:A1 G:C3"),
    ("libreria sinistra c > giallo:p1", "bookstore_left C > Y:P1"),
    ("bookstore right centre > blue:p2", "bookstore_right C > B:P2"),
    ("negozi mazzo", "shoppes deck"),
    ("gatto esci", "kitty leave"),
    ("scambio 2 > jolly:P1 red:P2", "exchange A1:2 > W:P1 R:P2"),
    ("prendi R:sacchetto", "take R:bag"),
    ("rimuovi incolore", "remove colourless"),
    ("tieni lp03 lp15 lp22", "keep LP03 LP15 LP22"),
])
def test_people_may_type_english_or_italian_in_any_case(typed: str, canonical: str) -> None:
    assert str(parse_action(typed)) == canonical


@pytest.mark.parametrize("text, code", [
    ("", "empty"), ("fly away", "unknown_verb"), ("read B2 0", "bad_depth"), ("read B2 ³", "bad_depth"),
    ("read B2", "read_form"), ("gather > D4", "gather_form"), ("gather A1 > B2 C3", "gather_form"),
    ("sort E5 > R:A1", "bad_space"), ("sort B2", "sort_form"), ("sort B2 > R", "bad_placement"),
    ("take X:P1", "bad_book"), ("take R:P9", "bad_place"), ("kitty", "kitty_alone"),
    ("kitty keep LP01 LP02 LP03", "kitty_not_a_move"), ("bookstore Q > R:P1", "bad_shelf"),
    ("shoppes middle", "bad_shoppes"), ("exchange B2:1 > R:P1", "not_nightstand"), ("exchange 1", "exchange_form"),
    ("home P1", "bad_unload"), ("put", "put_form"), ("discard", "no_cards"), ("keep LP99", "bad_card"),
    ("rest now", "extra_words"), ("remove purple", "remove_form"), ("gather A1 > B2 > C3", "two_arrows"),
])
def test_text_that_is_not_an_action_is_refused_by_its_reason(text: str, code: str) -> None:
    with pytest.raises(InvalidNotation) as refused:
        parse_action(text)
    assert refused.value.code == code
    assert isinstance(refused.value, BooksError) and refused.value.kind == "books"
