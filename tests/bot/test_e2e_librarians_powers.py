"""Choices made in the builder, worded from the engine's pending choice without the bot knowing what it is for: who
receives a completed genre's card, and a held genre power used through the buttons (Use power on the turn message,
Use in the builder, then each of the power's steps)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from engine.librarians.data import BOOKS_PER_COLOUR, COLOURS
from engine.librarians.game import LibrariansGame
from librarians_driver import (acting, arrange, click_step, ids_with, open_builder, same_card_offered, start_librarians,
                               turn_message)
from test_game_driver import channel_messages, game_here, labels

if TYPE_CHECKING:
    from conftest import Table

Restart = Callable[[], Awaitable[object]]
BLACK = COLOURS.index("black")
GREEN = COLOURS.index("green")


async def _give_held_card(table: Table, db_path: Path, restart: Restart, colour: int) -> int:
    """The seat to play was given a completed genre's card on an earlier turn: a card of `colour` from the deck,
    held face up (usable). Returns the card."""
    def give(game: LibrariansGame) -> int:
        card = next(c for c in game.deck if c // BOOKS_PER_COLOUR == colour)
        game.deck.remove(card)
        game.held[game.current_seat].append(card)
        return card

    return await arrange(table, db_path, restart, give)


def _three_in_a_row(game: LibrariansGame) -> int:
    """Three green books right of the top shelf in its arrow's order, and a fourth in the hand of the seat to play
    that completes the line at x 4; returns that card."""
    greens = sorted((c for c in game.deck if c // BOOKS_PER_COLOUR == GREEN), key=lambda c: game.letters[c])
    row = game.library.rows[0]
    line = [greens[0], greens[1], greens[2], greens[-1]] if row.arrow > 0 else \
        [greens[-1], greens[-2], greens[-3], greens[0]]
    for card in line:
        game.deck.remove(card)
    game.library.replace_cells(0, {x: [card] for x, card in zip((1, 2, 3), line)})
    hand = game.hands[game.current_seat]
    game.deck.append(hand.pop())
    hand.append(line[3])
    return line[3]


async def test_a_held_power_is_used_step_by_step_through_the_buttons(table: Table, db_path: Path,
                                                                     restart: Restart) -> None:
    await start_librarians(table, people=2, computers=0, black="picture_book")
    card = await _give_held_card(table, db_path, restart, BLACK)
    player, game = await acting(table)
    builder = await open_builder(table)
    assert "Use Picture Book" not in labels(builder), "with no book in the library there is no column to shift"
    builder = await click_step(table, builder)
    assert "Use Picture Book" in labels(builder), "a power may be used between plays"
    message = turn_message(table.channel)
    assert "Use power" in labels(message) and "holds **Picture Book**" in message.content
    laid = (await game_here(table)).game.played[0]
    builder = (await player.click(message, custom_id=ids_with(message, "power")[0])).response
    assert builder.ephemeral and "**Picture Book**: shift a whole column up or down" in builder.content
    used = await player.click(builder, label="Use Picture Book")
    builder = used.response
    assert builder.content.startswith("**Step 1 of 2: Picture Book: choose a column.**"), builder.content
    column = f"column {laid[1]}".replace("-", "−")
    builder = (await player.click(builder, label=column)).response
    assert builder.content.startswith("**Step 2 of 2: Picture Book: up or down?**"), builder.content
    before = (await game_here(table)).game.library.stack(laid)
    builder = (await player.click(builder, label="Down")).response
    assert builder.content.startswith("Your hand (3 cards)"), "the power is done: the builder shows the hand again"

    after = (await game_here(table)).game
    rows = len(after.library.rows)
    assert after.library.stack(((laid[0] + 1) % rows, laid[1])) == before
    assert card not in after.held[after.current_seat] and card in after.discard
    said = "\n".join(m.content for m in channel_messages(table.channel)[-3:])
    assert "used the **Picture Book** power" in said and f"chose: {column}." in said and "chose: Down." in said


async def test_a_completed_genre_s_card_goes_to_the_player_chosen_in_the_builder(table: Table, db_path: Path,
                                                                                 restart: Restart) -> None:
    await start_librarians(table, people=2, computers=0)
    card = await arrange(table, db_path, restart, _three_in_a_row)
    player, game = await acting(table)
    other = table.bob if player is table.alice else table.alice
    builder = await open_builder(table)
    offered = same_card_offered(builder, game, card)  # the 4th green may share its letter with a card in the hand
    builder = (await player.select(builder, [str(offered)], custom_id=ids_with(builder, "pickcard")[0])).response
    number = game.spot_number((0, 4))
    builder = (await player.select(builder, [str(number)], custom_id=ids_with(builder, "pickspot0")[0])).response
    assert builder.content.startswith("**Who receives the Romance card?"), builder.content
    assert sorted(labels(builder)) == ["alice", "bob"], "every seat, the chooser too"
    builder = (await player.click(builder, label=other.user.name)).response
    assert builder.content.startswith("Your hand (3 cards)")
    after = (await game_here(table)).game
    receiver = next(seat for seat in (await game_here(table)).seats if seat.user_id == other.id)
    assert len(after.held[receiver.index]) == 1 and after.library.card_count() == 0
    said = "\n".join(m.content for m in channel_messages(table.channel)[-2:])
    assert "completed **Romance** (🟩 green): its 4 books leave the library." in said
    assert f"gave the **Romance** card to **{other.user.name}**." in said
    assert "holds **Romance** (usable from their next turn)" in turn_message(table.channel).content
