"""A server keeps the best shared results of a co-operative game per player count and setup, with the team that
reached them; each player's own results are read the same way. Nothing is rated (the table wins or loses
together)."""
from __future__ import annotations

import pytest

from bot.service import GameOptions, InvalidOption, Table, TableService
from tests.service.conftest import ANN, BOB, CAT, GUILD, Clock, started


async def count_together(svc: TableService, *users: int, computers: int = 0, target: int = 4,
                         adds: int = 99) -> Table:
    """A co-operative table played to its end: people add until the count reaches `adds`, then give up
    (computers always add)."""
    options = GameOptions(players=len(users) + computers, game={"target": target})
    table = await started(svc, *users, computers=computers, options=options, kind="coop")
    while table.status == "active":
        seat = table.current_seat
        assert seat is not None and seat.user_id is not None and table.game is not None
        move = "add" if table.game.count < adds else "give up"  # type: ignore[attr-defined]
        table = (await svc.play(table.game_id, seat.user_id, move, turn=table.turn)).table
    return table


async def test_the_best_result_of_each_player_count_and_setup_is_the_first_game_that_reached_it(
        coop: None, svc: TableService, clock: Clock) -> None:
    await count_together(svc, ANN, BOB, adds=1)            # 2 players, target 4: 3 steps missing
    clock.advance(60)
    await count_together(svc, BOB, ANN, adds=3)            # 1 missing: the best so far
    clock.advance(60)
    await count_together(svc, ANN, CAT, adds=3)            # also 1, later: the first keeps it
    clock.advance(60)
    await count_together(svc, ANN, BOB, target=6, adds=2)  # another setup
    clock.advance(60)
    won = await count_together(svc, CAT, computers=2)      # 3 players: the computers help to the end
    bests = await svc.coop_bests(GUILD, "coop")
    assert [(b.players, b.setup, b.result, b.won, b.games) for b in bests] == [
        (2, {"target": 4}, 1, False, 3), (2, {"target": 6}, 4, False, 1), (3, {"target": 4}, 0, True, 1)]
    assert sorted(seat.name for seat in bests[0].team) == ["Ann", "Bob"], "the first table to reach it"
    assert [seat.user_id is None for seat in bests[2].team].count(True) == 2
    assert bests[2].game_id == won.game_id
    assert await svc.coop_bests(GUILD + 1, "coop") == [], "another server has its own"


async def test_a_players_records_are_their_own_games_best_first(coop: None, svc: TableService) -> None:
    await count_together(svc, ANN, BOB, adds=1)
    await count_together(svc, ANN, BOB, adds=2)
    await count_together(svc, BOB, CAT)
    ann = await svc.coop_records(GUILD, ANN, "coop")
    assert [(r.players, r.setup, r.games, r.best, r.won, r.total) for r in ann] == [
        (2, {"target": 4}, 2, 2, False, 5)]
    bob = await svc.coop_records(GUILD, BOB, "coop")
    assert [(r.best, r.won, r.games) for r in bob] == [(0, True, 3)]
    assert await svc.coop_records(GUILD, CAT + 100, "coop") == []


async def test_cancelled_games_and_ranked_games_keep_no_shared_result(coop: None, svc: TableService) -> None:
    table = await started(svc, ANN, BOB, options=GameOptions(players=2), kind="coop")
    await svc.cancel(table.game_id, ANN)
    assert await svc.coop_bests(GUILD, "coop") == []
    with pytest.raises(InvalidOption):
        await svc.coop_bests(GUILD, "shelfie")


async def test_a_librarians_table_keeps_its_cards_left_under_its_genre_set(svc: TableService) -> None:
    table = await started(svc, ANN, computers=1, options=GameOptions(players=2, hints=True), kind="librarians")
    while table.status == "active":  # Ann plays what the computer suggests to her
        table = (await svc.play(table.game_id, ANN, await svc.hint(table.game_id, ANN), turn=table.turn)).table
    assert table.game is not None
    [best] = await svc.coop_bests(GUILD, "librarians")
    genres = dict(zip(("red", "green", "blue", "purple", "yellow", "black"), table.game.genres))  # type: ignore[attr-defined]
    assert best.setup == genres, "the genre of each colour as played"
    assert (best.players, best.result, best.won) == (2, table.game.cards_not_played(), best.result == 0)  # type: ignore[attr-defined]
    [record] = await svc.coop_records(GUILD, ANN, "librarians")
    assert (record.games, record.best) == (1, best.result)
