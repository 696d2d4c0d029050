"""A whole game played by clicking: lobby buttons, then the Take tiles builder for every move."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from PIL import Image

from render.shelfie.layout import board_cell_box, shelves_cell_center
from render.palette import CHOSEN, TILE_INK
from test_game_driver import (
    channel_messages,
    custom_ids,
    game_here,
    labels,
    latest_turn_message,
    member,
    open_lobby,
    play_clicked_move,
)

if TYPE_CHECKING:
    from conftest import Table

MAX_TURNS = 200


async def test_lobby_fills_in_place_and_a_game_is_played_by_clicks_only(table: Table) -> None:
    alice, bob = table.alice, table.bob
    lobby = await open_lobby(table, alice, 3)
    assert labels(lobby) == ["Join", "Leave", "Add bot", "Start", "Cancel"]
    joined = await bob.click(lobby, label="Join")
    assert "2. **bob**" in joined.response.content, "the lobby message is edited in place"
    chooser = await alice.click(lobby, label="Add bot")
    assert chooser.response.ephemeral and labels(chooser.response) == ["easy", "normal", "hard"]
    await alice.click(chooser.response, label="easy")
    lobby_now = channel_messages(table.channel)[0]
    assert lobby_now.id == lobby.id and "🤖 Computer 1 (easy)" in lobby_now.content
    assert "Seats (3/3)" in lobby_now.content
    await alice.click(lobby_now, label="Start")
    lobby_now = channel_messages(table.channel)[0]
    assert "The game has started" in lobby_now.content and not lobby_now.components

    turns = 0
    while (await table.bot.service.table_in_channel(table.channel.id)) is not None:
        await play_clicked_move(table)
        turns += 1
        assert turns < MAX_TURNS
    final = channel_messages(table.channel)[-1]
    assert "Game over!" in final.content and "scores.png" in [a.filename for a in final.attachments]


async def first_builder(table: Table):
    """A 2-player game started by clicks, and the builder the first player opens with Take tiles."""
    lobby = await open_lobby(table, table.alice, 2)
    await table.bob.click(lobby, label="Join")
    await table.alice.click(lobby, label="Start")
    game = await game_here(table)
    player = member(table, game.current_seat.user_id)
    builder = (await player.click(latest_turn_message(table.channel), label="Take tiles")).response
    return game, player, builder


async def framed_on_board(message) -> set[str]:
    """The cells the builder's board picture frames as chosen; the message must carry exactly that picture."""
    assert [a.filename for a in message.attachments] == ["board.png"], "the builder shows the board"
    img = Image.open(io.BytesIO(await message.attachments[0].read())).convert("RGB")
    framed = set()
    for r in range(9):
        for c in range(9):
            x0, y0, _, y1 = board_cell_box(r, c)
            if img.getpixel((x0 + 3, (y0 + y1) // 2)) == CHOSEN:
                framed.add(f"{'ABCDEFGHI'[c]}{r + 1}")
    return framed


async def test_builder_offers_only_free_tiles_then_columns_that_fit_then_orders(table: Table) -> None:
    game, player, builder = await first_builder(table)
    assert builder.ephemeral and "Choose 1 to 3 tiles" in builder.content
    assert await framed_on_board(builder) == set(), "the builder opens on the board, nothing framed yet"
    offered = [option["value"] for row in builder.components for select in row["components"]
               for option in select.get("options", [])]
    singles = {m.tiles_text for m in game.game.legal_moves() if len(m.tiles) == 1}
    assert set(offered) == {s.replace(" ", "") for s in singles}, "only free tiles are offered"

    in_first_select = {option["value"] for option in builder.components[0]["components"][0]["options"]}
    pick = next(m for m in game.game.legal_moves() if len(m.tiles) == 2
                and len({game.game.board_rows()[r][c] for r, c in m.tiles}) == 2
                and {f"{'ABCDEFGHI'[c]}{r + 1}" for r, c in m.tiles} <= in_first_select)
    select_id = next(c for c in custom_ids(builder) if ":pick0:" in c)
    chosen = [f"{'ABCDEFGHI'[c]}{r + 1}" for r, c in sorted(pick.tiles)]
    first = chosen[0]
    builder = (await player.select(builder, [first], custom_id=select_id)).response
    assert f"Selected: **{first}**" in builder.content
    assert await framed_on_board(builder) == {first}
    select_id = next(c for c in custom_ids(builder) if ":pick0:" in c)
    builder = (await player.select(builder, chosen, custom_id=select_id)).response
    assert [label for label in labels(builder) if label.startswith("Column")] == [f"Column {n}" for n in range(1, 6)]
    assert await framed_on_board(builder) == set(chosen)
    builder = (await player.click(builder, label="Column 2")).response
    assert "bottom to top" in builder.content
    assert await framed_on_board(builder) == set(chosen), "the order step still shows the chosen tiles"
    orders = [c for c in custom_ids(builder) if ":order:" in c]
    assert len(orders) == 2, "two different tiles can be placed in two orders"
    builder = (await player.click(builder, custom_id=orders[1])).response
    assert "Confirm" in labels(builder) and "column 2" in builder.content
    assert "your shelf as this move leaves it" in builder.content
    preview = await landed_in_preview(builder)
    back = (await player.click(builder, label="Back")).response
    assert await framed_on_board(back) == set(chosen), "Back brings the board again, the tiles still chosen"
    builder = (await player.click(back, label="Column 2")).response
    builder = (await player.click(builder, custom_id=orders[1])).response
    done = await player.click(builder, label="Confirm")
    assert done.response.content.startswith("Played:")
    assert not done.response.attachments, "the board before the move is gone once it is played"
    after = await game_here(table)
    shelf = after.game.shelf_rows(player_seat(after, player.id))
    assert after.turn == 1 and shelf[-1][1] != "."
    assert preview == [shelf[5][1], shelf[4][1]], "the preview showed the tiles where they landed, first lowest"


async def landed_in_preview(message) -> list[str]:
    """The builder's preview before Confirm: the player's shelf alone; the tiles in column 2 from the bottom up."""
    assert [a.filename for a in message.attachments] == ["shelf.png"], "the Confirm step shows the shelf"
    img = Image.open(io.BytesIO(await message.attachments[0].read())).convert("RGB")
    kinds = {ink: kind for kind, ink in TILE_INK.items()}
    return [kinds[img.getpixel(shelves_cell_center(0, 1, row, 1))] for row in (5, 4)]


def player_seat(game, user_id: int) -> int:
    return game.seat_of(user_id).index


async def test_an_illegal_selection_is_explained_in_the_builder(table: Table) -> None:
    game, player, builder = await first_builder(table)
    free = [option["value"] for option in builder.components[0]["components"][0]["options"]]
    far_apart = next((a, b) for a in free for b in free if a[0] != b[0] and a[1:] != b[1:])
    select_id = next(c for c in custom_ids(builder) if ":pick0:" in c)
    builder = (await player.select(builder, list(far_apart), custom_id=select_id)).response
    assert "not in one straight line" in builder.content
    assert not [label for label in labels(builder) if label.startswith("Column")], "no column for an illegal pick"
    assert await framed_on_board(builder) == set(far_apart)
    builder = (await player.click(builder, label="Clear")).response
    assert "Nothing selected yet." in builder.content and await framed_on_board(builder) == set()
    assert (await game_here(table)).turn == 0
