"""`shelfie-bot run` as one shard process: shard count and ids from flags or the environment, and bad ones refused
at start with a line that names the setting."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from bot.cli import build_parser, main, run_shards
from bot.client import ShardedShelfieBot, ShelfieBot, create_bot
from bot.config import ConfigError, load_config
from bot.service.processes import this_process
from bot.store import ShardSet


@pytest.fixture
def shell(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    """An operator's shell with no token and no shard settings, its database in tmp_path."""
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "SHELFIE_SHARD_COUNT", "SHELFIE_SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SHELFIE_DB", str(tmp_path / "live.sqlite3"))
    return monkeypatch


def shards_of(*words: str) -> ShardSet | None:
    return run_shards(build_parser().parse_args(["run", *words]), load_config())


def test_flags_and_variables_choose_the_shards_a_process_serves(shell: pytest.MonkeyPatch) -> None:
    assert shards_of() is None, "no setting: one process serves every server"
    assert shards_of("--shard-count", "4", "--shard-ids", "0,2") == ShardSet(4, frozenset({0, 2}))
    assert shards_of("--shard-count", "4") == ShardSet(4, frozenset({0, 1, 2, 3}))
    assert shards_of("--shard-count", "8", "--shard-ids", "4-7") == ShardSet(8, frozenset({4, 5, 6, 7}))
    shell.setenv("SHELFIE_SHARD_COUNT", "4")
    shell.setenv("SHELFIE_SHARD_IDS", "1")
    assert shards_of() == ShardSet(4, frozenset({1}))
    assert shards_of("--shard-ids", "1,3") == ShardSet(4, frozenset({1, 3})), "a flag replaces its variable"


@pytest.mark.parametrize(("words", "said"), [
    (["--shard-ids", "0"], "--shard-ids needs the total number of shards too (SHELFIE_SHARD_COUNT)"),
    (["--shard-count", "2", "--shard-ids", "0,2"],
     "--shard-ids: shard 2 does not exist with --shard-count=2 (shards are 0 .. 1)"),
])
def test_shard_flags_that_do_not_fit_are_refused_by_name(shell: pytest.MonkeyPatch, words: list[str], said: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", *words]) == 2
    assert capsys.readouterr().err == f"shelfie-bot: configuration error: {said}\n"


@pytest.mark.parametrize(("words", "said"), [
    (["--shard-count", "0"], "argument --shard-count: '0' is not a shard count 1 .. 4096"),
    (["--shard-ids", "zero"], "argument --shard-ids: 'zero' is not a list of shard ids like 0,2 or 0-3"),
    (["--shard-ids", "1,1"], "argument --shard-ids: '1,1' names a shard twice"),
    (["--shard-ids", "3-1"], "argument --shard-ids: '3-1' is an empty range of shard ids"),
])
def test_shard_flags_that_do_not_parse_are_refused_by_name(shell: pytest.MonkeyPatch, words: list[str], said: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["run", *words])
    assert said in capsys.readouterr().err


def test_bad_shard_variables_stop_every_command_at_start(shell: pytest.MonkeyPatch) -> None:
    shell.setenv("SHELFIE_SHARD_IDS", "0")
    with pytest.raises(ConfigError, match="SHELFIE_SHARD_IDS needs the total number of shards too"):
        load_config()
    shell.setenv("SHELFIE_SHARD_COUNT", "two")
    with pytest.raises(ConfigError, match="SHELFIE_SHARD_COUNT: 'two' is not a shard count"):
        load_config()


def test_a_sharded_bot_connects_only_its_shards(tmp_path: Path) -> None:
    sharded = create_bot(tmp_path / "db.sqlite3", shards=ShardSet(4, frozenset({0, 2})))
    assert isinstance(sharded, ShardedShelfieBot)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [0, 2])
    assert type(create_bot(tmp_path / "db.sqlite3")) is ShelfieBot


def status(**changes: object) -> str:
    return json.dumps({"at": time.time(), "shards": {"0": 41, "2": 38}, "database": True, "overdue": 0,
                       "process": str(this_process()), "every": 30, **changes})


@pytest.mark.usefixtures("stopped_wall_clock")
def test_health_reads_its_own_shard_process_status(shell: pytest.MonkeyPatch, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / ".shelfie-heartbeat-shards-0-2-of-4"
    (tmp_path / ".shelfie-heartbeat-shards-1-3-of-4").write_text(status(shards={"1": None, "3": None}))
    health = ["health", "--shard-count", "4", "--shard-ids", "0,2"]
    assert main(health) == 1
    assert capsys.readouterr().out == "unhealthy: the bot is not running here (no status yet)\n"
    mine.write_text(status())
    assert main(health) == 0
    assert capsys.readouterr().out == ("healthy: connected: 0 (41 ms), 2 (38 ms); database answers; 0 deadlines "
                                       "overdue; last heartbeat 0 s ago\n")
    for broken, said in ((status(shards={"0": 41, "2": None}), "not connected to Discord: shard 2"),
                         (status(database=False, overdue=None), "the database did not answer"),
                         (status(overdue=3), "3 deadlines more than 5 minutes overdue"),
                         (status(at=time.time() - 600), "last heartbeat 600 s ago"),
                         ("{", "is not a status the bot wrote")):
        mine.write_text(broken)
        assert main(health) == 1
        out = capsys.readouterr().out
        assert out.startswith("unhealthy: ") and said in out, out
