"""Whole games of A Place for All My Books through the bot: two people by clicks only to the end, with a restart
in the middle of a step; what each person sees (their own Little Projects privately, nobody else's); a click by
the wrong person refused with nothing changed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from books_driver import (
    MAX_STEPS,
    asked,
    build_step,
    click_step,
    components,
    ids_with,
    open_builder,
    start_books,
    stored,
    turn_message,
)
from test_game_driver import channel_messages, game_here, labels

if TYPE_CHECKING:
    from conftest import Table

PUBLIC_PICTURES = {"books.png", "final.png", "apartments.png"}
SEED = 7
"""A deal whose game the plan of books_driver ends in few steps: the same game on every run."""


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    """Every game here is dealt from one seed, so the seats, the cards and the draws, and with them the game's
    length, are the same on every run."""
    return {"seeds": lambda: SEED}


async def test_a_two_player_game_is_played_to_its_end_by_clicks_across_a_restart(table: Table, restart) -> None:
    alice, bob, carol = table.alice, table.bob, table.carol
    lobby = await start_books(table, people=2)
    assert "The bot's own cards and apartment layout" in lobby.content
    first = turn_message(table.channel)
    assert labels(first) == ["Take your turn", "Keep projects", "My projects"]
    assert [a.filename for a in first.attachments] == ["books.png"]
    assert "to keep 3 of their 5 Little Projects" in first.content
    secrets: set[bytes] = set()
    for person in (alice, bob):
        dm = person.user.dm_channel.history()
        assert len(dm) == 1 and "Your secret Little Projects for A Place for All My Books in **Shelfie Club** #games" \
            in dm[0].content and "Dealt to you — keep 3 of these 5" in dm[0].content
        assert [a.filename for a in dm[0].attachments] == ["projects.png"]
        secrets.add(await dm[0].attachments[0].read())

    stranger = await carol.click(first, custom_id=ids_with(first, "keep")[0])
    assert stranger.response.ephemeral and "not playing in this game" in stranger.response.content
    game = await stored(table)
    keeper = bob if game.players[(await game_here(table)).seat_of(bob.id).index].dealt else alice
    builder = await open_builder(keeper, table.channel, game, (await game_here(table)).seat_of(keeper.id).index)
    assert builder.content.startswith("**Choose the 3 Little Projects you keep")
    assert [a.filename for a in builder.attachments] == ["projects.png"]
    builder = await build_step(keeper, builder, confirm=False)
    assert "Press **Confirm**" in builder.content
    await restart()
    done = await keeper.click(builder, custom_id=[c["custom_id"] for c in components(builder)
                                                   if ":bgo:" in c["custom_id"]][0])
    assert done.response is not None
    assert not (await stored(table)).players[(await game_here(table)).seat_of(keeper.id).index].dealt, \
        "the builder opened before the restart kept the 3 chosen"

    while any(player.dealt for player in (await stored(table)).players):
        await click_step(table)
    here = await game_here(table)
    mover = next(p for p in (alice, bob) if p.id == here.seats[here.game.current].user_id)
    other = bob if mover is alice else alice
    live = turn_message(table.channel)
    early = await other.click(live, custom_id=ids_with(live, "play")[0])
    assert early.response.ephemeral and "not yours" in early.response.content.lower()
    before = (await game_here(table)).version
    assert (await game_here(table)).version == before, "the refused click changed nothing"

    steps = 0
    game_id = here.game_id
    while (await table.bot.service.table(game_id)).status == "active":
        await click_step(table)
        steps += 1
        assert steps < MAX_STEPS

    final = channel_messages(table.channel)[-1]
    assert "won with **" in final.content and "VP — books" in final.content, final.content
    assert [a.filename for a in final.attachments] == ["final.png"] and labels(final) == ["Rematch", "Replay"]
    for message in channel_messages(table.channel):
        assert "Dealt to you" not in message.content and "Your Little Projects" not in message.content
        for attachment in message.attachments:
            assert attachment.filename in PUBLIC_PICTURES
            assert await attachment.read() not in secrets
