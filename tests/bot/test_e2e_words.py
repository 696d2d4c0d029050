"""What a player notices in the channel: cancelling a running game asks first, autocomplete follows what is
typed and says which tile lands lowest, and hints are off by default but easy to find."""

from __future__ import annotations

from typing import TYPE_CHECKING

from test_game_driver import channel_messages, game_here, labels, open_lobby, play_typed_move, start_game

if TYPE_CHECKING:
    from conftest import Table


async def test_cancelling_a_started_game_asks_first_and_keep_playing_changes_nothing(table: Table, restart) -> None:
    await start_game(table, table.alice, [table.bob])
    await play_typed_move(table)
    before = channel_messages(table.channel)

    asked = await table.alice.slash(table.channel, "shelfie cancel")
    assert asked.response.ephemeral
    assert asked.response.content.startswith("Cancel this game for everyone?")
    assert labels(asked.response) == ["Cancel game", "Keep playing"]
    assert (await game_here(table)).status == "active" and channel_messages(table.channel) == before

    kept = await table.alice.click(asked.response, label="Keep playing")
    assert kept.response.content == "Nothing changed: the game goes on." and labels(kept.response) == []
    assert (await game_here(table)).status == "active" and channel_messages(table.channel) == before
    await play_typed_move(table)

    asked = await table.alice.slash(table.channel, "shelfie cancel")
    await restart()
    done = await table.alice.click(asked.response, label="Cancel game")
    assert done.response.ephemeral and done.response.content == "Game cancelled."
    assert labels(done.response) == [], "the answered question keeps only its answer"
    assert channel_messages(table.channel)[-1].content == "This game was cancelled."
    assert await table.bot.service.table_in_channel(table.channel.id) is None


async def test_only_the_host_is_asked_and_a_lobby_is_cancelled_at_once(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    refused = await table.bob.slash(table.channel, "shelfie cancel")
    assert refused.response.ephemeral and "Only the host" in refused.response.content
    assert labels(refused.response) == [] and (await game_here(table)).status == "active"
    confirm = (await table.alice.slash(table.channel, "shelfie cancel")).response
    await table.alice.click(confirm, label="Cancel game")

    await open_lobby(table, table.alice, 2)
    cancelled = await table.alice.slash(table.channel, "shelfie cancel")
    assert cancelled.response.content == "Game cancelled." and labels(cancelled.response) == []
    assert await table.bot.service.table_in_channel(table.channel.id) is None


async def test_the_cancel_button_of_a_lobby_whose_game_started_asks_too(table: Table) -> None:
    """The lobby keeps its buttons when Discord refused the edit at start; its Cancel asks like the command."""
    lobby = await open_lobby(table, table.alice, 2)
    await table.bob.slash(table.channel, "shelfie join")
    table.env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/{lobby.id}", times=None)
    await table.alice.slash(table.channel, "shelfie start")
    assert (await game_here(table)).status == "active" and "Cancel" in labels(lobby)
    asked = await table.alice.click(lobby, label="Cancel")
    assert asked.response.ephemeral and asked.response.content.startswith("Cancel this game for everyone?")
    assert (await game_here(table)).status == "active"
    await table.alice.click(asked.response, label="Cancel game")
    assert await table.bot.service.table_in_channel(table.channel.id) is None


async def test_autocomplete_follows_a_typed_board_column_and_says_which_tile_lands_lowest(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    mover = table.alice if game.current_seat.user_id == table.alice.id else table.bob
    legal = {m.tiles_text for m in game.game.legal_moves()}
    for letter in "EeF":
        choices = await mover.autocomplete(table.channel, "shelfie take", "tiles", letter)
        picks = [c for c in choices if c["value"] in legal]
        assert picks, f"{letter} offers picks"
        assert all(any(cell[0] == letter.upper() for cell in c["value"].split()) for c in picks), choices
    for choice in await mover.autocomplete(table.channel, "shelfie take", "tiles", ""):
        cells = choice["value"].split()
        if len(cells) > 1:
            assert choice["name"].startswith(f"{choice['value']} ({cells[0]} lowest) · "), choice


async def test_hints_are_off_by_default_and_the_lobby_the_refusal_and_help_say_how_to_turn_them_on(
        table: Table) -> None:
    lobby = await start_game(table, table.alice, [table.bob])
    assert "hints off" in lobby.content
    refused = await table.alice.slash(table.channel, "shelfie hint")
    assert refused.response.ephemeral and "`/shelfie new hints:true`" in refused.response.content
    help_text = await table.bob.slash(table.channel, "games help")
    (field,) = [f for f in help_text.response.embeds[0].fields if f.name == "Hints"]
    assert "`hints:true`" in field.value and "`new` command" in field.value and "`hint` command" in field.value
