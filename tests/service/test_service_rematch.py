"""One rematch per finished game: later clicks, concurrent ones included, get the lobby already opened."""
from __future__ import annotations

import asyncio
from pathlib import Path

from bot.service import GameOptions, Table, TableService
from tests.service.conftest import ANN, BOB, CAT, CHANNEL, GUILD, Clock, play_to_end, started

THREAD, SECOND_THREAD = 500, 501


async def finished(svc: TableService, *, thread: bool) -> Table:
    if not thread:
        return (await play_to_end(svc, await started(svc, ANN, BOB))).table
    lobby = await svc.open_lobby(GUILD, CHANNEL, ANN, "Ann", GameOptions(players=2, thread=True), thread_id=THREAD, kind="shelfie")
    await svc.join(lobby.game_id, BOB, "Bob")
    return (await play_to_end(svc, (await svc.start(lobby.game_id, ANN)).table)).table


class Threads:
    """Opens numbered threads for rematches, counting them; `gate` holds every opening until the test says go."""

    def __init__(self, gate: asyncio.Event | None = None) -> None:
        self.opened: list[int] = []
        self.gate = gate

    async def open(self) -> int:
        thread = SECOND_THREAD + len(self.opened)
        self.opened.append(thread)
        if self.gate is not None:
            await self.gate.wait()
        return thread


async def test_a_second_click_gets_the_lobby_already_opened(svc: TableService) -> None:
    game = await finished(svc, thread=False)
    first = await svc.rematch(game.game_id, BOB)
    again = await svc.rematch(game.game_id, BOB)
    other = await svc.rematch(game.game_id, ANN)
    stranger = await svc.rematch(game.game_id, CAT)
    assert first.opened and first.table.rematch_of == game.game_id and first.table.host_id == BOB
    assert [r.opened for r in (again, other, stranger)] == [False, False, False]
    assert {r.table.game_id for r in (again, other, stranger)} == {first.table.game_id}
    assert await svc.table_in_channel(CHANNEL) == first.table


async def test_two_clicks_at_once_open_one_lobby_and_one_thread(svc: TableService) -> None:
    game = await finished(svc, thread=True)
    threads = Threads()
    results = await asyncio.gather(svc.rematch(game.game_id, ANN, open_thread=threads.open),
                                   svc.rematch(game.game_id, BOB, open_thread=threads.open))
    assert sorted(r.opened for r in results) == [False, True]
    assert results[0].table.game_id == results[1].table.game_id
    assert threads.opened == [results[0].table.thread_id] == [SECOND_THREAD]
    assert all(r.spare_thread_id is None for r in results)
    later = await svc.rematch(game.game_id, BOB, open_thread=threads.open)
    assert not later.opened and threads.opened == [SECOND_THREAD]


async def test_two_channel_clicks_at_once_open_one_lobby(svc: TableService) -> None:
    game = await finished(svc, thread=False)
    results = await asyncio.gather(svc.rematch(game.game_id, ANN), svc.rematch(game.game_id, BOB))
    assert sorted(r.opened for r in results) == [False, True]
    assert results[0].table == results[1].table


async def test_the_store_settles_a_race_between_two_processes(db_path: Path, svc: TableService,
                                                              clock: Clock) -> None:
    for thread in (True, False):
        game = await finished(svc, thread=thread)
        other = await TableService.open(db_path, clock=clock)
        try:
            gate = asyncio.Event()
            threads = Threads(gate)
            racing = [asyncio.create_task(s.rematch(game.game_id, user, open_thread=threads.open))
                      for s, user in ((svc, ANN), (other, BOB))]
            while thread and len(threads.opened) < 2:
                await asyncio.sleep(0)
            gate.set()
            results = await asyncio.gather(*racing)
        finally:
            await other.close()
        winner, loser = sorted(results, key=lambda r: not r.opened)
        assert winner.opened and not loser.opened and loser.table.game_id == winner.table.game_id
        if thread:
            assert loser.spare_thread_id is not None and loser.spare_thread_id != winner.table.thread_id
        else:
            assert loser.spare_thread_id is None
        await svc.cancel(winner.table.game_id, winner.table.host_id)


async def test_a_rematch_that_expired_or_was_cancelled_unstarted_lets_a_new_one_open(svc: TableService,
                                                                                     clock: Clock) -> None:
    """Only a rematch still open or started counts: clicks would otherwise point to a dead lobby forever."""
    game = await finished(svc, thread=False)
    cancelled = await svc.rematch(game.game_id, ANN)
    await svc.cancel(cancelled.table.game_id, ANN)
    expiring = await svc.rematch(game.game_id, BOB)
    assert expiring.opened and expiring.table.game_id != cancelled.table.game_id
    [closed] = await svc.fire_due(clock.advance(25 * 3600))
    assert closed.table.game_id == expiring.table.game_id and closed.table.end_reason == "expired"
    third = await svc.rematch(game.game_id, ANN)
    assert third.opened and third.table.game_id not in {cancelled.table.game_id, expiring.table.game_id}
    await svc.start(third.table.game_id, ANN)  # the rematch has the old seats
    again = await svc.rematch(game.game_id, BOB)
    assert not again.opened and again.table.game_id == third.table.game_id, "a started rematch still counts"
