"""What lets several shard processes share one database: deadlines claimed once under a lease, per-shard reads of
deadlines and the outbox, and ratings written only over the stats they were computed from."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.store import DeadlineRow, GameUpdate, NewGame, ResultRow, SeatRow, ShardSet, StatsChanged, Store, database

SHARD_0 = ShardSet(2, frozenset({0}))
SHARD_1 = ShardSet(2, frozenset({1}))
GUILD_0, GUILD_1 = 5, 5 | 1 << 22


def new_game(guild_id: int, place: int) -> NewGame:
    return NewGame(guild_id=guild_id, channel_id=place, thread_id=None, place_id=place, options={"players": 2},
                   host_id=100, seed=42, seats=(SeatRow(0, 100, "Ann"), SeatRow(1, 101, "Bob")))


@pytest.fixture
async def stores(database: str) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one database (a SQLite file, then a PostgreSQL server), as two processes have."""
    first = await Store.open(database)
    second = await Store.open(database)
    yield first, second
    await first.close()
    await second.close()


async def game_with_deadlines(store: Store, guild_id: int, place: int, *due: float) -> int:
    game = (await store.create_game(new_game(guild_id, place), now=1.0)).game
    kinds = ("reminder", "final_reminder", "expiry")
    await store.commit(GameUpdate(game.id, 0, deadlines=tuple(
        DeadlineRow(game.id, kind, at, 0) for kind, at in zip(kinds, due))), now=1.0)
    return game.id


async def test_two_processes_claiming_at_once_share_the_due_deadlines_without_overlap(
        stores: tuple[Store, Store]) -> None:
    first, second = stores
    games = [await game_with_deadlines(first, GUILD_0 + n, 10 + n, 20.0, 30.0, 40.0) for n in range(10)]
    claims = await asyncio.gather(*(store.claim_due(35.0, owner=name, lease=60.0, limit=3)
                                    for store, name in ((first, "a"), (second, "b"), (first, "c"), (second, "d"))
                                    for _ in range(2)))
    taken = [(d.game_id, d.kind) for claim in claims for d in claim]
    assert len(taken) == len(set(taken)), "no deadline claimed twice"
    assert sorted(taken) == sorted((game, kind) for game in games for kind in ("reminder", "final_reminder"))
    assert await first.claim_due(35.0, owner="e", lease=60.0) == [], "every due deadline is claimed"
    assert await first.next_due() == 40.0


async def test_a_lapsed_lease_is_claimed_again_and_a_retry_frees_the_claim(stores: tuple[Store, Store]) -> None:
    first, second = stores
    game = await game_with_deadlines(first, GUILD_0, 10, 20.0)
    [claimed] = await first.claim_due(20.0, owner="killed", lease=60.0)
    assert await second.claim_due(79.0, owner="b", lease=60.0) == []
    assert await second.next_due() == 80.0, "the next chance is when the lease ends"
    [again] = await second.claim_due(80.0, owner="b", lease=60.0)
    assert again == claimed == DeadlineRow(game, "reminder", 20.0, 0)
    assert await second.retry_deadline(again, 300.0)
    assert await second.next_due() == 300.0
    assert [d.due_at for d in await first.claim_due(300.0, owner="c", lease=60.0)] == [300.0]


async def test_each_shard_sees_only_its_guilds_deadlines_and_outbox(stores: tuple[Store, Store]) -> None:
    first, second = stores
    mine = await game_with_deadlines(first, GUILD_0, 10, 20.0)
    theirs = await game_with_deadlines(first, GUILD_1, 11, 10.0)
    for game, version in ((mine, 1), (theirs, 1)):
        await first.commit(GameUpdate(game, version, announce="move"), now=2.0)
    assert await first.next_due(SHARD_0) == 20.0 and await first.next_due(SHARD_1) == 10.0
    assert await first.overdue(30.0, SHARD_0) == 1 and await first.overdue(15.0, SHARD_0) == 0
    assert [d.game_id for d in await first.claim_due(50.0, owner="a", lease=60.0, shards=SHARD_0)] == [mine]
    assert [d.game_id for d in await second.claim_due(50.0, owner="b", lease=60.0, shards=SHARD_1)] == [theirs]
    assert await first.games_to_announce(5.0, SHARD_0) == [mine]
    assert await second.games_to_announce(5.0, SHARD_1) == [theirs]
    assert await first.games_to_announce(5.0, ShardSet(2, frozenset({0, 1}))) == [mine, theirs]


async def test_a_rating_computed_from_stats_that_moved_on_is_refused_and_writes_nothing(
        stores: tuple[Store, Store]) -> None:
    first, second = stores
    one = (await first.create_game(new_game(GUILD_0, 10), now=1.0)).game
    two = (await second.create_game(new_game(GUILD_0, 11), now=1.0)).game
    assert await first.stats_of(GUILD_0, "shelfie", [100]) == {}
    await first.commit(GameUpdate(one.id, 0, status="finished", results=(
        ResultRow(0, 100, "Ann", 40, 1, True, rating=(26.0, 7.0), prior_games=0),)), now=2.0)
    stale = GameUpdate(two.id, 0, status="finished", results=(
        ResultRow(0, 100, "Ann", 30, 1, True, rating=(26.0, 7.0), prior_games=0),))
    with pytest.raises(StatsChanged):
        await second.commit(stale, now=3.0)
    assert (await second.load_game(two.id)).game.status == "lobby", "nothing of the refused step was written"
    [ann] = (await second.stats_of(GUILD_0, "shelfie", [100])).values()
    assert (ann.games, ann.mu) == (1, 26.0)
    await second.commit(GameUpdate(two.id, 0, status="finished", results=(
        ResultRow(0, 100, "Ann", 30, 1, True, rating=(27.0, 6.5), prior_games=ann.games),)), now=3.0)
    ann_after = await first.player_stats(GUILD_0, 100, "shelfie")
    assert ann_after is not None and (ann_after.games, ann_after.mu, ann_after.points) == (2, 27.0, 70)


async def test_the_next_deadline_of_a_shard_is_found_behind_many_of_other_shards(
        stores: tuple[Store, Store], monkeypatch: pytest.MonkeyPatch) -> None:
    first, _ = stores
    monkeypatch.setattr(database, "NEXT_DUE_WALK", 3)  # the walk in due order ends before it meets shard 0's
    for n in range(4):
        await game_with_deadlines(first, GUILD_1 + n, 20 + n, 10.0 + n)
    mine = await game_with_deadlines(first, GUILD_0, 10, 50.0)
    assert await first.next_due(SHARD_0) == 50.0 and await first.next_due(SHARD_1) == 10.0
    [claimed] = await first.claim_due(50.0, owner="a", lease=60.0, shards=SHARD_0)
    assert claimed.game_id == mine
    assert await first.next_due(SHARD_0) == 110.0, "then the end of its claim"
