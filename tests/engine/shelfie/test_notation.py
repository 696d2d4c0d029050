"""Move notation people type: lenient about case, commas and dashes, specific about mistakes."""
import pytest

from engine.shelfie import IllegalMove, Move

from .positions import cell


def _tiles(*labels: str) -> tuple[tuple[int, int], ...]:
    return tuple(cell(label) for label in labels)


@pytest.mark.parametrize("text, tiles, column", [
    ("E4 E5 3", ("E4", "E5"), 2),
    ("e4,e5 3", ("E4", "E5"), 2),
    ("  E4E5 3 ", ("E4", "E5"), 2),
    ("E4 ; E5 ; 3", ("E4", "E5"), 2),
    ("E4-E6 2", ("E4", "E5", "E6"), 1),
    ("e6-e4 2", ("E6", "E5", "E4"), 1),
    ("E4..E6 2", ("E4", "E5", "E6"), 1),
    ("E4\u2013E6 2", ("E4", "E5", "E6"), 1),
    ("C5-E5 1", ("C5", "D5", "E5"), 0),
    ("E4 to E6 col 2", ("E4", "E5", "E6"), 1),
    ("E4 e E5 colonna 3", ("E4", "E5"), 2),
    ("i5 5", ("I5",), 4),
    ("E 4 3", ("E4",), 2),
    ("E4 E5 3.", ("E4", "E5"), 2),
    ("E4, E5, 3!", ("E4", "E5"), 2),
])
def test_lenient_notation(text: str, tiles: tuple[str, ...], column: int) -> None:
    m = Move.parse(text)
    assert m == Move(_tiles(*tiles), column)


@pytest.mark.parametrize("text, code, mentions", [
    ("", "empty", "E4 E5 3"),
    ("   ", "empty", "E4 E5 3"),
    ("E4 E5", "no_column", "column"),
    ("3", "no_tiles", "tiles"),
    ("3 E4", "column_not_last", "last"),
    ("E4 E5 3 4", "two_columns", "one shelf column"),
    ("E4 E5 6", "bad_column", "6"),
    ("E4 E5 0", "bad_column", "0"),
    ("Z9 1", "off_board", "Z9"),
    ("E0 1", "off_board", "E0"),
    ("E10 1", "off_board", "E10"),
    ("E4 E5 three", "garbage", "three"),
    ("E4 @ 1", "garbage", "@"),
    ("E4 E5 ³", "garbage", "³"),
    ("E٤ 1", "garbage", "٤"),
    ("E4 E5 ３", "garbage", "３"),
    ("E4 E5 " + "9" * 50, "bad_column", "9" * 50),
    ("E" + "9" * 50 + " 1", "off_board", "E999"),
    ("E4 " + "x" * 55, "garbage", "x" * 19 + "…"),
    ("E4 " + "5" * 2000, "too_long", "60"),
    ("E4 " * 1000, "too_long", "60"),
])
def test_garbage_gets_a_specific_error(text: str, code: str, mentions: str) -> None:
    with pytest.raises(IllegalMove) as err:
        Move.parse(text)
    assert err.value.code == code
    assert mentions in str(err.value)


def test_parse_tiles_without_column() -> None:
    assert Move.parse_tiles("e4, e5") == _tiles("E4", "E5")
    with pytest.raises(IllegalMove) as err:
        Move.parse_tiles("E4 E5 3")
    assert err.value.code == "column_in_tiles"


def test_illegal_move_is_a_value_error_with_params() -> None:
    with pytest.raises(ValueError) as err:
        Move.parse("E4 E5 9")
    assert isinstance(err.value, IllegalMove) and err.value.params == {"column": 9}


@pytest.mark.parametrize("text", ["E4 E5 3", "A5 1", "E2 E3 E4 5", "I5 H5 G5 2"])
def test_str_round_trip(text: str) -> None:
    assert str(Move.parse(text)) == text
