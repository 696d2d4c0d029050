"""The store on a real database of each backend (a SQLite file, a PostgreSQL server): migrations, atomic commits,
compare-and-set, deadlines and stats."""
from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.store import (
    ConstraintViolated,
    CorruptRow,
    DeadlineRow,
    GameUpdate,
    GuildSettingsRow,
    MoveRow,
    NewGame,
    PlaceTaken,
    ResultRow,
    SeatRow,
    Store,
    VersionConflict,
)
from bot.store.schema import current_version
from tests.raw_database import raw_execute

GUILD = 7


def new_game(place: int | None = 10, *, seats: int = 2) -> NewGame:
    return NewGame(guild_id=GUILD, channel_id=10, thread_id=None, place_id=place, options={"players": 4},
                   host_id=100, seed=42, seats=tuple(SeatRow(i, 100 + i, f"P{i}") for i in range(seats)))


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    opened = await Store.open(database)
    yield opened
    await opened.close()


async def test_open_migrates_once_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    path = tmp_path / "fresh.sqlite3"
    store = await Store.open(path)
    assert await store.schema_version() == current_version()
    await store.create_game(new_game(), now=1.0)
    await store.close()
    store = await Store.open(path)
    assert await store.schema_version() == current_version()
    assert await store.count_games("lobby") == 1
    foreign_keys = await store._fetchone("PRAGMA foreign_keys")  # on the store's own connection
    await store.close()
    assert foreign_keys is not None and tuple(foreign_keys) == (1,)
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)


async def test_a_database_from_newer_code_is_refused(database: str) -> None:
    store = await Store.open(database)
    await store.close()
    if store.dialect == "sqlite":
        await raw_execute(database, f"PRAGMA user_version = {current_version() + 1}")
    else:
        await raw_execute(database, "UPDATE schema_version SET version = ?", current_version() + 1)
    with pytest.raises(RuntimeError, match="newer"):
        await Store.open(database)


async def test_opening_again_migrates_nothing_and_keeps_the_games(database: str) -> None:
    store = await Store.open(database)
    await store.create_game(new_game(), now=1.0)
    await store.close()
    store = await Store.open(database)
    try:
        assert await store.schema_version() == current_version()
        assert await store.count_games("lobby") == 1
    finally:
        await store.close()


async def test_game_round_trip(store: Store) -> None:
    created = await store.create_game(new_game(), now=5.0)
    loaded = await store.load_game(created.game.id)
    assert loaded == created
    assert await store.load_game(created.game.id + 1) is None


async def test_one_open_game_per_place_until_it_ends(store: Store) -> None:
    first = await store.create_game(new_game(), now=1.0)
    with pytest.raises(PlaceTaken) as err:
        await store.create_game(new_game(), now=2.0)
    assert err.value.game_id == first.game.id
    await store.create_game(new_game(place=None), now=2.0)
    await store.create_game(new_game(place=None), now=2.0)
    await store.commit(GameUpdate(first.game.id, 0, status="finished"), now=3.0)
    assert await store.open_game_at(10) is None
    second = await store.create_game(new_game(), now=4.0)
    assert await store.open_game_at(10) == second.game.id


async def test_commit_is_one_transaction_with_compare_and_set(store: Store) -> None:
    game = (await store.create_game(new_game(), now=1.0)).game
    version = await store.commit(
        GameUpdate(game.id, 0, status="active", state={"n": 1}, turn=1, moves=(MoveRow(1, 0, "E5 1", "move", 2.0),),
                   deadlines=(DeadlineRow(game.id, "expiry", 50.0, 1),)), now=2.0)
    assert version == 1
    with pytest.raises(VersionConflict):
        await store.commit(GameUpdate(game.id, 0, state={"n": 99}, turn=2,
                                      moves=(MoveRow(2, 1, "E4 1", "move", 3.0),)), now=3.0)
    with pytest.raises(ConstraintViolated):
        await store.commit(GameUpdate(game.id, 1, state={"n": 2}, turn=2, deadlines=(),
                                      moves=(MoveRow(2, 1, "E4 1", "move", 3.0), MoveRow(2, 1, "E4 1", "move", 3.0))),
                           now=3.0)
    record = await store.load_game(game.id)
    assert record is not None
    assert (record.game.version, record.game.state, record.game.turn) == (1, {"n": 1}, 1)
    loaded = await store.load_game_with_moves(game.id)
    assert loaded is not None and loaded[1] == [MoveRow(1, 0, "E5 1", "move", 2.0)]
    assert await store.deadlines_of(game.id) == [DeadlineRow(game.id, "expiry", 50.0, 1)]


async def test_a_step_within_a_turn_keeps_its_deadlines_for_the_new_step_and_frees_a_claim(store: Store) -> None:
    game = (await store.create_game(new_game(), now=1.0)).game
    turn = (DeadlineRow(game.id, "reminder", 30.0, 1), DeadlineRow(game.id, "expiry", 50.0, 1))
    await store.commit(GameUpdate(game.id, 0, status="active", turn=1, deadlines=turn), now=1.0)
    [claimed] = await store.claim_due(30.0, owner="other", lease=60.0)
    await store.commit(GameUpdate(game.id, 1, turn=2, deadlines_turn=2), now=31.0)
    assert await store.deadlines_of(game.id) == [replace(d, turn=2) for d in turn]
    assert [d.kind for d in await store.claim_due(30.0, owner="me", lease=60.0)] == [claimed.kind]


async def test_unreadable_rows_raise_corrupt_row_for_that_game_only(store: Store, database: str) -> None:
    bad = (await store.create_game(new_game(place=1), now=1.0)).game
    good = (await store.create_game(new_game(place=2), now=1.0)).game
    await raw_execute(database, "UPDATE games SET state = '{oops' WHERE id = ?", bad.id)
    with pytest.raises(CorruptRow) as err:
        await store.load_game(bad.id)
    assert err.value.game_id == bad.id and "state" in err.value.reason
    assert await store.load_game(good.id) is not None


async def test_deadlines_come_due_in_order_and_are_taken_once(store: Store) -> None:
    a = (await store.create_game(new_game(place=1), now=1.0)).game
    b = (await store.create_game(new_game(place=2), now=1.0)).game
    await store.commit(GameUpdate(a.id, 0, deadlines=(DeadlineRow(a.id, "reminder", 30.0, 0),
                                                       DeadlineRow(a.id, "expiry", 60.0, 0))), now=1.0)
    await store.commit(GameUpdate(b.id, 0, deadlines=(DeadlineRow(b.id, "reminder", 20.0, 0),)), now=1.0)
    assert await store.next_due() == 20.0
    due = await store.claim_due(45.0, owner="this process", lease=60.0)
    assert [(d.game_id, d.kind) for d in due] == [(b.id, "reminder"), (a.id, "reminder")]
    assert await store.take_deadline(due[0]) is True
    assert await store.take_deadline(due[0]) is False
    await store.commit(GameUpdate(a.id, 1, deadlines=()), now=2.0)
    assert await store.next_due() is None


async def test_results_fold_into_player_stats(store: Store) -> None:
    for points, won in ((40, True), (55, False)):
        game = (await store.create_game(new_game(place=None), now=1.0)).game
        await store.commit(GameUpdate(game.id, 0, status="finished", results=(
            ResultRow(0, 100, "Ann", points, 1 if won else 2, won, rating=(26.0, 7.0)),
            ResultRow(1, 101, "Bob", 30, 2 if won else 1, not won),
        )), now=2.0)
    ann = await store.player_stats(GUILD, 100, "shelfie")
    assert ann is not None
    assert (ann.games, ann.wins, ann.points, ann.best, ann.mu, ann.sigma) == (2, 1, 95, 55, 26.0, 7.0)
    bob = await store.player_stats(GUILD, 101, "shelfie")
    assert bob is not None and (bob.games, bob.wins, bob.points, bob.best, bob.mu) == (2, 1, 60, 30, None)
    assert [r.user_id for r in await store.leaderboard(GUILD, "shelfie", order="average")] == [100, 101]
    assert await store.player_stats(GUILD + 1, 100, "shelfie") is None


async def test_a_game_records_its_results_once(store: Store) -> None:
    game = (await store.create_game(new_game(place=None), now=1.0)).game
    result = (ResultRow(0, 100, "Ann", 40, 1, True),)
    await store.commit(GameUpdate(game.id, 0, status="finished", results=result), now=2.0)
    with pytest.raises(ConstraintViolated):
        await store.commit(GameUpdate(game.id, 1, results=result), now=3.0)
    ann = await store.player_stats(GUILD, 100, "shelfie")
    assert ann is not None and ann.games == 1


async def test_guild_settings(store: Store) -> None:
    assert await store.guild_settings(GUILD) == GuildSettingsRow(GUILD, None, None)
    await store.save_guild_settings(GuildSettingsRow(GUILD, 3600, "it"))
    await store.save_guild_settings(GuildSettingsRow(GUILD, 7200, "it"))
    assert await store.guild_settings(GUILD) == GuildSettingsRow(GUILD, 7200, "it")


async def test_a_write_whose_commit_fails_leaves_nothing_behind_for_the_next_write(tmp_path: Path) -> None:
    """A COMMIT that fails keeps SQLite's transaction open; rolled back, the next write neither carries the failed
    one's rows into the file nor fails on them again (every later write did: the store was stuck)."""
    store = await Store.open(tmp_path / "store.sqlite3")
    with pytest.raises(ConstraintViolated):
        async with store._db.write() as db:  # a foreign key checked only at COMMIT: the COMMIT itself fails
            await db.execute("PRAGMA defer_foreign_keys = ON")
            await db.execute("INSERT INTO seats (game_id, position, user_id, name) VALUES (999, 0, 1, 'ghost')")
    await store.save_guild_settings(GuildSettingsRow(GUILD, 60, "it"))
    assert await store.guild_settings(GUILD) == GuildSettingsRow(GUILD, 60, "it")
    assert await store._fetchall("SELECT name FROM seats") == []
    await store.close()


async def test_a_retried_deadline_moves_once_and_only_as_it_was_read(store: Store) -> None:
    game = (await store.create_game(new_game(), now=1.0)).game
    await store.commit(GameUpdate(game.id, 0, deadlines=(DeadlineRow(game.id, "expiry", 50.0, 0),)), now=1.0)
    [read] = await store.claim_due(50.0, owner="this process", lease=10.0)
    assert await store.retry_deadline(read, 110.0) is True
    assert await store.retry_deadline(read, 500.0) is False, "a second retry of the same reading does nothing"
    assert await store.claim_due(100.0, owner="this process", lease=10.0) == []
    assert await store.deadlines_of(game.id) == [DeadlineRow(game.id, "expiry", 110.0, 0, attempts=1)]
    await store.commit(GameUpdate(game.id, 1, deadlines=(DeadlineRow(game.id, "expiry", 200.0, 1),)), now=2.0)
    [moved] = await store.deadlines_of(game.id)
    assert await store.retry_deadline(replace(moved, turn=0), 300.0) is False, "a deadline of a turn played since"
    assert await store.deadlines_of(game.id) == [DeadlineRow(game.id, "expiry", 200.0, 1)]
