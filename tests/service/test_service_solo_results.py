"""A solo game (one seat against the game's own opponent) is no ranked game against people: its result changes no
rating and stays out of the player's figures against others and the leaderboard; it is kept per setup instead
(Penelope's level in A Place for All My Books), with the games, wins and best result of each."""
from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from engine.books import RULES as BOOKS

from bot.service import GameOptions, Table, TableService
from bot.service.rating import rate_game
from tests.service.conftest import ANN, BOB, CHANNEL, GUILD, Clock, started


@pytest.fixture
async def rated(db_path: str, clock: Clock) -> AsyncIterator[TableService]:
    """The service as the bot runs it: finished ranked games are rated."""
    service = await TableService.open(db_path, clock=clock, rater=rate_game, seeds=iter(range(1000, 10_000)).__next__)
    yield service
    await service.close()


async def count_alone(svc: TableService, user: int, *, target: int, adds: int, channel: int = CHANNEL) -> Table:
    """A solo test game played to its end: add `adds` times (reaching the target wins), then give up."""
    table = await started(svc, user, options=GameOptions(players=1, game={"target": target}), kind="solo",
                          channel=channel)
    while table.status == "active":
        move = "add" if table.game.count < adds else "give up"  # type: ignore[union-attr]
        table = (await svc.play(table.game_id, user, move, turn=table.turn)).table
    return table


async def test_solo_results_are_kept_per_setup_with_wins_and_best_and_never_rated(
        solo: None, rated: TableService) -> None:
    svc = rated
    await count_alone(svc, ANN, target=4, adds=4)          # reaches 4: a win
    await count_alone(svc, ANN, target=4, adds=2)          # gives up at 2
    await count_alone(svc, ANN, target=6, adds=5)          # gives up at 5
    await count_alone(svc, BOB, target=4, adds=3)
    ann = await svc.coop_records(GUILD, ANN, "solo")
    assert [(r.players, r.setup, r.games, r.wins, r.best) for r in ann] == [
        (1, {"target": 6}, 1, 0, 5), (1, {"target": 4}, 2, 1, 4)], "best first, each setup on its own"
    assert await svc.stats(GUILD, ANN, "solo") is None, "no games against others, no rating"
    assert await svc.leaderboard(GUILD, "solo", order="rating") == [], "nobody ranked by solo games"
    bests = await svc.coop_bests(GUILD, "solo")
    assert [(b.setup, b.result, b.won, b.games, [s.name for s in b.team]) for b in bests] == [
        ({"target": 6}, 5, False, 1, ["Ann"]), ({"target": 4}, 4, True, 3, ["Ann"])]


async def finish_books(svc: TableService, table: Table) -> Table:
    """A Books game played to its end, every person's step the easy computer's choice for that person."""
    while table.status == "active":
        game = BOOKS.state_of(table.game)
        person = next(seat for seat in table.acting if seat.user_id is not None)
        move = BOOKS.choose(game, "easy", table.turn, person.index)
        assert person.user_id is not None
        table = (await svc.play(table.game_id, person.user_id, move, turn=table.turn)).table
    return table


async def test_a_books_solo_game_is_kept_under_penelopes_level_and_a_game_against_others_is_rated(
        rated: TableService) -> None:
    svc = rated
    solo = await finish_books(svc, await started(svc, ANN, options=GameOptions(players=1, game={"level": 3}),
                                                 kind="books"))
    outcome = BOOKS.state_of(solo.game).outcome()
    assert outcome is not None
    [record] = await svc.coop_records(GUILD, ANN, "books")
    assert (record.setup, record.games, record.wins, record.best) == (
        {"level": 3}, 1, len(outcome.winners), outcome.scores[0])
    assert await svc.stats(GUILD, ANN, "books") is None, "the solo game is not among Ann's games against others"

    pair = await finish_books(svc, await started(svc, ANN, computers=1, options=GameOptions(players=2),
                                                 kind="books", channel=CHANNEL + 1))
    standing = BOOKS.state_of(pair.game).outcome()
    assert standing is not None
    stats = await svc.stats(GUILD, ANN, "books")
    assert stats is not None and (stats.games, stats.points) == (1, standing.scores[0])
    assert stats.mu is not None, "a game against the computer is rated"
    assert [r.setup for r in await svc.coop_records(GUILD, ANN, "books")] == [{"level": 3}], \
        "the 2-player game is no solo result"
    [ranked] = await svc.leaderboard(GUILD, "books", order="rating")
    assert (ranked.user_id, ranked.games) == (ANN, 1)
