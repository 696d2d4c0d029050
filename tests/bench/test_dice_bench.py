"""`python -m bench.dice_ai`'s screening options: one row, from another first seed, without the solitaire games."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from bench.dice_ai import main, rows
from bench.table import duel


def test_only_the_asked_row_is_played_from_the_asked_seed() -> None:
    with ThreadPoolExecutor(1) as pool:
        played = list(rows(pool, 2, seed=50_000, only=("normal-easy",)))
        same = duel("dice", "normal", "easy", 2, pool, per="step", base_seed=50_000)
    assert [(row.level, row.against) for row in played] == [("normal", "easy")]
    assert (played[0].wins, played[0].note) == (same.wins, same.note)


def test_no_solitaire_games_skips_the_solitaire_table(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--games", "2", "--row", "normal-easy", "--seed", "50000", "--solo", "0", "--workers", "1"])
    out = capsys.readouterr().out
    assert "from seed 50000" in out and "dice        normal  easy" in out
    assert "one-seat games" not in out and "hard  " not in out


@pytest.mark.parametrize("argv, message", [(["--solo", "-1"], "--solo must be 0 (none) or more, not -1"),
                                            (["--workers", "0"], "--workers must be at least 1, not 0"),
                                            (["--row", "easy-hard"], "invalid choice: 'easy-hard'")])
def test_a_bad_option_is_refused_with_its_reason(argv: list[str], message: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(argv)
    assert message in capsys.readouterr().err
