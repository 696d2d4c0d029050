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

from engine.books import RULES
from engine.books.data import HAND_LIMIT
from engine.books.game import BooksGame, Report
from engine.books.scoring import rival_score
from engine.books.solo import Turn as RivalTurn
from engine.books.state import Pending

from bot.games.books.cards import (
    COLOUR_EMOJI,
    colour_text,
    major_name,
    neat_name,
    player_name,
    project_name,
    space_text,
)
from bot.games.books.kind import KIND
from bot.i18n import t
from bot.presenters.words import duration_text, hints_option_text, seat_label, took_over
from bot.service import EndReason
from bot.service.models import GameOptions, PlayedTurn, PlayResult, Seat, Table

BLOCK = "\n"
FINAL_PARTS = ("books", "projects", "neat", "majors", "battery")
"""The parts of a score every game has, named in the final lines; the end-game cards and the Lamp are the rest."""
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
    parts.append(hints_option_text(KIND, options.hints, locale))
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


def _seat_name(seats: Sequence[Seat], seat: int, locale: object) -> str:
    return seat_label(seats[seat], locale) if 0 <= seat < len(seats) else str(seat + 1)


def _location_text(location: str | None, locale: object) -> str:
    return space_text(location, locale) if location else t("books.at_home", locale)


def table_lines(game: BooksGame, seats: Sequence[Seat], locale: object) -> list[str]:
    """The table's public state: a line per seat (Player card, battery, books, Little Projects in hand and scored,
    Lucky Kitties, where its meeple stands), the Sun, Penelope's queue, deck and pile in a solo game."""
    lines = []
    for index, player in enumerate(game.players):
        kitties = (" · " + t("books.kitties", locale, count=player.kitties)) if player.kitties else ""
        player_card = f"{COLOUR_EMOJI[player.colour]} {player_name(player.colour, locale)}"
        lines.append(t("books.seat_line", locale, name=_seat_name(seats, index, locale), player=player_card,
                       battery=player.battery, books=player.apartment.books(), hand=len(player.hand),
                       scored=len(player.scored), extras=kitties, where=_location_text(player.location, locale)))
    penelope = game.penelope
    if penelope is not None:
        queue = " ".join(penelope.queue) or t("books.queue_empty", locale)
        where = (t("books.penelope_at", locale, where=space_text(penelope.location, locale)) if penelope.location
                 else t("books.off_board", locale))
        lines.append(t("books.penelope", locale, level=penelope.level, where=where, queue=queue,
                       deck=len(penelope.deck), books=len(penelope.books), projects=len(penelope.projects),
                       neat=len(penelope.neat)))
    sun = game.village.sun
    lines.append(t("books.sun.last", locale) if game.last_round or sun <= 0 else t("books.sun.left", locale, count=sun))
    return lines


def pending_text(pending: Pending, locale: object) -> str:
    """What the seat to act must decide now, in a few words."""
    if pending.kind == "discard":
        return t("books.pending.discard", locale, count=HAND_LIMIT)
    if pending.kind == "put":
        return t("books.pending.put", locale, token=t(f"books.token.{pending.token or 'bookend'}", locale))
    if pending.kind in ("library", "name"):
        return t(f"books.pending.{pending.kind}", locale, count=pending.count)
    return t(f"books.pending.{pending.kind}", locale)


def turn_prompt(table: Table, locale: object, *, ping: bool) -> str | None:
    """Who is asked for what: the seats still keeping their 3 of 5, and the seat to act (pinged as its turn
    begins: one ping a turn)."""
    game = table.game
    if not isinstance(game, BooksGame) or game.is_over:
        return None
    lines = []
    keeping = [seat for seat in table.seats if game.players[seat.index].dealt and seat.index != game.current]
    if keeping:
        lines.append(t("books.prompt.keep", locale, names=", ".join(seat_label(s, locale) for s in keeping)))
    actor = game.pending.seat if game.pending is not None else game.current
    seat = table.seats[actor]
    name = f"<@{seat.user_id}>" if ping and seat.is_human else seat_label(seat, locale)
    if game.pending is None and game.players[actor].dealt:  # the first player, who keeps 3 like everyone first
        lines.append(t("books.prompt.keep_first", locale, name=name))
    elif game.pending is not None:
        lines.append(t("books.prompt.step", locale, name=name, what=pending_text(game.pending, locale)))
    else:
        lines.append(t("books.prompt.your_turn", locale, name=name))
    return "\n".join(lines)


def _rival_line(game: BooksGame, turn: RivalTurn, locale: object) -> str:
    """What Penelope did in one of her turns."""
    if turn.lost:
        return t("books.rival.empty", locale)
    parts = []
    if turn.location:
        parts.append(t("books.rival.went", locale, space=space_text(turn.location, locale)))
    if turn.books:
        parts.append(t("books.rival.took_books", locale,
                       books=", ".join(colour_text(book, locale) for book in turn.books)))
    if turn.projects:
        parts.append(t("books.rival.took_projects", locale, count=len(turn.projects)))
    if turn.neat:
        parts.append(t("books.rival.took_neat", locale, cards=", ".join(neat_name(c, locale) for c in turn.neat)))
    if turn.bumped:
        parts.append(t("books.rival.bumped", locale))
    if turn.battery_lost:
        parts.append(t("books.rival.drained", locale, count=turn.battery_lost))
    if turn.sun:
        parts.append(t("books.rival.moved_sun", locale, count=turn.sun))
    if turn.queued:
        parts.append(t("books.rival.queued", locale, cards=" ".join(turn.queued)))
    what = ", ".join(parts) or t("books.rival.nothing", locale)
    if turn.card is None:
        return what[:1].upper() + what[1:] + "."
    size = "1–3" if turn.line == 0 else "4–5" if turn.line == 1 else "6+"
    return t("books.rival.did", locale, card=turn.card, size=size, what=what)


def played_turn_lines(game: BooksGame, seats: Sequence[Seat], turn: PlayedTurn[Action, Report],
                      locale: object) -> list[str]:
    """One step in words, then what it set off, in the order it happened: projects scored, seats bumped to the
    Park, Penelope's turns, accomplishments claimed (at the turn's end: after her turn when hers completed them)."""
    name = seat_label(turn.seat, locale)
    action, report = turn.move, turn.report
    claims = [t("books.did.claimed", locale, name=_seat_name(seats, seat, locale),
                card=f"{card} {major_name(card, locale)}") for seat, card in report.claimed]
    if action is None:
        return [t("books.did.resign", locale, name=name), *claims]
    token = "bookend" if isinstance(action, Put) and game.players[turn.seat.index].apartment.bookend == action.space \
        else "lamp"
    lines = [action_line(action, name, locale, token=token)]
    if isinstance(action, Admire):
        lines.append(t("books.did.admired", locale, name=name, cards=projects_text(report.admired, locale))
                     if report.admired else t("books.did.admired_none", locale, name=name))
    for seat in report.bumped:
        lines.append(t("books.did.bumped", locale, name=_seat_name(seats, seat, locale)))
    lines.extend(_rival_line(game, rival, locale) for rival in report.rival)
    return lines + claims


def result_lines(result: PlayResult, locale: object) -> list[str]:
    """Everything a step (and the computer's steps after it) did, for the channel; an expired turn says once that
    the computer took over."""
    game = RULES.state_of(result.table.game)
    lines: list[str] = []
    for turn, computer in zip(result.turns, took_over(result.turns)):
        if computer:
            lines.append(t("books.did.timeout", locale, name=seat_label(turn.seat, locale)))
        lines.extend(played_turn_lines(game, result.table.seats, turn, locale))
    return lines


def final_lines(table: Table, locale: object) -> list[str]:
    """The end: who won (solo: against Penelope, or that her deck ran out), every seat's score by part, and the
    Little Projects left in each hand, revealed."""
    game = RULES.state_of(table.game)
    if table.end_reason == EndReason.ABANDONED:
        lines = [BLOCK + t("game.abandoned", locale)]
    else:
        lines = [BLOCK + _winner_line(game, table.seats, locale)]
    for index in range(game.n_players):
        parts = game.score_breakdown(index)
        named = {name: parts[name] for name in FINAL_PARTS}
        lines.append(t("books.final.line", locale, name=_seat_name(table.seats, index, locale), total=parts["total"],
                       other=parts["total"] - sum(named.values()), **named))
    for index, player in enumerate(game.players):
        if player.hand:
            lines.append(t("books.final.revealed", locale, name=_seat_name(table.seats, index, locale),
                           cards=projects_text(player.hand, locale)))
    return lines


def _winner_line(game: BooksGame, seats: Sequence[Seat], locale: object) -> str:
    outcome = game.standing()
    penelope = game.penelope
    if penelope is not None:
        if game.lost:
            return t("books.final.solo_deck", locale, level=penelope.level)
        points, hers = outcome.scores[0], rival_score(game)["total"]
        key = "books.final.solo_won" if outcome.winners else "books.final.solo_lost"
        return t(key, locale, level=penelope.level, points=points, hers=hers)
    names = ", ".join(_seat_name(seats, seat, locale) for seat in sorted(outcome.winners))
    return t("books.final.won", locale, names=names or t("books.none", locale),
             points=max(outcome.scores, default=0))


def hint_text(action: Action, locale: object) -> str:
    """A step as a suggestion to the seat that would take it (private: it may name its own cards), in the text
    `/books play` takes."""
    return t("books.hint", locale, action=f"`{action}`")
