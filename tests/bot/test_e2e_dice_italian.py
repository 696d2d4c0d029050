"""A Dice Game on an Italian server: the lobby, its expiry and the turn messages in Italian, commands named as
the Italian picker shows them."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest
from dice_driver import dice_turn_message

if TYPE_CHECKING:
    from conftest import Table

LOBBY_TIMEOUT = 10 * 60
"""The operator's SHELFIE_LOBBY_TIMEOUT here (simcord would take long to reach the 24 h default)."""


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    return {"lobby_timeout": timedelta(seconds=LOBBY_TIMEOUT)}


async def test_an_italian_server_reads_the_dice_lobby_its_expiry_and_the_turn_in_italian(table: Table) -> None:
    italian = table.env.create_guild("Club italiano", preferred_locale="it")
    channel = italian.create_text_channel("dadi")
    alice, bob = italian.add_member(table.alice.user), italian.add_member(table.bob.user)
    opened = await alice.slash(channel, "dice new", players=2)
    assert opened.response.content.startswith("**My Shelfie: Il gioco di dadi — nuova partita**")
    assert "5 dadi" in opened.response.content
    await table.env.advance_time(LOBBY_TIMEOUT + 60)
    closed = channel.history()[-1]
    assert "nessuno l'ha avviata. Aprine una nuova con `/dadi nuova`." in closed.content

    lobby = (await alice.slash(channel, "dice new", players=2)).response
    await bob.click(lobby, label="Entra")
    await alice.click(lobby, label="Avvia")
    first = dice_turn_message(channel)
    assert "tocca a te: premi **Tira**" in first.content
    game = await table.bot.service.table_in_channel(channel.id)
    mover = alice if game.current_seat.user_id == alice.id else bob
    await mover.click(first, label="Tira")
    rolled = dice_turn_message(channel)
    assert "ha tirato:" in rolled.content and "Rilancia (tieni 0)" in [b.label for row in rolled.components
                                                                      for b in row.children]
