"""Pictures as discord.File attachments, drawn in the picture workers (bot.service.workers) so the event loop
keeps answering and every core draws."""

from __future__ import annotations

import io

import discord
from engine.shelfie import Game, Move

import render.shelfie as render
from bot.i18n import language_of
from bot.service.workers import workers


def _file(png: bytes, filename: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=filename)


async def turn_pictures(game: Game, names: list[str], locale: object, last_move: Move | None = None
                        ) -> list[discord.File]:
    """What a turn message carries: the board picture and the shelves picture, as every player may see
    them (no personal goal until the game is over). Two pictures of one width rather than one wide
    table, so a phone shows each at full width: its shelves and goal cards stay readable. Both are drawn
    in one worker call (one round trip per move; under load both cores are drawing other turns anyway)."""
    board, shelves = await workers().draw(render.render_turn_pictures, game, seat_names=names,
                                          last_move=last_move, locale=language_of(locale))
    return [_file(board, "board.png"), _file(shelves, "shelves.png")]


async def shelves_picture(game: Game, names: list[str], locale: object, seats: list[int]) -> discord.File:
    """The chosen seats' shelves with their visible points: public, like the table."""
    png = await workers().draw(render.render_shelves, game, seat_names=names, seats=seats,
                               locale=language_of(locale))
    return _file(png, "shelves.png")


async def goal_picture(game: Game, seat: int, locale: object) -> discord.File:
    """One seat's secret personal goal card with its current matches: only ever sent privately or at the end."""
    png = await workers().draw(render.render_goal_card, game, seat, language_of(locale))
    return _file(png, f"goal-{seat + 1}.png")


async def scores_picture(game: Game, names: list[str], locale: object) -> discord.File:
    png = await workers().draw(render.render_scores, game, seat_names=names, locale=language_of(locale))
    return _file(png, "scores.png")


async def common_goal_picture(goal_id: str, locale: object) -> discord.File:
    png = await workers().draw(render.render_common_goal, goal_id, language_of(locale))
    return _file(png, f"{goal_id}.png")
