"""How the end-to-end tests play: people typing `/shelfie take` from autocomplete, or clicking the builder.

Helpers only read what users see (messages, choices, buttons) to decide what to do next,
plus the stored game to know whose turn it is; the one unit test here checks the helper
that finds a builder's components.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import simcord

from bot.service.models import Table as GameTable
from bot.games.shelfie.picks import encode_cells, free_tiles

if TYPE_CHECKING:
    from conftest import Table

SELECT_LIMIT = 25


def channel_messages(channel: simcord.ChannelHandle) -> list[Any]:
    """Everything the whole channel sees (no ephemeral messages)."""
    return [m for m in channel.history() if not m.flags.ephemeral]


def _components(message: Any) -> list[Any]:
    """Buttons and selects of a discord.Message (ActionRow objects) or a ResponseMessage (payload dicts)."""
    children = []
    for row in message.components:
        children.extend(row.get("components", []) if isinstance(row, dict) else getattr(row, "children", []))
    return children


def _field(component: Any, name: str) -> Any:
    return component.get(name) if isinstance(component, dict) else getattr(component, name, None)


def custom_ids(message: Any) -> list[str]:
    return [cid for c in _components(message) if (cid := _field(c, "custom_id"))]


def labels(message: Any) -> list[str]:
    return [label for c in _components(message) if (label := _field(c, "label"))]


def latest_turn_message(channel: simcord.ChannelHandle) -> Any:
    return next(m for m in reversed(channel_messages(channel)) if any(":take:" in c for c in custom_ids(m)))


def member(table: Table, user_id: int | None) -> simcord.MemberActor:
    return next(m for m in table.members if m.id == user_id)


async def game_here(table: Table, channel: simcord.ChannelHandle | None = None) -> GameTable:
    found = await table.bot.service.table_in_channel((channel or table.channel).id)
    assert found is not None
    return found


async def open_lobby(table: Table, host: simcord.MemberActor, players: int, **options: Any) -> Any:
    result = await host.slash(table.channel, "shelfie new", players=players, **options)
    assert result.response is not None and not result.response.ephemeral
    return result.response


async def start_game(table: Table, host: simcord.MemberActor, joiners: list[simcord.MemberActor],
                     computers: int = 0, **options: Any) -> Any:
    """Open a lobby with `new`, join by slash, add computers with clicks, start by slash."""
    lobby = await open_lobby(table, host, 1 + len(joiners) + computers, **options)
    for person in joiners:
        joined = await person.slash(table.channel, "shelfie join")
        assert joined.ephemeral
    for _ in range(computers):
        chooser = await host.click(lobby, label="Add bot")
        await host.click(chooser.response, label="easy")
    started = await host.slash(table.channel, "shelfie start")
    assert started.acknowledged
    return lobby


async def start_thread_game(table: Table) -> simcord.ChannelHandle:
    """alice opens a 2-player game in its own thread, bob joins, alice starts; returns the thread."""
    await table.alice.slash(table.channel, "shelfie new", players=2, thread=True)
    thread = table.channel.threads[0]
    lobby = thread.history()[-1]
    await table.bob.click(lobby, label="Join")
    await table.alice.click(lobby, label="Start")
    return thread


async def play_typed_move(table: Table,
                          channel: simcord.ChannelHandle | None = None) -> simcord.InteractionResult:
    """The player to move types the first autocomplete suggestion and the first column offered."""
    channel = channel or table.channel
    game = await game_here(table, channel)
    seat = game.current_seat
    assert seat is not None and seat.user_id is not None
    player = member(table, seat.user_id)
    picks = await player.autocomplete(channel, "shelfie take", "tiles", "")
    assert picks, "autocomplete offered no pick"
    tiles = picks[0]["value"]
    columns = await player.autocomplete(channel, "shelfie take", "column", "", tiles=tiles)
    assert columns, f"no column offered for {tiles}"
    result = await player.slash(channel, "shelfie take", tiles=tiles, column=columns[0]["value"])
    assert_move_answered(result, "Done:", channel)
    return result


def assert_move_answered(result: simcord.InteractionResult, done: str, channel: simcord.ChannelHandle) -> None:
    """A typed move is answered by the turn message of that move itself, the channel's last message (the command's
    response, or the "thinking" message it completes), or, when the turn went another way, privately with `done`."""
    answer = result.response
    if answer is None or answer.ephemeral:  # None: a public thinking, deleted once the private answer came
        told = private_answer(result)
        assert told.content.startswith(done), told.content
    else:
        assert channel_messages(channel)[-1].id == answer.id, f"not the channel's last message: {answer.content}"


def private_answer(result: simcord.InteractionResult) -> Any:
    """What only the person sees of a step refused or told privately: the response, or, when the step outlasted its
    grace and thought in public first (deleted once the private answer came: bot.replies.reply_private), the
    followup."""
    answer = result.followups[-1] if result.response is None and result.followups else result.response
    assert answer is not None and answer.ephemeral, result
    return answer


async def play_clicked_move(table: Table, builder: Any = None) -> simcord.InteractionResult:
    """The player to move builds the biggest legal pick with clicks only: Take tiles (unless a builder is
    already open), selects, column, order, Confirm. Its turn message goes with the bot token (a followup would reply
    to the private builder, bot.interaction_routes); returns the Confirm."""
    player, builder = await build_clicked_move(table, builder)
    done = await player.click(builder, label="Confirm")
    assert done.response is not None and done.response.content.startswith("Played:"), done.response
    return done


async def build_clicked_move(table: Table, builder: Any = None) -> tuple[simcord.MemberActor, Any]:
    """play_clicked_move up to its Confirm: the player to move and the builder showing Confirm."""
    game = await game_here(table)
    seat = game.current_seat
    assert seat is not None and game.game is not None
    player = member(table, seat.user_id)
    move = max(game.game.legal_moves(), key=lambda m: len(m.tiles))
    if builder is None:
        builder = (await player.click(latest_turn_message(table.channel), label="Take tiles")).response
    assert builder is not None and builder.ephemeral
    free = free_tiles(game.game)
    for index in range(0, len(free), SELECT_LIMIT):
        chunk = free[index:index + SELECT_LIMIT]
        wanted = [encode_cells([cell]) for cell in move.tiles if cell in chunk]
        if wanted:
            select_id = next(c for c in custom_ids(builder) if f":pick{index // SELECT_LIMIT}:" in c)
            builder = (await player.select(builder, wanted, custom_id=select_id)).response
    builder = (await player.click(builder, label=f"Column {move.column + 1}")).response
    if "Confirm" not in labels(builder):
        order = next(c for c in custom_ids(builder) if ":order:" in c)
        builder = (await player.click(builder, custom_id=order)).response
    return player, builder


def test_custom_ids_reads_buttons_and_selects_of_a_message_payload() -> None:
    message = type("M", (), {"components": [{"components": [{"custom_id": "shelfie:1:take:0", "label": "Take tiles"},
                                                             {"custom_id": "shelfie:1:goal", "label": "My goal"}]}]})
    assert custom_ids(message) == ["shelfie:1:take:0", "shelfie:1:goal"]
    assert labels(message) == ["Take tiles", "My goal"]
