"""A Major Accomplishment Penelope's turn completes, through the bot: the channel tells her turn, then the claim,
and the solo player is asked at once which Rival cards it removes, then to discard the Notebook's 2 Little
Projects, before its next turn begins."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

from books_driver import stored
from test_game_driver import assert_move_answered, channel_messages, game_here

from engine.books.revision import CURRENT
from tests.engine.books.play import headphones_at_20

if TYPE_CHECKING:
    from conftest import Table


async def test_her_bump_to_24_is_claimed_and_its_removal_and_discard_asked_before_the_next_turn(
        table: Table, db_path: Path, restart: Any) -> None:
    alice = table.alice
    await alice.slash(table.channel, "books new", players=1, level=1)
    here = await game_here(table)
    game, step = headphones_at_20(CURRENT)
    with sqlite3.connect(db_path) as raw:  # the position, as if played: her next card bumps alice to 24
        raw.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(game.to_dict()), here.game_id))
    await restart()
    seen = len(channel_messages(table.channel))

    assert_move_answered(await alice.slash(table.channel, "books play", step=str(step)), "Done:", table.channel)
    told = "\n".join(message.content for message in channel_messages(table.channel)[seen:])
    her_turn, claim = told.index("**Penelope** drew Rival H"), told.index("claimed MA4")
    assert her_turn < claim and "you went to the Park" in told[her_turn:claim]
    assert "**alice** goes on: choose the colour that leaves Penelope's queue" in told[claim:]
    offered = await alice.autocomplete(table.channel, "books play", "step", "")
    assert offered and all(choice["value"].startswith("remove") for choice in offered), offered

    assert_move_answered(await alice.slash(table.channel, "books play", step="remove G"), "Done:", table.channel)
    after = await stored(table)
    assert after.pending is not None and after.pending.kind == "discard" and after.pending.count == 2
    assert after.players[0].majors == ["MA4"] and after.turn == 0
    cards = " ".join(after.players[0].hand[:2])
    assert_move_answered(await alice.slash(table.channel, "books play", step=f"discard {cards}"), "Done:",
                         table.channel)
    last = await stored(table)
    assert last.turn == 1 and last.pending is None and len(last.players[0].hand) == 5
    assert alice.mention in channel_messages(table.channel)[-1].content, "alice is asked for her next turn"
