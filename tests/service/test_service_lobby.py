"""Lobbies: seating, hosts, one game per channel, and every refusal leaving the lobby as it was."""
from __future__ import annotations

import pytest

from bot.service import (
    AlreadyJoined,
    AlreadyStarted,
    ChannelBusy,
    GameOptions,
    GameOver,
    GuildSettings,
    InvalidOption,
    LobbyFull,
    NotEnoughPlayers,
    NotHost,
    NotInGame,
    TableService,
    UnknownGame,
)
from tests.service.conftest import ANN, BOB, CAT, CHANNEL, DAN, GUILD, lobby, started


async def test_host_is_seated_and_guild_default_timeout_is_resolved(svc: TableService) -> None:
    table = await svc.open_lobby(GUILD, CHANNEL, ANN, "Ann", GameOptions(players=3), kind="shelfie")
    assert table.status == "lobby" and table.host_id == ANN
    assert [(s.index, s.user_id, s.name) for s in table.seats] == [(0, ANN, "Ann")]
    assert table.options.turn_timeout == 24 * 3600
    assert await svc.table_in_channel(CHANNEL) == table
    assert await svc.tables_of(ANN) == [table]


async def test_join_leave_and_computer_seats(svc: TableService) -> None:
    table = await lobby(svc, ANN, BOB)
    table = await svc.add_computer(table.game_id, ANN, level="hard")
    assert [(s.user_id, s.level) for s in table.seats] == [(ANN, None), (BOB, None), (None, "hard")]
    assert table.seats[2].name == "Computer 1" and table.seats[2].is_computer
    table = await svc.leave(table.game_id, BOB)
    assert [(s.index, s.user_id) for s in table.seats] == [(0, ANN), (1, None)]
    assert await svc.tables_of(BOB) == []


async def test_host_leaving_hands_the_lobby_on_and_the_last_person_cancels_it(svc: TableService) -> None:
    table = await lobby(svc, ANN, BOB, computers=1)
    table = await svc.leave(table.game_id, ANN)
    assert table.host_id == BOB and table.status == "lobby"
    table = await svc.leave(table.game_id, BOB)
    assert (table.status, table.end_reason) == ("cancelled", "abandoned")
    assert await svc.table_in_channel(CHANNEL) is None


async def test_one_open_game_per_channel(svc: TableService) -> None:
    first = await lobby(svc, ANN)
    with pytest.raises(ChannelBusy) as err:
        await svc.open_lobby(GUILD, CHANNEL, BOB, "Bob", kind="shelfie")
    assert err.value.code == "channel_busy" and err.value.params["game_id"] == first.game_id
    other = await svc.open_lobby(GUILD, CHANNEL + 1, BOB, "Bob", kind="shelfie")
    assert other.game_id != first.game_id
    await svc.cancel(first.game_id, ANN)
    again = await svc.open_lobby(GUILD, CHANNEL, BOB, "Bob", kind="shelfie")
    assert await svc.table_in_channel(CHANNEL) == again


async def test_thread_games_occupy_their_thread_not_the_channel(svc: TableService) -> None:
    in_channel = await lobby(svc, ANN)
    threaded = await svc.open_lobby(GUILD, CHANNEL, BOB, "Bob", GameOptions(thread=True), thread_id=555, kind="shelfie")
    assert await svc.table_in_channel(CHANNEL) == in_channel
    assert threaded.place_id == 555 and await svc.table_in_channel(555) == threaded
    with pytest.raises(ChannelBusy):
        await svc.open_lobby(GUILD, CHANNEL, CAT, "Cat", GameOptions(thread=True), thread_id=555, kind="shelfie")
    with pytest.raises(ValueError, match="thread_id"):
        await svc.open_lobby(GUILD, CHANNEL, CAT, "Cat", GameOptions(thread=True), kind="shelfie")


async def test_lobby_full_and_joining_twice_change_nothing(svc: TableService) -> None:
    table = await lobby(svc, ANN, BOB, options=GameOptions(players=2))
    with pytest.raises(LobbyFull) as full:
        await svc.join(table.game_id, CAT, "Cat")
    assert full.value.params == {"game_id": table.game_id, "seats": 2}
    with pytest.raises(LobbyFull):
        await svc.add_computer(table.game_id, ANN)
    with pytest.raises(AlreadyJoined):
        await svc.join(table.game_id, BOB, "Bob")
    assert await svc.table(table.game_id) == table


async def test_only_the_host_adds_computers_starts_and_cancels(svc: TableService) -> None:
    table = await lobby(svc, ANN, BOB)
    for action in (svc.add_computer(table.game_id, BOB), svc.start(table.game_id, BOB),
                   svc.cancel(table.game_id, BOB)):
        with pytest.raises(NotHost) as err:
            await action
        assert err.value.params["host_id"] == ANN
    assert await svc.table(table.game_id) == table
    cancelled = await svc.cancel(table.game_id, BOB, is_admin=True)
    assert cancelled.status == "cancelled"


async def test_starting_alone_is_refused(svc: TableService) -> None:
    table = await lobby(svc, ANN)
    with pytest.raises(NotEnoughPlayers) as err:
        await svc.start(table.game_id, ANN)
    assert err.value.params["seated"] == 1
    assert (await svc.table(table.game_id)).status == "lobby"


async def test_lobby_actions_on_started_or_finished_games(svc: TableService) -> None:
    table = await started(svc, ANN, BOB)
    with pytest.raises(AlreadyStarted):
        await svc.join(table.game_id, CAT, "Cat")
    with pytest.raises(AlreadyStarted):
        await svc.leave(table.game_id, BOB)
    with pytest.raises(AlreadyStarted):
        await svc.start(table.game_id, ANN)
    await svc.cancel(table.game_id, ANN)
    with pytest.raises(GameOver) as err:
        await svc.join(table.game_id, DAN, "Dan")
    assert err.value.params["status"] == "cancelled"
    with pytest.raises(GameOver):
        await svc.cancel(table.game_id, ANN)


async def test_leaving_a_lobby_you_are_not_in(svc: TableService) -> None:
    table = await lobby(svc, ANN)
    with pytest.raises(NotInGame):
        await svc.leave(table.game_id, BOB)


async def test_unknown_game_ids(svc: TableService) -> None:
    for action in (svc.table(999), svc.join(999, ANN, "Ann"), svc.start(999, ANN), svc.play(999, ANN, "E4 1"),
                   svc.audit(999)):
        with pytest.raises(UnknownGame) as err:
            await action
        assert err.value.code == "unknown_game" and err.value.params == {"game_id": 999}


@pytest.mark.parametrize(
    ("options", "name"),
    [(GameOptions(players=1), "players"), (GameOptions(players=5), "players"), (GameOptions(game={"refill": "never"}), "refill"),
     (GameOptions(turn_timeout=60), "turn_timeout"), (GameOptions(turn_timeout=8 * 24 * 3600), "turn_timeout")],
)
async def test_bad_options_are_refused_before_anything_is_stored(svc: TableService, options: GameOptions,
                                                                 name: str) -> None:
    with pytest.raises(InvalidOption) as err:
        await svc.open_lobby(GUILD, CHANNEL, ANN, "Ann", options, kind="shelfie")
    assert err.value.params["name"] == name
    assert await svc.table_in_channel(CHANNEL) is None


async def test_unknown_computer_level(svc: TableService) -> None:
    table = await lobby(svc, ANN)
    with pytest.raises(InvalidOption):
        await svc.add_computer(table.game_id, ANN, level="genius")
    assert len((await svc.table(table.game_id)).seats) == 1


async def test_start_shuffles_seats_with_the_seed_and_marks_the_first_player(svc: TableService) -> None:
    table = await lobby(svc, ANN, BOB, CAT, DAN)
    result = await svc.start(table.game_id, ANN)
    seats = result.table.seats
    assert sorted(s.user_id for s in seats) == [ANN, BOB, CAT, DAN]
    assert [s.index for s in seats] == [0, 1, 2, 3]
    assert result.table.first_seat == seats[0] == result.table.current_seat
    assert result.table.game is not None and result.table.game.n_players == 4


async def test_computers_before_the_first_person_play_at_start(svc: TableService) -> None:
    table = await lobby(svc, ANN, computers=3)
    result = await svc.start(table.game_id, ANN)
    person = next(s for s in result.table.seats if s.user_id == ANN)
    assert len(result.turns) == person.index
    assert all(t.kind == "auto" and t.seat.is_computer for t in result.turns)
    assert result.table.current_seat == person and result.table.turn == person.index


async def test_guild_default_turn_timeout(svc: TableService) -> None:
    await svc.set_guild_settings(GuildSettings(GUILD, turn_timeout=3600, locale="it"))
    table = await svc.open_lobby(GUILD, CHANNEL, ANN, "Ann", kind="shelfie")
    assert table.options.turn_timeout == 3600
    assert (await svc.guild_settings(GUILD)).locale == "it"
    with pytest.raises(InvalidOption):
        await svc.set_guild_settings(GuildSettings(GUILD, turn_timeout=10))


async def test_rematch_reopens_the_same_seats(svc: TableService) -> None:
    table = await started(svc, ANN, BOB, computers=1)
    await svc.cancel(table.game_id, ANN)
    again = (await svc.rematch(table.game_id, BOB)).table
    assert again.status == "lobby" and again.host_id == BOB and again.seats[0].user_id == BOB
    assert sorted((s.user_id or 0, s.level or "") for s in again.seats) == sorted(
        (s.user_id or 0, s.level or "") for s in table.seats)
    assert await svc.table_in_channel(CHANNEL) == again


async def test_a_game_for_one_starts_with_its_host_alone(svc: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose description takes one player (a solo game) starts with only its host seated; one that takes
    two still refuses, naming how many it needs."""
    from dataclasses import replace

    from engine import registry
    from tests.service.together_game import DESCRIPTION, RULES

    monkeypatch.setitem(registry.GAMES, "together", replace(RULES, description=replace(DESCRIPTION, min_players=1)))
    table = await lobby(svc, ANN, options=GameOptions(players=1, game={"rounds": 1}), kind="together")
    started_alone = (await svc.start(table.game_id, ANN)).table
    assert started_alone.status == "active" and [s.user_id for s in started_alone.seats] == [ANN]
    assert [s.user_id for s in started_alone.acting] == [ANN]

    monkeypatch.setitem(registry.GAMES, "together", RULES)
    pair = await lobby(svc, BOB, options=GameOptions(players=2, game={"rounds": 1}), kind="together", channel=CHANNEL + 1)
    with pytest.raises(NotEnoughPlayers) as err:
        await svc.start(pair.game_id, BOB)
    assert (err.value.params["seated"], err.value.params["needed"]) == (1, 2)
