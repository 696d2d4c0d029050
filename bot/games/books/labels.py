"""The parts of a step in words, as the builder's selects and buttons and the typed path's autocomplete show them
to the seat building it ("B2 · 🟥🟩 (2)", "🟥 red → P1", "the left card: NS05 Blanket · −4 ⚡"), and what the
builder asks at each point of a step."""

from __future__ import annotations

from engine.books.actions import BAG, COLOURLESS, TOKENS
from engine.books.choices import shelves, shoppes_options
from engine.books.data import APARTMENT, BACKPACK_STACKS, HAND_LIMIT, NIGHTSTAND, PROJECTS, SHELF_NAMES, SPACES
from engine.books.game import BooksGame
from engine.books.projects import meets
from engine.books.state import APARTMENT_SPACES, HOME, VILLAGE_SPACES
from engine.books.village import space_costs
from engine.numbers import read_number

from bot.games.books.cards import COLOUR_EMOJI, colour_text, neat_name, project_name, space_text
from bot.games.books.picks import ARROW, BOOKSTORES, KITTY, Draft
from bot.i18n import t

LABEL = 100
"""Discord's longest select option label and autocomplete choice name."""


def stack_text(stack: str, locale: object) -> str:
    """A stack as coloured squares bottom→top with its height, or "empty"."""
    if not stack:
        return t("books.empty", locale)
    return f"{''.join(COLOUR_EMOJI.get(book, book) for book in stack)} ({len(stack)})"


def battery_text(change: int) -> str:
    return f"{'+' if change >= 0 else '−'}{abs(change)} ⚡"


def verb_label(game: BooksGame, seat: int, verb: str, locale: object) -> str:
    """An action space with what it costs or gives now."""
    if verb in APARTMENT_SPACES:
        return f"{space_text(verb, locale)} · {battery_text(APARTMENT[verb]['battery'])}"
    if verb not in VILLAGE_SPACES and verb != HOME:
        return t(f"books.verb.{verb}", locale)
    cost = space_costs(game, game.players[seat]).get(verb)
    if cost is None or verb == HOME:
        return space_text(verb, locale)
    key = "books.cost_from" if verb in BOOKSTORES or verb == "shoppes" else "books.cost"
    return f"{space_text(verb, locale)} · {t(key, locale, cost=battery_text(-cost))}"


def _project(card: str, game: BooksGame, seat: int, locale: object) -> str:
    met = meets(card, game.players[seat].apartment.stacks)
    return f"{'✅' if met else '▫️'} {card} {project_name(card, locale)}"


def part_label(game: BooksGame, seat: int, draft: Draft, part: str, locale: object) -> str:
    """One part that may follow `draft`, in words for the seat choosing it (its own cards may be named)."""
    player = game.players[seat]
    stacks = player.apartment.stacks
    verb = next((p for p in draft if p != KITTY), part)
    if not draft or draft == (KITTY,):
        return verb_label(game, seat, part, locale)[:LABEL]
    if part == ARROW:
        return t(f"books.builder.arrow.{verb}", locale)[:LABEL]
    if part in PROJECTS:
        return _project(part, game, seat, locale)[:LABEL]
    if part in SPACES:
        room = t("books.nightstand", locale) + " · " if part == NIGHTSTAND else ""
        return f"{part} · {room}{stack_text(stacks[part], locale)}"[:LABEL]
    if verb == "read" and read_number(part) is not None:
        stack = stacks[draft[-1]]
        depth = read_number(part) or 0
        book = stack[depth - 1] if 0 < depth <= len(stack) else ""
        return t("books.builder.depth", locale, depth=part, book=colour_text(book, locale))[:LABEL]
    if verb in BOOKSTORES and part in SHELF_NAMES:
        return _shelf_label(game, seat, verb, part, locale)
    if verb == "shoppes":
        return _shoppes_label(game, seat, part, locale)
    if verb == "remove":
        return (t("books.rival.colourless", locale) if part == COLOURLESS else colour_text(part, locale))[:LABEL]
    head, _, where = part.partition(":")
    if verb == "exchange" and head == NIGHTSTAND:
        stack = stacks[NIGHTSTAND]
        depth = read_number(where) or 0
        book = stack[depth - 1] if 0 < depth <= len(stack) else ""
        return t("books.builder.return", locale, depth=where, book=colour_text(book, locale))[:LABEL]
    if head in BACKPACK_STACKS:
        books = player.apartment.backpack[BACKPACK_STACKS.index(head)]
        return f"{head} {stack_text(books, locale)} → {where} · {stack_text(stacks[where], locale)}"[:LABEL]
    if head in TOKENS:
        return t("books.builder.token", locale, token=t(f"books.token.{head}", locale), space=where)[:LABEL]
    return f"{colour_text(head, locale)} → {_where_label(player.apartment.stacks, player.apartment.backpack, where, locale)}"[
        :LABEL]


def _where_label(stacks: dict[str, str], backpack: list[str], where: str, locale: object) -> str:
    if where == BAG:
        return t("books.bag", locale)
    if where in SPACES:
        return f"{where} · {stack_text(stacks[where], locale)}"
    return f"{where} · {stack_text(backpack[BACKPACK_STACKS.index(where)], locale)}"


def _shelf_label(game: BooksGame, seat: int, space: str, shelf: str, locale: object) -> str:
    """"left shelf: 🟥🟩 (2) + LP05 Twin Towers · −6 ⚡"."""
    cost = shelves(game, game.players[seat], space).get(shelf, 0)
    held = game.village.shelves[SHELF_NAMES.index(shelf)]
    parts = [stack_text(held.books, locale)] if held.books else []
    if held.project:
        parts.append(f"{held.project} {project_name(held.project, locale)}")
    return f"{t(f'books.shelf.{shelf}', locale)}: {' + '.join(parts)} · {battery_text(-cost)}"[:LABEL]


def _shoppes_label(game: BooksGame, seat: int, which: str, locale: object) -> str:
    cost = shoppes_options(game, game.players[seat]).get(which, 0)
    shown = game.village.shoppes
    cards = {"left": shown[:1], "right": shown[1:2], "both": shown[:2]}.get(which, [])
    named = ", ".join(f"{card} {neat_name(card, locale)}" for card in cards)
    what = t(f"books.shoppes.{which}", locale) + (f": {named}" if named else "")
    return f"{what} · {battery_text(-cost)}"[:LABEL]


def prompt(game: BooksGame, seat: int, draft: Draft, locale: object) -> str:
    """What the builder asks at this point of the step."""
    body = [p for p in draft if p != KITTY]
    if not body:
        return t("books.builder.space", locale)
    verb, rest = body[0], body[1:]
    pending = game.pending
    if verb == "keep":
        return t("books.builder.keep", locale)
    if verb == "discard":
        return t("books.builder.discard", locale, count=len(game.players[seat].hand) - HAND_LIMIT)
    if verb == "put" and pending is not None:
        return t("books.builder.put", locale, token=t(f"books.token.{pending.token or TOKENS[0]}", locale))
    if verb in ("take", HOME, "remove", "shoppes"):
        return t(f"books.builder.{verb}", locale)
    if verb in BOOKSTORES:
        return t("books.builder.shelf" if not rest else "books.builder.backpack", locale)
    if verb == "exchange":
        return t("books.builder.exchange_take" if ARROW in rest else "books.builder.exchange_return", locale)
    if verb == "gather":
        return t("books.builder.gather_target" if ARROW in rest else "books.builder.gather_sources", locale)
    if verb == "sort":
        return t("books.builder.sort_books" if rest else "books.builder.sort_source", locale)
    if verb == "read":
        return t("books.builder.read_depth" if rest else "books.builder.read_space", locale)
    return t("books.builder.confirm", locale)
