"""Two books laid at one place through the bot: the channel tells the second as laid on the first, so two cards
of one letter and colour stacked in a row no longer read as one announcement posted twice."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from engine.librarians.cards import colour_of
from engine.librarians.game import LibrariansGame
from librarians_driver import acting, arrange, ids_with, open_builder, same_card_offered, start_librarians
from test_game_driver import channel_messages, game_here

if TYPE_CHECKING:
    from conftest import Table

PLACE = (0, 1)
"""Right of the top shelf card."""


def _twins_in_hand(game: LibrariansGame) -> tuple[int, int]:
    """Two cards of one letter and colour from the deck into the hand of the seat to play, for the two it held
    first (back on the deck); returns them."""
    by_face: dict[tuple[int, int], list[int]] = {}
    for card in game.deck:
        by_face.setdefault((colour_of(card), game.letters[card]), []).append(card)
    twins = next(cards[:2] for cards in by_face.values() if len(cards) >= 2)
    hand = game.hands[game.current_seat]
    for card in twins:
        game.deck.remove(card)
        game.deck.append(hand.pop(0))
        hand.append(card)
    return twins[0], twins[1]


async def test_a_book_laid_on_its_twin_is_told_as_on_top_of_it_once(table: Table, db_path: Path,
                                                                     restart: Callable[[], Awaitable[object]]) -> None:
    await start_librarians(table, people=2, computers=0)
    twins = await arrange(table, db_path, restart, _twins_in_hand)
    before = len(channel_messages(table.channel))
    builder = await open_builder(table)
    for _ in twins:
        player, game = await acting(table)
        card = same_card_offered(builder, game, twins[0])
        builder = (await player.select(builder, [str(card)], custom_id=ids_with(builder, "pickcard")[0])).response
        number = game.spot_number(PLACE)
        builder = (await player.select(builder, [str(number)], custom_id=ids_with(builder, "pickspot0")[0])).response
    stack = (await game_here(table)).game.library.stack(PLACE)
    assert sorted(stack) == sorted(twins)

    told = [line for message in channel_messages(table.channel)[before:] for line in message.content.splitlines()
            if " put " in line]
    assert len(told) == 2 and told[0] != told[1], told
    assert told[0].endswith("in row 1, 1 right of the shelf."), told
    face = told[0].split(" put ")[1].split(" in ")[0]
    assert told[1].endswith(f"in row 1, 1 right of the shelf, on {face}."), told
