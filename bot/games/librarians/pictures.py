"""Librarians' pictures as discord.File attachments, drawn in the picture workers through the generic path
(bot.presenters.pictures).

The turn and final pictures are drawn from public information only (render.librarians never reads a hand
there); the hand and builder pictures are drawn from the seat's own view and only ever sent to that seat."""

from __future__ import annotations

import discord
from engine.librarians.game import LibrariansGame
from engine.librarians.library import Place
from engine.librarians.pending import read_option

import render.librarians.pictures as render
from bot.i18n import language_of
from bot.presenters.pictures import drawn, drawn_set

TURN_PICTURE = "library.png"
FINAL_PICTURE = "final.png"
HAND_PICTURE = "hand.png"
BUILDER_PICTURE = "spots.png"


async def turn_files(game: LibrariansGame, names: list[str], locale: object) -> list[discord.File]:
    """The one picture of a turn message: the library with every spot numbered, hand sizes, powers held, the
    genres; the final picture once the game is over."""
    name = FINAL_PICTURE if game.is_over else TURN_PICTURE
    return await drawn_set((name,), render.turn_pictures, game, names, language_of(locale))


async def hand_file(game: LibrariansGame, seat: int, names: list[str], locale: object) -> discord.File:
    """One seat's own hand, for that seat alone."""
    return await drawn(HAND_PICTURE, render.render_hand, game.view(seat), names, language_of(locale))


async def builder_file(game: LibrariansGame, seat: int, names: list[str], locale: object,
                       card: int | None = None) -> discord.File:
    """The library for the seat choosing: every spot numbered; with a chosen card only its legal spots (gold) and
    the card itself in a strip above; during a choice of library places, those places in gold."""
    view = game.view(seat)
    language = language_of(locale)
    if card is not None:
        return await drawn(BUILDER_PICTURE, render.render_turn, view, names, language,
                           spots=tuple(game.legal_places(card)), chosen=game.card(card))
    places = choice_places(game)
    if places:
        return await drawn(BUILDER_PICTURE, render.render_turn, view, names, language, spots=places)
    return await drawn(BUILDER_PICTURE, render.render_turn, view, names, language)


def choice_places(game: LibrariansGame) -> tuple[Place, ...]:
    """The library places a pending choice offers (a power's book or empty place), to mark in the picture."""
    pending = game.pending
    if pending is None:
        return ()
    places = []
    for token in pending.options:
        try:
            kind, value = read_option(token)
        except ValueError:
            continue
        if kind == "place":
            places.append(value)
    return tuple(places)
