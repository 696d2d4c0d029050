"""Several shard processes on one database: each fires only its own guilds' deadlines, each deadline fires once
(even when two processes race for it, or one died holding its claim), a process that starts takes over what a dead
one of its host held and one that stops releases what it held, a stale writer cannot overwrite a newer state, and a player's rating counts every game when two processes finish games of theirs at once."""
from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from bot.service import GameOptions, NotYourTurn, RatingEntry, StaleTurn, Table, TableService, TurnReminder, TurnTimedOut
from bot.service.announcements import OUTBOX_LEASE
from bot.service.deadlines import CLAIM_LEASE
from bot.service.processes import ProcessName, start_ticks, this_process
from bot.store import ShardSet, Store
from tests.service.conftest import ANN, BOB, CAT, NAMES, Clock, play_first_legal

HOUR = 3600
OPTIONS = GameOptions(players=2, turn_timeout=HOUR)
SHARD_0_GUILD = 1
"""(1 >> 22) % 2 == 0"""
SHARD_1_GUILD = 1 << 22
"""(2**22 >> 22) % 2 == 1"""


def one_more_game(entries: Sequence[RatingEntry]) -> list[tuple[float, float]]:
    """A rater whose mu counts the rated games: a lost update shows as a mu lower than the games played."""
    return [((e.rating or (0.0, 8.0))[0] + 1.0, 8.0) for e in entries]


@pytest.fixture
async def two_processes(db_path: Path, clock: Clock) -> AsyncIterator[tuple[TableService, TableService]]:
    """Two services on one database, as two shard processes: shard 0 and shard 1 of 2."""
    first = await TableService.open(db_path, clock=clock, shards=ShardSet(2, frozenset({0})), rater=one_more_game)
    second = await TableService.open(db_path, clock=clock, shards=ShardSet(2, frozenset({1})), rater=one_more_game)
    yield first, second
    await first.close()
    await second.close()


async def game_in(svc: TableService, guild_id: int, channel: int, *users: int) -> Table:
    host, *others = users
    table = await svc.open_lobby(guild_id, channel, host, NAMES[host], OPTIONS, kind="shelfie")
    for user in others:
        await svc.join(table.game_id, user, NAMES[user])
    return (await svc.start(table.game_id, host)).table


def fired(events: list) -> list[tuple[int, str]]:
    return sorted((e.result.table.game_id if isinstance(e, TurnTimedOut) else e.table.game_id, type(e).__name__)
                  for e in events)


async def test_each_process_fires_only_its_shards_deadlines_each_once(
        two_processes: tuple[TableService, TableService], clock: Clock) -> None:
    first, second = two_processes
    mine = [await game_in(first, SHARD_0_GUILD, 10 + n, ANN, BOB) for n in range(3)]
    theirs = [await game_in(second, SHARD_1_GUILD, 20 + n, ANN, BOB) for n in range(3)]
    assert await first.next_deadline() == await second.next_deadline() == clock.now + HOUR / 2

    clock.advance(HOUR)
    first_events, second_events = await asyncio.gather(first.fire_due(), second.fire_due())
    assert {game for game, _ in fired(first_events)} == {t.game_id for t in mine}
    assert {game for game, _ in fired(second_events)} == {t.game_id for t in theirs}
    for events in (first_events, second_events):
        # the two reminders and the expiry of each game, each once
        assert sorted(name for _, name in fired(events)) == ["TurnReminder"] * 6 + ["TurnTimedOut"] * 3
    for svc, tables in ((first, mine), (second, theirs)):
        for table in tables:
            after = await svc.table(table.game_id)
            assert after.turn == 1, "the expired turn was played once"
            assert (await svc.audit(table.game_id)).ok
    assert await first.fire_due() == [] and await second.fire_due() == []


async def test_processes_serving_the_same_shards_race_and_each_deadline_fires_once(db_path: Path,
                                                                                   clock: Clock) -> None:
    """A rolling deploy: the old and the new process serve the same shards for a moment."""
    old = await TableService.open(db_path, clock=clock)
    new = await TableService.open(db_path, clock=clock)
    try:
        games = [await game_in(old, SHARD_0_GUILD + n, 10 + n, ANN, BOB) for n in range(6)]
        clock.advance(HOUR)
        both = [e for events in await asyncio.gather(old.fire_due(), new.fire_due()) for e in events]
        assert sorted(fired(both)) == sorted(
            [(t.game_id, "TurnReminder") for t in games] * 2 + [(t.game_id, "TurnTimedOut") for t in games])
        for table in games:
            assert (await new.table(table.game_id)).turn == 1
    finally:
        await old.close()
        await new.close()


async def test_a_deadline_claimed_by_a_process_that_died_fires_after_its_lease(
        two_processes: tuple[TableService, TableService], db_path: Path, clock: Clock) -> None:
    first, _ = two_processes
    table = await game_in(first, SHARD_0_GUILD, 10, ANN, BOB)
    clock.advance(HOUR / 2)
    dead = await Store.open(db_path)  # the process that claimed the reminder and was killed before firing it
    try:
        [claimed] = await dead.claim_due(clock.now, owner="killed", lease=CLAIM_LEASE)
    finally:
        await dead.close()
    assert claimed.kind == "reminder"
    assert await first.fire_due() == [], "a live lease is left to its claimer"
    assert await first.next_deadline() == clock.now + CLAIM_LEASE
    clock.advance(CLAIM_LEASE)
    [reminder] = await first.fire_due()
    assert isinstance(reminder, TurnReminder) and reminder.table.game_id == table.game_id


async def test_a_stale_writer_in_another_process_cannot_overwrite_a_newer_state(
        two_processes: tuple[TableService, TableService]) -> None:
    first, second = two_processes
    table = await game_in(first, SHARD_0_GUILD, 10, ANN, BOB)
    stale = await second.table(table.game_id)  # the other process read (and cached) the game
    played = await play_first_legal(first, table)
    with pytest.raises(StaleTurn):  # its commit finds a newer version: decided again on the stored game
        await play_first_legal(second, stale)
    stored = await second.table(table.game_id)
    assert stored.version == played.table.version and stored.turn == 1
    assert (await second.audit(table.game_id)).ok


async def one_move_from_the_end(svc: TableService, table: Table) -> Table:
    while True:
        assert table.game is not None
        after = table.game.copy()
        after.apply(table.game.legal_actions()[0])
        if after.is_over:
            return table
        table = (await play_first_legal(svc, table)).table


async def test_games_of_one_player_finishing_in_two_processes_at_once_both_count_in_the_rating(
        two_processes: tuple[TableService, TableService]) -> None:
    first, second = two_processes
    guild = SHARD_0_GUILD  # one guild's leaderboard; the second game is finished by the other process
    one = await one_move_from_the_end(first, await game_in(first, guild, 10, ANN, BOB))
    two = await one_move_from_the_end(second, await game_in(second, guild, 11, ANN, CAT))
    results = await asyncio.gather(play_first_legal(first, one), play_first_legal(second, two))
    assert all(r.finished for r in results)
    ann = await first.stats(guild, ANN, "shelfie")
    assert ann is not None and (ann.games, ann.mu) == (2, 2.0), "neither game's rating update was lost"
    board = await second.leaderboard(guild, "shelfie", order="rating")
    assert {row.user_id: row.games for row in board} == {ANN: 2, BOB: 1, CAT: 1}


async def test_two_processes_serving_one_shard_take_turns_posting_a_games_outbox(db_path: str, clock: Clock) -> None:
    """A rolling deploy: the old and the new process both find a game's announcements pending; one posts them."""
    old = await TableService.open(db_path, clock=clock)
    new = await TableService.open(db_path, clock=clock)
    try:
        table = await game_in(old, SHARD_0_GUILD, 10, ANN, BOB)
        assert await old.games_to_announce(clock.now) == await new.games_to_announce(clock.now) == [table.game_id]
        assert await old.claim_outbox(table.game_id), "the first to ask posts them"
        assert not await new.claim_outbox(table.game_id), "the other leaves them alone"
        assert await old.claim_outbox(table.game_id), "the claimer's next pass goes on"
        clock.advance(OUTBOX_LEASE)
        assert await new.claim_outbox(table.game_id), "a claim its process no longer renews runs out"
    finally:
        await old.close()
        await new.close()


def killed_process() -> ProcessName:
    """A process of this host that ran and was killed."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    started = start_ticks(process.pid)
    process.kill()
    process.wait()
    assert started is not None
    return ProcessName(this_process().host, process.pid, started)


async def test_a_process_started_after_one_was_killed_holding_claims_takes_them_over_at_once(
        db_path: Path, clock: Clock) -> None:
    first = await TableService.open(db_path, clock=clock)
    try:
        table = await game_in(first, SHARD_0_GUILD, 10, ANN, BOB)
    finally:
        await first.close()
    clock.advance(HOUR / 2)
    dead, alive = f"{killed_process()}:a1b2", f"{this_process()}:c3d4"
    store = await Store.open(db_path)  # the killed process claimed the reminder and the outbox before it died
    try:
        [claimed] = await store.claim_due(clock.now, owner=dead, lease=CLAIM_LEASE)
        assert await store.claim_outbox(table.game_id, owner=dead, now=clock.now, lease=OUTBOX_LEASE)
    finally:
        await store.close()
    assert claimed.kind == "reminder"

    restarted = await TableService.open(db_path, clock=clock)
    try:
        [reminder] = await restarted.fire_due()
        assert isinstance(reminder, TurnReminder) and reminder.table.game_id == table.game_id, "at once"
        assert await restarted.claim_outbox(table.game_id), "its pending announcements too"
    finally:
        await restarted.close()

    store = await Store.open(db_path)  # a live process's claim stays its own
    try:
        assert await store.claim_outbox(table.game_id, owner=alive, now=clock.now, lease=OUTBOX_LEASE)
    finally:
        await store.close()
    later = await TableService.open(db_path, clock=clock)
    try:
        assert not await later.claim_outbox(table.game_id)
    finally:
        await later.close()


async def test_a_process_that_stops_releases_what_it_claimed(db_path: Path, clock: Clock) -> None:
    old = await TableService.open(db_path, clock=clock)
    table = await game_in(old, SHARD_0_GUILD, 10, ANN, BOB)
    assert await old.claim_outbox(table.game_id)
    await old.close()
    new = await TableService.open(db_path, clock=clock)
    try:
        assert await new.claim_outbox(table.game_id), "without waiting for the stopped process's lease"
    finally:
        await new.close()


async def test_a_process_whose_copy_another_process_moved_on_decides_on_the_stored_game(
        db_path: Path, clock: Clock) -> None:
    """A rolling deploy: the old process cached the game, the new one played its moves; the old one neither refuses
    the player whose turn it is, nor lets the one whose turn it was play, nor drops the new turn's reminder."""
    old = await TableService.open(db_path, clock=clock)
    new = await TableService.open(db_path, clock=clock)
    try:
        table = await game_in(old, SHARD_0_GUILD, 10, ANN, BOB)
        first = table.current_seat
        moved = (await play_first_legal(new, await new.table(table.game_id))).table
        assert moved.current_seat != first and (await old.table(table.game_id)).current_seat == first, "cached"
        with pytest.raises(NotYourTurn):
            await old.play(table.game_id, first.user_id, moved.game.legal_actions()[0])
        clock.advance(HOUR / 2)
        [reminder] = await old.fire_due()
        assert isinstance(reminder, TurnReminder) and reminder.seat == moved.current_seat, "not dropped as left over"
        played = await old.play(table.game_id, moved.current_seat.user_id, moved.game.legal_actions()[0])
        assert played.table.turn == 2 and (await old.audit(table.game_id)).ok
    finally:
        await old.close()
        await new.close()


async def test_a_game_of_another_shard_is_read_as_stored_whenever_it_is_shown(
        two_processes: tuple[TableService, TableService]) -> None:
    """DMs reach shard 0's process, which shows games every shard plays: never its old copy of another's."""
    first, second = two_processes
    theirs = await game_in(second, SHARD_1_GUILD, 20, ANN, BOB)
    assert (await first.tables_of(ANN))[0].turn == 0
    for _ in range(3):
        await play_first_legal(second, await second.table(theirs.game_id))
    assert [t.turn for t in await first.tables_of(ANN)] == [3]
    assert (await first.table(theirs.game_id)).turn == 3
