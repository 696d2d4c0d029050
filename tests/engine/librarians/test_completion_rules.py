"""Completion details: the cards a completion uncovers are checked too, and with Mystery's tolerance the line
taken is the purest one (then the one of the card just laid), not the first found."""
from __future__ import annotations

import json

from engine.librarians import GIVE, RIGHT, Choose, LibrariansGame, Library, Play, Row
from engine.librarians.data import BOOKS_PER_COLOUR

from .positions import build, hand_card

RED, GREEN = 0, 1


def _card(colour: int, n: int) -> int:
    return colour * BOOKS_PER_COLOUR + n


def test_a_line_the_completion_uncovers_completes_as_well() -> None:
    # four stacks of A: blue below, green on top (the last green laid now); the blues below make a line too
    g = build([(RIGHT, {1: ["Ab", "Ag"], 2: ["Ab", "Ag"], 3: ["Ab", "Ag"], 4: "Ab"})], [["Ag", "Bg"], ["Dy"]])
    report = g.apply(Play(hand_card(g, 0, "Ag"), (0, 4)))
    assert [c.genre for c in report.completions] == [g.genres[GREEN], g.genres[2]]
    assert g.library.rows[0].cells == {}
    assert [step.kind for step in g.queue] == ["give", "give"]


def test_with_one_wrong_card_allowed_the_line_all_of_one_colour_is_taken() -> None:
    cells = {1: [_card(RED, 0)], 2: [_card(GREEN, 0)], 3: [_card(GREEN, 1)], 4: [_card(GREEN, 2)],
             5: [_card(GREEN, 3)]}
    library = Library(tuple([0] * 66), [Row(0, RIGHT, cells)])
    assert library.lines_through((0, 3), 4, 1) == [(GREEN, ((0, 2), (0, 3), (0, 4), (0, 5)))]


def test_with_one_wrong_card_allowed_a_tie_takes_the_line_of_the_card_just_laid() -> None:
    # red red red GREEN green green: laid at x4, both x1..x4 (3 red) and x3..x6 (3 green) qualify
    colours = [RED, RED, RED, GREEN, GREEN, GREEN]
    cells = {x: [_card(colour, x)] for x, colour in enumerate(colours, start=1)}
    library = Library(tuple([0] * 66), [Row(0, RIGHT, cells)])
    assert library.lines_through((0, 4), 4, 1) == [(GREEN, ((0, 3), (0, 4), (0, 5), (0, 6)))]


def test_two_lines_of_one_colour_crossing_in_a_shared_book_each_give_a_card_of_their_own() -> None:
    g = build([(RIGHT, {2: "Bg", 3: "Cg", 4: "Dg"}), (RIGHT, {1: "Eg"}), (RIGHT, {1: "Fg"}), (RIGHT, {1: "Gg"})],
              [["Ag", "Hb"], ["Iy"]])
    g.apply(Play(hand_card(g, 0, "Ag"), (0, 1)))
    gives = [step.data[0] for step in g.queue if step.kind == GIVE]
    assert len(gives) == 2 and len(set(gives)) == 2 and all(card in g.discard for card in gives)
    for card in gives:
        g.apply(Choose(g.pending.options[0]))
    assert sorted(g.held[0]) == sorted(gives)
    assert LibrariansGame.from_dict(json.loads(json.dumps(g.to_dict()))) == g
