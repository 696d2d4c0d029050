"""`python -m bench store` runs at any BENCH_STORE_SCALE: at a small one its cold-start part once ran out of stored
games to read (StopIteration), so a quick check of the bench was impossible below a tenth; and a measurement that
fails ends with its error instead of hanging on its open store. Its games never share a channel, whatever the
scale."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.store import GUILDS, channel_ranges, sizes
from tests.patience import PATIENCE


def test_bench_store_runs_every_part_on_both_backends_at_a_tiny_scale(postgres_url: str) -> None:
    env = {**os.environ, "BENCH_STORE_SCALE": "0.001", "SHELFIE_BENCH_POSTGRES": postgres_url}
    ran = subprocess.run([sys.executable, "-m", "bench", "store"], env=env, capture_output=True, text=True,
                         timeout=PATIENCE * 4)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    for part in ("moves persisted/s", "one move, engine + commit", "two shard processes", "cold start:",
                 "a channel's game, not cached", "the next deadline of one shard", "database size", "resident memory"):
        assert ran.stdout.count(part) >= 2, f"{part!r} missing for a backend:\n{ran.stdout}"
    # every stored game's channel read once, but the cold start's own game's (cached by its move)
    assert ran.stdout.count(f"not cached (every interaction's first look), {sizes(0.001)[2] - 1} rounds:") == 2, \
        ran.stdout


def test_a_measurement_that_fails_ends_with_its_error(tmp_path: Path) -> None:
    """The cold start asked for a game that is not stored: the child process ends, it does not hang."""
    ran = subprocess.run([sys.executable, "-m", "bench.store", "cold", str(tmp_path / "empty.sqlite3"), "999"],
                         capture_output=True, text=True, timeout=PATIENCE)
    assert ran.returncode != 0 and "Traceback" in ran.stderr, ran.stdout + ran.stderr


@pytest.mark.parametrize("scale", [0.001, 0.02, 0.1, 1, 10, 11, 21, 50])
def test_the_bench_s_games_never_share_a_channel_at_any_scale(scale: float) -> None:
    """Above a scale of 10 the games only stored ran into the shard games' channels (from 100,000), and above 20
    shard 0's into shard 1's (from 101,000): two games in one channel, which the service refuses."""
    games, shard_games, active = sizes(scale)
    ranges = channel_ranges(scale)
    channels = [channel for numbers in ranges.values() for channel in numbers]
    assert len(set(channels)) == len(channels) == active, "every stored game in a channel of its own"
    assert len(ranges["measured"]) == games
    assert [len(ranges[f"shard {shard}"]) for shard in range(len(GUILDS))] == [shard_games] * len(GUILDS)
