"""Personal goal cards and adjacency groups: the points a finished shelf is worth."""
import pytest

from engine.shelfie import PERSONAL_GOALS, TILE_TYPES, Bookshelf, adjacency_groups, adjacency_score

from .positions import shelf

POINTS_BY_MATCHES = [0, 1, 2, 4, 6, 9, 12]


def _other(letter: str) -> str:
    return TILE_TYPES[(TILE_TYPES.index(letter) + 1) % len(TILE_TYPES)]


def _shelf_matching(card: int, matches: int, fill_rest: bool) -> Bookshelf:
    """The first `matches` target spaces of the card hold the right type, the other targets a wrong one;
    with fill_rest every other space is filled too (with types that never match)."""
    grid = [["."] * 5 for _ in range(6)]
    if fill_rest:
        grid = [["C" if (r + c) % 2 else "B" for c in range(5)] for r in range(6)]
    for k, (r, c, letter) in enumerate(PERSONAL_GOALS[card].cells):
        grid[r][c] = letter if k < matches else _other(letter)
    return shelf(*["".join(row) for row in grid])


@pytest.mark.parametrize("card", [0, 3, 7, 11])
@pytest.mark.parametrize("matches", range(7))
def test_personal_goal_points_by_matches(card: int, matches: int) -> None:
    goal = PERSONAL_GOALS[card]
    for fill_rest in (False, True):
        s = _shelf_matching(card, matches, fill_rest)
        assert sum(goal.matches(s)) == matches
        assert goal.score(s) == POINTS_BY_MATCHES[matches]


def test_every_personal_card_has_six_spaces_one_per_type() -> None:
    assert len(PERSONAL_GOALS) == 12
    layouts = set()
    for goal in PERSONAL_GOALS:
        assert len(goal.cells) == 6
        assert sorted(letter for _, _, letter in goal.cells) == sorted(TILE_TYPES)
        positions = {(r, c) for r, c, _ in goal.cells}
        assert len(positions) == 6 and all(0 <= r < 6 and 0 <= c < 5 for r, c in positions)
        layouts.add(goal.cells)
    assert len(layouts) == 12


def test_personal_goal_counts_exact_positions_only() -> None:
    """Card 0 wants plants top-left; plants next to it or a cat there do not count."""
    goal = PERSONAL_GOALS[0]
    assert goal.cells[0] == (0, 0, "P")
    assert goal.matches(shelf("P....", *["....."] * 5))[0] is True
    assert goal.matches(shelf(".P...", "P....", *["....."] * 4))[0] is False
    assert goal.matches(shelf("C....", *["....."] * 5))[0] is False
    assert goal.score(Bookshelf()) == 0


@pytest.mark.parametrize("size, points", [(1, 0), (2, 0), (3, 2), (4, 3), (5, 5), (6, 8), (7, 8), (12, 8), (30, 8)])
def test_adjacency_points_by_group_size(size: int, points: int) -> None:
    """One snake-shaped group of `size` cats, filled bottom row first; nothing else on the shelf."""
    cells = []
    for r in range(5, -1, -1):
        cols = range(5) if (5 - r) % 2 == 0 else range(4, -1, -1)
        cells.extend((r, c) for c in cols)
    grid = [["."] * 5 for _ in range(6)]
    for r, c in cells[:size]:
        grid[r][c] = "C"
    s = shelf(*["".join(row) for row in grid])
    assert adjacency_score(s) == points
    assert [len(cells) for _, cells in adjacency_groups(s)] == [size]


def test_rulebook_example_21_points() -> None:
    """8 plants 8 + 4 trophies 3 + 5 cats 5 + 4 frames 3 + 3 games 2, as in the rulebook's example."""
    s = shelf(
        "PPPPT",
        "PPPPT",
        "CCCTT",
        "CCBFF",
        "GGBFF",
        "GBTBT",
    )
    assert sorted(len(cells) for kind, cells in adjacency_groups(s) if len(cells) >= 3) == [3, 4, 4, 5, 8]
    assert adjacency_score(s) == 21


def test_same_type_touching_only_at_a_corner_is_two_groups() -> None:
    s = shelf(".....", ".....", "CCC..", "CCCBB", "BBBCC", "BBBCC")
    kinds = sorted((kind, len(cells)) for kind, cells in adjacency_groups(s))
    assert kinds == [("B", 2), ("B", 6), ("C", 4), ("C", 6)]
    assert adjacency_score(s) == 8 + 8 + 3


def test_adjacency_groups_list_every_group_with_cells() -> None:
    s = shelf(".....", ".....", ".....", ".....", "C....", "CB...")
    assert sorted(adjacency_groups(s)) == [("B", ((5, 1),)), ("C", ((4, 0), (5, 0)))]
