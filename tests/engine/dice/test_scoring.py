"""Scoring by hand: a row or column with 3+ circled items scores their values (house values: column k = k)."""
from __future__ import annotations

import json
from pathlib import Path

from engine.dice import ITEM_VALUES, closed_rows, score_breakdown_of

from .positions import sheet


def test_an_item_counts_in_its_row_and_in_its_column() -> None:
    marks = sheet("ooo..", "o....", "o....", ".....", ".....")
    parts = score_breakdown_of(marks)
    assert parts["rows"] == [6, 0, 0, 0, 0]
    assert parts["columns"] == [3, 0, 0, 0, 0]
    assert parts["total"] == 9


def test_lines_with_one_or_two_circled_items_score_nothing_and_crosses_never_count() -> None:
    marks = sheet("oo.xx", "xo...", "x....", "xxxxx", ".....")
    assert score_breakdown_of(marks)["total"] == 0


def test_a_full_sheet() -> None:
    parts = score_breakdown_of("o" * 25)
    assert parts["rows"] == [15] * 5
    assert parts["columns"] == [5, 10, 15, 20, 25]
    assert parts["total"] == 150


def test_high_items_in_a_scattered_pattern() -> None:
    marks = sheet("....o", "...oo", "..o.o", ".....", "x...x")
    assert score_breakdown_of(marks) == {"rows": [0, 0, 0, 0, 0], "columns": [0, 0, 0, 0, 15], "total": 15}


def test_values_come_from_the_data_file_and_say_they_are_house_values() -> None:
    data = json.loads((Path(__file__).resolve().parents[3] / "data" / "dice.json").read_text(encoding="utf-8"))
    assert tuple(data["item_values_by_column"]) == ITEM_VALUES
    assert "printed score sheet is not public" in data["note"]


def test_closed_rows_count_circled_and_crossed_alike() -> None:
    assert closed_rows(sheet("ooxxo", "xxxxx", "oooo.", ".....", ".....")) == 2
