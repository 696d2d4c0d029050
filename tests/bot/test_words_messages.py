"""What players read around a game: durations, points, the end of the round, the end message, autocomplete,
the builder's order step and hints, in English and Italian."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from engine.shelfie import Game
from test_game_words import SEATS, table_of

from bot.games.shelfie.words import final_lines, options_text, pick_choice_text, played_turn_lines, public_scores_line, shelf_line
from bot.games.registry import FACES
from bot.presenters.words import command_text, duration_text, rounded_duration_text
from bot.service.models import GameOptions, PlayedTurn, Standing, Table
from bot.lobby_message import lobby_text
from bot.games.shelfie.builder import order_step
from bot.games.shelfie.picks import orders_for, suggested_moves, typed_so_far
from tests.positions import random_position

HOUR = 3600


@pytest.mark.parametrize(("seconds", "english", "italian"), [
    (86400, "1 day", "1 giorno"),
    (7 * 86400, "7 days", "7 giorni"),
    (24 * HOUR + HOUR, "25 hours", "25 ore"),
    (HOUR, "1 hour", "1 ora"),
    (90 * 60, "90 minutes", "90 minuti"),
    (5 * 60, "5 minutes", "5 minuti"),
])
def test_a_chosen_turn_time_is_said_exactly_in_words(seconds: int, english: str, italian: str) -> None:
    assert duration_text(seconds, "en-US") == english
    assert duration_text(seconds, "it") == italian
    assert options_text(GameOptions(turn_timeout=seconds), "en").endswith(f"{english} per turn")


def test_time_left_is_rounded_to_what_people_would_say() -> None:
    assert rounded_duration_text(5 * HOUR + 23 * 60, "en") == "5 hours"
    assert rounded_duration_text(30 * 60, "it") == "30 minuti"


def finished_game(last_seat_fills: bool) -> tuple[Game, list]:
    """A random two-player game played to its end, with its reports; the shelf is filled first by the
    second seat (last in turn order) or by the first one, as asked."""
    for seed in range(500):
        game, rng, reports = Game.new(2, seed=seed), random.Random(seed), []
        while not game.is_over:
            moves = game.legal_moves()
            biggest = max(len(m.tiles) for m in moves)
            reports.append(game.apply(rng.choice([m for m in moves if len(m.tiles) == biggest])))
        if (game.end_token_seat == 1) == last_seat_fills:
            return game, reports
    raise AssertionError("no such game in 500 seeds")


@pytest.mark.parametrize("locale", ["en", "it"])
def test_the_round_goes_on_only_when_it_really_does(locale: str) -> None:
    for last_seat_fills in (True, False):
        game, reports = finished_game(last_seat_fills)
        filled = next(report for report in reports if report.end_token)
        line = played_turn_lines(PlayedTurn(SEATS[filled.seat], "move", filled.move, filled),
                                 table_of(game, SEATS), locale)[-1]
        goes_on = "round goes on" in line or "Il giro continua" in line
        ends = "the game ends now" in line or "la partita finisce qui" in line
        assert (goes_on, ends) == (not last_seat_fills, last_seat_fills), line
        assert filled.game_over == last_seat_fills


def standings_of(game: Game, table: Table) -> tuple[Standing, ...]:
    totals = [game.score_breakdown(seat.index) for seat in table.seats]
    order = sorted(table.seats, key=lambda seat: -totals[seat.index]["total"])
    return tuple(Standing(seat, rank, totals[seat.index]["total"], totals[seat.index], rank == 1, False)
                 for rank, seat in enumerate(order, start=1))


def test_the_end_message_puts_the_revealed_goals_under_a_heading_of_their_own_after_the_ranking() -> None:
    game, _ = finished_game(last_seat_fills=True)
    table = replace(table_of(game, SEATS), status="finished", end_reason="finished")
    text = "\n".join(final_lines(table, standings_of(game, table), "en"))
    assert text.startswith("\n"), "the winner starts a paragraph after the last move's lines"
    ranking, goals = text.strip("\n").split("\n\n")
    winner, *ranks = ranking.splitlines()
    assert winner.startswith("🏆 Game over! ") and winner.endswith(" points.")
    assert [line[:3] for line in ranks] == ["1. ", "2. "]
    heading, *revealed = goals.splitlines()
    assert heading == "**Personal goals revealed**", "a heading of its own, not part of the last ranking line"
    assert len(revealed) == 2 and all(line.startswith("- ") and "personal goal card" in line for line in revealed)


def test_visible_points_name_each_player_and_number_and_say_the_personal_goal_is_left_out() -> None:
    game = Game.new(2, seed=3)
    seats = (replace(SEATS[1], index=0), replace(SEATS[0], index=1))
    assert public_scores_line(table_of(game, seats), "en") == (
        "Points so far (personal goals stay secret until the end): Computer 1: 0 · alice: 0")


def test_numbers_take_the_singular_and_the_plural_in_both_languages() -> None:
    game = Game.new(2, seed=3)
    assert shelf_line(game, SEATS[0], "en") == "**alice**: 0 points visible, 30 free spaces"
    assert shelf_line(game, SEATS[0], "it") == "**alice**: 0 punti visibili, 30 spazi liberi"
    for column in range(5):
        game.shelf(0).place(column, "CBGFTP"[: 5 if column == 4 else 6])
    assert shelf_line(game, SEATS[0], "en").endswith(" visible, 1 free space")
    assert shelf_line(game, SEATS[0], "it").endswith(", 1 spazio libero")


def test_a_typed_column_letter_or_cell_narrows_the_suggestions_like_the_parser_reads_it() -> None:
    for seed in range(6):
        game = random_position(2 + seed % 3, seed, seed * 3)
        legal = game.legal_moves()
        for index, letter in enumerate("ABCDEFGHI"):
            offered = suggested_moves(game, letter, limit=1000)
            touching = {m.tiles for m in legal if any(c == index for _, c in m.tiles)}
            assert {m.tiles for m in offered} == touching, f"{letter} offers exactly the picks in column {letter}"
            assert suggested_moves(game, letter.lower(), limit=1000) == offered
        first = suggested_moves(game, "")[0]
        cell = first.tiles_text.split()[0]
        for typed in (cell, cell.lower(), f" {cell.lower()}, "):
            assert all(first.tiles[0] in m.tiles for m in suggested_moves(game, typed, limit=1000))
    assert typed_so_far("e4,E5") == typed_so_far("E4 E5") == (((3, 4), (4, 4)), None)
    assert typed_so_far("E4-E6 f") == (((3, 4), (4, 4), (5, 4)), 5)


def test_picks_typed_in_order_come_first() -> None:
    game = random_position(4, 11, 0)
    pair = next(m for m in game.legal_moves() if len(m.tiles) == 2 and m.tiles[0][1] == m.tiles[1][1])
    first, second = pair.tiles_text.split()
    offered = suggested_moves(game, f"{first} {second[0]}")
    assert offered[0].tiles[:2] == pair.tiles, "the order being typed is the first suggestion"
    assert all(pair.tiles[0] in m.tiles for m in offered)


@pytest.mark.parametrize(("locale", "word"), [("en", "lowest"), ("it", "in basso")])
def test_a_suggested_placement_order_says_which_tile_lands_lowest(locale: str, word: str) -> None:
    game = random_position(2, 7, 0)
    pick = next(m for m in game.legal_moves() if len(m.tiles) == 2)
    name = pick_choice_text(game, pick.tiles, locale)
    first = pick.tiles_text.split()[0]
    assert name.startswith(f"{pick.tiles_text} ({first} {word}) · ")
    single = next(m for m in game.legal_moves() if len(m.tiles) == 1)
    assert word not in pick_choice_text(game, single.tiles, locale)


def test_the_order_step_repeats_the_tiles_and_the_column_chosen() -> None:
    game = random_position(2, 5, 0)
    move = next(m for m in game.legal_moves() if len(orders_for(game, m.tiles, m.column)) > 1)
    chosen = " ".join(sorted(move.tiles_text.split(), key=lambda cell: (cell[1], cell[0])))
    content, _ = order_step(table_of(game, SEATS), move.tiles, move.column, "en")
    assert f"Tiles **{chosen}** (" in content and f"into column **{move.column + 1}**" in content
    assert "the first tile lands lowest" in content
    italian, _ = order_step(table_of(game, SEATS), move.tiles, move.column, "it")
    assert f"nella colonna **{move.column + 1}**" in italian


def test_the_lobby_says_whether_hints_are_on() -> None:
    assert "hints off" in options_text(GameOptions(), "en")
    assert "hints on (`/shelfie hint` on your turn)" in options_text(GameOptions(hints=True), "en")
    assert "suggerimenti disattivati" in options_text(GameOptions(), "it")


@pytest.mark.parametrize("kind", sorted(FACES))
@pytest.mark.parametrize("locale", ["en", "it"])
def test_every_lobby_names_its_own_games_hint_command(kind: str, locale: str) -> None:
    """A Dice lobby told players to use `/shelfie hint`: each lobby names its own group's command, no other's."""
    lobby = replace(table_of(Game.new(2, seed=5), SEATS), kind=kind, status="lobby", game=None,
                    options=GameOptions(players=2, hints=True))
    text = lobby_text(lobby, locale)
    own = command_text(kind, "hint", locale)
    assert f"`{own}`" in text
    others = {command_text(other, "hint", locale) for other in FACES} - {own}
    assert not any(other in text for other in others)



@pytest.mark.parametrize(("status", "end_reason"), [("active", None), ("cancelled", "cancelled"),
                                                    ("cancelled", "expired")])
def test_a_closed_lobby_says_so_in_a_paragraph_of_its_own_after_the_seat_list(status: str, end_reason: str) -> None:
    """Discord folds a line right under a numbered list into its last item ("2. alice The game has started…")."""
    table = replace(table_of(Game.new(2, seed=5), SEATS), status=status, end_reason=end_reason)
    seats, closing = lobby_text(table, "en").split("\n\n")
    assert seats.splitlines()[-1].startswith("2. ")
    assert closing and not closing[0].isdigit()


def test_an_open_lobby_is_one_block_ending_with_its_seats() -> None:
    table = replace(table_of(Game.new(2, seed=5), SEATS), status="lobby", game=None)
    text = lobby_text(table, "en")
    assert "\n\n" not in text and text.splitlines()[-1].startswith("2. ")
