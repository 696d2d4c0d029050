"""The Dice Game in words, in one language: dice, items, what each step did, whose turn it is, the end.

The picture shows the same things; the words reach screen readers and notifications and keep the channel
readable as a log once a turn message collapses to its summary.
"""

from __future__ import annotations

from collections.abc import Sequence

from discord.utils import escape_markdown
from engine.dice import (
    ITEM_TYPES,
    REROLLS,
    RULES,
    WILD,
    Action,
    Circle,
    Cross,
    DiceGame,
    Item,
    Report,
    Reroll,
)
from engine.dice.description import DESCRIPTION

from bot.i18n import t
from bot.games.dice.kind import KIND
from bot.presenters.words import duration_text, hints_option_text, seat_label
from bot.service import EndReason, TurnKind
from bot.service.models import GameOptions, PlayedTurn, PlayResult, Standing, Table

FACE_EMOJI = ("🪴", "🎲", "📚", "🏆", "🐱", "✨")
"""One symbol per die face (the item types in row order, then the wild) like the picture's icons, beside its name."""
BLOCK = "\n"
"""Put before a line that starts a new markdown block (a blank line before it)."""


def face_text(face: int, locale: object) -> str:
    name = t("dice.face.wild", locale) if face == WILD else t(f"dice.row.{ITEM_TYPES[face]}", locale)
    return f"{FACE_EMOJI[face]} {name}"


def dice_text(dice: Sequence[int], kept: Sequence[int], locale: object) -> str:
    """"1 🪴 plants · 2 ✨ wild (kept)": each die by its number as the buttons and `/dice keep` use it."""
    parts = []
    for index, face in enumerate(dice):
        mark = f" ({t('dice.kept', locale)})" if index in kept else ""
        parts.append(f"{index + 1} {face_text(face, locale)}{mark}")
    return " · ".join(parts)


def item_text(item: Item, locale: object) -> str:
    """An item as players name it: its row and how many dice it takes ("plants ×3")."""
    row, column = item
    return f"{FACE_EMOJI[row]} {t(f'dice.row.{ITEM_TYPES[row]}', locale)} ×{column + 1}"


def items_text(items: Sequence[Item], locale: object) -> str:
    return " + ".join(item_text(item, locale) for item in items)


def set_choice_text(number: int, items: Sequence[Item], gain: int, locale: object) -> str:
    """A legal item set as the select and autocomplete offer it: its number in the picture, its items, and the
    points circling it adds now (`DiceGame.gain`: the rows and columns it brings to 3 circled or more), said only
    when it adds some — an item's face value alone scores nothing."""
    text = f"{number}. {items_text(items, locale)}"
    return (t("dice.set_choice", locale, text=text, points=gain) if gain > 0 else text)[:100]


def row_text(row: int, locale: object) -> str:
    return f"{FACE_EMOJI[row]} {t(f'dice.row.{ITEM_TYPES[row]}', locale)}"


def action_text(action: Action, locale: object) -> str:
    """An action as a suggestion: the hint and the computer's expired-turn line."""
    if isinstance(action, Reroll):
        if not action.keep:
            return t("dice.action.reroll_all", locale)
        return t("dice.action.keep", locale, dice=" ".join(str(i + 1) for i in action.keep))
    if isinstance(action, Circle):
        return t("dice.action.circle", locale, items=items_text(action.items, locale))
    if isinstance(action, Cross):
        return t("dice.action.cross", locale, row=row_text(action.row, locale))
    return t("dice.action.roll", locale)


def options_text(options: GameOptions, locale: object) -> str:
    game = DESCRIPTION.check_options(options.game)
    parts = [t("dice.option.dice", locale, count=game["dice"])]
    if game["row_lock"]:
        parts.append(t("dice.option.row_lock", locale))
    parts.append(hints_option_text(KIND, options.hints, locale))
    if options.turn_timeout:
        parts.append(t("lobby.option.timeout", locale, duration=duration_text(options.turn_timeout, locale)))
    return " · ".join(parts)


def played_turn_lines(turn: PlayedTurn[Action, Report], locale: object, *, timed_out: bool = False) -> list[str]:
    """The step in a sentence (after `timed_out`, saying the computer took over), then what it set off: columns
    or rows locked for the others, the last round."""
    name = seat_label(turn.seat, locale)
    if turn.move is None:
        return [t("dice.turn.resign", locale, name=name)]
    report = turn.report
    action = turn.move
    if isinstance(action, Reroll):
        line = t("dice.turn.reroll", locale, name=name, dice=dice_text(report.dice, report.kept, locale))
    elif isinstance(action, Circle):
        line = t("dice.turn.circle", locale, name=name, items=items_text(action.items, locale))
    elif isinstance(action, Cross):
        line = t("dice.turn.cross", locale, name=name, row=row_text(action.row, locale))
    else:
        line = t("dice.turn.roll", locale, name=name, dice=dice_text(report.dice, (), locale))
    lines = [t("dice.turn.timeout", locale, name=name, what=line) if timed_out else line]
    for lock in report.locks:
        where = (t("dice.column", locale, n=lock.index + 1) if lock.kind == "column"
                 else row_text(lock.index, locale))
        lines.append(t("dice.turn.lock", locale, name=name, where=where))
    if report.end_triggered and not report.game_over:
        lines.append(t("dice.turn.last_round", locale, name=name))
    return lines


def result_lines(result: PlayResult, locale: object) -> list[str]:
    """Everything a step (and the computer steps after it) did, for the channel; an expired turn says once that
    the computer took over, then each step it played."""
    lines: list[str] = []
    previous: PlayedTurn[Action, Report] | None = None
    for turn in result.turns:
        took_over = turn.kind == TurnKind.TIMEOUT and (previous is None or previous.kind != TurnKind.TIMEOUT)
        lines.extend(played_turn_lines(turn, locale, timed_out=took_over))
        previous = turn
    return lines


def scores_line(table: Table, locale: object) -> str:
    game = RULES.state_of(table.game)
    scores = " · ".join(f"{escape_markdown(seat.name)}: {game.score(seat.index)}" for seat in table.seats)
    return t("dice.scores", locale, scores=scores)


def turn_prompt(table: Table, locale: object) -> str | None:
    """What the seat to act does next; the person is mentioned only as the turn begins (one ping a turn)."""
    seat, game = table.current_seat, table.game
    if seat is None or not isinstance(game, DiceGame) or seat.level is not None:
        return None
    if game.phase == "roll":
        return t("dice.your_turn", locale, mention=f"<@{seat.user_id}>")
    if game.rerolls_left:
        key = "dice.prompt.keep" if game.legal_item_sets() else "dice.prompt.keep_cross"  # where Stop leads
        return t(key, locale, name=seat_label(seat, locale), left=game.rerolls_left, rerolls=REROLLS)
    return choose_prompt(table, locale)


def choose_prompt(table: Table, locale: object) -> str:
    """What the seat to act does once the dice are final (no re-roll left, or Stop pressed): circle or cross out."""
    seat, game = table.current_seat, RULES.state_of(table.game)
    assert seat is not None, "a seat is to act"
    key = "dice.prompt.circle" if game.legal_item_sets() else "dice.prompt.cross"
    return t(key, locale, name=seat_label(seat, locale))


def final_lines(table: Table, standings: Sequence[Standing], locale: object) -> list[str]:
    """The winners (every seat tied on the top score shares the victory), then every seat's rows and columns."""
    lines: list[str] = []
    winners = [s for s in standings if s.won]
    if table.end_reason == EndReason.ABANDONED:
        lines.append(BLOCK + t("game.abandoned", locale))
    elif winners:
        who = ", ".join(f"<@{s.seat.user_id}>" if s.seat.user_id is not None else seat_label(s.seat, locale)
                        for s in winners)
        key = "dice.over_shared" if len(winners) > 1 else "dice.over"
        lines.append(BLOCK + t(key, locale, winners=who, points=winners[0].total))
    for standing in standings:
        b = standing.breakdown
        line = t("dice.score_line", locale, rank=standing.rank, name=seat_label(standing.seat, locale),
                 total=standing.total, rows=sum(b["rows"]), columns=sum(b["columns"]))
        if standing.resigned:
            line += f" — {t('game.resigned_mark', locale)}"
        elif standing.replaced:
            line += f" — {t('game.replaced_mark', locale)}"
        lines.append(line)
    return lines
