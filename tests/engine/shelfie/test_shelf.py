"""The bookshelf: building one from a picture, gravity when tiles are placed, and what it reports."""
import pytest

from engine.shelfie import Bookshelf, TurnReport

from .positions import move, shelf


def test_from_rows_reads_letters_case_blind() -> None:
    s = shelf(".....", ".....", ".....", ".....", "c....", "Cb.pP")
    assert s.rows()[-2:] == ["C....", "CB.PP"]
    assert s.cell(5, 1) == "B" and s.cell(0, 0) == "."
    assert [s.height(c) for c in range(5)] == [2, 1, 0, 1, 1]
    assert [s.free(c) for c in range(5)] == [4, 5, 6, 5, 5]
    assert not s.is_full


@pytest.mark.parametrize("rows, message", [
    (["....."] * 5, "6 rows of 5"),
    (["......"] + ["....."] * 5, "6 rows of 5"),
    (["X...."] + ["....."] * 5, "unknown tile letter"),
])
def test_from_rows_refuses_bad_pictures(rows: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Bookshelf.from_rows(rows)


def test_placed_tiles_fall_to_the_bottom_first_listed_lowest() -> None:
    s = Bookshelf()
    s.place(2, "CBG")
    s.place(2, "T")
    assert [row[2] for row in s.rows()] == [".", ".", "T", "G", "B", "C"]
    assert s.free(2) == 2 and s.height(2) == 4 and s.max_free == 6


def test_full_shelf() -> None:
    s = shelf(*["CBGFT"] * 6)
    assert s.is_full and s.max_free == 0 and s.tile_count == 30
    assert s == shelf(*["cbgft"] * 6) and s != shelf(*["CBGFP"] * 6)


def test_turn_report_round_trips() -> None:
    report = TurnReport(1, move("E4 E5 3"), (("staircase", 8),), True, True, False, 2)
    assert TurnReport.from_dict(report.to_dict()) == report
    resign = TurnReport(0, None, game_over=True)
    assert TurnReport.from_dict(resign.to_dict()) == resign
