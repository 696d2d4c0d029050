"""Pictures as discord.File attachments, drawn in a worker thread so the event loop keeps answering."""

from __future__ import annotations

import asyncio
import io

import discord
from engine.shelfie import Game, Move

import render
from bot.i18n import language_of


def _file(png: bytes, filename: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=filename)


async def table_picture(game: Game, names: list[str], locale: object, last_move: Move | None = None) -> discord.File:
    """The board and every shelf, as every player may see it (no personal goal on it)."""
    png = await asyncio.to_thread(
        render.render_table, game, seat_names=names, last_move=last_move, locale=language_of(locale)
    )
    return _file(png, "table.png")


async def shelves_picture(game: Game, names: list[str], locale: object, seats: list[int]) -> discord.File:
    """The chosen seats' shelves with their visible points: public, like the table."""
    png = await asyncio.to_thread(render.render_shelves, game, seat_names=names, seats=seats,
                                  locale=language_of(locale))
    return _file(png, "shelves.png")


async def goal_picture(game: Game, seat: int, locale: object) -> discord.File:
    """One seat's secret personal goal card with its current matches: only ever sent privately or at the end."""
    png = await asyncio.to_thread(render.render_goal_card, game, seat, language_of(locale))
    return _file(png, f"goal-{seat + 1}.png")


async def scores_picture(game: Game, names: list[str], locale: object) -> discord.File:
    png = await asyncio.to_thread(render.render_scores, game, seat_names=names, locale=language_of(locale))
    return _file(png, "scores.png")


async def common_goal_picture(goal_id: str, locale: object) -> discord.File:
    png = await asyncio.to_thread(render.render_common_goal, goal_id, language_of(locale))
    return _file(png, f"{goal_id}.png")
