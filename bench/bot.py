"""`python -m bench bot`: time from a player's interaction to the bot's complete answer, picture included.

The real bot runs against simcord's simulated Discord on a SQLite file (synchronous=FULL),
so each figure covers: the interaction reaching discord.py, the move checked and committed,
the table picture drawn in a worker thread and uploaded, and the next player pinged.
simcord's own bookkeeping is included, so real Discord round trips aside, these are upper bounds.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import simcord

from bot import create_bot
from bot.context import service_of
from bot.service import TableService
from bot.games.shelfie.builder import SELECT_LIMIT
from bot.games.shelfie.picks import encode_cells, free_tiles
from engine.shelfie import RULES as SHELFIE

from bench.tap import Send, tap_requests

GAMES = 3
DICE_GAMES = 2


class _Pictures:
    """When the bot sent each picture, to time a move up to the moment its turn message leaves: with the bot token,
    or on an interaction (a typed move's answer, a followup of a click on a public message: bot.interaction_routes).
    The moves are played one at a time, so the first picture after a move is its turn message's."""

    def __init__(self, bot: Any) -> None:
        self.sent: list[float] = []

        def timed(send: Send) -> Send:
            async def request(route: Any, *args: Any, **kwargs: Any) -> Any:
                if kwargs.get("files"):
                    self.sent.append(time.perf_counter())
                return await send(route, *args, **kwargs)
            return request

        tap_requests(bot, http=timed, interactions=timed)

    def first_after(self, start: float) -> float | None:
        return next(((at - start) * 1000 for at in self.sent if at >= start), None)


async def _timed(samples: list[float], action: Callable[[], Awaitable[Any]]) -> Any:
    start = time.perf_counter()
    result = await action()
    samples.append((time.perf_counter() - start) * 1000)
    return result


async def _move(figures: dict[str, list[float]], pictures: _Pictures, how: str,
                action: Callable[[], Awaitable[Any]]) -> None:
    """One move: until the turn message (picture included) is sent, and until simcord reports the bot idle."""
    start = time.perf_counter()
    await _timed(figures[f"{how}: until simcord settles"], action)
    posted = pictures.first_after(start)
    if posted is not None:
        figures[f"{how}: turn message with picture sent"].append(posted)


def _ids(message: Any) -> list[str]:
    """Custom ids of a discord.Message (ActionRow objects) or a simcord ResponseMessage (payload dicts)."""
    found = []
    for row in message.components:
        for child in row["components"] if isinstance(row, dict) else row.children:
            cid = child.get("custom_id") if isinstance(child, dict) else getattr(child, "custom_id", None)
            if cid:
                found.append(cid)
    return found


async def _play_game(env: simcord.Env, pictures: _Pictures, channel: Any, players: list[Any], typed: bool,
                     figures: dict[str, list[float]]) -> None:
    service = service_of(env.bot)
    lobby = await players[0].slash(channel, "shelfie new", players=len(players))
    for person in players[1:]:
        await person.click(lobby.response, label="Join")
    await _timed(figures["start (lobby edit, DMs, first picture)"],
                 lambda: players[0].click(lobby.response, label="Start"))
    while (table := await service.table_in_channel(channel.id)) is not None:
        seat = table.current_seat
        assert seat is not None, "an open game in the channel has a seat to move"
        mover = next(p for p in players if p.id == seat.user_id)
        if typed:
            picks = await _timed(figures["autocomplete tiles"],
                                 lambda: mover.autocomplete(channel, "shelfie take", "tiles", ""))
            tiles = picks[0]["value"]
            columns = await mover.autocomplete(channel, "shelfie take", "column", "", tiles=tiles)
            await _move(figures, pictures, "/shelfie take",
                        lambda: mover.slash(channel, "shelfie take", tiles=tiles, column=columns[0]["value"]))
            continue
        game = SHELFIE.state_of(table.game)
        move = max(game.legal_moves(), key=lambda m: len(m.tiles))
        turn_message = next(m for m in reversed(channel.history()) if any(":take:" in c for c in _ids(m)))
        builder = (await _timed(figures["click Take tiles -> builder"],
                                lambda: mover.click(turn_message, label="Take tiles"))).response
        free = free_tiles(game)
        for index in range(0, len(free), SELECT_LIMIT):
            wanted = [encode_cells([cell]) for cell in move.tiles if cell in free[index:index + SELECT_LIMIT]]
            if wanted:
                select_id = next(c for c in _ids(builder) if f":pick{index // SELECT_LIMIT}:" in c)
                builder = (await _timed(figures["builder step (select / column / order)"],
                                        lambda: mover.select(builder, wanted, custom_id=select_id))).response
        builder = (await mover.click(builder, label=f"Column {move.column + 1}")).response
        order = next((c for c in _ids(builder) if ":order:" in c), None)
        if order is not None:
            builder = (await mover.click(builder, custom_id=order)).response
        await _move(figures, pictures, "click Confirm", lambda: mover.click(builder, label="Confirm"))


def _dice_turn_ids(channel: Any, action: str) -> tuple[Any, list[str]]:
    """The live dice turn message (the last one with a dice action) and its custom ids for `action`."""
    message = next(m for m in reversed(channel.history())
                   if any(c.startswith("dice:") and ":rematch" not in c for c in _ids(m)))
    return message, [c for c in _ids(message) if c.split(":")[2] == action]


async def _dice_typed_step(figures: dict[str, list[float]], pictures: _Pictures, channel: Any, mover: Any,
                           game: Any) -> None:
    """One typed step from autocomplete: roll; keep the first suggestion once; then circle the first item set
    offered, or cross out the first row offered."""
    if game.phase == "roll":
        await _move(figures, pictures, "/dice roll", lambda: mover.slash(channel, "dice roll"))
        return
    if game.rerolls_left == 2:
        keeps = await mover.autocomplete(channel, "dice keep", "dice", "")
        await _move(figures, pictures, "/dice keep", lambda: mover.slash(channel, "dice keep", dice=keeps[0]["value"]))
        return
    sets = await _timed(figures["autocomplete items"], lambda: mover.autocomplete(channel, "dice circle", "items", ""))
    if sets:
        await _move(figures, pictures, "/dice circle",
                    lambda: mover.slash(channel, "dice circle", items=sets[0]["value"]))
        return
    rows = await mover.autocomplete(channel, "dice cross", "row", "")
    await _move(figures, pictures, "/dice cross", lambda: mover.slash(channel, "dice cross", row=rows[0]["value"]))


async def _dice_clicked_step(figures: dict[str, list[float]], pictures: _Pictures, channel: Any, mover: Any,
                             game: Any) -> None:
    """One step by clicks on the turn message: Roll; on the first re-roll chance keep die 1 and Re-roll; then
    Stop, the first item set and Confirm, or the first row to cross out and Confirm."""
    message, roll = _dice_turn_ids(channel, "roll")
    if roll:
        await _move(figures, pictures, "click Roll", lambda: mover.click(message, custom_id=roll[0]))
        return
    if game.rerolls_left == 2:
        message, toggle = _dice_turn_ids(channel, "toggle")
        await _timed(figures["click keep toggle (no picture)"],
                     lambda: mover.click(message, custom_id=toggle[0]))
        message, reroll = _dice_turn_ids(channel, "reroll")
        await _move(figures, pictures, "click Re-roll", lambda: mover.click(message, custom_id=reroll[0]))
        return
    message, stop = _dice_turn_ids(channel, "stop")
    if stop:
        await mover.click(message, custom_id=stop[0])
    message, pick = _dice_turn_ids(channel, "pickset")
    if pick:
        await mover.select(message, ["0"], custom_id=pick[0])
        message, confirm = _dice_turn_ids(channel, "circle")
    else:
        message, row = _dice_turn_ids(channel, "crossrow")
        await mover.click(message, custom_id=row[0])
        message, confirm = _dice_turn_ids(channel, "cross")
    await _move(figures, pictures, "click Confirm (dice)", lambda: mover.click(message, custom_id=confirm[0]))


async def _play_dice_game(env: simcord.Env, pictures: _Pictures, channel: Any, players: list[Any], typed: bool,
                          figures: dict[str, list[float]]) -> None:
    """A whole 6-dice game of people, every step typed or every step clicked."""
    service = service_of(env.bot)
    lobby = await players[0].slash(channel, "dice new", players=len(players), dice=6)
    for person in players[1:]:
        await person.click(lobby.response, label="Join")
    await players[0].click(lobby.response, label="Start")
    step = _dice_typed_step if typed else _dice_clicked_step
    while (table := await service.table_in_channel(channel.id)) is not None:
        seat = table.current_seat
        assert seat is not None, "an open game in the channel has a seat to move"
        mover = next(p for p in players if p.id == seat.user_id)
        await step(figures, pictures, channel, mover, table.game)


async def _run() -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {
        f"{how}: {stage}": []
        for how in ("/shelfie take", "click Confirm", "/dice roll", "/dice keep", "/dice circle", "/dice cross",
                    "click Roll", "click Re-roll", "click Confirm (dice)")
        for stage in ("turn message with picture sent", "until simcord settles")
    }
    figures.update({name: [] for name in ("autocomplete tiles", "click Take tiles -> builder",
                                          "builder step (select / column / order)",
                                          "start (lobby edit, DMs, first picture)", "autocomplete items",
                                          "click keep toggle (no picture)")})
    with tempfile.TemporaryDirectory() as folder:
        db_path = Path(folder) / "bench.sqlite3"
        service = await TableService.open(db_path)  # migrate before timing anything
        await service.close()
        bot = create_bot(db_path)
        async with simcord.run(bot, settle_timeout=30) as env:
            await bot.tree.sync()
            pictures = _Pictures(bot)
            guild = env.create_guild("Bench")
            people = [guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat", "dan")]
            for number in range(GAMES):
                channel = guild.create_text_channel(f"typed-{number}")
                await _play_game(env, pictures, channel, people[: 2 + number % 3], True, figures)
                channel = guild.create_text_channel(f"clicked-{number}")
                await _play_game(env, pictures, channel, people[: 2 + number % 3], False, figures)
            for number in range(DICE_GAMES):
                channel = guild.create_text_channel(f"dice-typed-{number}")
                await _play_dice_game(env, pictures, channel, people[: 2 + number % 3], True, figures)
                channel = guild.create_text_channel(f"dice-clicked-{number}")
                await _play_dice_game(env, pictures, channel, people[: 2 + number % 3], False, figures)
        if bot.service is not None:
            await bot.service.close()
    return figures


def main() -> None:
    figures = asyncio.run(_run())
    print(f"My Shelfie: {GAMES} typed and {GAMES} clicked games (2-4 players); the Dice Game: {DICE_GAMES} typed and "
          f"{DICE_GAMES} clicked 6-dice games (2-3 players); SQLite synchronous=FULL, simcord in-process")
    print("'until simcord settles', autocomplete, builder and start figures run until simcord declares the bot idle,")
    print("which it checks in 50 ms steps while timers are pending: they are upper bounds, not the bot's own work")
    for label, samples in figures.items():
        if not samples:
            continue
        print(f"{label:<52} median {statistics.median(samples):6.1f} ms  p90 "
              f"{statistics.quantiles(samples, n=10)[-1] if len(samples) > 1 else samples[0]:6.1f} ms  "
              f"n={len(samples)}")
