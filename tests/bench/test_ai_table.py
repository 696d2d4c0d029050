"""The computer players' table (`python -m bench ai`): every registered game has its rows, a row's games are
really played to their end through the protocol, and its interval holds its rate."""
from __future__ import annotations

import importlib
from concurrent.futures import ThreadPoolExecutor

import pytest

from bench.__main__ import main as bench_main
from bench.figures import wilson
from bench.shelfie_ai import Tally, main as shelfie_ai_main
from bench.table import Played, duel, table
from engine.registry import KINDS


@pytest.mark.parametrize("kind", KINDS)
def test_every_registered_game_adds_its_rows_to_the_table(kind: str) -> None:
    assert callable(importlib.import_module(f"bench.{kind}_ai").rows)


def test_a_duel_row_plays_its_games_and_times_the_subject() -> None:
    with ThreadPoolExecutor(1) as pool:
        row = duel("dice", "normal", "easy", 2, pool, per="step")
    assert (row.game, row.level, row.against, row.games) == ("dice", "normal", "easy", 2)
    assert 0 <= row.wins <= 2 and row.times
    low, high = row.interval
    assert low <= row.wins / row.games <= high
    assert row.line().startswith("dice        normal  easy")


def test_a_reported_duel_tells_each_game_as_it_ends_and_counts_the_same_games() -> None:
    told: list[tuple[int, float]] = []
    with ThreadPoolExecutor(2) as pool:
        reported = duel("dice", "normal", "easy", 3, pool, per="step", report=lambda k, game: told.append((k, game.share)))
        plain = duel("dice", "normal", "easy", 3, pool, per="step")
    assert sorted(k for k, _ in told) == [0, 1, 2]
    assert reported.wins == plain.wins == sum(share for _, share in told)
    assert reported.note == plain.note


def test_the_rest_of_a_row_cut_short_plays_the_same_deals_and_seats_as_the_whole_row() -> None:
    whole: dict[int, Played] = {}
    rest: dict[int, Played] = {}
    with ThreadPoolExecutor(2) as pool:
        duel("dice", "normal", "easy", 4, pool, per="step", report=whole.__setitem__)
        row = duel("dice", "normal", "easy", 4, pool, per="step", report=rest.__setitem__, first=2)
    assert sorted(rest) == [2, 3] and row.games == 2
    assert [(rest[k].scores, rest[k].share) for k in (2, 3)] == [(whole[k].scores, whole[k].share) for k in (2, 3)]
    assert row.wins == whole[2].share + whole[3].share


def test_the_tally_prints_the_count_so_far_after_each_game(capsys: pytest.CaptureFixture[str]) -> None:
    tally = Tally()
    tally(1, Played(1.0, (28, 35), None, ((0.2, 0.15),)))
    tally(0, Played(0.0, (30, 41), None, ((0.3, 0.25),)))
    first, second = capsys.readouterr().out.splitlines()
    assert "game 1 (subject in seat 2): 35-28  wins 1 of 1" in first
    assert "game 0 (subject in seat 1): 30-41  wins 1 of 2 (9.5%-90.5%)" in second


def test_a_cooperative_row_counts_the_tables_shared_wins_and_its_measure() -> None:
    with ThreadPoolExecutor(1) as pool:
        row = table("librarians", "easy", 4, 2, pool, per="turn", against="table of 4")
    assert row.wins in (0, 1, 2) and "mean cards left" in row.note


def test_the_interval_holds_the_rate_and_stays_within_0_and_1() -> None:
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    low, high = wilson(65.5, 100)
    assert low < 0.655 < high and high - low < 0.2
    narrower = wilson(262, 400)
    assert narrower[1] - narrower[0] < high - low


def test_options_go_to_one_suite_that_takes_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["render", "--games", "3"]) == 2
    assert "the render suite takes no options" in capsys.readouterr().out
    assert bench_main(["ai", "render", "--games", "3"]) == 2
    assert "name exactly one" in capsys.readouterr().out


@pytest.mark.parametrize("first", [-1, 4, 5])
def test_a_duel_refuses_a_first_game_outside_its_row(first: int) -> None:
    """Past the row's last game it played nothing and then failed on an empty mean; below 0 it played deals that
    are not the row's."""
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match="must be one of the row's games 0-3"):
        duel("dice", "normal", "easy", 4, pool, per="step", first=first)


@pytest.mark.parametrize(("argv", "words"), [
    (["--from", "3"], "--from needs --reference"),
    (["--reference", "3s", "--games", "10", "--from", "10"], "--from must be one of the row's games, 0 to 9"),
    (["--reference", "3s", "--games", "10", "--from", "-2"], "--from must be one of the row's games, 0 to 9")])
def test_bench_shelfie_ai_refuses_a_from_it_cannot_play(argv: list[str], words: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """`--from` without `--reference` was ignored (the whole table ran), and one outside the row failed late or
    played the wrong deals: each is refused before anything runs."""
    with pytest.raises(SystemExit) as stopped:
        shelfie_ai_main(argv)
    assert stopped.value.code == 2 and words in capsys.readouterr().err
