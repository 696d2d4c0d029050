"""The load benchmark's report: a step whose moves were refused or lost, or during which the bot hit errors,
shows the counts in its row, and the run ends with a loud line instead of quietly printing its figures."""
from __future__ import annotations

from bench.load import _row, failures


def step(**counts: float) -> dict[str, float]:
    figures = {"games": 5, "moves/s": 60, "p50": 64, "p99": 140, "defer p99": 20, "deferred": 0.05, "cpu/move": 21,
               "workers cpu/move": 9, "rss": 300, "pss": 200, "bot rss": 100, "refused": 0, "lost": 0, "errors": 0}
    return figures | counts


def test_a_clean_run_reports_no_failure() -> None:
    assert failures([step(), step(games=10)]) is None
    assert _row(step()).endswith("| 0 / 0 / 0 |")


def test_refused_and_lost_moves_and_errors_are_counted_and_said_loudly() -> None:
    rows = [step(refused=2), step(games=10, lost=1, errors=3)]
    assert _row(rows[1]).endswith("| 0 / 1 / 3 |")
    said = failures(rows)
    assert said is not None and "FAILURES" in said
    assert "2 move(s) refused, 1 lost, 3 error(s)" in said


def test_a_step_where_no_move_went_through_is_a_failure() -> None:
    said = failures([step(), step(games=10, **{"moves/s": 0})])
    assert said is not None and "1 step(s) without a single move" in said
