"""My Shelfie's pictures as discord.File attachments, drawn in the picture workers through the generic path
(bot.presenters.pictures) so the event loop keeps answering and every core draws."""

from __future__ import annotations

import discord
from engine.shelfie import Game, Move

import render.shelfie as render
from bot.i18n import language_of
from bot.presenters.pictures import drawn, drawn_set


async def turn_pictures(game: Game, names: list[str], locale: object, last_move: Move | None = None
                        ) -> list[discord.File]:
    """What a turn message carries: the board picture and the shelves picture, as every player may see
    them (no personal goal until the game is over). Two pictures of one width rather than one wide
    table, so a phone shows each at full width: its shelves and goal cards stay readable. Both are drawn
    in one worker call (one round trip per move; under load both cores are drawing other turns anyway)."""
    return await drawn_set(("board.png", "shelves.png"), render.render_turn_pictures, game, seat_names=names,
                           last_move=last_move, locale=language_of(locale))


async def builder_picture(game: Game, names: list[str], locale: object, chosen: tuple[tuple[int, int], ...]
                          ) -> discord.File:
    """The board with the tiles picked so far framed, for the move builder: on a phone its selects open over
    the turn message, so the builder carries the board the player is choosing from."""
    return await drawn("board.png", render.render_board, game, seat_names=names, chosen=chosen,
                       locale=language_of(locale))


async def landing_picture(game: Game, names: list[str], locale: object, move: Move) -> discord.File:
    """The mover's shelf as the move would leave it, its new tiles outlined where they land (with the points it
    would show): the builder's preview before Confirm. Drawn from a copy; the game itself is not touched."""
    seat = game.current_seat
    after = game.copy()
    after.apply(move)
    return await drawn("shelf.png", render.render_shelves, after, seat_names=names, seats=[seat], last_move=move,
                       locale=language_of(locale))


async def shelves_picture(game: Game, names: list[str], locale: object, seats: list[int]) -> discord.File:
    """The chosen seats' shelves with their visible points: public, like the table."""
    return await drawn("shelves.png", render.render_shelves, game, seat_names=names, seats=seats,
                       locale=language_of(locale))


async def goal_picture(game: Game, seat: int, locale: object) -> discord.File:
    """One seat's secret personal goal card with its current matches: only ever sent privately or at the end."""
    return await drawn(f"goal-{seat + 1}.png", render.render_goal_card, game, seat, language_of(locale))


async def scores_picture(game: Game, names: list[str], locale: object) -> discord.File:
    return await drawn("scores.png", render.render_scores, game, seat_names=names, locale=language_of(locale))


async def common_goal_picture(goal_id: str, locale: object) -> discord.File:
    return await drawn(f"{goal_id}.png", render.render_common_goal, goal_id, language_of(locale))
