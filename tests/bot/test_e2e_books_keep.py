"""Keeping 3 of 5 Little Projects at the start, as a newcomer clicks it: Keep projects pressed again after keeping
says so, instead of that it is someone else's turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from books_driver import build_step, ids_with, open_builder, start_books, stored, turn_message
from test_game_driver import game_here

if TYPE_CHECKING:
    from conftest import Table


async def test_keep_projects_pressed_again_after_keeping_says_they_are_kept(table: Table) -> None:
    await start_books(table, people=2)
    here = await game_here(table)
    game = await stored(table)
    keeper = next(person for person in (table.alice, table.bob)
                  if here.seat_of(person.id).index != game.current)  # not the first player: the turn is not theirs
    builder = await open_builder(keeper, table.channel, game, here.seat_of(keeper.id).index)
    await build_step(keeper, builder)
    assert not (await stored(table)).players[here.seat_of(keeper.id).index].dealt

    live = turn_message(table.channel)
    again = await keeper.click(live, custom_id=ids_with(live, "keep")[0])
    assert again.response.ephemeral
    assert again.response.content.startswith("You kept your 3 Little Projects already"), again.response.content
