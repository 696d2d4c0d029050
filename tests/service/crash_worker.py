"""Run by test_service_crash in a subprocess: plays moves in several games and prints "ack" after each
one returns, until the test kills it with SIGKILL. `python -m tests.service.crash_worker DB GAMES`."""
from __future__ import annotations

import asyncio
import sys

from bot.service import GameOptions, TableService

PEOPLE = (201, 202)


async def main(db_path: str, games: int) -> None:
    svc = await TableService.open(db_path)
    ids = []
    for channel in range(games):
        table = await svc.open_lobby(1, 5000 + channel, PEOPLE[0], "Ann", GameOptions(players=3), kind="shelfie")
        await svc.join(table.game_id, PEOPLE[1], "Bob")
        if channel % 2:
            await svc.add_computer(table.game_id, PEOPLE[0])
        ids.append((await svc.start(table.game_id, PEOPLE[0])).table.game_id)
    print("ready", " ".join(map(str, ids)), flush=True)
    while True:
        for game_id in ids:
            table = await svc.table(game_id)
            seat = table.current_seat
            if seat is None or table.game is None:
                continue
            moves = table.game.legal_moves()
            result = await svc.play(game_id, seat.user_id, moves[table.turn % len(moves)], turn=table.turn)
            print("ack", game_id, result.table.turn, flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
