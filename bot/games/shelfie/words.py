"""My Shelfie's events in words, in one language: what each turn did, whose turn it is, how the game ended.

Pictures show the same things; the words make them reach people who cannot see the
picture (screen readers, notifications) and make the announcements searchable.
Nothing here ever names a personal goal before the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from discord.utils import escape_markdown
from engine.shelfie import PERSONAL_GOALS, RULES, SHELF_COLS, SHELF_ROWS, Game, Move, TurnReport
from engine.shelfie.description import DESCRIPTION

from bot.i18n import t
from bot.games.shelfie.picks import cells_text, kinds_of
from bot.games.shelfie.kind import KIND
from bot.presenters.words import duration_text, hints_option_text, seat_label
from bot.service import EndReason, TurnKind
from bot.service.models import GameOptions, PlayedTurn, PlayResult, Seat, Standing, Table

BLOCK = "\n"
"""Put before a line that starts a new markdown block: with the line break that joins it, a blank line."""



def kinds_text(letters: str, locale: object) -> str:
    return ", ".join(t(f"tile.{letter}", locale) for letter in letters)


def pick_choice_text(game: Game, tiles: Sequence[tuple[int, int]], locale: object) -> str:
    """A pick as autocomplete offers it: the cells in placement order, which one lands lowest, and the types."""
    kinds = kinds_text(kinds_of(game, tiles), locale)
    if len(tiles) == 1:
        return f"{cells_text(tiles)} · {kinds}"
    return t("take.choice_order", locale, tiles=cells_text(tiles), first=cells_text(tiles[:1]), kinds=kinds)


def hint_text(move: Move, why: dict[str, Any], locale: object) -> str:
    """The suggested move and the reasons `explain_move` gives for it, so a beginner learns what to look for."""
    reasons = []
    points = why["points_now"]
    if points:
        reasons.append(t("hint.points", locale, points=points))
    adjacency = why["adjacency_delta"]
    if adjacency:
        reasons.append(t("hint.groups", locale, delta=f"{adjacency:+d}"))
    matches = why["personal_matches_gained"]
    if matches > 0:
        reasons.append(t("hint.personal", locale, n=matches))
    for goal_id, token in why["tokens"]:
        reasons.append(t("hint.token", locale, goal=t(f"goal.{goal_id}", locale), points=token))
    if why["end_token"]:
        reasons.append(t("hint.end_token", locale))
    if not reasons:
        reasons.append(t("hint.builds", locale))
    run = why["next_player_run"]
    if run:
        reasons.append(t("hint.leaves", locale, run=run))
    suggestion = t("reply.hint", locale, tiles=move.tiles_text, kinds=kinds_text(why["kinds"], locale),
                   column=move.column + 1)
    return f"{suggestion}\n{t('hint.why', locale, reasons='; '.join(reasons))}"


def options_text(options: GameOptions, locale: object) -> str:
    game = DESCRIPTION.check_options(options.game)  # a lobby's options as chosen, defaults filled in
    parts = [t("lobby.option.first_game" if game["first_game"] else "lobby.option.standard", locale)]
    if game["refill"] == "four_or_fewer":
        parts.append(t("lobby.option.four_or_fewer", locale))
    parts.append(hints_option_text(KIND, options.hints, locale))
    if options.turn_timeout:
        parts.append(t("lobby.option.timeout", locale, duration=duration_text(options.turn_timeout, locale)))
    return " · ".join(parts)


def placed_kinds(game: Game | None, seat_index: int, move: Move) -> str:
    """The tile letters a move put on the shelf, first placed first (read back from the top of its column).

    Within one PlayResult a seat moves at most once, so the top of the column is still this move's tiles.
    """
    if game is None:
        return ""
    shelf = game.shelf(seat_index)
    count = len(move.tiles)
    top = SHELF_ROWS - shelf.height(move.column)
    return "".join(shelf.cell(top + count - 1 - i, move.column) for i in range(count))


def played_turn_lines(turn: PlayedTurn[Move, TurnReport], table: Table, locale: object) -> list[str]:
    """The move, then every token it won, the end-game token and the refill, each in a sentence."""
    name = seat_label(turn.seat, locale)
    lines: list[str] = []
    if turn.move is None:
        lines.append(t("turn.resign", locale, name=name))
    else:
        kinds = kinds_text(placed_kinds(RULES.state_of(table.game), turn.seat.index, turn.move), locale)
        key = "turn.timeout" if turn.kind == TurnKind.TIMEOUT else "turn.move"
        lines.append(
            t(key, locale, name=name, tiles=cells_text(turn.move.tiles), kinds=kinds, column=turn.move.column + 1)
        )
    for goal_id, points in turn.report.tokens:
        lines.append(t("turn.token", locale, name=name, goal=t(f"goal.{goal_id}", locale), points=points))
    if turn.report.end_token:
        lines.append(t("turn.end_token_final" if turn.report.game_over else "turn.end_token", locale, name=name))
    if turn.report.refilled:
        refill = table.options.game["refill"]
        lines.append(t("turn.refill_four" if refill == "four_or_fewer" else "turn.refill", locale))
    return lines


def public_scores_line(table: Table, locale: object) -> str:
    """Points everyone may know mid-game: common goal tokens, groups and the end token, never the personal goal."""
    game = RULES.state_of(table.game)
    scores = " · ".join(f"{escape_markdown(seat.name)}: {game.public_score(seat.index)}" for seat in table.seats)
    return t("turn.scores", locale, scores=scores)


def shelf_line(game: Game, seat: Seat, locale: object) -> str:
    """A seat's visible points and free spaces, for `/shelfie shelf` and the Shelves button."""
    points = game.public_score(seat.index)
    free = sum(game.shelf(seat.index).free(column) for column in range(SHELF_COLS))
    return t("shelves.line", locale, name=seat_label(seat, locale), points=t("shelves.points", locale, points=points),
             free=t("shelves.free", locale, free=free))


def your_turn_line(table: Table, locale: object) -> str | None:
    """The mention of the person to move (computers never wait for a mention)."""
    seat = table.current_seat
    if seat is None or seat.user_id is None or seat.level is not None:
        return None
    return t("turn.your_turn", locale, mention=f"<@{seat.user_id}>", n=table.turn + 1)


def final_lines(table: Table, standings: Sequence[Standing], locale: object) -> list[str]:
    """Winner (mentioned), the score of every seat, and every personal goal revealed.

    Discord markdown: the winner opens a paragraph of its own, the ranking is a numbered list, and the goals
    follow under their own heading; each block starts after a blank line, or Discord would read it as part
    of the list item above.
    """
    game = RULES.state_of(table.game)
    lines: list[str] = []
    winner = next((s for s in standings if s.won), None)
    if table.end_reason == EndReason.ABANDONED:
        lines.append(BLOCK + t("game.abandoned", locale))
    elif winner is not None:
        who = f"<@{winner.seat.user_id}>" if winner.seat.user_id is not None else seat_label(winner.seat, locale)
        lines.append(BLOCK + t("game.over", locale, winner=who, points=winner.total))
    for standing in standings:
        b = standing.breakdown
        line = t(
            "game.score_line",
            locale,
            rank=standing.rank,
            name=seat_label(standing.seat, locale),
            total=standing.total,
            common=b["common"],
            personal=b["personal"],
            adjacency=b["adjacency"],
            end=b["end_token"],
        )
        if standing.resigned:
            line += f" — {t('game.resigned_mark', locale)}"
        elif standing.replaced:
            line += f" — {t('game.replaced_mark', locale)}"
        lines.append(line)
    lines.append(f"{BLOCK}**{t('game.goals_revealed', locale)}**")
    for seat in table.seats:
        lines.append("- " + goal_line(game, seat, locale))
    return lines


def goal_matches(game: Game, seat_index: int) -> tuple[int, int]:
    """How many of the seat's personal goal spaces match now, and the points they give."""
    goal = PERSONAL_GOALS[game.personal_goal_index(seat_index)]
    shelf = game.shelf(seat_index)
    return sum(goal.matches(shelf)), goal.score(shelf)


def goal_line(game: Game, seat: Seat, locale: object) -> str:
    matches, points = goal_matches(game, seat.index)
    return t(
        "game.goal_line",
        locale,
        name=seat_label(seat, locale),
        card=game.personal_goal_index(seat.index) + 1,
        matches=matches,
        points=points,
    )


def result_lines(result: PlayResult, locale: object) -> list[str]:
    """Everything a move (and the computer turns after it) did, for the channel."""
    lines: list[str] = []
    for turn in result.turns:
        lines.extend(played_turn_lines(turn, result.table, locale))
    return lines
