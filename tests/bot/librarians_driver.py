"""How Librarians' end-to-end tests play: clicking the turn message and the private builder, or typing
`/librarians play` from autocomplete, as people do. Helpers read what users see (messages, buttons, choices) to
act, and the stored game only to know whose step it is and which legal path finishes the turn."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import simcord
from engine.librarians.game import LibrariansGame
from test_game_driver import channel_messages, custom_ids, game_here, member

from bot.store import GameUpdate, Store

if TYPE_CHECKING:
    from conftest import Table

MAX_ACTIONS = 600


def turn_message(channel: simcord.ChannelHandle) -> Any:
    """The live turn message: the last one in the channel with a Librarians turn button on it."""
    return next(m for m in reversed(channel_messages(channel))
                if any(cid.startswith("librarians:") and ":rematch" not in cid for cid in custom_ids(m)))


def ids_with(message: Any, action: str) -> list[str]:
    return [cid for cid in custom_ids(message) if cid.split(":")[2] == action]


def options_of(message: Any, custom_id: str) -> list[dict[str, Any]]:
    """The options of the select with this custom id on a (private) message payload."""
    for row in message.components:
        for component in row["components"] if isinstance(row, dict) else row.children:
            data = component if isinstance(component, dict) else component.to_dict()
            if data.get("custom_id") == custom_id:
                return data["options"]
    raise AssertionError(f"no select {custom_id}")


async def start_librarians(table: Table, *, people: int = 2, computers: int = 2, **options: Any) -> Any:
    """alice opens a lobby, the next people join by button, alice adds computers (normal) and starts by button."""
    opened = await table.alice.slash(table.channel, "librarians new", players=people + computers, **options)
    lobby = opened.response
    assert lobby is not None and not lobby.ephemeral, lobby
    for person in table.members[1:people]:
        await person.click(lobby, label="Join")
    for _ in range(computers):
        chooser = await table.alice.click(lobby, label="Add bot")
        await table.alice.click(chooser.response, label="normal")
    await table.alice.click(lobby, label="Start")
    return lobby


async def acting(table: Table, channel: simcord.ChannelHandle | None = None) -> tuple[Any, LibrariansGame]:
    game = await game_here(table, channel)
    assert isinstance(game.game, LibrariansGame)
    return member(table, game.current_seat.user_id), game.game


async def open_builder(table: Table, channel: simcord.ChannelHandle | None = None) -> Any:
    player, _ = await acting(table, channel)
    message = turn_message(channel or table.channel)
    opened = await player.click(message, custom_id=ids_with(message, "play")[0])
    builder = opened.response
    assert builder is not None and builder.ephemeral, builder
    return builder


async def click_step(table: Table, builder: Any, channel: simcord.ChannelHandle | None = None) -> Any:
    """One action of the acting seat by clicks in its builder: a pending choice's first option; else the next card
    of a finishing plan (card select, then its spot select); else End turn. Returns the builder after it."""
    player, game = await acting(table, channel)
    if game.pending is not None:
        buttons = ids_with(builder, "opt")
        if buttons:
            return (await player.click(builder, custom_id=buttons[0])).response
        select = ids_with(builder, "pickopt")[0]
        return (await player.select(builder, ["0"], custom_id=select)).response
    plan = game.finishing_plan()
    assert plan is not None, "the engine ends a game nobody can finish"
    if not plan:
        return (await player.click(builder, custom_id=ids_with(builder, "bend")[0])).response
    card, place = plan[0]
    chosen = await player.select(builder, [str(same_card_offered(builder, game, card))],
                                 custom_id=ids_with(builder, "pickcard")[0])
    builder = chosen.response
    number = game.spot_number(place)
    select = next(cid for cid in custom_ids(builder) if ":pickspot" in cid
                  and any(o["value"] == str(number) for o in options_of(builder, cid)))
    return (await player.select(builder, [str(number)], custom_id=select)).response


def same_card_offered(builder: Any, game: LibrariansGame, card: int) -> int:
    """The card the select offers for `card` (two cards of one letter and colour are offered once)."""
    offered = [int(o["value"]) for o in options_of(builder, ids_with(builder, "pickcard")[0])]
    return next(c for c in offered if (game.letters[c], c // 11) == (game.letters[card], card // 11))


async def click_turn(table: Table, channel: simcord.ChannelHandle | None = None) -> None:
    """The acting person plays one whole turn by clicks: Play, then cards and choices, then End turn."""
    game_id = (await game_here(table, channel)).game_id
    _, game = await acting(table, channel)
    turn = game.turn
    builder = await open_builder(table, channel)
    for _ in range(40):
        builder = await click_step(table, builder, channel)
        now = await table.bot.service.table(game_id)
        if now.status != "active" or now.game.turn != turn:
            return
    raise AssertionError("a turn took more than 40 clicks")


async def arrange(table: Table, db_path: Path, restart: Callable[[], Awaitable[object]],
                  change: Callable[[LibrariansGame], object]) -> object:
    """The stored game changed as earlier turns could have left it (`change` moves cards between the deck, the
    hands, the library and the held cards): read as the bot shows it, written back through the store's own
    commit (compare-and-set on its version), then the bot restarts and reads it as after a deploy. Returns what
    `change` returns."""
    game_id = (await game_here(table)).game_id
    game = (await table.bot.service.table(game_id)).game
    assert isinstance(game, LibrariansGame)
    game = game.copy()
    made = change(game)
    store = await Store.open(db_path)
    try:
        record = await store.load_game(game_id)
        assert record is not None
        await store.commit(GameUpdate(game_id, expected_version=record.game.version, state=game.to_dict()),
                           now=record.game.updated_at)
    finally:
        await store.close()
    await restart()
    return made
