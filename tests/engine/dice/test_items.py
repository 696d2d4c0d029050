"""The legal item sets equal a brute-force search over every dice assignment, for 5 and 6 dice."""
from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import OPEN, WILD, assign_dice, legal_item_sets

from .positions import OPEN_SHEET, dice, sheet


def _serves(faces: list[int], item: tuple[int, int]) -> bool:
    row, column = item
    wilds = sum(1 for f in faces if f == WILD)
    return (len(faces) == column + 1 and all(f in (row, WILD) for f in faces) and wilds <= 1
            and wilds < len(faces))


def _can_assign(rolled: tuple[int, ...], items: tuple[tuple[int, int], ...], free: tuple[int, ...]) -> bool:
    if not items:
        return True
    first, rest = items[0], items[1:]
    for chosen in combinations(free, first[1] + 1):
        if _serves([rolled[i] for i in chosen], first):
            if _can_assign(rolled, rest, tuple(i for i in free if i not in chosen)):
                return True
    return False


def _reference(rolled: tuple[int, ...], marks: str) -> set[frozenset[tuple[int, int]]]:
    """Straight from the rules: try every way to hand out the dice; all wilds circle any one open item."""
    open_items = [divmod(i, 5) for i, m in enumerate(marks) if m == OPEN]
    if all(f == WILD for f in rolled):
        return {frozenset([item]) for item in open_items}
    found = set()
    for size in (1, 2, 3):
        for items in combinations(open_items, size):
            if sum(c + 1 for _, c in items) <= len(rolled) and _can_assign(rolled, items, tuple(range(len(rolled)))):
                found.add(frozenset(items))
    return found


def _check_assignment(rolled: tuple[int, ...], items: tuple[tuple[int, int], ...]) -> None:
    used = assign_dice(rolled, items)
    assert used is not None and len(used) == len(items)
    flat = [i for group in used for i in group]
    assert len(flat) == len(set(flat))
    if not all(f == WILD for f in rolled):
        assert all(_serves([rolled[i] for i in group], item) for group, item in zip(used, items))


faces = st.integers(0, WILD)
marks = st.text(alphabet=".ox", min_size=25, max_size=25)


@settings(max_examples=150, deadline=None)
@given(rolled=st.one_of(st.lists(faces, min_size=5, max_size=5), st.lists(faces, min_size=6, max_size=6)),
       marks=st.one_of(st.just(OPEN_SHEET), marks))
def test_legal_item_sets_equal_brute_force(rolled: list[int], marks: str) -> None:
    sets = legal_item_sets(tuple(rolled), marks)
    assert len(sets) == len({frozenset(s) for s in sets})
    assert {frozenset(s) for s in sets} == _reference(tuple(rolled), marks)
    for items in sets:
        _check_assignment(tuple(rolled), items)


def test_rules_example_two_wilds_two_plants_one_trophy() -> None:
    """dice.md: wild+2 plants (plants 3) and wild+trophy (trophies 2); not 2 wilds + 2 plants; not wilds alone."""
    rolled = dice("wwppt")
    sets = {frozenset(s) for s in legal_item_sets(rolled, OPEN_SHEET)}
    assert frozenset({(0, 2), (3, 1)}) in sets
    assert frozenset({(0, 3)}) not in sets
    assert not any(item[0] not in (0, 3) for s in sets for item in s)
    assert assign_dice(rolled, ((0, 2), (3, 1))) == ((0, 2, 3), (1, 4))


def test_three_plant_dice_circle_column_three_or_columns_one_and_two() -> None:
    sets = {frozenset(s) for s in legal_item_sets(dice("pppcc"), OPEN_SHEET)}
    assert {frozenset({(0, 2)}), frozenset({(0, 0), (0, 1)})} <= sets
    assert frozenset({(0, 2), (0, 0)}) not in sets


def test_a_wild_is_never_alone_and_never_two_in_one_item() -> None:
    sets = {frozenset(s) for s in legal_item_sets(dice("wwggg"), OPEN_SHEET)}
    assert frozenset({(1, 3)}) in sets          # wild + 3 games
    assert frozenset({(1, 4)}) not in sets      # would need two wilds
    assert not any(c == 0 and r != 1 for s in sets for r, c in s)


def test_all_wilds_circle_any_one_open_item_only() -> None:
    marks = sheet("ooooo", "x....", ".....", ".....", "xxxxx")
    sets = legal_item_sets(dice("wwwwww"), marks)
    assert sorted(s[0] for s in sets) == [divmod(i, 5) for i, m in enumerate(marks) if m == "."]
    assert all(len(s) == 1 for s in sets)


def test_circled_and_crossed_items_are_never_offered() -> None:
    marks = sheet("oox..", ".....", ".....", ".....", ".....")
    sets = legal_item_sets(dice("ppppp"), marks)
    assert all((0, c) not in s for s in sets for c in (0, 1, 2))
    assert ((0, 4),) in sets and ((0, 3),) in sets
