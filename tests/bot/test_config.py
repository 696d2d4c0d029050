"""Configuration: defaults, .env files, and a one-line refusal for every wrong value."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.cli import build_parser, main
from bot.config import ConfigError, load_config, parse_duration

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"


def test_defaults_when_nothing_is_set(tmp_path: Path) -> None:
    config = load_config({}, dotenv=None)
    assert config.token is None
    assert config.db_path == Path("shelfie.sqlite3")
    assert config.log_level == "INFO"
    assert config.turn_timeout == timedelta(hours=24)
    assert config.owner_ids == frozenset()
    assert config.dev_guild is None
    assert config.workers is None  # one process per core and lane
    assert config.discord_api is None  # discord.py's own https://discord.com/api/v10
    assert config.requests_per_second is None  # Discord's 50, or this process's shards' share of it
    assert (config.sandbox_address.host, config.sandbox_address.port) == ("127.0.0.1", 0)  # loopback, any port


def test_every_variable_is_read(tmp_path: Path) -> None:
    config = load_config(
        {
            "DISCORD_TOKEN": TOKEN,
            "SHELFIE_DB": str(tmp_path / "games.sqlite3"),
            "SHELFIE_LOG_LEVEL": "debug",
            "SHELFIE_TURN_TIMEOUT": "90m",
            "SHELFIE_OWNER_IDS": "123456789012345678, 223456789012345678",
            "SHELFIE_DEV_GUILD": "323456789012345678",
            "SHELFIE_WORKERS": "0",
            "SHELFIE_DISCORD_API": "http://127.0.0.1:8080/api/v10/",
            "SHELFIE_REQUESTS_PER_SECOND": "1200",
            "SHELFIE_SANDBOX_ADDRESS": "0.0.0.0:8000",
        },
        dotenv=None,
    )
    assert config.token == TOKEN
    assert config.discord_api == "http://127.0.0.1:8080/api/v10"
    assert config.db_path == tmp_path / "games.sqlite3"
    assert config.log_level == "DEBUG"
    assert config.turn_timeout == timedelta(minutes=90)
    assert config.owner_ids == {123456789012345678, 223456789012345678}
    assert config.dev_guild == 323456789012345678
    assert config.workers == 0
    assert config.requests_per_second == 1200
    assert (config.sandbox_address.host, config.sandbox_address.port) == ("0.0.0.0", 8000)


def test_dotenv_fills_only_what_the_environment_leaves_unset(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(f'# secrets\nexport DISCORD_TOKEN="{TOKEN}"\nSHELFIE_LOG_LEVEL=ERROR\n\n', encoding="utf-8")
    config = load_config({"SHELFIE_LOG_LEVEL": "WARNING"}, dotenv=dotenv)
    assert config.token == TOKEN
    assert config.log_level == "WARNING"


@pytest.mark.parametrize(
    ("variable", "value", "explanation"),
    [
        ("DISCORD_TOKEN", "not a token", "DISCORD_TOKEN does not look like a bot token"),
        ("SHELFIE_LOG_LEVEL", "LOUD", "SHELFIE_LOG_LEVEL: 'LOUD' is not one of DEBUG, INFO, WARNING, ERROR"),
        ("SHELFIE_TURN_TIMEOUT", "soon", "SHELFIE_TURN_TIMEOUT: 'soon' is not a duration like 30m, 24h or 2d"),
        ("SHELFIE_TURN_TIMEOUT", "2m", "SHELFIE_TURN_TIMEOUT: '2m' is outside 5m .. 7d"),
        ("SHELFIE_TURN_TIMEOUT", "8d", "SHELFIE_TURN_TIMEOUT: '8d' is outside 5m .. 7d"),
        ("SHELFIE_TURN_TIMEOUT", "99999999999999d", "SHELFIE_TURN_TIMEOUT: '99999999999999d' is not a duration"),
        ("SHELFIE_TURN_TIMEOUT", "²h", "SHELFIE_TURN_TIMEOUT: '²h' is not a duration"),
        ("SHELFIE_OWNER_IDS", "¹" * 18, "SHELFIE_OWNER_IDS: '¹¹¹"),
        ("SHELFIE_OWNER_IDS", "alice", "SHELFIE_OWNER_IDS: 'alice' is not a Discord id (15-21 digits)"),
        ("SHELFIE_DEV_GUILD", "42", "SHELFIE_DEV_GUILD: '42' is not a Discord id (15-21 digits)"),
        ("SHELFIE_WORKERS", "many", "SHELFIE_WORKERS: 'many' is not a number of processes 0 .. 64"),
        ("SHELFIE_WORKERS", "65", "SHELFIE_WORKERS: '65' is not a number of processes 0 .. 64"),
        ("SHELFIE_WORKERS", "²", "SHELFIE_WORKERS: '²' is not a number of processes 0 .. 64"),
        ("SHELFIE_WORKERS", "9" * 5000, "SHELFIE_WORKERS: '99999999999999999999' is not a number of processes"),
        ("SHELFIE_DB", "/no/such/dir/shelfie.sqlite3", "SHELFIE_DB: directory '/no/such/dir' does not exist"),
        ("SHELFIE_DISCORD_API", "discord.com/api/v10", "SHELFIE_DISCORD_API: is not an http(s) URL"),
        ("SHELFIE_DISCORD_API", "ftp://proxy/api/v10", "SHELFIE_DISCORD_API: is not an http(s) URL"),
        ("SHELFIE_DISCORD_API", "http://proxy:99999/api", "SHELFIE_DISCORD_API: is not an http(s) URL"),
        ("SHELFIE_DISCORD_API", "http://proxy/api?v=10", "SHELFIE_DISCORD_API: is not an http(s) URL"),
        ("SHELFIE_REQUESTS_PER_SECOND", "0", "SHELFIE_REQUESTS_PER_SECOND: '0' is not a number of requests a "
                                              "second 1 .. 100000"),
        ("SHELFIE_REQUESTS_PER_SECOND", "fast", "SHELFIE_REQUESTS_PER_SECOND: 'fast' is not a number of requests"),
        ("SHELFIE_REQUESTS_PER_SECOND", "12.5", "SHELFIE_REQUESTS_PER_SECOND: '12.5' is not a number of requests"),
        ("SHELFIE_REQUESTS_PER_SECOND", "100001", "SHELFIE_REQUESTS_PER_SECOND: '100001' is not a number of"),
        ("SHELFIE_SANDBOX_ADDRESS", "8000", "SHELFIE_SANDBOX_ADDRESS: '8000' is not an IPv4 address and port like "
                                            "0.0.0.0:8000"),
        ("SHELFIE_SANDBOX_ADDRESS", "0.0.0.0:0", "SHELFIE_SANDBOX_ADDRESS: '0.0.0.0:0' is not an IPv4 address"),
        ("SHELFIE_SANDBOX_ADDRESS", "0.0.0.0:65536", "SHELFIE_SANDBOX_ADDRESS: '0.0.0.0:65536' is not an IPv4"),
        ("SHELFIE_SANDBOX_ADDRESS", "0.0.0.0:８０", "SHELFIE_SANDBOX_ADDRESS: '0.0.0.0:８０' is not an IPv4"),
        ("SHELFIE_SANDBOX_ADDRESS", "localhost:8000", "SHELFIE_SANDBOX_ADDRESS: 'localhost:8000' is not an IPv4"),
    ],
)
def test_a_wrong_value_is_refused_with_one_line(variable: str, value: str, explanation: str) -> None:
    with pytest.raises(ConfigError) as refused:
        load_config({variable: value}, dotenv=None)
    assert str(refused.value).startswith(explanation)
    assert "\n" not in str(refused.value)


def test_a_rest_base_with_a_password_is_refused_without_repeating_it() -> None:
    with pytest.raises(ConfigError) as refused:
        load_config({"SHELFIE_DISCORD_API": "https://bot:hunter2@proxy.example/api/v10"}, dotenv=None)
    assert str(refused.value).startswith("SHELFIE_DISCORD_API: is not an http(s) URL without credentials")
    assert "hunter2" not in str(refused.value)


def test_a_directory_as_database_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="is a directory"):
        load_config({"SHELFIE_DB": str(tmp_path)}, dotenv=None)


def test_a_malformed_dotenv_line_names_file_and_line(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("SHELFIE_LOG_LEVEL=INFO\nthis line is wrong\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"\.env:2: expected KEY=VALUE"):
        load_config({}, dotenv=dotenv)


@pytest.mark.parametrize(("text", "seconds"), [("300", 300), ("5m", 300), ("24h", 86400), ("2D", 172800)])
def test_durations(text: str, seconds: int) -> None:
    assert parse_duration(text) == timedelta(seconds=seconds)


def test_the_cli_stops_with_exit_2_and_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SHELFIE_TURN_TIMEOUT", "forever")
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert err == "shelfie-bot: configuration error: SHELFIE_TURN_TIMEOUT: 'forever' is not a duration like 30m, 24h or 2d\n"


def test_run_without_a_token_says_where_to_put_it(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    assert "DISCORD_TOKEN is not set: put it in the environment or in a .env file" in capsys.readouterr().err


def test_a_postgresql_url_is_the_database_as_given_and_run_takes_one_by_flag() -> None:
    url = "postgresql://bot:secret@db.example:5432/shelfie"
    config = load_config({"SHELFIE_DB": f" {url} "}, dotenv=None)
    assert config.db_path == url, "a URL is no file path: no folder is looked for"
    assert load_config({"SHELFIE_DB": "postgres://db/shelfie"}, dotenv=None).db_path == "postgres://db/shelfie"
    args = build_parser().parse_args(["run", "--db", url])
    assert args.db == url
    assert build_parser().parse_args(["sandbox", "--db", "games.sqlite3"]).db == Path("games.sqlite3")


def test_backup_of_a_postgresql_database_points_to_pg_dump(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SHELFIE_DB", "postgresql://bot:secret@db.example/shelfie")
    assert main(["backup", "copy.sqlite3"]) == 2
    err = capsys.readouterr().err
    assert "pg_dump" in err and "secret" not in err
    assert not (tmp_path / "copy.sqlite3").exists()
