"""The service runs any registered game through the protocol: here the Dice Game, which has no Discord face yet."""
from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service import ComputerBusy, GameOptions, HintsOff, IllegalMoveError, InvalidOption, NotYourTurn, TableService
from bot.service.workers import Workers, install, retire
from engine import registry
from engine.registry import rules_of
from tests.service.conftest import ANN, BOB, CAT, CHANNEL, lobby, play_to_end, started


async def test_a_dice_game_plays_to_its_end_with_a_computer_seat_and_audits(svc: TableService) -> None:
    table = await started(svc, ANN, BOB, computers=1, options=GameOptions(players=3, game={"dice": 6}), kind="dice")
    assert table.kind == "dice" and table.options.game == {"dice": 6, "row_lock": False}
    assert table.game is not None and table.game.dice_count == 6  # type: ignore[attr-defined]
    result = await play_to_end(svc, table)
    assert result.finished and {s.seat.index for s in result.standings} == {0, 1, 2}
    top = max(s.total for s in result.standings)
    assert {s.seat.index for s in result.standings if s.won} == {
        s.seat.index for s in result.standings if s.total == top}, "every seat tied on the top score wins"
    assert all(s.rank == 1 for s in result.standings if s.won)
    assert (await svc.audit(table.game_id)).ok
    dice = await svc.stats(table.guild_id, ANN, "dice")
    assert dice is not None and dice.games == 1 and await svc.stats(table.guild_id, ANN, "shelfie") is None
    assert [r.user_id for r in await svc.leaderboard(table.guild_id, "shelfie")] == []


async def test_a_typed_dice_action_is_read_by_the_dice_game_and_a_refusal_changes_nothing(svc: TableService) -> None:
    table = await started(svc, ANN, BOB, options=GameOptions(players=2), kind="dice")
    person = table.current_seat
    assert person is not None and person.user_id is not None
    with pytest.raises(IllegalMoveError) as refused:
        await svc.play(table.game_id, person.user_id, "cross books", turn=table.turn)
    assert refused.value.reason and (await svc.table(table.game_id)).turn == table.turn
    rolled = await svc.play(table.game_id, person.user_id, "roll", turn=table.turn)
    assert rolled.table.turn == table.turn + 1 and str(rolled.turns[0].move) == "roll"
    assert rolled.table.current_seat == person, "the same person chooses after rolling"


@pytest.mark.parametrize("options, name", [
    (GameOptions(players=5), "players"),
    (GameOptions(game={"dice": 7}), "dice"),
    (GameOptions(game={"refill": "isolated"}), "refill"),
])
async def test_options_are_checked_by_the_game_they_are_for(svc: TableService, options: GameOptions, name: str) -> None:
    with pytest.raises(InvalidOption) as refused:
        await lobby(svc, CAT, options=options, kind="dice")
    assert refused.value.params["name"] == name


async def test_an_unknown_kind_opens_nothing(svc: TableService) -> None:
    with pytest.raises(InvalidOption):
        await svc.open_lobby(1, CHANNEL, ANN, "Ann", kind="chess")
    assert await svc.table_in_channel(CHANNEL) is None


@pytest.mark.parametrize("kind", ["shelfie", "dice"])
async def test_a_hint_is_the_computer_players_legal_choice_for_the_person_to_act_and_changes_nothing(
        svc: TableService, kind: str) -> None:
    table = await started(svc, ANN, BOB, options=GameOptions(players=2, hints=True), kind=kind, channel=CHANNEL + 1)
    person, other = table.current_seat, next(s for s in table.seats if s != table.current_seat)
    assert person is not None and person.user_id is not None and other.user_id is not None and table.game
    hint = await svc.hint(table.game_id, person.user_id)
    table.game.check(hint, person.index)
    assert str(hint) == str(await svc.hint(table.game_id, person.user_id)), "asking again suggests the same"
    with pytest.raises(NotYourTurn):
        await svc.hint(table.game_id, other.user_id)
    assert (await svc.table(table.game_id)).version == table.version


async def test_a_hint_comes_from_the_level_the_game_declares_for_hints(svc: TableService,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    rules = replace(rules_of("shelfie"), stand_in="normal", hint_level="easy")
    monkeypatch.setitem(registry.GAMES, "shelfie", rules)
    table = await started(svc, ANN, BOB, options=GameOptions(players=2, hints=True), channel=CHANNEL + 2)
    person = table.current_seat
    assert person is not None and person.user_id is not None and table.game
    declared = rules.choose(table.game, "easy", table.turn, person.index)
    assert str(declared) != str(rules.choose(table.game, "normal", table.turn, person.index)), "the levels differ here"
    assert str(await svc.hint(table.game_id, person.user_id)) == str(declared)


async def test_no_hint_when_the_lobby_did_not_allow_hints(svc: TableService) -> None:
    table = await started(svc, ANN, BOB, options=GameOptions(players=2))
    assert table.current_seat is not None and table.current_seat.user_id is not None
    with pytest.raises(HintsOff):
        await svc.hint(table.game_id, table.current_seat.user_id)


@pytest.mark.parametrize("last, won", [("add", True), ("give up", False)])
async def test_a_cooperative_game_ends_with_one_shared_result_for_every_seat_and_rates_nobody(
        coop: None, db_path, clock, last: str, won: bool) -> None:
    rated: list[object] = []

    def rater(entries):
        rated.append(entries)
        return [(25.0, 8.0) for _ in entries]

    svc = await TableService.open(db_path, clock=clock, rater=rater)
    try:
        table = await started(svc, ANN, BOB, options=GameOptions(players=2), kind="coop")
        for _ in range(3):
            seat = table.current_seat
            assert seat is not None and seat.user_id is not None
            table = (await svc.play(table.game_id, seat.user_id, "add", turn=table.turn)).table
        seat = table.current_seat
        assert seat is not None and seat.user_id is not None
        result = await svc.play(table.game_id, seat.user_id, last, turn=table.turn)
        assert result.finished
        assert [(s.rank, s.won) for s in result.standings] == [(1, won), (1, won)]
        assert rated == [], "co-operative games are not rated"
        stats = await svc.stats(table.guild_id, ANN, "coop")
        assert stats is not None and stats.games == 1 and stats.wins == int(won)
        assert (await svc.audit(table.game_id)).ok
    finally:
        await svc.close()


async def test_a_hint_from_a_stuck_worker_is_a_clear_busy_refusal_and_the_next_one_works(svc: TableService) -> None:
    """A worker that does not answer in time is killed and restarted (bot.service.workers); the hint asked of it
    is refused as "busy, try again" (a ServiceError, so the person reads that, not the generic apology)."""
    table = await started(svc, ANN, BOB, options=GameOptions(players=2, hints=True))
    person = table.current_seat
    assert person is not None and person.user_id is not None
    impatient = await Workers(1, timeout=1e-6).start()  # no process answers within a microsecond
    previous = install(impatient)
    try:
        with pytest.raises(ComputerBusy):
            await svc.hint(table.game_id, person.user_id)
    finally:
        install(previous)
        await retire(impatient)
    assert await svc.hint(table.game_id, person.user_id) is not None
    assert (await svc.table(table.game_id)).version == table.version
