"""A Place for All My Books' pictures as discord.File attachments, drawn in the picture workers through the
generic path (bot.presenters.pictures).

The turn, apartments and final pictures are drawn from what the whole table knows (render.books draws them
from its public copy of the game); the projects picture shows one seat's Little Projects and is only ever sent
to that seat."""

from __future__ import annotations

import discord
from engine.books.game import BooksGame

import render.books as render
from bot.i18n import language_of
from bot.presenters.pictures import drawn, drawn_set

TURN_PICTURE = "books.png"
FINAL_PICTURE = "final.png"
APARTMENTS_PICTURE = "apartments.png"
APARTMENT_PICTURE = "apartment.png"
PROJECTS_PICTURE = "projects.png"


async def turn_files(game: BooksGame, names: list[str], locale: object) -> list[discord.File]:
    """The turn message's picture: the apartment of the seat to act and the Village; the score sheet at the end."""
    name = FINAL_PICTURE if game.is_over else TURN_PICTURE
    return await drawn_set((name,), render.turn_pictures, game, names, language_of(locale))


async def apartments_file(game: BooksGame, names: list[str], locale: object) -> discord.File:
    """Every seat's apartment, one under another (`/books board`)."""
    return await drawn(APARTMENTS_PICTURE, render.render_apartments, game, names, language_of(locale))


async def apartment_file(game: BooksGame, seat: int, names: list[str], locale: object) -> discord.File:
    """One seat's apartment, for the builder of that seat."""
    return await drawn(APARTMENT_PICTURE, render.render_apartment, game, seat, names, language_of(locale))


async def projects_file(game: BooksGame, seat: int, names: list[str], locale: object) -> discord.File:
    """One seat's Little Projects (its 5 dealt while it keeps 3), each marked met now or not: for that seat only."""
    return await drawn(PROJECTS_PICTURE, render.render_projects, game, seat, names, language_of(locale))
