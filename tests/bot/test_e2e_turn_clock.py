"""The turn clock: every game's turn message says when the turn runs out, as Discord's relative timestamp of the
stored expiry deadline — after the start, after a move (a Dice Game turn's steps keep their turn's clock), on the
board shown again after a restart — and a message collapsed to its summary, or a game with no deadline running,
says nothing of it."""

from __future__ import annotations

import re
from dataclasses import replace
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import pytest
import books_driver
from dice_driver import click_step, start_dice_game
from librarians_driver import click_turn, start_librarians
from test_game_driver import channel_messages, game_here, play_typed_move, start_game

from bot.presenters.words import turn_clock
from bot.service import TableStatus
from engine.registry import KINDS

if TYPE_CHECKING:
    from conftest import Table

CLOCK = re.compile(r"<t:(\d+):R>")


async def _shelfie(table: Table) -> None:
    await start_game(table, table.alice, [table.bob], turn_timeout="1h")


async def _dice(table: Table) -> None:
    await start_dice_game(table, turn_timeout="1h")


async def _librarians(table: Table) -> None:
    await start_librarians(table, people=2, computers=0, turn_timeout="1h")


async def _books(table: Table) -> None:
    await books_driver.start_books(table, people=2, turn_timeout="1h")


async def _shelfie_move(table: Table) -> None:
    await play_typed_move(table)


async def _books_move(table: Table) -> None:
    """Steps by clicks (the keep-3s, then the first seat's action and its parts) until a whole turn is over."""
    turn = (await books_driver.stored(table)).turn
    while (await books_driver.stored(table)).turn == turn:
        await books_driver.click_step(table)


GAMES: dict[str, tuple[Callable[[Table], Awaitable[None]], Callable[[Table], Awaitable[Any]]]] = {
    "shelfie": (_shelfie, _shelfie_move),
    "dice": (_dice, click_step),
    "librarians": (_librarians, click_turn),
    "books": (_books, _books_move),
}


def test_every_game_shows_its_clock_here() -> None:
    assert sorted(GAMES) == sorted(KINDS), "a registered game's turn clock is tested here"


def clocks(message: Any) -> list[int]:
    return [int(found) for found in CLOCK.findall(message.content)]


async def shown_clock(table: Table) -> int:
    """The stored game's deadline, checked against what the channel's newest message shows."""
    game = await game_here(table)
    assert game.turn_ends_at is not None
    assert clocks(channel_messages(table.channel)[-1]) == [round(game.turn_ends_at)]
    return round(game.turn_ends_at)


@pytest.mark.parametrize("kind", list(GAMES))
async def test_every_turn_message_says_when_the_turn_runs_out(table: Table, restart, kind: str) -> None:
    start, move = GAMES[kind]
    await start(table)
    game = await game_here(table)
    assert game.turn_started_at is not None
    first = await shown_clock(table)
    assert first == round(game.turn_started_at + 3600), "the turn's whole time, from when it began"
    assert "This turn runs out <t:" in channel_messages(table.channel)[-1].content

    table.env.backend.advance_clock(600)
    await move(table)
    after = await shown_clock(table)
    collapsed = channel_messages(table.channel)[-2]
    assert not clocks(collapsed), "the message before collapsed to its summary, without the clock"
    if kind == "dice":
        assert after == first, "a roll is a step of the same turn: its clock runs on"
    else:
        assert after == first + 600, "the next turn has its whole time"

    await restart()
    board = await table.alice.slash(table.channel, f"{kind} board")
    assert board.response is not None and clocks(board.response) == [after]


async def test_a_dice_turn_keeps_its_clock_through_its_steps_and_the_next_turn_gets_its_own(table: Table) -> None:
    await start_dice_game(table, turn_timeout="1h")
    first = await shown_clock(table)
    game = await game_here(table)
    turn = game.game.turn
    while (await game_here(table)).game.turn == turn:
        table.env.backend.advance_clock(60)
        await click_step(table)
        if (await game_here(table)).game.turn == turn:
            assert await shown_clock(table) == first
    assert await shown_clock(table) > first


async def test_no_clock_once_no_deadline_runs(table: Table) -> None:
    await start_game(table, table.alice, [table.bob])
    game = await game_here(table)
    assert turn_clock(game, "en")
    assert turn_clock(replace(game, turn_ends_at=None), "en") == []
    assert turn_clock(replace(game, status=TableStatus.FINISHED), "en") == []
