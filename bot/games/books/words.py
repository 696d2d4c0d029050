"""A Place for All My Books in words, in one language: books and places, what each step did, the table's public
state (batteries, books, hand sizes, the Sun, Penelope), whose step it is, the end.

Every line meant for the channel is built from what every seat may see: Little Projects kept, drawn or held are
never named there (counts only); cards discarded, admired or on the shelves are public. A seat's own cards are
named only to it (the builder, `/books projects`, the DM).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.books.actions import (
    BAG,
    Action,
    Admire,
    Bookstore,
    Discard,
    Exchange,
    Gather,
    Home,
    Keep,
    Leave,
    Library,
    Placement,
    Put,
    Read,
    Remove,
    Rest,
    Shoppes,
    Sort,
    Take,
)

from bot.games.books.cards import colour_text, project_name, space_text
from bot.i18n import t
from bot.presenters.words import duration_text
from bot.service.models import GameOptions

BLOCK = "\n"
"""Put before a line that starts a new markdown block (a blank line before it)."""


def where_text(where: str, locale: object) -> str:
    """A book's destination: a grid space or backpack stack as written ("B2", "P1"), or the bag."""
    return t("books.bag", locale) if where == BAG else where


def placement_text(placement: Placement, locale: object) -> str:
    """"🟥 red → P1"."""
    book, where = placement
    return t("books.placement", locale, book=colour_text(book, locale), where=where_text(where, locale))


def placements_text(placements: Sequence[Placement], locale: object) -> str:
    return ", ".join(placement_text(p, locale) for p in placements)


def projects_text(cards: Sequence[str], locale: object) -> str:
    """"LP07 Lived-in Rooms, LP19 Blue Corners": only ever for public cards or their owner."""
    return ", ".join(f"{card} {project_name(card, locale)}" for card in cards)


def options_text(options: GameOptions, locale: object) -> str:
    """The lobby's line: a solo game's Penelope level (the level means nothing with more seats), then the
    generic options."""
    if options.players == 1:
        parts = [t("books.option.solo", locale, level=options.game.get("level", 1))]
    else:
        parts = [t("books.option.multi", locale)]
    if options.hints:
        parts.append(t("books.option.hints", locale))
    if options.turn_timeout:
        parts.append(t("lobby.option.timeout", locale, duration=duration_text(options.turn_timeout, locale)))
    return " · ".join(parts)


def action_line(action: Action, name: str, locale: object, *, token: str = "bookend") -> str:
    """What one step did, for the channel: never a Little Project someone keeps or draws. `token`: the one a Put
    placed (the game knows which it asked for)."""
    kitty = t("books.kitty_used", locale) if getattr(action, "kitty", False) else ""
    if isinstance(action, Keep):
        return t("books.did.keep", locale, name=name)
    if isinstance(action, Gather):
        return t("books.did.gather", locale, name=name, sources=", ".join(action.sources), target=action.target,
                 kitty=kitty)
    if isinstance(action, Sort):
        return t("books.did.sort", locale, name=name, source=action.source,
                 books=placements_text(action.books, locale), kitty=kitty)
    if isinstance(action, Read):
        return t("books.did.read", locale, name=name, depth=action.depth, space=action.space, kitty=kitty)
    if isinstance(action, Bookstore):
        return t("books.did.bookstore", locale, name=name, shelf=t(f"books.shelf.{action.shelf}", locale),
                 space=space_text(action.space, locale), books=placements_text(action.books, locale), kitty=kitty)
    if isinstance(action, Shoppes):
        return t("books.did.shoppes", locale, name=name, which=t(f"books.shoppes.{action.which}", locale),
                 kitty=kitty)
    if isinstance(action, Exchange):
        return t("books.did.exchange", locale, name=name, count=len(action.returned),
                 books=placements_text(action.books, locale), kitty=kitty)
    if isinstance(action, Home):
        if not action.unload:
            return t("books.did.home_empty", locale, name=name)
        unload = ", ".join(f"{stack} → {space}" for stack, space in action.unload)
        return t("books.did.home", locale, name=name, unload=unload)
    if isinstance(action, Take):
        return t("books.did.take", locale, name=name, books=placements_text(action.books, locale))
    if isinstance(action, Put):
        return t("books.did.put", locale, name=name, token=t(f"books.token.{token}", locale),
                 space=action.space)
    if isinstance(action, Discard):
        return t("books.did.discard", locale, name=name, cards=projects_text(action.cards, locale))
    if isinstance(action, Remove):
        colour = colour_text(action.colour, locale) if action.colour else t("books.colourless", locale)
        return t("books.did.remove", locale, name=name, colour=colour)
    bare = {Rest: "rest", Admire: "admire", Leave: "leave", Library: "library"}
    return t(f"books.did.{bare[type(action)]}", locale, name=name, kitty=kitty)
