"""Who reaches the embedded database first: a move someone waits on before the outbox's bookkeeping."""
from __future__ import annotations

import asyncio
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.store import GameUpdate, MoveRow, NewGame, SeatRow, Store, background
from bot.store.priority import PriorityLock
from tests.patience import PATIENCE
from tests.store.test_connection import HeldParameter


async def _take(lock: PriorityLock, name: str, order: list[str], *, behind: bool) -> None:
    if behind:
        with background():
            async with lock:
                order.append(name)
    else:
        async with lock:
            order.append(name)


async def test_waiters_outside_background_go_first_each_kind_in_arrival_order() -> None:
    lock, order = PriorityLock(), []
    async with lock:
        waiters = [asyncio.ensure_future(_take(lock, name, order, behind=name.startswith("b")))
                   for name in ("b1", "m1", "b2", "m2", "b3")]
        await asyncio.sleep(0)
    await asyncio.gather(*waiters)
    assert order == ["m1", "m2", "b1", "b2", "b3"]
    assert not lock.locked()


async def test_a_waiter_handed_the_lock_and_cancelled_before_it_runs_passes_it_on() -> None:
    lock, order = PriorityLock(), []
    async with lock:
        first = asyncio.ensure_future(_take(lock, "first", order, behind=False))
        second = asyncio.ensure_future(_take(lock, "second", order, behind=True))
        await asyncio.sleep(0)
    first.cancel()  # the lock was just handed to it; it is cancelled before it wakes up
    await asyncio.gather(first, second, return_exceptions=True)
    assert order == ["second"] and first.cancelled()
    assert not lock.locked()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 3), st.one_of(st.none(), st.integers(0, 4))),
                min_size=1, max_size=12))
def test_one_holder_at_a_time_and_every_waiter_not_cancelled_gets_its_turn(
        plans: list[tuple[bool, int, int | None]]) -> None:
    """Each task: background or not, how many loop turns it holds the lock, and after how many loop turns it is
    cancelled (None: never), wherever it then is (queued, handed the lock, holding it)."""

    async def scenario() -> None:
        lock, holders, served = PriorityLock(), [], set()

        async def task(number: int, behind: bool, hold: int) -> None:
            async def use() -> None:
                async with lock:
                    holders.append(number)
                    assert len(holders) == 1
                    try:
                        for _ in range(hold):
                            await asyncio.sleep(0)
                    finally:
                        holders.remove(number)
                    served.add(number)
            if behind:
                with background():
                    await use()
            else:
                await use()

        tasks = [asyncio.ensure_future(task(n, behind, hold)) for n, (behind, hold, _) in enumerate(plans)]
        for turn in range(6):
            await asyncio.sleep(0)
            for running, (_, _, cancel_at) in zip(tasks, plans):
                if cancel_at == turn:
                    running.cancel()
        outcomes = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), PATIENCE)
        assert all(o is None or isinstance(o, asyncio.CancelledError) for o in outcomes)
        assert {n for n, t in enumerate(tasks) if not t.cancelled()} <= served
        assert not lock.locked()
        async with lock:  # and it can still be taken
            pass

    asyncio.run(scenario())


async def test_a_move_is_saved_before_the_outbox_work_queued_ahead_of_it(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "store.sqlite3")
    try:
        game = (await store.create_game(NewGame(guild_id=7, channel_id=10, thread_id=None, place_id=10,
                                                options={"players": 2}, host_id=100, seed=42,
                                                seats=(SeatRow(0, 100, "Ann"), SeatRow(1, 101, "Bob"))),
                                        now=1.0)).game
        done: list[str] = []

        async def outbox_work(name: str, digest: object) -> None:
            with background():
                await store.mark_sending(game.id, 0, now=2.0, digest=digest)
            done.append(name)

        async def move() -> None:
            await store.commit(GameUpdate(game.id, 0, status="active", turn=1, state={"n": 1},
                                          moves=(MoveRow(1, 0, "E5 1", "move", 2.0),)), now=2.0)
            done.append("move")

        held = HeldParameter(0)  # holds the database thread inside the first outbox statement
        first = asyncio.ensure_future(outbox_work("outbox 1", held))
        await asyncio.to_thread(held.converting.wait, 10)
        queued = [asyncio.ensure_future(outbox_work(f"outbox {n}", "digest")) for n in (2, 3)]
        await asyncio.sleep(0)
        moving = asyncio.ensure_future(move())
        await asyncio.sleep(0)
        held.resume.set()
        await asyncio.gather(first, *queued, moving)
        assert done == ["outbox 1", "move", "outbox 2", "outbox 3"]
        record = await store.load_game(game.id)
        assert record is not None and record.game.turn == 1
    finally:
        await store.close()
