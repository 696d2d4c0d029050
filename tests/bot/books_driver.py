"""How A Place for All My Books' end-to-end tests play: clicking the turn message and the private builder, or
typing `/books play` from autocomplete, as people do. Helpers read what users see (messages, buttons, select
options and their words) to act, and the stored game only to know who is asked for a step.

The players follow one short plan, so games end in few steps: leave the house whenever they can (each leave moves
the Sun), take a Bookstore shelf in the Village, come home, read a book or rest otherwise (both charge the battery
and the different-space rule alternates them); every other choice is the first one offered."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import simcord
from engine.books.game import BooksGame
from test_game_driver import assert_move_answered, channel_messages, custom_ids, game_here, member

if TYPE_CHECKING:
    from conftest import Table

MAX_STEPS = 400
"""More saved steps than any game of these tests takes."""
PLAN = ("Leave the House", "Welcome Home", "Bookstore", "Library", "Read a Book", "Rest", "Admire", "Gather",
        "Sort", "Exchange", "Village Shoppes")
"""The action spaces in the order the players prefer them, by the words the builder shows."""
STOP = "That's all"
"""The option that ends a list of choices (Gather's sources, the Exchange's returned books) as soon as it may."""


def turn_message(channel: simcord.ChannelHandle) -> Any:
    """The live turn message: the last one in the channel with a books turn button on it."""
    return next(m for m in reversed(channel_messages(channel))
                if any(cid.startswith("books:") and ":rematch" not in cid for cid in custom_ids(m)))


def ids_with(message: Any, action: str) -> list[str]:
    return [cid for cid in custom_ids(message) if cid.split(":")[2] == action]


def components(message: Any) -> list[dict[str, Any]]:
    """Every button and select of a message payload, as dicts."""
    found = []
    for row in message.components:
        for component in row["components"] if isinstance(row, dict) else row.children:
            found.append(component if isinstance(component, dict) else component.to_dict())
    return found


async def open_lobby(table: Table, players: int, **options: Any) -> Any:
    opened = await table.alice.slash(table.channel, "books new", players=players, **options)
    lobby = opened.response
    assert lobby is not None and not lobby.ephemeral, lobby
    return lobby


async def start_books(table: Table, *, people: int = 2, computers: int = 0, **options: Any) -> Any:
    """alice opens a lobby, the next people join by button, alice adds computers (normal) and starts by button."""
    lobby = await open_lobby(table, people + computers, **options)
    for person in table.members[1:people]:
        await person.click(lobby, label="Join")
    for _ in range(computers):
        chooser = await table.alice.click(lobby, label="Add bot")
        await table.alice.click(chooser.response, label="normal")
    await table.alice.click(lobby, label="Start")
    return lobby


async def stored(table: Table, channel: simcord.ChannelHandle | None = None) -> BooksGame:
    game = (await game_here(table, channel)).game
    assert isinstance(game, BooksGame)
    return game


async def asked(table: Table, channel: simcord.ChannelHandle | None = None) -> list[simcord.MemberActor]:
    """The people asked for a step now: the actor, and everyone still keeping their 3 of 5."""
    here = await game_here(table, channel)
    return [member(table, seat.user_id) for seat in here.acting if seat.user_id is not None and seat.level is None]


def _pick(options: list[tuple[str, str]]) -> str:
    """The value of the option the plan prefers among (label, value) pairs."""
    for wanted in (*PLAN, STOP):
        for label, value in options:
            if label.startswith(wanted):
                return value
    return options[0][1]


async def build_step(person: simcord.MemberActor, builder: Any, *, confirm: bool = True) -> Any:
    """Click through an open builder until its step is whole, then Confirm (unless `confirm` is False: the
    builder is returned at the point Confirm shows). Returns the builder after the last click."""
    for _ in range(40):
        parts = components(builder)
        go = [c for c in parts if c.get("custom_id", "").split(":")[2:3] == ["bgo"]]
        cards = [c for c in parts if ":pickcards:" in c.get("custom_id", "")]
        choices = [c for c in parts if c.get("custom_id", "").split(":")[2] in ("bopt",)
                   or ":pick" in c.get("custom_id", "") and c not in cards]
        if go:
            if not confirm:
                return builder
            return (await person.click(builder, custom_id=go[0]["custom_id"])).response
        if cards:
            select = cards[0]
            values = [option["value"] for option in select["options"][:select["min_values"]]]
            builder = (await person.select(builder, values, custom_id=select["custom_id"])).response
            continue
        buttons = [(c["label"], c["custom_id"]) for c in choices if c["type"] == 2]
        if buttons:
            builder = (await person.click(builder, custom_id=_pick(buttons))).response
            continue
        offered = [(o["label"], f"{c['custom_id']}\n{o['value']}") for c in choices for o in c["options"]]
        custom_id, value = _pick(offered).split("\n")
        builder = (await person.select(builder, [value], custom_id=custom_id)).response
    raise AssertionError("a step took more than 40 clicks")


async def open_builder(person: simcord.MemberActor, channel: simcord.ChannelHandle, game: BooksGame,
                       seat: int) -> Any:
    """The person's private builder, from the turn message's button for what they are asked (Keep projects while
    they still keep their 3 of 5, else Take your turn)."""
    message = turn_message(channel)
    action = "keep" if game.players[seat].dealt else "play"
    opened = await person.click(message, custom_id=ids_with(message, action)[0])
    builder = opened.response
    assert builder is not None and builder.ephemeral, builder
    return builder


async def click_step(table: Table, channel: simcord.ChannelHandle | None = None) -> None:
    """The first person asked for a step takes one whole step by clicks."""
    channel = channel or table.channel
    person = (await asked(table, channel))[0]
    here = await game_here(table, channel)
    game = here.game
    assert isinstance(game, BooksGame)
    seat = here.seat_of(person.id)
    assert seat is not None
    await build_step(person, await open_builder(person, channel, game, seat.index))


async def typed_step(table: Table, channel: simcord.ChannelHandle | None = None) -> simcord.InteractionResult:
    """The first person asked for a step types it (`whole_step`) and sends it."""
    channel = channel or table.channel
    person, step = await whole_step(table, channel)
    result = await person.slash(channel, "books play", step=step)
    assert_move_answered(result, "Done:", channel)
    return result


async def whole_step(table: Table, channel: simcord.ChannelHandle) -> tuple[simcord.MemberActor, str]:
    """The first person asked for a step and the step they type, part by part, from `/books play` autocomplete, as
    the plan prefers, once autocomplete offers it whole (✔)."""
    person = (await asked(table, channel))[0]
    typed = ""
    for _ in range(40):
        offered = await person.autocomplete(channel, "books play", "step", typed)
        assert offered, f"autocomplete offered nothing after {typed!r}"
        whole = [choice for choice in offered if choice["name"].startswith("✔")]
        parts = [choice for choice in offered if not choice["name"].startswith("✔")]
        if whole and not any(STOP in choice["name"] for choice in parts):
            return person, whole[0]["value"]
        named = [(choice["name"].split(" — ", 1)[-1], choice["value"]) for choice in parts]
        typed = _pick(named) + " "
    raise AssertionError("a typed step took more than 40 parts")
