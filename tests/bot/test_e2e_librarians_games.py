"""A whole Librarians game through the bot: two people and two computers, by clicks only, with a restart between
the first and second card of a turn; and what each person sees: their own hand privately, nobody else's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from librarians_driver import (
    MAX_ACTIONS,
    acting,
    click_step,
    click_turn,
    ids_with,
    open_builder,
    start_librarians,
    turn_message,
)
from test_game_driver import channel_messages, game_here, labels

if TYPE_CHECKING:
    from conftest import Table

PUBLIC_PICTURES = {"library.png", "final.png"}
SEED = 5
"""A deal the computers lose after 15 clicks of the people (about 4 s): the same game on every run."""


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    """Every game here is dealt from one seed, so the seats, the cards and the computers' choices, and with them
    the game's length, are the same on every run."""
    return {"seeds": lambda: SEED}


async def _hand_seen_by(person: Any, channel: Any) -> tuple[str, bytes]:
    """What **My hand** shows `person`: the text and the picture, privately."""
    shown = await person.click(turn_message(channel), custom_id=ids_with(turn_message(channel), "hand")[0])
    answer = shown.response
    assert answer.ephemeral and answer.content.startswith("Your hand ("), answer.content
    assert [a.filename for a in answer.attachments] == ["hand.png"]
    return answer.content, await answer.attachments[0].read()


async def test_a_four_seat_game_is_played_to_its_end_by_clicks_across_a_restart(table: Table, restart) -> None:
    alice, bob, carol = table.alice, table.bob, table.carol
    lobby = await start_librarians(table, people=2, computers=2)
    assert "🟥 Horror · 🟩 Romance · 🟦 Thriller · 🟪 Fantasy · 🟨 Biography · ⬛ Mystery" in lobby.content
    first = turn_message(table.channel)
    assert labels(first)[0] == "Play" and "My hand" in labels(first) and "End turn" in labels(first)
    assert "it's your turn: press **Play**" in first.content and "deck:" in first.content
    assert [a.filename for a in first.attachments] == ["library.png"]
    secrets: dict[int, set[bytes]] = {alice.id: set(), bob.id: set()}
    hand_texts: set[str] = set()
    for person in (alice, bob):
        dm = person.user.dm_channel.history()
        assert len(dm) == 1 and "Your secret hand for Librarians in **Shelfie Club** #games" in dm[0].content
        assert [a.filename for a in dm[0].attachments] == ["hand.png"]
        secrets[person.id].add(await dm[0].attachments[0].read())
    assert table.carol.user.dm_channel is None or not table.carol.user.dm_channel.history()

    player, game = await acting(table)
    other = bob if player is alice else alice
    early = await other.click(first, custom_id=ids_with(first, "play")[0])
    assert early.response.ephemeral and "not yours" in early.response.content.lower()
    stranger = await carol.click(first, custom_id=ids_with(first, "hand")[0])
    assert stranger.response.ephemeral and "Your hand" not in stranger.response.content
    assert await carol.autocomplete(table.channel, "librarians play", "card", "") == []
    assert await other.autocomplete(table.channel, "librarians play", "card", "") == []
    offered = await player.autocomplete(table.channel, "librarians play", "card", "")
    own = {f"{game.card(c).letter_text} {game.card(c).colour_name}" for c in game.hands[game.current_seat]}
    assert offered and {choice["value"] for choice in offered} <= own

    builder = await open_builder(table)
    assert [a.filename for a in builder.attachments] == ["spots.png"] and "Your hand (4 cards)" in builder.content
    builder = await click_step(table, builder)
    assert "Where does" not in builder.content, "a spot lays the card at once and the builder shows the hand again"
    assert len((await game_here(table)).game.played) == 1
    await restart()
    builder = await click_step(table, builder)
    assert len((await game_here(table)).game.played) == 2, "the builder opened before the restart still plays"
    await player.click(builder, custom_id=ids_with(builder, "bend")[0])

    game_id = (await game_here(table)).game_id
    actions = 0
    while (await table.bot.service.table(game_id)).status == "active":
        for person in (alice, bob):
            text, picture = await _hand_seen_by(person, table.channel)
            secrets[person.id].add(picture)
            if " · " in text:  # two cards or more: no line of play names them together
                hand_texts.add(text.split(":", 1)[1])
        await click_turn(table)
        actions += 1
        assert actions < MAX_ACTIONS

    final = channel_messages(table.channel)[-1]
    assert ("**You won together!**" in final.content or "**The library is lost**" in final.content), final.content
    assert [a.filename for a in final.attachments] == ["final.png"] and labels(final) == ["Rematch", "Replay"]
    collapsed = channel_messages(table.channel)[1:-1]
    assert collapsed and all(not m.attachments and not m.components for m in collapsed)
    every_secret = secrets[alice.id] | secrets[bob.id]
    for message in channel_messages(table.channel):
        assert "Your hand" not in message.content and "Your secret hand" not in message.content
        assert not any(text in message.content for text in hand_texts), "a hand's cards in the channel"
        for attachment in message.attachments:
            assert attachment.filename in PUBLIC_PICTURES
            assert await attachment.read() not in every_secret
