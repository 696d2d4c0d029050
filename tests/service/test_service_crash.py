"""A bot process killed with SIGKILL mid-stream loses no acknowledged move and half-applies none."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.service import TableService

ROOT = Path(__file__).resolve().parents[2]
GAMES = 6


def run_until_killed(db_path: Path, acks_before_kill: int) -> tuple[list[int], dict[int, int]]:
    """Start the worker, read its acknowledgements, SIGKILL it; return game ids and the last acked turn of each."""
    worker = subprocess.Popen([sys.executable, "-m", "tests.service.crash_worker", str(db_path), str(GAMES)],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert worker.stdout is not None
    try:
        ready = worker.stdout.readline().split()
        assert ready and ready[0] == "ready", ready
        game_ids = [int(g) for g in ready[1:]]
        acked: dict[int, int] = {}
        for _ in range(acks_before_kill):
            line = worker.stdout.readline().split()
            assert line and line[0] == "ack", line
            acked[int(line[1])] = int(line[2])
        os.kill(worker.pid, signal.SIGKILL)
    finally:
        worker.kill()
        worker.wait()
    return game_ids, acked


async def test_sigkill_mid_stream_keeps_every_acknowledged_move(tmp_path: Path) -> None:
    db_path = tmp_path / "crash.sqlite3"
    game_ids, acked = run_until_killed(db_path, acks_before_kill=90)
    assert len(acked) == GAMES
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    svc = await TableService.open(db_path)
    try:
        for game_id in game_ids:
            table = await svc.table(game_id)
            assert table.turn >= acked[game_id], f"game {game_id} lost an acknowledged move"
            audit = await svc.audit(game_id)
            assert audit.ok, audit.problem
            assert audit.moves == table.turn
            seat = table.current_seat
            assert seat is not None and seat.is_human and table.game is not None
            await svc.play(game_id, seat.user_id, table.game.legal_moves()[0], turn=table.turn)
    finally:
        await svc.close()
