"""A game where several seats may act at once (tests/service/together_game.py): every seat the game lets act is
accepted, by its button and by typing, whichever of them acts first; a seat that already acted this round is told
it is not its turn and nothing changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from test_game_driver import assert_move_answered, channel_messages, custom_ids, game_here, member
from together_face import registered

if TYPE_CHECKING:
    import simcord
    from conftest import Table


@pytest.fixture
def bot_settings(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The test game and its face are listed before the bot is built."""
    registered(monkeypatch)
    return {}


def live_message(channel: simcord.ChannelHandle) -> Any:
    return next(m for m in reversed(channel_messages(channel)) if any(":ready:" in c for c in custom_ids(m)))


async def waiting_for(table: Table) -> set[int | None]:
    return {seat.user_id for seat in (await game_here(table)).acting}


async def test_two_seats_that_may_act_at_once_are_both_accepted_by_clicks_and_by_typing(table: Table) -> None:
    alice, bob = table.alice, table.bob
    opened = await alice.slash(table.channel, "together new", players=2, rounds=2)
    await bob.click(opened.response, label="Join")
    await alice.click(opened.response, label="Start")
    game = await game_here(table)
    first, second = (member(table, seat.user_id) for seat in game.seats)  # the order the start drew
    assert await waiting_for(table) == {first.id, second.id}
    assert f"waiting for {first.name}, {second.name}" in live_message(table.channel).content.splitlines()

    clicked = await second.click(live_message(table.channel), label="Ready")  # the later seat before the first
    assert clicked.response.ephemeral and clicked.response.content == "ready"
    assert await waiting_for(table) == {first.id}
    again = await second.click(live_message(table.channel), label="Ready")
    assert again.response.ephemeral and "not yours" in again.response.content
    assert await waiting_for(table) == {first.id}
    clicked = await first.click(live_message(table.channel), label="Ready")
    assert clicked.response.content == "ready"

    assert await waiting_for(table) == {first.id, second.id}, "the next round waits for both again"
    assert_move_answered(await second.slash(table.channel, "together ready"), "ready", table.channel)
    assert await waiting_for(table) == {first.id}
    typed = await second.slash(table.channel, "together ready")
    assert typed.ephemeral and "not yours" in typed.response.content
    assert_move_answered(await first.slash(table.channel, "together ready"), "ready", table.channel)
    assert (await table.bot.service.table(game.game_id)).status == "finished"


async def test_every_seat_taken_over_by_one_expiry_is_named(table: Table) -> None:
    """Two seats whose time runs out at once: the later seat's third expiry in a row hands it to the computer, the
    earlier seat's first does not; the channel names the seat taken over, whichever of them the expiry lists
    first."""
    opened = await table.alice.slash(table.channel, "together new", players=3, rounds=3, turn_timeout="1h")
    for person in (table.bob, table.carol):
        await person.click(opened.response, label="Join")
    await table.alice.click(opened.response, label="Start")
    game = await game_here(table)
    early, late, present = (member(table, seat.user_id) for seat in game.seats)
    for _ in range(2):  # `late` misses two rounds in a row
        for person in (early, present):
            assert_move_answered(await person.slash(table.channel, "together ready"), "ready", table.channel)
        await table.env.advance_time(3600)
    assert_move_answered(await present.slash(table.channel, "together ready"), "ready", table.channel)
    seen = len(channel_messages(table.channel))
    await table.env.advance_time(3600)  # `early` misses its first, `late` its third

    told = "\n".join(m.content for m in channel_messages(table.channel)[seen:])
    assert f"{late.name} missed 3 turns in a row; a computer player takes over their seat." in told, told
    assert f"{early.name} missed" not in told, told
    seats = (await table.bot.service.table(game.game_id)).seats
    assert [(s.user_id, s.is_computer) for s in seats] == [(early.id, False), (late.id, True), (present.id, False)]
