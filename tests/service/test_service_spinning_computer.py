"""A game's computer player that never ends its turn must not spin the table forever: after
COMPUTER_STEPS_PER_TURN actions in one turn the service resigns its seat, the move log says so, and the game
replays from its log as usual."""
from __future__ import annotations

import pytest

from bot.service import GameOptions, PlayResult, TableService
from bot.service.tables import COMPUTER_STEPS_PER_TURN
from tests.service.conftest import ANN, lobby


@pytest.fixture
def dither(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import registry
    from tests.service.dither_game import RULES

    monkeypatch.setitem(registry.GAMES, RULES.key, RULES)


async def test_a_computer_that_never_ends_its_turn_resigns_after_the_bound(dither: None, svc: TableService) -> None:
    table = await lobby(svc, ANN, computers=1, options=GameOptions(players=2), kind="dither")
    result: PlayResult = await svc.start(table.game_id, ANN)
    if result.table.status == "active":  # the person was seated first: their move hands the turn to the computer
        result = await svc.play(table.game_id, ANN, "add", turn=result.table.turn)
        assert result.turns[0].kind != "auto" and result.turns[0].move == "add"
    computer = [(turn.kind, turn.move) for turn in result.turns if turn.seat.user_id is None]
    assert computer == [("auto", "wait")] * COMPUTER_STEPS_PER_TURN + [("resign", None)]
    assert result.table.status == "finished", "leaving ends this game for the table"
    audit = await svc.audit(table.game_id)
    assert audit.ok, audit
