"""Librarians in words, in one language: cards, places and spots, what each action did, the table's public
state (hand sizes, deck, powers held, cards shown to everyone), whose turn it is, the co-op result.

Every line meant for the channel is built from what every seat may see: the library, the discard, the powers
held, the cards a power showed to the table, and counts. A card in someone's hand is named only to that person
(the builder, `/librarians hand`, the hand DM).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.librarians import RULES
from engine.librarians.actions import Action, Choose, Concede, EndTurn, Play, Undo, UsePower
from engine.librarians.cards import Card
from engine.librarians.data import COLOURS, GENRES
from engine.librarians.effects import LOOSE
from engine.librarians.game import LibrariansGame, Report
from engine.librarians.library import Place
from engine.librarians.pending import GIVE, Pending, read_option

from bot.i18n import lookup, t
from bot.games.librarians.kind import KIND
from bot.presenters.words import duration_text, hints_option_text, seat_label
from bot.service import EndReason, TurnKind
from bot.service.models import GameOptions, PlayedTurn, PlayResult, Seat, Table

COLOUR_EMOJI = {"red": "🟥", "green": "🟩", "blue": "🟦", "purple": "🟪", "yellow": "🟨", "black": "⬛"}
"""One square per colour, beside its name, as the picture's covers."""
BLOCK = "\n"
"""Put before a line that starts a new markdown block (a blank line before it)."""


def colour_text(colour: int, locale: object) -> str:
    name = COLOURS[colour]
    return f"{COLOUR_EMOJI[name]} {t(f'librarians.colour.{name}', locale)}"


def genre_text(genre: str, locale: object) -> str:
    return t(f"librarians.genre.{genre}", locale)


def power_text(genre: str, locale: object) -> str:
    """What a genre's power does, in a few words."""
    return t(f"librarians.power.{genre}", locale)


def card_text(card: Card, locale: object) -> str:
    """"🟥 F red" (F is letter 6): the letter and colour people see on the card."""
    name = COLOURS[card.colour]
    return t("librarians.card", locale, square=COLOUR_EMOJI[name], letter=card.letter_text, number=card.number,
             colour=t(f"librarians.colour.{name}", locale))


def cards_text(cards: Iterable[Card], locale: object) -> str:
    return " · ".join(card_text(card, locale) for card in cards) or t("librarians.no_cards", locale)


def place_text(place: Place, locale: object) -> str:
    """"row 2, 1 left of the shelf": a place as people find it in the picture (rows from the top)."""
    row, x = place
    side = "left" if x < 0 else "right"
    return t(f"librarians.place.{side}", locale, row=row + 1, n=abs(x))


def spot_text(game: LibrariansGame, number: int, locale: object) -> str:
    """"5 · row 2, 1 left of the shelf, on 🟥 F red": a numbered spot, saying where it is and what it covers, or
    that a card there would stand apart from the library (allowed, but the turn cannot end until it is joined)."""
    place = game.spots()[number - 1]
    top = game.library.top(place)
    where = place_text(place, locale)
    if top is not None:
        where = t("librarians.on_top_of", locale, where=where, card=card_text(game.card(top), locale))
    elif not game.rule(LOOSE) and not game.library.touches_library(place):
        where = t("librarians.apart", locale, where=where)
    return f"{number} · {where}"[:100]


def options_text(options: GameOptions, locale: object) -> str:
    """The lobby's genres (one per colour, "random" as chosen) and the generic options."""
    genres = []
    for colour, name in enumerate(COLOURS):
        genre = str(options.game.get(name, GENRES[name][0]))
        shown = t("choice.random", locale) if genre == "random" else genre_text(genre, locale)
        genres.append(f"{COLOUR_EMOJI[COLOURS[colour]]} {shown}")
    parts = [" · ".join(genres), hints_option_text(KIND, options.hints, locale)]
    if options.turn_timeout:
        parts.append(t("lobby.option.timeout", locale, duration=duration_text(options.turn_timeout, locale)))
    return " · ".join(parts)


def genres_line(game: LibrariansGame, locale: object) -> str:
    return " · ".join(f"{COLOUR_EMOJI[COLOURS[c]]} {genre_text(genre, locale)}"
                      for c, genre in enumerate(game.genres))


def is_public(game: LibrariansGame, card: int) -> bool:
    """Whether every seat may see `card` now: in the library, the discard, held face up, or shown by a power."""
    return (card in set(game.library.cards()) or card in game.discard
            or any(card in held for held in game.held)
            or card in game.known)


def option_text(game: LibrariansGame, seats: Sequence[Seat], token: str, locale: object, *,
                private_to: int | None = None, numbered: bool = False) -> str:
    """One option of a pending choice, whatever the power: a seat, a place (with its top card; `numbered`: with
    its spot number, as the builder's picture marks it), a card, a row, or a word of the power's own. A card is
    named only when everyone may see it, or to `private_to` (the chooser) when it is in their own hand."""
    try:
        kind, value = read_option(token)
    except ValueError:
        return token[:100]
    if kind == "seat" and 0 <= value < len(seats):
        return seat_label(seats[value], locale).replace("**", "")
    if kind == "place":
        top = game.library.top(value)
        where = place_text(value, locale)
        shown = (t("librarians.on_top_of", locale, where=where, card=card_text(game.card(top), locale))
                 if top is not None else t("librarians.empty_place", locale, where=where))
        number = game.spot_number(value)
        return (f"{number} · {shown}" if numbered and number is not None else shown)[:100]
    if kind == "card" and 0 <= value < len(game.letters):
        own = private_to is not None and value in game.hands[private_to]
        return card_text(game.card(value), locale) if own or is_public(game, value) \
            else t("librarians.hidden_card", locale)
    if kind == "row" and 0 <= value < len(game.library.rows):
        return t("librarians.row", locale, row=value + 1)
    return _word_text(token, locale)


def _word_text(token: str, locale: object) -> str:
    """A power's own option word ("done", "dir:up", "column:-3"), from the catalog: the whole token's key, else
    its prefix's key with the value, else the token itself."""
    whole = lookup(f"librarians.option.{token.replace(':', '.')}", locale)
    if whole is not None:
        return whole
    prefix, _, value = token.partition(":")
    with_value = lookup(f"librarians.option.{prefix}", locale, value=value.replace("-", "−")) if value else None
    return (token if with_value is None else with_value)[:100]


def pending_prompt(game: LibrariansGame, pending: Pending, locale: object) -> str:
    """What the seat must choose now: who receives a completed genre's card, or a power's step (its own words when
    the catalog has them, else the power's name)."""
    if pending.kind == GIVE:
        genre = game.genre_of(int(pending.data[0]))
        return t("librarians.prompt.give", locale, genre=genre_text(genre, locale), power=power_text(genre, locale))
    genre = genre_text(pending.genre, locale) if pending.genre else ""
    own = lookup(f"librarians.step.{pending.kind}", locale, genre=genre)
    return own if own is not None else t("librarians.prompt.step", locale, genre=genre)


def _name(seats: Sequence[Seat], seat: int, locale: object) -> str:
    return seat_label(seats[seat], locale) if 0 <= seat < len(seats) else str(seat + 1)


def played_turn_lines(game: LibrariansGame, seats: Sequence[Seat], turn: PlayedTurn[Action, Report],
                      locale: object) -> list[str]:
    """One action in words, then what it set off (genres completed, a card given). Names only public cards."""
    name = seat_label(turn.seat, locale)
    if turn.move is None:
        return [t("librarians.turn.resign", locale, name=name)]
    action, report = turn.move, turn.report
    lines: list[str] = []
    if isinstance(action, Play):
        where = place_text(action.place, locale)
        if report.covered is not None:
            where = t("librarians.on_top_of", locale, where=where, card=card_text(game.card(report.covered), locale))
        lines.append(t("librarians.turn.play", locale, name=name, card=card_text(game.card(action.card), locale),
                       where=where))
    elif isinstance(action, Undo) and report.card is not None:
        lines.append(t("librarians.turn.undo", locale, name=name, card=card_text(game.card(report.card), locale)))
    elif isinstance(action, EndTurn):
        lines.append(t("librarians.turn.end", locale, name=name, count=report.drawn))
    elif isinstance(action, UsePower):
        genre = game.genre_of(action.card)
        lines.append(t("librarians.turn.use", locale, name=name, genre=genre_text(genre, locale),
                       power=power_text(genre, locale)))
    elif isinstance(action, Choose):
        if report.given is not None:
            receiver, card = report.given
            genre = game.genre_of(card)
            lines.append(t("librarians.turn.give", locale, name=name, genre=genre_text(genre, locale),
                           receiver=_name(seats, receiver, locale)))
        else:
            lines.append(t("librarians.turn.choose", locale, name=name,
                           option=option_text(game, seats, action.option, locale)))
    for completion in report.completions:
        key = "librarians.turn.completed_red" if COLOURS[completion.colour] == "red" else "librarians.turn.completed"
        lines.append(t(key, locale, name=name, genre=genre_text(completion.genre, locale),
                       colour=colour_text(completion.colour, locale), power=power_text(completion.genre, locale)))
    return lines


def result_lines(result: PlayResult, locale: object) -> list[str]:
    """Everything a step (and the computer's steps after it) did, for the channel; an expired turn says once that
    the computer took over."""
    game = RULES.state_of(result.table.game)
    lines: list[str] = []
    previous: PlayedTurn[Action, Report] | None = None
    for turn in result.turns:
        if turn.kind == TurnKind.TIMEOUT and (previous is None or previous.kind != TurnKind.TIMEOUT):
            lines.append(t("librarians.turn.timeout", locale, name=seat_label(turn.seat, locale)))
        lines.extend(played_turn_lines(game, result.table.seats, turn, locale))
        previous = turn
    return lines


def table_lines(table: Table, locale: object) -> list[str]:
    """The table's public state: every hand's size and the deck, powers held face up, cards shown to everyone."""
    game = RULES.state_of(table.game)
    sizes = " · ".join(f"{seat_label(seat, locale)} {len(game.hands[seat.index])}" for seat in table.seats)
    lines = [t("librarians.hands", locale, hands=sizes, deck=len(game.deck))]
    held = []
    for seat in table.seats:
        for card in game.held[seat.index]:
            genre = game.genre_of(card)
            key = "librarians.held.fresh" if card in game.fresh else "librarians.held.ready"
            held.append(t(key, locale, name=seat_label(seat, locale), genre=genre_text(genre, locale)))
    if held:
        lines.append(t("librarians.powers_held", locale, powers=" · ".join(held)))
    for seat in table.seats:
        shown = [game.card(c) for c in game.hands[seat.index] if c in game.known]
        if shown:
            lines.append(t("librarians.known_hand", locale, name=seat_label(seat, locale),
                           cards=cards_text(shown, locale)))
    deck_top = known_deck_top(game)
    if deck_top:
        lines.append(t("librarians.known_deck", locale, cards=cards_text(deck_top, locale)))
    return lines


def known_deck_top(game: LibrariansGame) -> list[Card]:
    """The run of cards on top of the deck the whole table knows (Cooking told everyone), top first."""
    run = []
    for card in game.deck:
        if card not in game.known:
            break
        run.append(game.card(card))
    return run


def turn_prompt(table: Table, locale: object, *, ping: bool) -> str | None:
    """What the seat to act does next: a choice to make, cards still to play, a library to join, or that the turn
    may end — by the engine's own rule for ending a turn (`end_refusal`), the one End turn's button follows. The
    person is mentioned only as their turn begins (`ping`), one ping a turn."""
    seat, game = table.current_seat, table.game
    if seat is None or not isinstance(game, LibrariansGame):
        return None
    name = f"<@{seat.user_id}>" if ping and seat.is_human else seat_label(seat, locale)
    pending = game.pending
    if pending is not None:
        return t("librarians.prompt.choose", locale, name=name, what=pending_prompt(game, pending, locale))
    refusal = game.end_refusal()
    if refusal is None:
        return t("librarians.prompt.can_end", locale, name=name)
    if refusal.code == "play_more":
        key = "librarians.your_turn" if ping else "librarians.prompt.more"
        return t(key, locale, name=name, count=refusal.params["count"])
    return t("librarians.prompt.not_connected", locale, name=name)


def final_lines(table: Table, locale: object) -> list[str]:
    """The co-op result: won together, or lost (why) with the cards not played; then the genres played."""
    game = RULES.state_of(table.game)
    if table.end_reason == EndReason.ABANDONED:
        lines = [BLOCK + t("game.abandoned", locale)]
    elif game.result == "won":
        lines = [BLOCK + t("librarians.won", locale)]
    else:
        name = _name(table.seats, game.current_seat, locale)
        why = lookup(f"librarians.lost.{game.end_reason}", locale, name=name)
        if why is None:
            why = t("librarians.lost.other", locale)
        lines = [BLOCK + t("librarians.lost", locale, why=why, count=game.cards_not_played())]
    lines.append(t("librarians.genres_played", locale, genres=genres_line(game, locale)))
    return lines


def action_text(game: LibrariansGame, seats: Sequence[Seat], action: object, locale: object, *,
                seat: int) -> str:
    """An action as a suggestion to `seat` (the hint): its own cards may be named, to it alone."""
    if isinstance(action, Play):
        number = game.spot_number(action.place)
        return t("librarians.action.play", locale, card=card_text(game.card(action.card), locale),
                 spot=number, where=place_text(action.place, locale))
    if isinstance(action, Undo):
        return t("librarians.action.undo", locale)
    if isinstance(action, EndTurn):
        return t("librarians.action.end", locale)
    if isinstance(action, UsePower):
        return t("librarians.action.use", locale, genre=genre_text(game.genre_of(action.card), locale))
    if isinstance(action, Choose):
        return t("librarians.action.choose", locale,
                 option=option_text(game, seats, action.option, locale, private_to=seat))
    if isinstance(action, Concede):
        return t("librarians.action.concede", locale)
    return str(action)[:100]
