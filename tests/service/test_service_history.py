"""Looking back: a server's finished games newest first (of a player, of a game), paged, with their end messages; a
finished game played again from its seed and move log; and the running turn's deadline, kept with the game."""
from __future__ import annotations

import pytest

from bot.service import GameOptions, NotFinished, TableService, UnknownGame
from tests.service.conftest import ANN, BOB, CAT, CHANNEL, GUILD, Clock, lobby, play_first_legal, play_to_end, started


async def finish(svc: TableService, clock: Clock, *users: int, kind: str = "shelfie", channel: int = CHANNEL,
                 message_id: int | None = None) -> int:
    """A game of these people played to its end (its announcements posted, the last as `message_id`)."""
    clock.advance(60)
    options = GameOptions(players=len(users)) if kind != "shelfie" else None
    result = await play_to_end(svc, await started(svc, *users, channel=channel, kind=kind, options=options))
    for announcement in (await svc.outbox(result.table.game_id)).pending:
        await svc.announcement_posted(announcement, message_id, None)
    return result.table.game_id


async def test_the_history_lists_finished_games_newest_first_by_player_and_game(svc: TableService,
                                                                               clock: Clock) -> None:
    first = await finish(svc, clock, ANN, BOB, message_id=555)
    second = await finish(svc, clock, BOB, CAT, kind="dice")
    third = await finish(svc, clock, ANN, CAT)
    running = await started(svc, ANN, BOB, channel=CHANNEL + 1)
    await play_first_legal(svc, running)
    await lobby(svc, CAT, channel=CHANNEL + 2)

    page = await svc.history(GUILD)
    assert [g.table.game_id for g in page.games] == [third, second, first] and page.total == 3
    assert [g.table.game_id for g in (await svc.history(GUILD, user_id=ANN)).games] == [third, first]
    assert [g.table.game_id for g in (await svc.history(GUILD, kind="dice")).games] == [second]
    assert [g.table.game_id for g in (await svc.history(GUILD, user_id=ANN, kind="dice")).games] == []
    assert (await svc.history(GUILD + 1)).total == 0

    older = await svc.history(GUILD, offset=1, limit=1)
    assert [g.table.game_id for g in older.games] == [second] and (older.offset, older.total) == (1, 3)
    oldest = next(g for g in page.games if g.table.game_id == first)
    assert oldest.end_message_id == 555 and oldest.finished_at < page.games[0].finished_at
    assert [s.seat.user_id for s in oldest.standings] == [s.seat.user_id for s in oldest.standings if s.rank >= 1]
    assert sorted(s.seat.user_id for s in oldest.standings) == [ANN, BOB]


async def test_a_finished_game_replays_from_its_log_to_its_end(svc: TableService, clock: Clock) -> None:
    game_id = await finish(svc, clock, ANN, BOB)
    replay = await svc.replay(game_id, GUILD)
    assert replay.table.game_id == game_id and replay.start.turn == 0
    assert len(replay.steps) == replay.table.turn
    assert replay.steps[-1].game.to_dict() == replay.table.game.to_dict()
    assert all(step.turn.seat.user_id in (ANN, BOB) for step in replay.steps)
    assert [step.game.turn for step in replay.steps] == sorted(step.game.turn for step in replay.steps)
    assert await svc.last_finished(GUILD, CHANNEL) == game_id
    assert await svc.last_finished(GUILD, CHANNEL + 1) is None


async def test_a_replay_is_refused_before_the_end_and_outside_its_server(svc: TableService, clock: Clock) -> None:
    game_id = await finish(svc, clock, ANN, BOB)
    with pytest.raises(UnknownGame):
        await svc.replay(game_id, GUILD + 1)
    with pytest.raises(UnknownGame):
        await svc.replay(10**6, GUILD)
    with pytest.raises(UnknownGame):
        await svc.replay(2**70, GUILD)
    running = await started(svc, ANN, BOB, channel=CHANNEL + 1)
    with pytest.raises(NotFinished):
        await svc.replay(running.game_id, GUILD)


async def test_the_turn_deadline_is_kept_with_the_game(db_path: str, clock: Clock) -> None:
    svc = await TableService.open(db_path, clock=clock, seeds=iter(range(1000, 10_000)).__next__)
    try:
        table = await started(svc, ANN, BOB, options=GameOptions(players=2, turn_timeout=3600))
        assert table.turn_ends_at == clock.now + 3600
        clock.advance(100)
        moved = (await play_first_legal(svc, table)).table
        assert moved.turn_ends_at == clock.now + 3600
    finally:
        await svc.close()
    again = await TableService.open(db_path, clock=clock)
    try:
        assert (await again.table(table.game_id)).turn_ends_at == moved.turn_ends_at
    finally:
        await again.close()
