"""Which backend a database setting names, and what several processes on one PostgreSQL database rely on: they
migrate it once, a stale writer in one cannot overwrite the other's newer state, and games with players in common
finishing at once in both add up in the players' stats."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.store import (
    GameUpdate,
    NewGame,
    ResultRow,
    SeatRow,
    Store,
    StoreError,
    VersionConflict,
    describe_database,
    is_postgres_url,
)
from bot.store.postgres_backend import numbered
from bot.store.schema import MIGRATIONS, current_version

GUILD = 7


def new_game(place: int | None) -> NewGame:
    return NewGame(guild_id=GUILD, channel_id=10, thread_id=None, place_id=place, options={"players": 2},
                   host_id=100, seed=42, seats=(SeatRow(0, 100, "Ann"), SeatRow(1, 101, "Bob")))


def test_a_url_names_a_postgresql_server_and_anything_else_a_sqlite_file() -> None:
    assert is_postgres_url("postgresql://bot:secret@db:5432/shelfie")
    assert is_postgres_url(" postgres://db/shelfie")
    assert is_postgres_url("POSTGRESQL://db/shelfie")
    assert not is_postgres_url("shelfie.sqlite3")
    assert not is_postgres_url(Path("postgresql:/db"))
    assert not is_postgres_url("/data/postgresql.sqlite3")


def test_the_database_is_described_without_its_password() -> None:
    assert describe_database("postgresql://bot:secret@db:5432/shelfie") == "postgresql://bot:***@db:5432/shelfie"
    assert describe_database("postgresql://bot@db/shelfie?sslmode=require") == "postgresql://bot@db/shelfie?sslmode=require"
    assert describe_database(Path("games.sqlite3")) == "games.sqlite3"


def test_placeholders_are_numbered_outside_quoted_text() -> None:
    assert numbered("SELECT ? FROM t WHERE a = '?' AND b IN (?, ?)") == "SELECT $1 FROM t WHERE a = '?' AND b IN ($2, $3)"


def test_every_migration_is_written_for_both_backends() -> None:
    assert current_version() == len(MIGRATIONS)
    assert all(m.sqlite.strip() and m.postgresql.strip() for m in MIGRATIONS)


async def test_an_unreachable_server_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match=r"cannot open the PostgreSQL database postgresql://bot:\*\*\*@"):
        await Store.open(f"postgresql://bot:secret@/shelfie?host={tmp_path}&port=1")


async def test_two_processes_starting_at_once_migrate_the_database_once(postgres_url: str) -> None:
    first, second = await asyncio.gather(Store.open(postgres_url), Store.open(postgres_url))
    try:
        assert await first.schema_version() == await second.schema_version() == current_version()
        created = await first.create_game(new_game(place=1), now=1.0)
        assert await second.load_game(created.game.id) == created
    finally:
        await first.close()
        await second.close()


async def test_a_stale_writer_in_another_process_changes_nothing(postgres_url: str) -> None:
    mine, theirs = await Store.open(postgres_url), await Store.open(postgres_url)
    try:
        game = (await mine.create_game(new_game(place=1), now=1.0)).game
        results = await asyncio.gather(
            mine.commit(GameUpdate(game.id, 0, state={"by": "mine"}), now=2.0),
            theirs.commit(GameUpdate(game.id, 0, state={"by": "theirs"}), now=2.0),
            return_exceptions=True)
        [winner] = [r for r in results if r == 1]
        [loser] = [r for r in results if isinstance(r, VersionConflict)]
        assert winner == 1 and loser.expected == 0
        record = await theirs.load_game(game.id)
        assert record is not None and record.game.version == 1
        assert record.game.state == {"by": "mine" if results[0] == 1 else "theirs"}
    finally:
        await mine.close()
        await theirs.close()


async def test_games_with_players_in_common_finishing_at_once_in_two_processes_all_count(postgres_url: str) -> None:
    stores = [await Store.open(postgres_url), await Store.open(postgres_url)]
    try:
        games = [(await stores[0].create_game(new_game(place=None), now=1.0)).game for _ in range(10)]

        async def finish(number: int) -> int:
            ann_wins = number % 2 == 0
            seats = (ResultRow(0, 100, "Ann", 40 + number, 1 if ann_wins else 2, ann_wins),
                     ResultRow(1, 101, "Bob", 30, 2 if ann_wins else 1, not ann_wins))
            # one process lists Ann first, the other Bob: the store still takes their rows in one order
            results = seats if number % 2 else seats[::-1]
            return await stores[number % 2].commit(
                GameUpdate(games[number].id, 0, status="finished", results=results), now=2.0)

        assert await asyncio.gather(*(finish(n) for n in range(10))) == [1] * 10
        ann = await stores[0].player_stats(GUILD, 100, "shelfie")
        bob = await stores[1].player_stats(GUILD, 101, "shelfie")
        assert ann is not None and (ann.games, ann.wins, ann.points, ann.best) == (10, 5, 445, 49)
        assert bob is not None and (bob.games, bob.wins, bob.points) == (10, 5, 300)
    finally:
        for store in stores:
            await store.close()
