"""The search behind the loss rule ("can the seat still finish its turn?") never reports a loss it has not proved:
it agrees with trying every order of every card on small positions, finds the bridges of libraries a completion
split (the review's positions), and a search that runs out of budget lets the game go on."""
from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.librarians import LEFT, RIGHT, Library, Row
from engine.librarians import search as search_module
from engine.librarians.library import Place
from engine.librarians.search import search_turn
from engine.librarians.ai import choose

from .positions import build

Rows = list[tuple[int, dict[int, str]]]
COLOURS = "rgbpyk"


def _library(rows: Rows, hand: str) -> tuple[Library, list[int]]:
    """A library of `rows` (letters only; the colours do not matter to the search) and a hand of letters."""
    letters: list[int] = []

    def card(letter: str) -> int:
        letters.append(ord(letter) - ord("A"))
        return len(letters) - 1

    library_rows = [Row(i, arrow, {x: [card(letter)] for x, letter in cells.items()})
                    for i, (arrow, cells) in enumerate(rows)]
    cards = [card(letter) for letter in hand]
    letters += [0] * (66 - len(letters))
    library = Library(tuple(letters), library_rows)
    return library, cards


def _finishes(library: Library, plan: list[tuple[int, Place]], need: int, *, max_groups: int = 1,
              loose: bool = False, **rules: bool) -> bool:
    """Whether laying `plan` in order is legal card by card and ends a turn legally."""
    lib = library.copy()
    for card, place in plan:
        if place not in lib.legal_places(lib.letters[card], **rules):
            return False
        lib.put(place, card)
    return len(plan) >= need and lib.groups(loose) <= max_groups


def test_sci_fi_in_force_with_the_minimum_met_still_finds_the_card_that_rejoins_the_library() -> None:
    # x1 and x4,x5 are two apart: two groups even loosely; one more card at x2 or x3 joins them loosely
    library, hand = _library([(RIGHT, {1: "A", 4: "A", 5: "A"})], "AA")
    result = search_turn(library, hand, 0, loose=True)
    assert result.plan is not None and _finishes(library, result.plan, 0, loose=True)
    assert search_turn(library, hand, 1, loose=True).plan is not None


REVIEW_64: Rows = [
    (RIGHT, {-3: "A", -2: "G", 1: "N", 2: "O", 3: "S", 4: "V", 5: "Z"}),
    (LEFT, {1: "L", 2: "J", 3: "E", 4: "D"}),
    (LEFT, {-4: "Y", -3: "X", -2: "W", 1: "F", 2: "A", 3: "A"}),
    (RIGHT, {-4: "B", -3: "G", -2: "G", 1: "M", 2: "R", 3: "W", 4: "W"}),
    (RIGHT, {1: "L"}),
]
"""A sorted library that a vertical line's completion split into 3 groups (the review's fuzz seed 64)."""
REVIEW_153: Rows = [
    (RIGHT, {-4: "V", -3: "Z", -2: "J", -1: "F", 1: "X", 3: "C"}),
    (LEFT, {-3: "I", -2: "V", 1: "S", 3: "M", 4: "L"}),
    (RIGHT, {-4: "N", -3: "Q", -2: "S", 4: "W"}),
    (RIGHT, {-4: "U", -3: "F", -1: "O", 1: "H", 3: "P", 4: "J"}),
]
"""Rows out of order, split in two, a hand of 6 (the review's fuzz seed 153: the old budget ran out)."""


def test_a_split_library_and_a_large_hand_find_the_bridge() -> None:
    for rows, hand in ((REVIEW_64, "GQYXZ"), (REVIEW_153, "QHGVZG")):
        library, cards = _library(rows, hand)
        assert library.groups() > 1
        result = search_turn(library, cards, 2)
        assert result.complete and result.plan is not None and _finishes(library, result.plan, 2)


def test_a_bridge_no_card_fits_is_proved_impossible() -> None:
    # the gap at x2 lies between N and O of a sorted row: none of the hand's letters fits there
    library, cards = _library([(RIGHT, {1: "N", 3: "O", 4: "P"})], "ABCYZ")
    result = search_turn(library, cards, 2)
    assert result.stuck


def test_a_search_out_of_budget_is_no_loss_and_the_computer_still_plays(monkeypatch) -> None:
    monkeypatch.setattr(search_module, "SEARCH_BUDGET", 0)
    # split into two groups: finishing needs a placement, which the empty budget forbids trying
    g = build([(RIGHT, {1: "Br", 3: "Dg"}), (RIGHT, {})], [["Cb", "Cy"], ["Ep"]])
    result = g.finishing_search()
    assert result.plan is None and not result.complete and not result.stuck
    assert not g.is_over, "nothing was proved, so the table has not lost"
    for level in ("easy", "normal"):
        action = choose(g, level, seed=1)
        assert action in g.legal_actions(), level
    g.apply(action, 0)


_letters = st.sampled_from("ABMNYZ")
_row = st.tuples(st.sampled_from((RIGHT, LEFT)),
                 st.dictionaries(st.sampled_from((-2, -1, 1, 2, 3)), _letters, max_size=3))


def _every_order(library: Library, hand: list[int], need: int, max_groups: int, loose: bool,
                 rules: dict[str, bool]) -> bool:
    """Tries every order of every subset of the hand at every legal place: the plain definition."""
    if need <= 0 and library.groups(loose) <= max_groups:
        return True
    for i, card in enumerate(hand):
        for place in library.legal_places(library.letters[card], **rules):
            library.put(place, card)
            found = _every_order(library, hand[:i] + hand[i + 1:], need - 1, max_groups, loose, rules)
            library.take(place)
            if found:
                return True
    return False


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(_row, min_size=1, max_size=3), hand=st.lists(_letters, min_size=1, max_size=3),
       need=st.integers(0, 2), max_groups=st.integers(1, 2), loose=st.booleans(), stacking=st.booleans(),
       any_stack=st.booleans(), alphabet=st.booleans())
# Self-Help with Poetry and Tragedy: 4 groups a hand of 3 cannot join; trying every order of 3 cards the alphabet
# does not read ran out of budget before it proved that
@example(rows=[(RIGHT, {-2: "A", 3: "A"}), (RIGHT, {}), (RIGHT, {-2: "A"})], hand=["A", "B", "M"], need=0,
         max_groups=1, loose=False, stacking=False, any_stack=True, alphabet=False)
def test_the_search_finds_a_finish_exactly_when_some_order_of_the_cards_has_one(
        rows: Rows, hand: list[str], need: int, max_groups: int, loose: bool, stacking: bool, any_stack: bool,
        alphabet: bool) -> None:
    library, cards = _library(rows, "".join(hand))
    rules = {"stacking": stacking, "any_stack": any_stack, "alphabet": alphabet}
    result = search_turn(library, cards, need, loose=loose, max_groups=max_groups, **rules)
    assert result.complete
    assert (result.plan is not None) == _every_order(library.copy(), cards, need, max_groups, loose, rules)
    if result.plan is not None:
        assert _finishes(library, result.plan, need, max_groups=max_groups, loose=loose, **rules)
