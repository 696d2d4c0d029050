"""Operator commands: backup, audit, demo, health, and choosing run or sandbox by the token."""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import bot.cogs
import bot.cli
from bot.cli import HEARTBEAT_EVERY, HEARTBEAT_NAME, build_parser, health, main, start_heartbeat, write_heartbeat
from bot.client import EXTENSIONS, ShelfieBot, create_bot
from bot.demo import demo_kinds
from engine.registry import rules_of
from bot.service import GameOptions, TableService
from bot.service.processes import ProcessName, start_ticks, this_process
from tests.patience import eventually

PNG = b"\x89PNG\r\n\x1a\n"


def beat(**changes: object) -> str:
    """A status as this (running) process would write it."""
    return json.dumps({"at": time.time(), "shards": {"all": 40}, "database": True, "overdue": 0,
                       "process": str(this_process()), "every": HEARTBEAT_EVERY, **changes})


@pytest.fixture
def operator(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """An operator's shell: an empty working folder and SHELFIE_DB pointing at a database in it."""
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "SHELFIE_LOG_LEVEL", "SHELFIE_TURN_TIMEOUT", "SHELFIE_OWNER_IDS", "SHELFIE_DEV_GUILD"):
        monkeypatch.delenv(name, raising=False)
    db = tmp_path / "live.sqlite3"
    monkeypatch.setenv("SHELFIE_DB", str(db))
    return db


async def play_some_moves(db: Path, moves: int) -> tuple[TableService, int]:
    """A two-person game with `moves` moves played; the service stays open, like a running bot."""
    service = await TableService.open(db)
    lobby = await service.open_lobby(1, 10, 100, "ann", GameOptions(players=2), kind="shelfie")
    await service.join(lobby.game_id, 200, "ben")
    await service.start(lobby.game_id, 100)
    for _ in range(moves):
        table = await service.table(lobby.game_id)
        await service.play(lobby.game_id, table.current_seat.user_id, table.game.legal_moves()[0], turn=table.turn)
    return service, lobby.game_id


async def test_backup_copies_a_live_database(operator: Path, capsys: pytest.CaptureFixture[str]) -> None:
    service, game_id = await play_some_moves(operator, 4)
    try:
        assert main(["backup", "copy.sqlite3"]) == 0
        await service.play(game_id, (await service.table(game_id)).current_seat.user_id,
                           (await service.table(game_id)).game.legal_moves()[0])
    finally:
        await service.close()
    assert capsys.readouterr().out == f"Backed up {operator} to copy.sqlite3 (1 game).\n"
    copy = await TableService.open(Path("copy.sqlite3"))
    try:
        restored = await copy.table(game_id)
        audit = await copy.audit(game_id)
    finally:
        await copy.close()
    assert restored.turn == 4, "the backup holds the moves made before it, not the one after"
    assert audit.ok
    assert not Path("copy.sqlite3.partial").exists()


def test_backup_of_a_missing_database_says_so(operator: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["backup", "copy.sqlite3"]) == 1
    assert capsys.readouterr().err == f"shelfie-bot: no database at {operator}\n"
    assert not Path("copy.sqlite3").exists()


def test_audit_reports_every_game_and_exits_1_on_a_mismatch(operator: Path, capsys: pytest.CaptureFixture[str]) -> None:
    async def two_games() -> tuple[int, int]:
        service, game_id = await play_some_moves(operator, 3)
        second = await service.open_lobby(1, 11, 100, "ann", GameOptions(players=2), kind="shelfie")
        await service.close()
        return game_id, second.game_id

    game_id, second_id = asyncio.run(two_games())

    assert main(["audit"]) == 0
    assert capsys.readouterr().out == (
        f"game {game_id}: ok (3 moves)\ngame {second_id}: ok (0 moves)\n2 games audited, 0 mismatches.\n"
    )

    with sqlite3.connect(operator) as db:  # someone edits the log by hand: the replay no longer matches
        db.execute("DELETE FROM moves WHERE game_id = ? AND seq = 3", (game_id,))
    assert main(["audit"]) == 1
    out = capsys.readouterr().out
    assert f"game {game_id}: MISMATCH after 2 moves: log has 2 entries, game says 3" in out
    assert out.endswith("2 games audited, 1 mismatch.\n")


def test_demo_writes_a_picture_per_turn_and_the_score_sheet(operator: Path, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", str(tmp_path / "demo"), "--game", "shelfie", "--players", "2", "--level", "easy",
                 "--seed", "3"]) == 0
    out = tmp_path / "demo" / "shelfie"
    files = sorted(path.name for path in out.iterdir())
    assert files[0] == "scores.png" and files[1] == "turn_000.png"
    turns = [name for name in files if name.startswith("turn_")]
    assert turns == [f"turn_{n:03d}.png" for n in range(len(turns))]
    assert len(turns) > 20, "a two-player game lasts more than 20 turns"
    assert all((out / name).read_bytes().startswith(PNG) for name in files)
    lines = capsys.readouterr().out.splitlines()[1:]
    assert lines[-1] == f"Wrote {len(files)} files to {out}."
    assert lines[0] == "Final scores:"
    standings = [re.fullmatch(r"  (\d)\. (Computer \d): (\d+) points \(.*\)", line) for line in lines[1:3]]
    assert all(standings), lines
    places = [int(match.group(1)) for match in standings]
    totals = [int(match.group(3)) for match in standings]
    assert places == [1, 2] and totals == sorted(totals, reverse=True), "best first, as on the score sheet"
    winner = standings[0].group(2)
    assert re.fullmatch(rf"Winner: {winner} with {totals[0]} points( \(a tie, won by .*\))?\.", lines[3]), lines[3]


def test_demo_plays_every_game_to_its_end(operator: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`shelfie-bot demo` played My Shelfie only: each game now plays to its end, in a folder of its own."""
    assert main(["demo", str(tmp_path), "--players", "2", "--level", "easy", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for kind in demo_kinds():
        name = rules_of(kind).description.names["en"]
        assert f"{name}:\n" in out
        pictures = sorted((tmp_path / kind).iterdir())
        assert len(pictures) > 10 and all(path.read_bytes().startswith(PNG) for path in pictures)
        assert f"Wrote {len(pictures)} files to {tmp_path / kind}." in out
    assert {"dice", "librarians"} <= set(demo_kinds())
    assert "Winner: Computer" in out.split("The Dice Game:")[1] and "together." in out.split("Librarians:")[1]


def test_demo_refuses_players_or_a_level_a_game_does_not_take(operator: Path, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", str(tmp_path), "--players", "6"]) == 2
    assert "--players 6: My Shelfie takes 2 to 4; choose one game with --game" in capsys.readouterr().err
    with pytest.raises(SystemExit) as refused:  # every game plays easy, normal and hard: no game lacks one
        main(["demo", str(tmp_path), "--level", "expert"])
    assert refused.value.code == 2 and "invalid choice: 'expert'" in capsys.readouterr().err
    assert not any(tmp_path.iterdir()), "nothing is played when a game cannot take the choice"


def test_demo_names_the_winner_by_the_engine_rule_even_on_a_tie() -> None:
    from engine.shelfie import Game

    from bot.games.shelfie.demo import standings_lines

    game = Game.new(2, seed=5)
    while not game.is_over:
        game.apply(game.legal_moves()[0])
    names = ["Ann", "Ben"]
    lines = standings_lines(game, names)
    assert lines[1].startswith(f"  1. {names[game.winner]}: {game.score_breakdown(game.winner)['total']} points")
    assert lines[-1].startswith(f"Winner: {names[game.winner]} with {game.score_breakdown(game.winner)['total']} points")
    assert ("a tie" in lines[-1]) == game.decided_by_tiebreak


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    (group,) = [action for action in build_parser()._actions if isinstance(action, argparse._SubParsersAction)]
    return dict(group.choices)


@pytest.mark.parametrize("command", sorted(_subcommands()))
def test_every_subcommand_explains_itself_and_each_of_its_options(command: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    subparser = _subcommands()[command]
    with pytest.raises(SystemExit) as exit_:
        main([command, "--help"])
    assert exit_.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert subparser.description and " ".join(subparser.description.split()) in shown
    for action in subparser._actions:
        assert action.help, f"{command} {action.dest} has no help text"
        assert " ".join(action.help.split()) in shown


def test_the_top_level_help_describes_the_default_command_and_gives_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    assert "else `sandbox`" in shown
    assert "examples:" in shown and 'make run ARGS="--port 8080 --db games.sqlite3"' in shown
    for command in _subcommands():
        assert f"\n    {command} " in shown, f"{command} is listed with its summary"


def test_demo_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["demo", "out", "--level", "genius"])
    assert "invalid choice: 'genius'" in capsys.readouterr().err


@pytest.mark.usefixtures("stopped_wall_clock")
def test_health_follows_the_heartbeat(operator: Path, capsys: pytest.CaptureFixture[str]) -> None:
    heartbeat = operator.parent / HEARTBEAT_NAME
    assert main(["health"]) == 1
    assert "not running" in capsys.readouterr().out
    heartbeat.write_text(beat())
    assert main(["health"]) == 0
    heartbeat.write_text(beat(at=time.time() - 3 * HEARTBEAT_EVERY))
    assert main(["health"]) == 1
    assert "last heartbeat 90 s ago (the bot writes one every 30 s)" in capsys.readouterr().out
    heartbeat.write_text(beat(at=time.time() - 60, every=5))
    assert main(["health"]) == 1, "stale by the interval its writer beats at"
    capsys.readouterr()
    heartbeat.write_text(json.dumps({"at": time.time(), "shards": {"all": 40}, "database": True, "overdue": 0}))
    assert main(["health"]) == 1
    assert "is not a status the bot wrote" in capsys.readouterr().out, "a status that names no process"


def test_health_does_not_trust_the_status_of_a_process_that_is_gone(operator: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    heartbeat = operator.parent / HEARTBEAT_NAME
    killed = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    started = start_ticks(killed.pid)
    killed.kill()
    killed.wait()
    me = this_process()
    assert started is not None and started != me.started
    for gone in (ProcessName(me.host, killed.pid, started), ProcessName(me.host, me.pid, str(int(me.started) - 1))):
        heartbeat.write_text(beat(process=str(gone)))
        assert main(["health"]) == 1, "killed; or its pid now runs another process (a restarted container)"
        assert capsys.readouterr().out == f"unhealthy: the bot process that wrote the status (pid {gone.pid}) is not running\n"


@pytest.mark.usefixtures("stopped_wall_clock")
def test_health_shows_the_memory_the_bot_and_its_workers_hold(operator: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    memory = {"bot": 112 * 2**20, "workers": 254 * 2**20, "processes": 3}
    (operator.parent / HEARTBEAT_NAME).write_text(beat(memory=memory))
    assert main(["health"]) == 0
    assert capsys.readouterr().out == ("healthy: connected: all (40 ms); database answers; 0 deadlines overdue; "
                                       "last heartbeat 0 s ago; memory: bot 112 MB, 3 workers 254 MB\n")


def test_invite_prints_the_link_with_exactly_the_needed_permissions(operator: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB")
    assert main(["invite"]) == 0
    assert capsys.readouterr().out == (
        "https://discord.com/oauth2/authorize?client_id=123456789012345678"
        "&scope=bot+applications.commands&permissions=309237763072\n"
    )


def test_every_cog_module_is_loaded() -> None:
    cogs = Path(bot.cogs.__path__[0])
    modules = {f"bot.cogs.{path.stem}" for path in cogs.glob("*.py") if "async def setup(" in path.read_text()}
    assert modules == set(EXTENSIONS), "list every cog in bot.client.EXTENSIONS (in load order)"


async def test_sync_to_one_server_makes_every_command_usable_there(simcord_env) -> None:
    guild = simcord_env.create_guild("Club")
    channel = guild.create_text_channel("games")
    member = guild.add_member(simcord_env.create_user("zoe"))
    assert member.available_commands(channel) == ()
    count = await simcord_env.bot.publish_commands(guild.id)
    assert count == len(simcord_env.bot.tree.get_commands()) >= 1
    assert "games help" in member.available_commands(channel)
    result = await member.slash(channel, "games help")
    assert result.response.embeds[0].title == "How to take a turn"


async def test_a_connected_bot_writes_the_heartbeat_health_reads(simcord_env, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / HEARTBEAT_NAME
    beat = asyncio.get_running_loop().create_task(write_heartbeat(simcord_env.bot, path))
    try:
        await eventually(path.exists, "the heartbeat")
    finally:
        beat.cancel()
    health(path)
    said = re.search(r"; memory: bot (\d+) MB", capsys.readouterr().out)
    assert said is not None and int(said[1]) > 10, "the bot's own resident memory (its workers are threads here)"


async def test_the_heartbeat_says_connected_as_soon_as_a_restarted_bot_connects(
        simcord_env, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bot.cli, "HEARTBEAT_EVERY", 3600.0)  # no periodic beat within the test: only the events'
    path = tmp_path / HEARTBEAT_NAME
    restarted = create_bot(tmp_path / "restarted.sqlite3")
    beating = start_heartbeat(restarted, path)
    try:
        await eventually(path.exists, "the status written at start")
        assert health(path) == 1
        assert "not connected to Discord" in capsys.readouterr().out, "the status written at start"
        await simcord_env.restart_bot(restarted)

        # a failure, not a hang, without the events' beat
        await eventually(lambda: health(path) == 0, "a connected status")
    finally:
        beating.cancel()
        if isinstance(restarted, ShelfieBot) and restarted.service is not None:
            await restarted.service.close()
    assert capsys.readouterr().out.splitlines()[-1].startswith("healthy: connected: all")


async def test_a_stop_cancelled_while_the_bot_is_starting_leaves_the_start_to_end_cleanly(tmp_path: Path) -> None:
    shelfie = create_bot(tmp_path / "games.sqlite3", workers=0)
    async with shelfie.starting():
        stop = asyncio.create_task(shelfie.close())
        await asyncio.sleep(0)  # the stop now waits for the start
        stop.cancel()
        await asyncio.gather(stop, return_exceptions=True)
    await shelfie.close()  # the start ended without an error, and a later stop closes everything
    assert stop.cancelled()
