"""A game that one person may play (a solo game): `new players:1` seats its host, and with nobody to wait for
the game starts at once from its lobby; the lobby says so and the first turn is posted."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pytest
from coop_face import register_game
from test_game_driver import channel_messages, custom_ids, game_here
from together_face import FACE

if TYPE_CHECKING:
    from conftest import Table


@pytest.fixture
def bot_settings(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The test game, made playable by one, and its face are listed before the bot is built."""
    from tests.service.together_game import DESCRIPTION, RULES

    register_game(monkeypatch, replace(RULES, description=replace(DESCRIPTION, min_players=1)), FACE)
    return {}


async def test_a_lobby_of_one_seat_starts_at_once(table: Table) -> None:
    opened = await table.alice.slash(table.channel, "together new", players=1, rounds=1)
    lobby = opened.response
    assert lobby is not None and not lobby.ephemeral
    game = await game_here(table)
    assert game.status == "active" and [seat.user_id for seat in game.seats] == [table.alice.id]
    live = next(m for m in reversed(channel_messages(table.channel)) if any(":ready:" in c for c in custom_ids(m)))
    assert f"waiting for {table.alice.name}" in live.content.splitlines()
    shown = next(m for m in channel_messages(table.channel) if m.id == lobby.id)
    assert not any(":start" in c or ":join" in c for c in custom_ids(shown)), "the lobby has no buttons left"
    clicked = await table.alice.click(live, label="Ready")
    assert clicked.response.content == "ready"
    assert (await table.bot.service.table(game.game_id)).status == "finished"


async def test_a_lobby_for_more_of_a_game_one_may_play_can_be_started_by_its_host_alone(table: Table) -> None:
    """Start was disabled under two seats whatever the game, while `/together start` (the service's rule, the
    game's fewest players) started it: the button follows the game's rule, and a disabled Start is grey."""
    opened = await table.alice.slash(table.channel, "together new", players=3, rounds=1)
    lobby = opened.response
    start = next(c for row in lobby.components for c in row["components"] if ":start" in c["custom_id"])
    assert not start.get("disabled") and start["style"] == 3, "green and enabled: the host may start alone"
    await table.alice.click(lobby, label="Start")
    assert (await game_here(table)).status == "active"


async def test_a_start_button_the_host_may_not_press_yet_is_grey(table: Table) -> None:
    opened = await table.alice.slash(table.channel, "shelfie new", players=2)
    start = next(c for row in opened.response.components for c in row["components"] if ":start" in c["custom_id"])
    assert start.get("disabled") and start["style"] == 2
