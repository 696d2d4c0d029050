"""The worker pool: real processes give the in-process results, survive a dying or stuck worker, and stop cleanly."""
from __future__ import annotations

import asyncio
import logging
import os
import threading
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import render.shelfie as render
from engine.dice import DiceGame
from engine.registry import KINDS
from engine.shelfie import Game
from render.dice import render_turn as dice_turn, turn_pictures as dice_pictures
from render.dice.gallery import play_until
from engine.shelfie.ai import choose_move

from bot.service.workers import DRAWING_NICENESS, THINKING_NICENESS, Workers, _Lane
from tests.patience import PATIENCE, POLL
from tests.service import worker_jobs

NAMES = ["Ann", "Bob", "Cat"]
LOWEST = 19
"""The highest niceness (lowest CPU priority) Linux gives: os.nice stops there."""


@pytest.fixture
async def pool() -> AsyncIterator[Workers]:
    workers = await Workers(1).start()
    yield workers
    await workers.close()


def played(seed: int, turns: int) -> Game:
    game = Game.new(3, seed=seed)
    for turn in range(turns):
        moves = game.legal_moves()
        game.apply(moves[(seed + turn) % len(moves)])
    return game


def alive(pid: int) -> bool:
    """False once the process is gone or a zombie, waiting for that up to PATIENCE: a killed process takes a
    moment to die, many on a busy machine."""
    give_up = time.monotonic() + PATIENCE
    while time.monotonic() < give_up:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return False
        if state == "Z":
            return False
        time.sleep(POLL)
    return True


async def test_workers_are_other_processes_and_give_the_in_process_moves_and_pictures(pool: Workers) -> None:
    assert await pool.draw(worker_jobs.pid) != os.getpid()
    assert await pool.think(worker_jobs.pid) != os.getpid()
    for seed, turns in ((1, 0), (2, 7), (3, 15)):
        game = played(seed, turns)
        assert await pool.think(choose_move, game, "hard", seed=seed) == choose_move(game, "hard", seed=seed)
        assert await pool.think(choose_move, game, "normal", seed=seed) == choose_move(game, "normal", seed=seed)
        picture = await pool.draw(render.render_board, game, seat_names=NAMES, last_move=game.last_report.move
                                  if game.last_report else None, locale="it")
        assert picture == render.render_board(game, seat_names=NAMES, last_move=game.last_report.move
                                              if game.last_report else None, locale="it")
        assert await pool.draw(render.render_goal_card, game, 1, "en") == render.render_goal_card(game, 1, "en")


async def test_pictures_and_computer_moves_yield_the_cpu_to_the_bot_process_thinking_the_most(pool: Workers) -> None:
    """Their niceness, counted from the bot's own: a bot started with `nice` (a shared machine) has workers nicer
    still, down to the lowest priority there is."""
    mine = os.nice(0)
    assert (await pool.draw(os.nice, 0), await pool.think(os.nice, 0)) == (min(mine + DRAWING_NICENESS, LOWEST),
                                                                          min(mine + THINKING_NICENESS, LOWEST))


async def test_a_dice_game_picture_drawn_by_a_worker_is_the_in_process_picture(pool: Workers) -> None:
    for seed, players in ((1, 2), (2, 4)):
        game = DiceGame.new(players, seed=seed)
        play_until(game, lambda g, seed=seed: g.turn >= 2 + seed and g.phase == "choose", seed=seed)
        sets = game.legal_item_sets()
        assert await pool.draw(dice_turn, game, NAMES[:players], "it", game.last_report, sets) \
            == dice_turn(game, NAMES[:players], "it", game.last_report, sets)
        play_until(game, lambda g: False, seed=seed)
        assert await pool.draw(dice_pictures, game, NAMES[:players]) \
            == dice_pictures(game, NAMES[:players])


async def test_picture_workers_start_with_every_registered_game_warm(pool: Workers) -> None:
    assert await pool.draw(worker_jobs.warmed_pictures) == {kind: 1 for kind in KINDS}


async def test_a_job_error_reaches_the_caller_unchanged(pool: Workers) -> None:
    with pytest.raises(ValueError, match="seed"):
        await pool.think(choose_move, Game.new(2, seed=1), "hard", seed="one")


async def test_a_dying_worker_is_replaced_and_its_call_answered(pool: Workers, tmp_path: Path,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    before = await pool.draw(worker_jobs.pid)
    assert await pool.draw(worker_jobs.die_once, str(tmp_path / "died")) == "answered"
    assert (tmp_path / "died").exists(), "the first attempt ran and killed its worker"
    after = await pool.draw(worker_jobs.pid)
    assert after not in (before, os.getpid()), "a new worker process serves the lane"
    assert not alive(before)
    assert "process died" in caplog.text


async def test_the_event_loop_keeps_answering_while_a_dead_worker_is_replaced(
        pool: Workers, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Replacing a lane kills, shuts down and spawns processes: done on the event loop's thread it would stall
    every other answer. Each new executor here waits for the loop to run a callback meanwhile."""
    loop = asyncio.get_running_loop()
    answered: list[bool] = []
    new_executor = _Lane._new_executor

    def while_the_loop_answers(lane: _Lane):  # type: ignore[no-untyped-def]
        ran = threading.Event()
        loop.call_soon_threadsafe(ran.set)
        answered.append(ran.wait(timeout=PATIENCE))
        return new_executor(lane)

    monkeypatch.setattr(_Lane, "_new_executor", while_the_loop_answers)
    assert await pool.draw(worker_jobs.die_once, str(tmp_path / "died")) == "answered"
    assert answered == [True], "the loop ran while the lane was replaced"


async def test_a_lane_that_keeps_dying_runs_the_call_in_the_bot_process(pool: Workers,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="shelfie.workers"):
        assert await pool.think(worker_jobs.die_outside, os.getpid()) == os.getpid()
    assert "running die_outside in the bot's process" in caplog.text
    assert await pool.think(worker_jobs.pid) != os.getpid(), "the lane works again afterwards"


async def test_a_stuck_worker_is_killed_and_the_call_refused_instead_of_hanging(caplog: pytest.LogCaptureFixture) -> None:
    """The timeout measures the call alone: the lane's restart and its new process's warming (seconds on a busy
    machine) come before the next call's own timeout starts. Only the call that never answers has a short timeout:
    the calls that answer get all the time a busy machine needs."""
    workers = await Workers(1, timeout=PATIENCE).start()
    try:
        stuck = await workers.think(worker_jobs.pid)
        workers.timeout = 1.0
        with pytest.raises(TimeoutError):
            await workers.think(worker_jobs.sleep, 600)
        workers.timeout = PATIENCE
        assert not alive(stuck)
        assert await workers.think(worker_jobs.sleep, 0) == "woke"
        assert "stuck" in caplog.text
    finally:
        await workers.close()


async def test_close_stops_every_process_and_later_calls_run_in_the_bot_process() -> None:
    workers = await Workers(2).start()
    await asyncio.gather(workers.think(worker_jobs.sleep, 1), workers.think(worker_jobs.pid))
    pids = workers.pids()
    assert len(pids) == 4 and os.getpid() not in pids
    await workers.close()
    assert not any(alive(pid) for pid in pids)
    assert await workers.draw(worker_jobs.pid) == os.getpid()


async def test_every_picture_process_starts_warm_and_a_second_thinking_one_only_when_computer_moves_overlap(
        ) -> None:
    workers = await Workers(2).start()
    try:
        assert len(workers.pids()) == 3, "two for pictures, one for computer moves"
        await asyncio.gather(workers.think(worker_jobs.sleep, 1), workers.think(worker_jobs.sleep, 1))
        assert len(workers.pids()) == 4, "a second one for the move submitted while the first one thinks"
    finally:
        await workers.close()


async def test_zero_workers_run_in_the_bot_process() -> None:
    workers = await Workers(0).start()
    assert workers.pids() == []
    assert await workers.think(worker_jobs.pid) == os.getpid()
    game = played(4, 5)
    assert await workers.think(choose_move, game, "hard", seed=9) == choose_move(game, "hard", seed=9)


def test_a_worker_count_outside_the_range_is_refused() -> None:
    with pytest.raises(ValueError, match="0 .. 64"):
        Workers(65)


def test_workers_end_with_a_bot_killed_without_warning(tmp_path: Path) -> None:
    """kill -9 of the bot (OOM killer, a crash): its worker processes end too instead of living on."""
    script = ("import asyncio, os, signal\n"
              "from bot.service.workers import Workers\n"
              "async def main():\n"
              "    pool = await Workers(1).start()\n"
              "    print(' '.join(map(str, pool.pids())), flush=True)\n"
              "    os.kill(os.getpid(), signal.SIGKILL)\n"
              "asyncio.run(main())\n")
    bot = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    pids = [int(pid) for pid in bot.stdout.split()]
    assert len(pids) == 2, bot.stderr
    assert not any(alive(pid) for pid in pids)
